import dev.trawl.*;
import dev.trawl.automaton.*;
import java.nio.file.*;
import java.util.*;
import java.io.*;

public class Walk {
  static int[] cls, t; static int rowLen;
  static char[] ct; static byte[] cnt; static int SH; static char[] mt; static int[] mcnt; static int MM, mstart; static int[] pt, pcnt; static int pstart;
  public static void main(String[] args) throws Exception {
    List<String> w = Files.readAllLines(Path.of(args[0])).subList(0, Integer.parseInt(args[1]));
    byte[] src = Files.readAllBytes(Path.of(args[2]));
    int size = Integer.parseInt(args[3]) << 20;
    byte[] a = new byte[size + 64];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(w));
    if (!ac.allDense()) throw new IllegalStateException("not all dense");
    cls = ac.classTable(); t = ac.table(); int k = ac.classCount(); rowLen = k + 3;
    int states = ac.stateCount();
    SH = 32 - Integer.numberOfLeadingZeros(k - 1);
    ct = new char[states << SH]; cnt = new byte[states];
    for (int r = 0; r < states; r++) {
      int s = r * rowLen + 3;
      cnt[r] = (byte) Math.min(127, t[s - 2]);
      for (int c = 0; c < k; c++) {
        int v = t[s + c]; int target = ((v & 0x7FFFFFFF) - 3) / rowLen;
        if (target >= 32768) throw new IllegalStateException("too many states");
        ct[(r << SH) + c] = (char) (target | (t[(v & 0x7FFFFFFF) - 2] > 0 ? 0x8000 : 0));
      }
    }
    // M-partition: states without outputs first, states with outputs from M (a power of two) on.
    {
      int[] newId = new int[states]; int nm = 0; for (int r = 0; r < states; r++) if (t[r * rowLen + 3 - 2] == 0) newId[r] = nm++;
      int M = Integer.highestOneBit(Math.max(1, nm - 1)) << 1; int km = 0; for (int r = 0; r < states; r++) if (t[r * rowLen + 3 - 2] != 0) newId[r] = M + km++;
      if (km > M) throw new IllegalStateException("too many match states");
      MM = M; mt = new char[(M + km) << SH]; mcnt = new int[M + km];
      for (int r = 0; r < states; r++) { int s = r * rowLen + 3; mcnt[newId[r]] = t[s - 2];
        for (int c = 0; c < k; c++) { int v = t[s + c]; int target = ((v & 0x7FFFFFFF) - 3) / rowLen; mt[(newId[r] << SH) + c] = (char) newId[target]; } }
      mstart = newId[0];
      pt = new int[mt.length]; for (int q = 0; q < mt.length; q++) pt[q] = mt[q] << SH; pstart = mstart << SH; pcnt = new int[(M + km) << SH]; for (int q = 0; q < M + km; q++) pcnt[q << SH] = mcnt[q];
      System.out.printf("M-partition: %d plain, %d with outputs, M=%d, table %d KB%n", nm, km, M, mt.length * 2 / 1024);
    }
    System.out.printf("states %d classes %d shift %d int table %d KB char table %d KB%n", states, k, SH, t.length * 4 / 1024, ct.length * 2 / 1024);
    int start = 3;
    for (int rep = 0; rep < Integer.parseInt(args[4]); rep++) {
      for (String v : args[5].split(",")) {
        long t0 = System.nanoTime();
        long n = switch (v) { case "int" -> walkInt(a, size, start); case "char" -> walkChar(a, size); case "charb" -> walkCharBranch(a, size); case "intb" -> walkIntBranch(a, size, start); case "charm" -> walkCharM(a, size); case "int8" -> walkInt8(a, size, start); case "char8" -> walkChar8(a, size); case "charm8" -> walkCharM8(a, size); case "charm6" -> walkCharM6(a, size); case "arr16" -> walkArr16(a, size); case "arr8" -> walkArr8(a, size); case "pre4" -> walkPre4(a, size); case "pre8" -> walkPre8(a, size); case "arr12" -> walkArr12(a, size); default -> -1; };
        long dt = System.nanoTime() - t0;
        System.out.printf("%-6s %d matches %.3f GB/s%n", v, n, size / (double) dt);
      }
    }
  }
  static long walkInt(byte[] a, int size, int start) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] c = cls, tt = t; int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[s0 + c[a[i] & 0xFF]]; int v1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      int v2 = tt[s2 + c[a[p2 + i] & 0xFF]]; int v3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      s0 = v0 & 0x7FFFFFFF; s1 = v1 & 0x7FFFFFFF; s2 = v2 & 0x7FFFFFFF; s3 = v3 & 0x7FFFFFFF;
      n += tt[s0 - 2] + tt[s1 - 2] + tt[s2 - 2] + tt[s3 - 2];
    }
    return n;
  }
  static long walkIntBranch(byte[] a, int size, int start) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] c = cls, tt = t; int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[s0 + c[a[i] & 0xFF]]; int v1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      int v2 = tt[s2 + c[a[p2 + i] & 0xFF]]; int v3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      s0 = v0 & 0x7FFFFFFF; s1 = v1 & 0x7FFFFFFF; s2 = v2 & 0x7FFFFFFF; s3 = v3 & 0x7FFFFFFF;
      if ((v0 | v1 | v2 | v3) < 0) n += tt[s0 - 2] + tt[s1 - 2] + tt[s2 - 2] + tt[s3 - 2];
    }
    return n;
  }
  static long walkInt8(byte[] a, int size, int start) {
    int part = size / 8;
    int[] c = cls, tt = t; int s0 = start, s1 = start, s2 = start, s3 = start, s4 = start, s5 = start, s6 = start, s7 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[s0 + c[a[i] & 0xFF]]; int v1 = tt[s1 + c[a[part + i] & 0xFF]];
      int v2 = tt[s2 + c[a[2*part + i] & 0xFF]]; int v3 = tt[s3 + c[a[3*part + i] & 0xFF]];
      int v4 = tt[s4 + c[a[4*part + i] & 0xFF]]; int v5 = tt[s5 + c[a[5*part + i] & 0xFF]];
      int v6 = tt[s6 + c[a[6*part + i] & 0xFF]]; int v7 = tt[s7 + c[a[7*part + i] & 0xFF]];
      s0 = v0 & 0x7FFFFFFF; s1 = v1 & 0x7FFFFFFF; s2 = v2 & 0x7FFFFFFF; s3 = v3 & 0x7FFFFFFF;
      s4 = v4 & 0x7FFFFFFF; s5 = v5 & 0x7FFFFFFF; s6 = v6 & 0x7FFFFFFF; s7 = v7 & 0x7FFFFFFF;
      if ((v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7) < 0) {
        n += tt[s0 - 2] + tt[s1 - 2] + tt[s2 - 2] + tt[s3 - 2] + tt[s4 - 2] + tt[s5 - 2] + tt[s6 - 2] + tt[s7 - 2];
      }
    }
    return n;
  }
  static long walkChar(byte[] a, int size) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part; int sh = SH;
    int[] c = cls; char[] tt = ct; byte[] k = cnt; int s0 = 0, s1 = 0, s2 = 0, s3 = 0; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; int v1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      int v2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]]; int v3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      s0 = v0 & 0x7FFF; s1 = v1 & 0x7FFF; s2 = v2 & 0x7FFF; s3 = v3 & 0x7FFF;
      n += k[s0] + k[s1] + k[s2] + k[s3];
    }
    return n;
  }
  static long walkCharBranch(byte[] a, int size) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part; int sh = SH;
    int[] c = cls; char[] tt = ct; byte[] k = cnt; int s0 = 0, s1 = 0, s2 = 0, s3 = 0; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; int v1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      int v2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]]; int v3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      s0 = v0 & 0x7FFF; s1 = v1 & 0x7FFF; s2 = v2 & 0x7FFF; s3 = v3 & 0x7FFF;
      if (((v0 | v1 | v2 | v3) & 0x8000) != 0) n += k[s0] + k[s1] + k[s2] + k[s3];
    }
    return n;
  }
  static long walkCharM(byte[] a, int size) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part; int sh = SH; int M = MM;
    int[] c = cls; char[] tt = mt; int[] k = mcnt; int s0 = mstart, s1 = mstart, s2 = mstart, s3 = mstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; s1 = tt[(s1 << sh) + c[a[p1 + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[p2 + i] & 0xFF]]; s3 = tt[(s3 << sh) + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3];
    }
    return n;
  }
  static long walkChar8(byte[] a, int size) {
    int part = size / 8; int sh = SH;
    int[] c = cls; char[] tt = ct; byte[] k = cnt; int s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0; long n = 0;
    for (int i = 0; i < part; i++) {
      int v0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; int v1 = tt[(s1 << sh) + c[a[part + i] & 0xFF]];
      int v2 = tt[(s2 << sh) + c[a[2*part + i] & 0xFF]]; int v3 = tt[(s3 << sh) + c[a[3*part + i] & 0xFF]];
      int v4 = tt[(s4 << sh) + c[a[4*part + i] & 0xFF]]; int v5 = tt[(s5 << sh) + c[a[5*part + i] & 0xFF]];
      int v6 = tt[(s6 << sh) + c[a[6*part + i] & 0xFF]]; int v7 = tt[(s7 << sh) + c[a[7*part + i] & 0xFF]];
      s0 = v0 & 0x7FFF; s1 = v1 & 0x7FFF; s2 = v2 & 0x7FFF; s3 = v3 & 0x7FFF;
      s4 = v4 & 0x7FFF; s5 = v5 & 0x7FFF; s6 = v6 & 0x7FFF; s7 = v7 & 0x7FFF;
      if (((v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7) & 0x8000) != 0) n += k[s0] + k[s1] + k[s2] + k[s3] + k[s4] + k[s5] + k[s6] + k[s7];
    }
    return n;
  }

  static long walkCharM8(byte[] a, int size) {
    int part = size / 8; int sh = SH; int M = MM;
    int[] c = cls; char[] tt = mt; int[] k = mcnt; int s0 = mstart, s1 = mstart, s2 = mstart, s3 = mstart, s4 = mstart, s5 = mstart, s6 = mstart, s7 = mstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; s1 = tt[(s1 << sh) + c[a[part + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[2*part + i] & 0xFF]]; s3 = tt[(s3 << sh) + c[a[3*part + i] & 0xFF]];
      s4 = tt[(s4 << sh) + c[a[4*part + i] & 0xFF]]; s5 = tt[(s5 << sh) + c[a[5*part + i] & 0xFF]];
      s6 = tt[(s6 << sh) + c[a[6*part + i] & 0xFF]]; s7 = tt[(s7 << sh) + c[a[7*part + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3] + k[s4] + k[s5] + k[s6] + k[s7];
    }
    return n;
  }
  static long walkCharM6(byte[] a, int size) {
    int part = size / 6; int sh = SH; int M = MM;
    int[] c = cls; char[] tt = mt; int[] k = mcnt; int s0 = mstart, s1 = mstart, s2 = mstart, s3 = mstart, s4 = mstart, s5 = mstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 << sh) + c[a[i] & 0xFF]]; s1 = tt[(s1 << sh) + c[a[part + i] & 0xFF]];
      s2 = tt[(s2 << sh) + c[a[2*part + i] & 0xFF]]; s3 = tt[(s3 << sh) + c[a[3*part + i] & 0xFF]];
      s4 = tt[(s4 << sh) + c[a[4*part + i] & 0xFF]]; s5 = tt[(s5 << sh) + c[a[5*part + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | s4 | s5) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3] + k[s4] + k[s5];
    }
    return n;
  }

  static final int K16 = 16;
  static long walkArr16(byte[] a, int size) { return walkArrK(a, size, 16); }
  static long walkArr8(byte[] a, int size) { return walkArrK(a, size, 8); }
  static long walkArr12(byte[] a, int size) { return walkArrK(a, size, 12); }
  static long walkArrK(byte[] a, int size, int K) {
    int part = size / K; int sh = SH; int M = MM;
    int[] c = cls; char[] tt = mt; int[] k = mcnt; int[] st = new int[K]; int[] base = new int[K];
    for (int j = 0; j < K; j++) { st[j] = mstart; base[j] = j * part; }
    long n = 0;
    for (int i = 0; i < part; i++) {
      int any = 0;
      for (int j = 0; j < K; j++) { int s = tt[(st[j] << sh) + c[a[base[j] + i] & 0xFF]]; st[j] = s; any |= s; }
      if ((any & M) != 0) for (int j = 0; j < K; j++) n += k[st[j]];
    }
    return n;
  }
  static long walkPre4(byte[] a, int size) {
    int part = size / 4; int p1 = part, p2 = 2 * part, p3 = 3 * part; int M = MM << SH;
    int[] c = cls; int[] tt = pt; int[] k = pcnt; int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]];
      s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3];
    }
    return n;
  }
  static long walkPre8(byte[] a, int size) {
    int part = size / 8; int M = MM << SH;
    int[] c = cls; int[] tt = pt; int[] k = pcnt; int s0 = pstart, s1 = pstart, s2 = pstart, s3 = pstart, s4 = pstart, s5 = pstart, s6 = pstart, s7 = pstart; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[i] & 0xFF]]; s1 = tt[s1 + c[a[part + i] & 0xFF]];
      s2 = tt[s2 + c[a[2*part + i] & 0xFF]]; s3 = tt[s3 + c[a[3*part + i] & 0xFF]];
      s4 = tt[s4 + c[a[4*part + i] & 0xFF]]; s5 = tt[s5 + c[a[5*part + i] & 0xFF]];
      s6 = tt[s6 + c[a[6*part + i] & 0xFF]]; s7 = tt[s7 + c[a[7*part + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & M) != 0) n += k[s0] + k[s1] + k[s2] + k[s3] + k[s4] + k[s5] + k[s6] + k[s7];
    }
    return n;
  }
}
