package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.*;
import java.lang.foreign.MemorySegment;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

public class Fx {
  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    int size = Integer.parseInt(args[1]) << 20;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    if (args.length > 3 && args[3].equals("long")) ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> s.length() >= 15).distinct().limit(2500).toList();
    PatternSet set = PatternSet.of(new ArrayList<>(ws));
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(set);
    int cut = Integer.getInteger("cut", 6);
    PatternSet shortSet = PatternSet.of(new ArrayList<>(ws.stream().filter(w -> w.length() < cut).toList()));
    PatternSet longSet = PatternSet.of(new ArrayList<>(ws.stream().filter(w -> w.length() >= cut).toList()));
    Prefilter fs = Prefilters.choose(shortSet), fl = Prefilters.choose(longSet);
    System.out.println("short " + shortSet.size() + ": " + (fs == null ? "none" : fs.describe()) + "; long " + longSet.size() + ": " + (fl == null ? "none" : fl.describe()));
    AhoCorasickSearcher shortS = new AhoCorasickSearcher(AhoCorasickAutomaton.compile(shortSet), fs);
    AhoCorasickSearcher longS = new AhoCorasickSearcher(AhoCorasickAutomaton.compile(longSet), fl);
    Map<String, AhoCorasickSearcher> ss = new LinkedHashMap<>();
    ss.put("walk", new AhoCorasickSearcher(ac, null));
    ss.put("chosen", new AhoCorasickSearcher(ac, Prefilters.choose(set)));
    
    System.out.println("chosen: " + (Prefilters.choose(set) == null ? "none" : Prefilters.choose(set).describe()));
    System.out.println("fdr est " + Fdr.forPatterns(set).estimatedRate());
    for (String text : new String[] {"iliad", "loghub"}) {
      byte[] src;
      if (text.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
      else {
        var out = new java.io.ByteArrayOutputStream();
        try (var st = Files.walk(Path.of("data/loghub"))) {
          for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
        }
        src = out.toByteArray();
      }
      byte[] a = new byte[size];
      for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
      MemorySegment seg = MemorySegment.ofArray(a);
      // candidate rate
      Prefilter f = Fdr.forPatterns(set);
      long c = 0; int lim = Math.min(size, 16 << 20);
      for (int q = 0; (q = f.next(a, q, lim - 64, lim)) < lim - 64; q++) c++;
      System.out.printf("%s fdr candidates/byte %.5f%n", text, c / (double) (lim - 64));
      for (int rep = 0; rep < Integer.parseInt(args[2]); rep++) {
        StringBuilder sb = new StringBuilder(text + " rep " + rep + ":");
        for (var e : ss.entrySet()) {
          long t0 = System.nanoTime();
          long n = e.getValue().count(seg, 0, size);
          long dt = System.nanoTime() - t0;
          sb.append(String.format("  %s %.3f GB/s (%d)", e.getKey(), size / (double) dt, n));
        }
        long t0 = System.nanoTime();
        long n1 = shortS.count(seg, 0, size);
        long t1 = System.nanoTime();
        long n2 = longS.count(seg, 0, size);
        long t2 = System.nanoTime();
        sb.append(String.format("  split %.3f GB/s (%d) [short %.3f, long %.3f]", size / (double) (t2 - t0), n1 + n2, size / (double) (t1 - t0), size / (double) (t2 - t1)));
        System.out.println(sb);
      }
    }
  }
}
