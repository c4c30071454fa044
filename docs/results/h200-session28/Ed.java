package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.*;
import java.nio.file.*;
import java.util.*;

/** Scratch: the engine's flagged-rows loop shape (rounds of 16K iterations, 1 MiB blocks) over classes, identity lookup against none. */
public class Ed {
  static FlaggedRows rows; static int[] ID = new int[256];
  public static void main(String[] args) throws Exception {
    for (int i = 0; i < 256; i++) ID[i] = i;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(1000).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    rows = ac.flaggedRows();
    int[] cls = ac.classTable();
    byte[] src = Files.readAllBytes(Path.of("data/iliad.txt"));
    int size = 128 << 20;
    byte[] a = new byte[size];
    for (int i = 0; i < size; i++) a[i] = (byte) cls[src[i % src.length] & 0xFF];
    int start = ac.start();
    for (int rep = 0; rep < 6; rep++) {
      StringBuilder sb = new StringBuilder("rep " + rep + ":");
      for (String v : args[0].split(",")) {
        long t0 = System.nanoTime(); long n = 0;
        for (int b = 0; b < size; b += 1 << 20) {
          int part = (1 << 20) / 4; int[] st = {start, start, start, start};
          for (int from = 0; from < part; from += 1 << 14) {
            int until = Math.min(part, from + (1 << 14));
            n += switch (v) { case "id" -> flagged(a, b, part, from, until, st, ID); case "none" -> overClasses(a, b, part, from, until, st); case "mask" -> masked(a, b, part, from, until, st); default -> 0; };
          }
        }
        sb.append(String.format("  %s %.3f GB/s (%d)", v, size / (double) (System.nanoTime() - t0), n));
      }
      System.out.println(sb);
    }
  }

  static long flagged(byte[] a, int p, int part, int from, int until, int[] st, int[] cls) {
    int p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] t = rows.next(); int[] outputs = rows.outputCount(); int sh = rows.shift(); int matches = rows.matchBit();
    int s0 = rows.row(st[0]), s1 = rows.row(st[1]), s2 = rows.row(st[2]), s3 = rows.row(st[3]);
    long n = 0;
    for (int i = from; i < until; i++) {
      s0 = t[s0 + cls[a[p + i] & 0xFF]]; s1 = t[s1 + cls[a[p1 + i] & 0xFF]]; s2 = t[s2 + cls[a[p2 + i] & 0xFF]]; s3 = t[s3 + cls[a[p3 + i] & 0xFF]];
      if (((s0 | s1 | s2 | s3) & matches) != 0) n += outputs[s0 >>> sh] + outputs[s1 >>> sh] + outputs[s2 >>> sh] + outputs[s3 >>> sh];
    }
    st[0] = rows.tableOffset(s0); st[1] = rows.tableOffset(s1); st[2] = rows.tableOffset(s2); st[3] = rows.tableOffset(s3);
    return n;
  }

  static long overClasses(byte[] a, int p, int part, int from, int until, int[] st) {
    int p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] t = rows.next(); int[] outputs = rows.outputCount(); int sh = rows.shift(); int matches = rows.matchBit();
    int s0 = rows.row(st[0]), s1 = rows.row(st[1]), s2 = rows.row(st[2]), s3 = rows.row(st[3]);
    long n = 0;
    for (int i = from; i < until; i++) {
      s0 = t[s0 + a[p + i]]; s1 = t[s1 + a[p1 + i]]; s2 = t[s2 + a[p2 + i]]; s3 = t[s3 + a[p3 + i]];
      if (((s0 | s1 | s2 | s3) & matches) != 0) n += outputs[s0 >>> sh] + outputs[s1 >>> sh] + outputs[s2 >>> sh] + outputs[s3 >>> sh];
    }
    st[0] = rows.tableOffset(s0); st[1] = rows.tableOffset(s1); st[2] = rows.tableOffset(s2); st[3] = rows.tableOffset(s3);
    return n;
  }

  static long masked(byte[] a, int p, int part, int from, int until, int[] st) {
    int p1 = p + part, p2 = p1 + part, p3 = p2 + part;
    int[] t = rows.next(); int[] outputs = rows.outputCount(); int sh = rows.shift(); int matches = rows.matchBit();
    int s0 = rows.row(st[0]), s1 = rows.row(st[1]), s2 = rows.row(st[2]), s3 = rows.row(st[3]);
    long n = 0;
    for (int i = from; i < until; i++) {
      s0 = t[s0 + (a[p + i] & 0x7F)]; s1 = t[s1 + (a[p1 + i] & 0x7F)]; s2 = t[s2 + (a[p2 + i] & 0x7F)]; s3 = t[s3 + (a[p3 + i] & 0x7F)];
      if (((s0 | s1 | s2 | s3) & matches) != 0) n += outputs[s0 >>> sh] + outputs[s1 >>> sh] + outputs[s2 >>> sh] + outputs[s3 >>> sh];
    }
    st[0] = rows.tableOffset(s0); st[1] = rows.tableOffset(s1); st[2] = rows.tableOffset(s2); st[3] = rows.tableOffset(s3);
    return n;
  }
}
