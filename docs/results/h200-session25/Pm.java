import dev.trawl.*;
import dev.trawl.automaton.*;
import java.nio.file.*;
import java.util.*;

public class Pm {
  static int[] cls; static char[] t; static int sh, mf; static int[] outs; static int start;
  static int[] pt; static int pstart, pmask; static int[] pouts; // premultiplied
  static char[] rt;
  static int[] fcls, fpt, bcls; static java.lang.foreign.MemorySegment seg; // raw 256-wide rows of ids
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    LinkedHashSet<String> ws = new LinkedHashSet<>();
    for (String s : all) { s = s.strip(); if (!s.isEmpty()) ws.add(s); if (ws.size() == Integer.parseInt(args[1])) break; }
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    FlaggedRows rows = ac.flaggedRows();
    sh = rows.shift();
    int[] nx = rows.next(); t = new char[nx.length]; for (int i = 0; i < nx.length; i++) t[i] = (char) (nx[i] >>> sh);
    cls = ac.classTable(); mf = rows.matchBit() >>> sh; outs = rows.outputCount(); start = rows.row(ac.start()) >>> sh;
    int ids = t.length >> sh;
    pt = new int[t.length]; for (int i = 0; i < t.length; i++) pt[i] = t[i] << sh;
    pstart = start << sh; pmask = mf << sh;
    pouts = new int[t.length]; for (int id = 0; id < ids; id++) pouts[id << sh] = outs[id];
    rt = new char[ids << 8]; for (int id = 0; id < ids; id++) for (int b = 0; b < 256; b++) rt[(id << 8) + b] = t[(id << sh) + cls[b]];
    // Classes renumbered by typical text frequency (class 0, the bytes no pattern has, stays first).
    int classes = 0; for (int b = 0; b < 256; b++) classes = Math.max(classes, cls[b] + 1);
    double[] freq = new double[classes];
    for (int b = 0; b < 256; b++) freq[cls[b]] += ByteFrequencies.of(b);
    Integer[] order = new Integer[classes]; for (int c = 0; c < classes; c++) order[c] = c;
    Arrays.sort(order, 1, classes, (x, y) -> Double.compare(freq[y], freq[x]));
    int[] newOf = new int[classes]; for (int k = 0; k < classes; k++) newOf[order[k]] = k;
    fcls = new int[256]; for (int b = 0; b < 256; b++) fcls[b] = newOf[cls[b]];
    fpt = new int[pt.length];
    for (int id = 0; id < ids; id++) for (int c = 0; c < classes; c++) fpt[(id << sh) + newOf[c]] = pt[(id << sh) + c];
    // The same in native memory, rows on cache lines, offsets in bytes.
    seg = java.lang.foreign.Arena.global().allocate((long) fpt.length * 4, 64);
    for (int i = 0; i < fpt.length; i++) seg.setAtIndex(java.lang.foreign.ValueLayout.JAVA_INT, i, fpt[i] * 4);
    bcls = new int[256]; for (int b = 0; b < 256; b++) bcls[b] = fcls[b] * 4;
    System.out.println("ids " + ids + " shift " + sh + " matchFrom " + mf);
    byte[] src = Files.readAllBytes(Path.of(args[2]));
    int size = Integer.parseInt(args[3]) << 20;
    byte[] a = new byte[size + 64];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    nat = java.lang.foreign.Arena.global().allocate(size + 64, 64);
    java.lang.foreign.MemorySegment.copy(java.lang.foreign.MemorySegment.ofArray(a), 0, nat, 0, size);
    for (int rep = 0; rep < Integer.parseInt(args[4]); rep++) {
      for (String v : args[5].split(",")) {
        long t0 = System.nanoTime();
        long n = 0;
        for (int b = 0; b < size; b += 1 << 20) n += switch (v) { case "charm" -> charm(a, b, 1 << 20); case "pmi" -> pmi(a, b, 1 << 20); case "raw" -> raw(a, b, 1 << 20); case "pmi8" -> pmi8(a, b, 1 << 20); case "charm8" -> charm8(a, b, 1 << 20); case "pmif" -> pmif(a, b, 1 << 20); case "pmiseg" -> pmiseg(nat, b, 1 << 20); case "pmiseg8" -> pmiseg8(nat, b, 1 << 20); case "pmiskew" -> pmiskew(a, b, 1 << 20, Integer.getInteger("skew", 192)); case "pmicopyskew" -> pmicopyskew(nat, b, 1 << 20); case "pmiarr8" -> pmiarr8(a, b, 1 << 20); case "pmicopy" -> pmicopy(nat, b, 1 << 20); case "pmis" -> pmis(a, b, 1 << 20); default -> -1; };
        long dt = System.nanoTime() - t0;
        System.out.printf("%-6s %d matches %.3f GB/s%n", v, n, size / (double) dt);
      }
    }
  }
  static long charm(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = cls; char[] tt = t; int sh = Pm.sh, m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[p + i] & 0xFF]];
      s1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]];
      s3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static long pmi(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p + i] & 0xFF]];
      s1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      s2 = tt[s2 + c[a[p2 + i] & 0xFF]];
      s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static long pmif(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = fcls; int[] tt = fpt; int m = pmask; int[] o = pouts;
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p + i] & 0xFF]];
      s1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      s2 = tt[s2 + c[a[p2 + i] & 0xFF]];
      s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static final java.lang.foreign.ValueLayout.OfInt I = java.lang.foreign.ValueLayout.JAVA_INT;
  static long pmis(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = bcls; java.lang.foreign.MemorySegment tt = seg; int m = pmask * 4; int[] o = pouts;
    int s0 = pstart * 4, s1 = s0, s2 = s0, s3 = s0; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt.get(I, (long) (s0 + c[a[p + i] & 0xFF]));
      s1 = tt.get(I, (long) (s1 + c[a[p1 + i] & 0xFF]));
      s2 = tt.get(I, (long) (s2 + c[a[p2 + i] & 0xFF]));
      s3 = tt.get(I, (long) (s3 + c[a[p3 + i] & 0xFF]));
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >> 2] + o[s1 >> 2] + o[s2 >> 2] + o[s3 >> 2];
    }
    return n;
  }
  static java.lang.foreign.MemorySegment nat;
  static final java.lang.foreign.ValueLayout.OfByte BY = java.lang.foreign.ValueLayout.JAVA_BYTE;
  static long pmiseg(java.lang.foreign.MemorySegment a, long p, int size) {
    int part = size / 4; long p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    java.lang.foreign.MemorySegment s = a.asSlice(p, size);
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[s.get(BY, i) & 0xFF]];
      s1 = tt[s1 + c[s.get(BY, part + i) & 0xFF]];
      s2 = tt[s2 + c[s.get(BY, 2L * part + i) & 0xFF]];
      s3 = tt[s3 + c[s.get(BY, 3L * part + i) & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static final java.lang.foreign.ValueLayout.OfLong LW = java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
  static long pmiseg8(java.lang.foreign.MemorySegment a, long p, int size) {
    int part = size / 4; long q1 = part, q2 = 2L * part, q3 = 3L * part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    java.lang.foreign.MemorySegment s = a.asSlice(p, size);
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i + 8 <= part; i += 8) {
      long w0 = s.get(LW, i), w1 = s.get(LW, q1 + i), w2 = s.get(LW, q2 + i), w3 = s.get(LW, q3 + i);
      for (int k = 0; k < 64; k += 8) {
        s0 = tt[s0 + c[(int) (w0 >>> k) & 0xFF]];
        s1 = tt[s1 + c[(int) (w1 >>> k) & 0xFF]];
        s2 = tt[s2 + c[(int) (w2 >>> k) & 0xFF]];
        s3 = tt[s3 + c[(int) (w3 >>> k) & 0xFF]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
      }
    }
    return n;
  }
  static final java.lang.invoke.VarHandle LA = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
  static long pmiarr8(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i + 8 <= part; i += 8) {
      long w0 = (long) LA.get(a, p + i), w1 = (long) LA.get(a, p1 + i), w2 = (long) LA.get(a, p2 + i), w3 = (long) LA.get(a, p3 + i);
      for (int k = 0; k < 64; k += 8) {
        s0 = tt[s0 + c[(int) (w0 >>> k) & 0xFF]];
        s1 = tt[s1 + c[(int) (w1 >>> k) & 0xFF]];
        s2 = tt[s2 + c[(int) (w2 >>> k) & 0xFF]];
        s3 = tt[s3 + c[(int) (w3 >>> k) & 0xFF]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
      }
    }
    return n;
  }
  static long pmiskew(byte[] a, int p, int size, int skew) {
    int part = size / 4 - skew, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p + i] & 0xFF]];
      s1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      s2 = tt[s2 + c[a[p2 + i] & 0xFF]];
      s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static long pmicopyskew(java.lang.foreign.MemorySegment a, long p, int size) {
    java.lang.foreign.MemorySegment.copy(a, BY, p, win, 0, size);
    return pmiskew(win, 0, size, Integer.getInteger("skew", 192));
  }
  static byte[] win = new byte[1 << 20];
  static long pmicopy(java.lang.foreign.MemorySegment a, long p, int size) {
    java.lang.foreign.MemorySegment.copy(a, BY, p, win, 0, size);
    return pmi(win, 0, size);
  }
  static long pmi8(byte[] a, int p, int size) {
    int part = size / 8, p1 = p + part, p2 = p1 + part, p3 = p2 + part, p4 = p3 + part, p5 = p4 + part, p6 = p5 + part, p7 = p6 + part;
    int[] c = cls; int[] tt = pt; int m = pmask; int[] o = pouts;
    int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart, s4 = pstart, s5 = pstart, s6 = pstart, s7 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p + i] & 0xFF]];
      s1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      s2 = tt[s2 + c[a[p2 + i] & 0xFF]];
      s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      s4 = tt[s4 + c[a[p4 + i] & 0xFF]];
      s5 = tt[s5 + c[a[p5 + i] & 0xFF]];
      s6 = tt[s6 + c[a[p6 + i] & 0xFF]];
      s7 = tt[s7 + c[a[p7 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3] + o[s4] + o[s5] + o[s6] + o[s7];
    }
    return n;
  }
  static long charm8(byte[] a, int p, int size) {
    int part = size / 8, p1 = p + part, p2 = p1 + part, p3 = p2 + part, p4 = p3 + part, p5 = p4 + part, p6 = p5 + part, p7 = p6 + part;
    int[] c = cls; char[] tt = t; int sh = Pm.sh, m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start, s4 = start, s5 = start, s6 = start, s7 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[p + i] & 0xFF]];
      s1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]];
      s3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      s4 = tt[(s4 << sh) + c[a[p4 + i] & 0xFF]];
      s5 = tt[(s5 << sh) + c[a[p5 + i] & 0xFF]];
      s6 = tt[(s6 << sh) + c[a[p6 + i] & 0xFF]];
      s7 = tt[(s7 << sh) + c[a[p7 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3] + o[s4] + o[s5] + o[s6] + o[s7];
    }
    return n;
  }
  static long raw(byte[] a, int p, int size) {
    int part = size / 4, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    char[] tt = rt; int m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << 8) + (a[p + i] & 0xFF)];
      s1 = tt[(s1 << 8) + (a[p1 + i] & 0xFF)];
      s2 = tt[(s2 << 8) + (a[p2 + i] & 0xFF)];
      s3 = tt[(s3 << 8) + (a[p3 + i] & 0xFF)];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
}
