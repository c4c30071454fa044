import dev.trawl.*;
import dev.trawl.automaton.*;
import jdk.incubator.vector.*;
import java.nio.file.*;
import java.util.*;

public class Cw {
  static final VectorSpecies<Byte> S = ByteVector.SPECIES_PREFERRED;
  static int[] cls; static char[] t; static int sh, mf; static int[] outs; static int start;
  static ByteVector lo, hi; static byte highClass;
  static final int B = 4096;
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    LinkedHashSet<String> ws = new LinkedHashSet<>();
    for (String s : all) { s = s.strip(); if (!s.isEmpty()) ws.add(s); if (ws.size() == Integer.parseInt(args[1])) break; }
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    CompactRows rows = ac.compactRows();
    cls = ac.classTable(); t = rows.next(); sh = rows.shift(); mf = rows.matchFrom(); outs = rows.outputCount(); start = rows.id(ac.start());
    byte[] c128 = new byte[128]; for (int b = 0; b < 128; b++) c128[b] = (byte) cls[b];
    highClass = (byte) cls[128]; for (int b = 128; b < 256; b++) if (cls[b] != highClass) throw new IllegalStateException("high bytes differ");
    System.out.println("species " + S.length());
    if (S.length() == 64) { lo = ByteVector.fromArray(S, c128, 0); hi = ByteVector.fromArray(S, c128, 64); }
    byte[] src = Files.readAllBytes(Path.of(args[2]));
    int size = Integer.parseInt(args[3]) << 20;
    byte[] a = new byte[size + 64];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    A = a; for (int rep = 0; rep < Integer.parseInt(args[4]); rep++) {
      for (String v : args[5].split(",")) {
        long t0 = System.nanoTime();
        long n = switch (v) { case "charm" -> charm(a, size); case "cb" -> cb(a, size, true); case "cbs" -> cb(a, size, false); case "pre" -> pre(size); case "pre8" -> pre8(size); default -> -1; };
        long dt = System.nanoTime() - t0;
        System.out.printf("%-6s %d matches %.3f GB/s%n", v, n, size / (double) dt);
      }
    }
  }
  static byte[] all;
  static long pre(int size) {
    if (all == null) { all = new byte[size]; translate(A, 0, all, 0, size, true); }
    byte[] cb = all; int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    char[] tt = t; int sh = Cw.sh, m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + cb[i]]; s1 = tt[(s1 << sh) + cb[p1 + i]]; s2 = tt[(s2 << sh) + cb[p2 + i]]; s3 = tt[(s3 << sh) + cb[p3 + i]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static long pre8(int size) {
    if (all == null) { all = new byte[size]; translate(A, 0, all, 0, size, true); }
    byte[] cb = all; int part = size / 8, p1 = part, p2 = 2 * part, p3 = 3 * part, p4 = 4 * part, p5 = 5 * part, p6 = 6 * part, p7 = 7 * part;
    char[] tt = t; int sh = Cw.sh, m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start, s4 = start, s5 = start, s6 = start, s7 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + cb[i]]; s1 = tt[(s1 << sh) + cb[p1 + i]]; s2 = tt[(s2 << sh) + cb[p2 + i]]; s3 = tt[(s3 << sh) + cb[p3 + i]];
      s4 = tt[(s4 << sh) + cb[p4 + i]]; s5 = tt[(s5 << sh) + cb[p5 + i]]; s6 = tt[(s6 << sh) + cb[p6 + i]]; s7 = tt[(s7 << sh) + cb[p7 + i]];
      if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3] + o[s4] + o[s5] + o[s6] + o[s7];
    }
    return n;
  }
  static byte[] A;
  static long charm(byte[] a, int size) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] c = cls; char[] tt = t; int sh = Cw.sh, m = mf; int[] o = outs;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[i] & 0xFF]];
      s1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]];
      s3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
    }
    return n;
  }
  static void translate(byte[] a, int from, byte[] cb, int to, int len, boolean vec) {
    int k = 0;
    if (vec) {
      ByteVector l = lo, h = hi; byte hc = highClass;
      for (; k + 64 <= len; k += 64) {
        ByteVector v = ByteVector.fromArray(S, a, from + k);
        ByteVector r = v.selectFrom(l, h).blend(hc, v.lt((byte) 0));
        r.intoArray(cb, to + k);
      }
    }
    int[] c = cls;
    for (; k < len; k++) cb[to + k] = (byte) c[a[from + k] & 0xFF];
  }
  static long cb(byte[] a, int size, boolean vec) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    char[] tt = t; int sh = Cw.sh, m = mf; int[] o = outs;
    byte[] cb = new byte[4 * B];
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int base = 0; base < part; base += B) {
      int len = Math.min(B, part - base);
      translate(a, base, cb, 0, len, vec); translate(a, p1 + base, cb, B, len, vec);
      translate(a, p2 + base, cb, 2 * B, len, vec); translate(a, p3 + base, cb, 3 * B, len, vec);
      for (int i = 0; i < len; i++) {
        s0 = tt[(s0 << sh) + cb[i]];
        s1 = tt[(s1 << sh) + cb[B + i]];
        s2 = tt[(s2 << sh) + cb[2 * B + i]];
        s3 = tt[(s3 << sh) + cb[3 * B + i]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0] + o[s1] + o[s2] + o[s3];
      }
    }
    return n;
  }
}
