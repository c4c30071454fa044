package dev.trawl.automaton;

import dev.trawl.PatternSet;
import java.nio.file.*;
import java.util.*;
import jdk.incubator.vector.*;

/**
 * Session 27 scratch (issue 24): ways to walk the 1,000-word automaton's flagged rows, one thread or many.
 * java --add-modules jdk.incubator.vector -cp trawl-core.jar:. dev.trawl.automaton.Gw WORDS MIB REPS LOOPS [THREADS own|shared]
 * LOOPS: scalar (the engine's loop), g1/g2/g4 (AVX-512 gathers, 16/32/64 streams), tr4/tr8/tri (classes
 * translated a block ahead with vpermi2b), masked (power-of-two table, masked index), two (match test every
 * two steps), bytecls (byte class table).
 */
public class Gw {
  static final VectorSpecies<Integer> I = IntVector.SPECIES_512;
  static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
  static int[] t, outs, cls; static { if (System.getProperty("bs") != null) BS = Integer.getInteger("bs"); } static int sh, mb, start;
  static ByteVector lo, hi; static byte hc;

  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    int size = Integer.parseInt(args[1]) << 20;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    FlaggedRows rows = ac.flaggedRows();
    t = rows.next(); outs = rows.outputCount(); sh = rows.shift(); mb = rows.matchBit(); start = rows.row(ac.start());
    cls = ac.classTable();
    byte[] c128 = new byte[128]; for (int b = 0; b < 128; b++) c128[b] = (byte) cls[b];
    hc = (byte) cls[128]; for (int b = 128; b < 256; b++) if (cls[b] != hc) throw new IllegalStateException();
    lo = ByteVector.fromArray(B, c128, 0); hi = ByteVector.fromArray(B, c128, 64);
    System.out.println("states " + ac.stateCount() + " classes " + ac.classCount() + " table ints " + t.length);
    if (args.length > 4) { threads(args, size); return; }
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
      byte[] a = new byte[size + 64];
      for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
      for (int rep = 0; rep < Integer.parseInt(args[2]); rep++) {
        StringBuilder sb = new StringBuilder(text + " rep " + rep + ":");
        for (String v : args[3].split(",")) {
          long t0 = System.nanoTime();
          long n = switch (v) { case "scalar" -> scalar(a, size); case "g1" -> gathered(a, size, 1); case "g2" -> gathered(a, size, 2); case "g4" -> gathered(a, size, 4); case "tr4" -> tr4(a, size); case "cz" -> cz(a, size); case "czonly" -> czOnly(a, size); case "masked" -> masked(a, size); case "two" -> two(a, size); case "bytecls" -> bytecls(a, size); case "tr8" -> tr8(a, size); case "tri" -> tri(a, size); default -> -1; };
          long dt = System.nanoTime() - t0;
          sb.append(String.format("  %s %.3f GB/s (%d)", v, size / (double) dt, n));
        }
        System.out.println(sb);
      }
    }
  }

  static long scalar(byte[] a, int size) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = t, o = outs, c = cls; int m = mb, h = sh;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]]; s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }


  static int BS = 4096; // bytes per stream per block
  static final int TMASK_PAD = 0;

  static void translate(byte[] a, int src, byte[] cb, int dst, int len) {
    ByteVector l = lo, h = hi; byte c = hc;
    for (int k = 0; k < len; k += 64) {
      ByteVector x = ByteVector.fromArray(B, a, src + k);
      x.selectFrom(l, h).blend(c, x.lt((byte) 0)).intoArray(cb, dst + k);
    }
  }

  static long tr4(byte[] a, int size) {
    int part = size / 4;
    byte[] cb = new byte[4 * BS];
    int[] tt = t, o = outs; int m = mb, h = sh, bs = BS;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int blk = 0; blk < part; blk += bs) {
      translate(a, blk, cb, 0, bs); translate(a, part + blk, cb, bs, bs);
      translate(a, 2 * part + blk, cb, 2 * bs, bs); translate(a, 3 * part + blk, cb, 3 * bs, bs);
      for (int i = 0; i < bs; i++) {
        s0 = tt[s0 + cb[i]]; s1 = tt[s1 + cb[bs + i]]; s2 = tt[s2 + cb[2 * bs + i]]; s3 = tt[s3 + cb[3 * bs + i]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }

  static long tr8(byte[] a, int size) {
    int part = size / 8;
    byte[] cb = new byte[8 * BS];
    int[] tt = t, o = outs; int m = mb, h = sh, bs = BS;
    int s0 = start, s1 = start, s2 = start, s3 = start, s4 = start, s5 = start, s6 = start, s7 = start; long n = 0;
    for (int blk = 0; blk < part; blk += bs) {
      for (int j = 0; j < 8; j++) translate(a, j * part + blk, cb, j * bs, bs);
      for (int i = 0; i < bs; i++) {
        s0 = tt[s0 + cb[i]]; s1 = tt[s1 + cb[bs + i]]; s2 = tt[s2 + cb[2 * bs + i]]; s3 = tt[s3 + cb[3 * bs + i]];
        s4 = tt[s4 + cb[4 * bs + i]]; s5 = tt[s5 + cb[5 * bs + i]]; s6 = tt[s6 + cb[6 * bs + i]]; s7 = tt[s7 + cb[7 * bs + i]];
        if (((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h] + o[s4 >>> h] + o[s5 >>> h] + o[s6 >>> h] + o[s7 >>> h];
      }
    }
    return n;
  }

  // interleaved: cb[4 * i + j] is stream j's class at step i
  static long tri(byte[] a, int size) {
    int part = size / 4;
    byte[] cb = new byte[4 * BS];
    byte[] tmp = new byte[4 * BS];
    int[] tt = t, o = outs; int m = mb, h = sh, bs = BS;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int blk = 0; blk < part; blk += bs) {
      for (int j = 0; j < 4; j++) translate(a, j * part + blk, tmp, j * bs, bs);
      for (int i = 0; i < bs; i++) { cb[4 * i] = tmp[i]; cb[4 * i + 1] = tmp[bs + i]; cb[4 * i + 2] = tmp[2 * bs + i]; cb[4 * i + 3] = tmp[3 * bs + i]; }
      for (int i = 0; i < 4 * bs; i += 4) {
        s0 = tt[s0 + cb[i]]; s1 = tt[s1 + cb[i + 1]]; s2 = tt[s2 + cb[i + 2]]; s3 = tt[s3 + cb[i + 3]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }

  static int[] tp; static int tpMask; static int[] cls2;
  static void prep() {
    if (tp != null) return;
    int len = Integer.highestOneBit(t.length - 1) << 1;
    tp = Arrays.copyOf(t, len); tpMask = len - 1;
  }
  static long masked(byte[] a, int size) {
    prep();
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = tp, o = outs, c = cls; int m = mb, h = sh;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[(s0 + c[a[i] & 0xFF]) & (tt.length - 1)]; s1 = tt[(s1 + c[a[p1 + i] & 0xFF]) & (tt.length - 1)];
      s2 = tt[(s2 + c[a[p2 + i] & 0xFF]) & (tt.length - 1)]; s3 = tt[(s3 + c[a[p3 + i] & 0xFF]) & (tt.length - 1)];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }
  static long two(byte[] a, int size) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = t, o = outs, c = cls; int m = mb, h = sh;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i += 2) {
      int u0 = tt[s0 + c[a[i] & 0xFF]], u1 = tt[s1 + c[a[p1 + i] & 0xFF]], u2 = tt[s2 + c[a[p2 + i] & 0xFF]], u3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      s0 = tt[u0 + c[a[i + 1] & 0xFF]]; s1 = tt[u1 + c[a[p1 + i + 1] & 0xFF]]; s2 = tt[u2 + c[a[p2 + i + 1] & 0xFF]]; s3 = tt[u3 + c[a[p3 + i + 1] & 0xFF]];
      if (((s0 | s1 | s2 | s3 | u0 | u1 | u2 | u3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h] + o[u0 >>> h] + o[u1 >>> h] + o[u2 >>> h] + o[u3 >>> h];
    }
    return n;
  }
  static byte[] bcls;
  static long bytecls(byte[] a, int size) {
    if (bcls == null) { bcls = new byte[256]; for (int b = 0; b < 256; b++) bcls[b] = (byte) cls[b]; }
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = t, o = outs; byte[] c = bcls; int m = mb, h = sh;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]]; s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }

  public static byte[] textOf(String text, int size) throws Exception {
    byte[] src;
    if (text.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
    else {
      var out = new java.io.ByteArrayOutputStream();
      try (var st = Files.walk(Path.of("data/loghub"))) {
        for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
      }
      src = out.toByteArray();
    }
    byte[] a = new byte[size + 64];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    return a;
  }
  // args[4] = threads, args[5] = own|shared: each thread walks its own copy of the whole text, or a slice of one.
  static void threads(String[] args, int size) throws Exception {
    int n = Integer.parseInt(args[4]);
    boolean own = args[5].equals("own");
    for (String text : new String[] {"iliad", "loghub"}) {
      byte[][] texts = new byte[n][];
      byte[] shared = textOf(text, own ? size : size * 1);
      for (int k = 0; k < n; k++) texts[k] = own ? textOf(text, size) : shared;
      for (int rep = 0; rep < Integer.parseInt(args[2]); rep++) {
        double[] rates = new double[n];
        Thread[] ts = new Thread[n];
        java.util.concurrent.CyclicBarrier bar = new java.util.concurrent.CyclicBarrier(n);
        long t0 = System.nanoTime();
        for (int k = 0; k < n; k++) {
          int kk = k;
          ts[k] = new Thread(() -> {
            try { bar.await(); } catch (Exception e) { throw new RuntimeException(e); }
            long a0 = System.nanoTime();
            int len = own ? size : size / n;
            long c = own ? (args[3].equals("cz") ? cz(texts[kk], size) : scalar(texts[kk], size)) : scalarRange(texts[kk], kk * len, len);
            rates[kk] = len / (double) (System.nanoTime() - a0);
          });
          ts[k].start();
        }
        for (Thread t : ts) t.join();
        double total = (own ? (double) size * n : size) / (System.nanoTime() - t0);
        double[] r = rates.clone(); Arrays.sort(r);
        double sum = 0; for (double x : r) sum += x;
        System.out.printf("%s " + args[3] + " %s x%d rep %d: total %.2f GB/s, per thread mean %.3f min %.3f max %.3f, sum %.2f%n", text, args[5], n, rep, total, sum / n, r[0], r[n - 1], sum);
      }
    }
  }
  static long scalarRange(byte[] a, int from, int len) {
    int part = len / 4, p0 = from, p1 = from + part, p2 = p1 + part, p3 = p2 + part;
    int[] tt = t, o = outs, c = cls; int m = mb, h = sh;
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p0 + i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]]; s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }

  /** Run 1's gathered walk: 16 streams a vector, one 16-lane gather per step (cases g1, g2, g4). */
  static final int GBS = 1024; // bytes per stream per block

  static long gathered(byte[] a, int size, int nv) {
    int streams = 16 * nv;
    int part = size / streams;
    int[] ci = new int[streams * GBS / 4];
    int[][] base = new int[nv][16];
    for (int v = 0; v < nv; v++) for (int l = 0; l < 16; l++) base[v][l] = (v * 16 + l) * (GBS / 4);
    int[][] map = new int[nv][16];
    IntVector[] s = new IntVector[nv];
    for (int v = 0; v < nv; v++) s[v] = IntVector.broadcast(I, start);
    long n = 0;
    for (int blk = 0; blk < part; blk += GBS) {
      for (int j = 0; j < streams; j++) {
        int src = j * part + blk, dst = j * GBS;
        for (int k = 0; k < GBS; k += 64) {
          ByteVector x = ByteVector.fromArray(B, a, src + k);
          ByteVector r = x.selectFrom(lo, hi).blend(hc, x.lt((byte) 0));
          r.reinterpretAsInts().intoArray(ci, (dst + k) >> 2);
        }
      }
      n += nv == 4 ? walk4(ci, base, map, s) : nv == 2 ? walk2(ci, base[0], base[1], map[0], map[1], s) : walk1(ci, base[0], map[0], s);
    }
    return n;
  }

  static long hits(IntVector s) {
    VectorMask<Integer> m = s.and(mb).compare(VectorOperators.NE, 0);
    if (!m.anyTrue()) return 0;
    long n = 0;
    for (int l = 0; l < 16; l++) { int x = s.lane(l); if ((x & mb) != 0) n += outs[x >>> sh]; }
    return n;
  }

  static long walk1(int[] ci, int[] b0, int[] m0, IntVector[] s) {
    IntVector s0 = s[0]; long n = 0; int[] tt = t;
    for (int w = 0; w < GBS / 4; w++) {
      IntVector g0 = IntVector.fromArray(I, ci, w, b0, 0);
      for (int k = 0; k < 32; k += 8) {
        s0.add(g0.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m0, 0);
        s0 = IntVector.fromArray(I, tt, 0, m0, 0);
        n += hits(s0);
      }
    }
    s[0] = s0; return n;
  }

  static long walk2(int[] ci, int[] b0, int[] b1, int[] m0, int[] m1, IntVector[] s) {
    IntVector s0 = s[0], s1 = s[1]; long n = 0; int[] tt = t;
    for (int w = 0; w < GBS / 4; w++) {
      IntVector g0 = IntVector.fromArray(I, ci, w, b0, 0);
      IntVector g1 = IntVector.fromArray(I, ci, w, b1, 0);
      for (int k = 0; k < 32; k += 8) {
        s0.add(g0.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m0, 0);
        s1.add(g1.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m1, 0);
        s0 = IntVector.fromArray(I, tt, 0, m0, 0);
        s1 = IntVector.fromArray(I, tt, 0, m1, 0);
        if (s0.or(s1).and(mb).compare(VectorOperators.NE, 0).anyTrue()) n += hits(s0) + hits(s1);
      }
    }
    s[0] = s0; s[1] = s1; return n;
  }

  static long walk4(int[] ci, int[][] b, int[][] m, IntVector[] s) {
    IntVector s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3]; long n = 0; int[] tt = t;
    int[] b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3];
    for (int w = 0; w < GBS / 4; w++) {
      IntVector g0 = IntVector.fromArray(I, ci, w, b0, 0);
      IntVector g1 = IntVector.fromArray(I, ci, w, b1, 0);
      IntVector g2 = IntVector.fromArray(I, ci, w, b2, 0);
      IntVector g3 = IntVector.fromArray(I, ci, w, b3, 0);
      for (int k = 0; k < 32; k += 8) {
        s0.add(g0.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m0, 0);
        s1.add(g1.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m1, 0);
        s2.add(g2.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m2, 0);
        s3.add(g3.lanewise(VectorOperators.LSHR, k).and(0xFF)).intoArray(m3, 0);
        s0 = IntVector.fromArray(I, tt, 0, m0, 0);
        s1 = IntVector.fromArray(I, tt, 0, m1, 0);
        s2 = IntVector.fromArray(I, tt, 0, m2, 0);
        s3 = IntVector.fromArray(I, tt, 0, m3, 0);
        if (s0.or(s1).or(s2).or(s3).and(mb).compare(VectorOperators.NE, 0).anyTrue()) n += hits(s0) + hits(s1) + hits(s2) + hits(s3);
      }
    }
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3; return n;
  }

  /** Compaction: the text's classes, with each class-0 byte that follows a class-0 byte dropped (count only). */
  static int compact(byte[] a, int from, int to, byte[] out) {
    ByteVector l = lo, h = hi; byte c = hc;
    int o = 0;
    long prevTop = 0; // 1 when the last byte of the previous vector was class 0
    int k = from;
    for (; k + 64 <= to; k += 64) {
      ByteVector x = ByteVector.fromArray(B, a, k);
      ByteVector r = x.selectFrom(l, h).blend(c, x.lt((byte) 0));
      long z = r.compare(VectorOperators.EQ, (byte) 0).toLong();
      long keep = ~(z & (z << 1 | prevTop));
      prevTop = z >>> 63;
      r.compress(VectorMask.fromLong(B, keep)).intoArray(out, o);
      o += Long.bitCount(keep);
    }
    boolean prevZero = prevTop != 0;
    for (; k < to; k++) {
      int cl = cls[a[k] & 0xFF];
      if (cl == 0 && prevZero) continue;
      out[o++] = (byte) cl;
      prevZero = cl == 0;
    }
    return o;
  }
  static byte[] cbuf;
  static long cz(byte[] a, int size) {
    int blk = 1 << 20;
    byte[] cbuf = new byte[blk + 128];
    int[] tt = t, o = outs; int m = mb, h = sh;
    long n = 0;
    int s0 = start;
    for (int b = 0; b < size; b += blk) {
      int len = compact(a, b, Math.min(size, b + blk), cbuf);
      byte[] cb = cbuf;
      int part = len / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
      // prototype: streams restart at each block and quarter (a few matches across them are lost)
      int s1 = start, s2 = start, s3 = start; s0 = start;
      for (int i = 0; i < part; i++) {
        s0 = tt[s0 + cb[i]]; s1 = tt[s1 + cb[p1 + i]]; s2 = tt[s2 + cb[p2 + i]]; s3 = tt[s3 + cb[p3 + i]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }
  static long czOnly(byte[] a, int size) {
    int blk = 1 << 20;
    if (cbuf == null) cbuf = new byte[blk + 128];
    long n = 0;
    for (int b = 0; b < size; b += blk) n += compact(a, b, Math.min(size, b + blk), cbuf);
    return n;
  }
}
