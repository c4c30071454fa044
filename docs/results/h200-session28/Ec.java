package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.*;
import java.nio.file.*;
import java.util.*;

/** Scratch: the flagged-rows walk over text already in classes, with an identity class lookup against none. */
public class Ec {
  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    int size = Integer.parseInt(args[1]) << 20;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    FlaggedRows rows = ac.flaggedRows();
    int[] cls = ac.classTable();
    byte[] src = Files.readAllBytes(Path.of("data/iliad.txt"));
    byte[] a = new byte[size];
    for (int i = 0; i < size; i++) a[i] = (byte) cls[src[i % src.length] & 0xFF];
    int[] id = new int[256]; for (int i = 0; i < 256; i++) id[i] = i;
    int st = rows.row(ac.start());
    for (int rep = 0; rep < 6; rep++) {
      StringBuilder sb = new StringBuilder("rep " + rep + ":");
      for (String v : new String[] {"identity", "none"}) {
        long t0 = System.nanoTime();
        long n = v.equals("identity") ? Eg.rawRange(a, 0, size, rows, id, st) : none(a, 0, size, rows, st);
        sb.append(String.format("  %s %.3f GB/s (%d)", v, size / (double) (System.nanoTime() - t0), n));
      }
      System.out.println(sb);
    }
  }

  static long none(byte[] a, int from, int to, FlaggedRows rows, int start) {
    int part = (to - from) / 4, p = from, p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] tt = rows.next(), o = rows.outputCount(); int m = rows.matchBit(), h = rows.shift();
    int s0 = start, s1 = start, s2 = start, s3 = start; long n = 0;
    for (int i = 0; i < part; i++) {
      s0 = tt[s0 + a[p + i]]; s1 = tt[s1 + a[p1 + i]]; s2 = tt[s2 + a[p2 + i]]; s3 = tt[s3 + a[p3 + i]];
      if (((s0 | s1 | s2 | s3) & m) != 0) n += o[s0 >>> h] + o[s1 >>> h] + o[s2 >>> h] + o[s3 >>> h];
    }
    return n;
  }
}
