// Scratch (session 21): best of 8 counts by cpu:aho-corasick, one thread, over 128 MiB of TEXT repeated, of the
// first COUNT words of MIN+ letters. java -cp trawl-core.jar Len.java WORDS TEXT MIN COUNT
import dev.trawl.*;
import java.nio.file.*;
import java.util.*;

public class Len {
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    byte[] src = Files.readAllBytes(Path.of(args[1]));
    int minLen = Integer.parseInt(args[2]), count = Integer.parseInt(args[3]);
    List<String> w = new ArrayList<>();
    for (String s : all) { s = s.strip(); if (s.length() >= minLen) w.add(s); if (w.size() == count) break; }
    int size = 128 << 20;
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    Matcher m = Trawl.compile(PatternSet.of(w), MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(1));
    double best = 0; long n = 0;
    for (int rep = 0; rep < 8; rep++) {
      long t0 = System.nanoTime(); n = m.count(a); long dt = System.nanoTime() - t0;
      best = Math.max(best, size / (double) dt);
    }
    System.out.printf("min %d count %d bits %s: %d matches, best %.3f GB/s%n", minLen, count, System.getProperty("trawl.exp.gramBits", "32"), n, best);
  }
}
