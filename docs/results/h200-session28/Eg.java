package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.*;
import java.lang.foreign.*;
import java.nio.file.*;
import java.util.*;

/** Scratch: the engine's count (searcher.count over heap and native segments) against the raw flagged-rows loop. */
public class Eg {
  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    int size = Integer.parseInt(args[1]) << 20;
    int reps = Integer.parseInt(args[2]);
    String textName = args[3];
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    AhoCorasickSearcher s = new AhoCorasickSearcher(ac, null);
    byte[] src;
    if (textName.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
    else {
      var out = new java.io.ByteArrayOutputStream();
      try (var st = Files.walk(Path.of("data/loghub"))) {
        for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
      }
      src = out.toByteArray();
    }
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    MemorySegment heap = MemorySegment.ofArray(a);
    MemorySegment nat = Arena.global().allocate(size, 64);
    nat.copyFrom(heap);
    FlaggedRows rows = ac.flaggedRows();
    int[] cls = ac.classTable();
    for (int rep = 0; rep < reps; rep++) {
      StringBuilder sb = new StringBuilder(textName + " rep " + rep + ":");
      for (String v : args[4].split(",")) {
        long t0 = System.nanoTime();
        long n = switch (v) {
          case "raw" -> raw(a, size, rows, cls, rows.row(ac.start()));
          case "heap" -> s.count(heap, 0, size);
          case "native" -> s.count(nat, 0, size);
          case "rawseg" -> rawSeg(nat, size, rows, cls, rows.row(ac.start()));
          case "rawlong" -> rawLong(a, size, rows, cls, rows.row(ac.start()));
          case "seglong" -> segLong(nat, size, rows, cls, rows.row(ac.start()));
          case "native1m" -> { long m = 0; for (long b = 0; b < size; b += 1 << 20) m += s.count(nat, b, Math.min(size, b + (1 << 20))); yield m; }
          default -> -1;
        };
        long dt = System.nanoTime() - t0;
        sb.append(String.format("  %s %.3f GB/s (%d)", v, size / (double) dt, n));
      }
      System.out.println(sb);
    }
  }

  static long raw(byte[] a, int size, FlaggedRows rows, int[] c, int start) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]]; s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }

  static final ValueLayout.OfLong LL = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
  static final java.lang.invoke.VarHandle LV = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  static long rawSeg(MemorySegment a, int size, FlaggedRows rows, int[] c, int start) {
    long part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (long i = 0; i < part; i++) {
      s0 = tt[s0 + c[a.get(ValueLayout.JAVA_BYTE, i) & 0xFF]]; s1 = tt[s1 + c[a.get(ValueLayout.JAVA_BYTE, p1 + i) & 0xFF]];
      s2 = tt[s2 + c[a.get(ValueLayout.JAVA_BYTE, p2 + i) & 0xFF]]; s3 = tt[s3 + c[a.get(ValueLayout.JAVA_BYTE, p3 + i) & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }

  static long rawLong(byte[] a, int size, FlaggedRows rows, int[] c, int start) {
    int part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i + 8 <= part; i += 8) {
      long w0 = (long) LV.get(a, i), w1 = (long) LV.get(a, p1 + i), w2 = (long) LV.get(a, p2 + i), w3 = (long) LV.get(a, p3 + i);
      for (int k = 0; k < 64; k += 8) {
        s0 = tt[s0 + c[(int) (w0 >>> k) & 0xFF]]; s1 = tt[s1 + c[(int) (w1 >>> k) & 0xFF]]; s2 = tt[s2 + c[(int) (w2 >>> k) & 0xFF]]; s3 = tt[s3 + c[(int) (w3 >>> k) & 0xFF]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }

  static long segLong(MemorySegment a, int size, FlaggedRows rows, int[] c, int start) {
    long part = size / 4, p1 = part, p2 = 2 * part, p3 = 3 * part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (long i = 0; i + 8 <= part; i += 8) {
      long w0 = a.get(LL, i), w1 = a.get(LL, p1 + i), w2 = a.get(LL, p2 + i), w3 = a.get(LL, p3 + i);
      for (int k = 0; k < 64; k += 8) {
        s0 = tt[s0 + c[(int) (w0 >>> k) & 0xFF]]; s1 = tt[s1 + c[(int) (w1 >>> k) & 0xFF]]; s2 = tt[s2 + c[(int) (w2 >>> k) & 0xFF]]; s3 = tt[s3 + c[(int) (w3 >>> k) & 0xFF]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }

  static long rawRange(byte[] a, int from, int to, FlaggedRows rows, int[] c, int start) {
    int part = (to - from) / 4, p = from, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + c[a[p + i] & 0xFF]]; s1 = tt[s1 + c[a[p1 + i] & 0xFF]]; s2 = tt[s2 + c[a[p2 + i] & 0xFF]]; s3 = tt[s3 + c[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }

  static long segLongRange(MemorySegment a, long from, long to, FlaggedRows rows, int[] c, int start) {
    long part = ((to - from) / 4) & ~7L, p = from, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (long i = 0; i < part; i += 8) {
      long w0 = a.get(LL, p + i), w1 = a.get(LL, p1 + i), w2 = a.get(LL, p2 + i), w3 = a.get(LL, p3 + i);
      for (int k = 0; k < 64; k += 8) {
        s0 = tt[s0 + c[(int) (w0 >>> k) & 0xFF]]; s1 = tt[s1 + c[(int) (w1 >>> k) & 0xFF]]; s2 = tt[s2 + c[(int) (w2 >>> k) & 0xFF]]; s3 = tt[s3 + c[(int) (w3 >>> k) & 0xFF]];
        if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
      }
    }
    return n;
  }
}
