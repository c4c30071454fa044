package dev.trawl.automaton;

import dev.trawl.PatternSet;
import java.nio.file.*;
import java.util.*;

/** Scratch: cache lines a walk touches, classes numbered in byte order against by byte frequency. */
public class Hl {
  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    FlaggedRows rows = ac.flaggedRows();
    int[] t = rows.next(); int sh = rows.shift();
    int[] cls = ac.classTable();
    int nc = ac.classCount();
    double[] w = new double[nc];
    for (int b = 0; b < 256; b++) w[cls[b]] += ByteFrequencies.of(b);
    Integer[] order = new Integer[nc]; for (int c = 0; c < nc; c++) order[c] = c;
    Arrays.sort(order, 1, nc, (x, y) -> Double.compare(w[y], w[x]));
    int[] pos = new int[nc]; for (int i = 0; i < nc; i++) pos[order[i]] = i;
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
      for (int base : new int[] {16, 0}) {
        Map<Integer, long[]> byLayout = new LinkedHashMap<>();
        long[] a = new long[(t.length * 4 + 64) / 64 + 1], b = new long[a.length];
        int s = rows.row(ac.start());
        for (byte x : src) {
          int c = cls[x & 0xFF];
          a[(base + 4 * (s + c)) >> 6]++;
          b[(base + 4 * (s + pos[c])) >> 6]++;
          s = t[s + c];
        }
        System.out.println(text + " base " + base + ": byte order " + cover(a, src.length) + " | by frequency " + cover(b, src.length));
      }
    }
  }

  static String cover(long[] v0, long total) {
    long[] v = v0.clone(); Arrays.sort(v);
    StringBuilder sb = new StringBuilder(); double[] marks = {0.9, 0.95, 0.99}; int mi = 0; long acc = 0; int k = 0;
    for (int i = v.length - 1; i >= 0 && mi < marks.length; i--) { acc += v[i]; k++; while (mi < marks.length && acc >= marks[mi] * total) { sb.append(String.format(" %.0f%%: %d lines (%d KB)", marks[mi] * 100, k, k * 64 / 1024)); mi++; } }
    return sb.toString();
  }
}
