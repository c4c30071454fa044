import dev.trawl.*;
import java.lang.foreign.*;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.util.*;

// Scratch (session 21): engines' one-thread count of N dictionary words over 128 MiB of TEXT, mapped and on
// the heap, in that order, best of REPS. java -cp trawl-core.jar Eng.java ENGINES WORDS N TEXT REPS
public class Eng {
  public static void main(String[] args) throws Exception {
    List<String> w = new ArrayList<>(new LinkedHashSet<>(Files.readAllLines(Path.of(args[1])).stream().map(String::strip).filter(s -> !s.isEmpty()).toList())).subList(0, Integer.parseInt(args[2]));
    byte[] src = Files.readAllBytes(Path.of(args[3]));
    int size = 128 << 20; int reps = Integer.parseInt(args[4]);
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    Path f = Files.createTempFile("eng", ".txt"); Files.write(f, a); f.toFile().deleteOnExit();
    MemorySegment mapped; try (FileChannel ch = FileChannel.open(f)) { mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, Arena.global()); }
    for (String e : args[0].split(",")) {
      Matcher m = Trawl.compile(PatternSet.of(w), MatcherOptions.defaults().withEngine(e).withThreads(1));
      double bm = 0, bh = 0; long nm = 0, nh = 0;
      for (int r = 0; r < reps; r++) {
        long t0 = System.nanoTime(); nm = m.count(Input.of(mapped)); long t1 = System.nanoTime(); nh = m.count(a); long t2 = System.nanoTime();
        bm = Math.max(bm, size / (double) (t1 - t0)); bh = Math.max(bh, size / (double) (t2 - t1));
      }
      System.out.printf("%s, %d words: mapped %.3f GB/s (%d), heap %.3f GB/s (%d)%n", e, w.size(), bm, nm, bh, nh);
    }
  }
}
