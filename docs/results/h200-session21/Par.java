import dev.trawl.*;
import dev.trawl.automaton.*;
import java.lang.foreign.*;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

// Scratch (session 21): 1,000 words over 512 MiB on N threads, three ways in one process: the raw 4-stream
// compact walk (session 20's Walk "charm") on each thread's slice of a heap array; cpu:aho-corasick's count
// of that heap array; and of the same bytes mapped from a file. java -cp trawl-core.jar Par.java WORDS TEXT MIB THREADS REPS
public class Par {
  static int[] cls; static char[] mt; static int[] mcnt; static int SH, MM, mstart;
  public static void main(String[] args) throws Exception {
    List<String> w = new ArrayList<>(new LinkedHashSet<>(Files.readAllLines(Path.of(args[0])).stream().map(String::strip).filter(s -> !s.isEmpty()).toList())).subList(0, 1000);
    byte[] src = Files.readAllBytes(Path.of(args[1]));
    int size = Integer.parseInt(args[2]) << 20, threads = Integer.parseInt(args[3]), reps = Integer.parseInt(args[4]);
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    Path f = Files.createTempFile("par", ".txt"); Files.write(f, a); f.toFile().deleteOnExit();
    MemorySegment mapped; try (FileChannel ch = FileChannel.open(f)) { mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, Arena.global()); }
    PatternSet ps = PatternSet.of(w);
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
    build(ac);
    Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(threads));
    ExecutorService ex = Executors.newFixedThreadPool(threads);
    for (int r = 0; r < reps; r++) {
      long t0 = System.nanoTime();
      List<Future<Long>> fs = new ArrayList<>();
      int slice = size / threads;
      for (int k = 0; k < threads; k++) { int off = k * slice; fs.add(ex.submit(() -> walk(a, off, slice))); }
      long raw = 0; for (var x : fs) raw += x.get();
      long t1 = System.nanoTime();
      double rawRate = size / (double) (t1 - t0);
      fs.clear();
      for (int k = 0; k < threads; k++) { int off = k * slice; fs.add(ex.submit(() -> walkOwn(a, off, slice))); }
      long own = 0; for (var x : fs) own += x.get();
      long t1b = System.nanoTime();
      long heap = m.count(a);
      long t2 = System.nanoTime();
      double ownRate = size / (double) (t1b - t1); t1 = t1b;
      long map = m.count(Input.of(mapped));
      long t3 = System.nanoTime();
      System.out.printf("rep %d: raw walk %.2f GB/s (%d)  raw walk, own table copy %.2f (%d)  engine heap %.2f (%d)  engine mapped %.2f (%d)%n", r,
          rawRate, raw, ownRate, own, size / (double) (t2 - t1), heap, size / (double) (t3 - t2), map);
    }
    ex.shutdown();
  }
  static void build(AhoCorasickAutomaton ac) {
    cls = ac.classTable(); int[] t = ac.table(); int k = ac.classCount(); int rowLen = k + 3; int states = ac.stateCount();
    SH = 32 - Integer.numberOfLeadingZeros(k - 1);
    int[] newId = new int[states]; int nm = 0; for (int r = 0; r < states; r++) if (t[r * rowLen + 1] == 0) newId[r] = nm++;
    int M = Integer.highestOneBit(Math.max(1, nm - 1)) << 1; int km = 0; for (int r = 0; r < states; r++) if (t[r * rowLen + 1] != 0) newId[r] = M + km++;
    MM = M; mt = new char[(M + km) << SH]; mcnt = new int[M + km];
    for (int r = 0; r < states; r++) { int s = r * rowLen + 3; mcnt[newId[r]] = t[s - 2];
      for (int c = 0; c < k; c++) { int v = t[s + c]; int target = ((v & 0x7FFFFFFF) - 3) / rowLen; mt[(newId[r] << SH) + c] = (char) newId[target]; } }
    mstart = newId[0];
  }
  // Counts matches ending in the slice's four parts (no read-on: a few matches across part edges are lost; rates only).
  // As walk, over this thread's own copies of the tables (allocated and written by this thread).
  static long walkOwn(byte[] a, int p, int size) {
    int[] c = cls.clone(); char[] tt = mt.clone(); int[] k = mcnt.clone();
    return walk(a, p, size, c, tt, k);
  }
  static long walk(byte[] a, int p, int size) {
    return walk(a, p, size, cls, mt, mcnt);
  }
  static long walk(byte[] a, int p, int size, int[] c, char[] tt, int[] k) {
    int part = size / 4; int p1 = p + part, p2 = p1 + part, p3 = p2 + part; int sh = SH; int M = MM;
    int s0 = mstart, s1 = mstart, s2 = mstart, s3 = mstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[p + i] & 0xFF]]; s1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]]; s3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3];
    }
    return n;
  }
}
