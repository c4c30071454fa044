package dev.trawl.engine.cpu;

import dev.trawl.*;
import dev.trawl.automaton.*;
import dev.trawl.prefilter.*;
import java.lang.foreign.MemorySegment;
import java.nio.file.*;
import java.util.*;

/** Scratch: the 1,000-word count walk against the same walk driven by the shift-or filters. */
public class Fr {
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    LinkedHashSet<String> ws = new LinkedHashSet<>();
    for (String s : all) { s = s.strip(); if (!s.isEmpty()) ws.add(s); if (ws.size() == Integer.parseInt(args[1])) break; }
    PatternSet ps = PatternSet.of(new ArrayList<>(ws));
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
    byte[] src = Files.readAllBytes(Path.of(args[2]));
    int size = Integer.parseInt(args[3]) << 20;
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    MemorySegment heap = MemorySegment.ofArray(a);
    MemorySegment text = java.lang.foreign.Arena.global().allocate(size, 64);
    MemorySegment.copy(heap, 0, text, 0, size);
    Map<String, AhoCorasickSearcher> s = new LinkedHashMap<>();
    s.put("walk", new AhoCorasickSearcher(ac, null));
    s.put("table", new AhoCorasickSearcher(ac, null, false));
    s.put("heap-walk", new AhoCorasickSearcher(ac, null));
    System.out.println(Prefilters.choose(ps) == null ? "chosen: none" : "chosen: " + Prefilters.choose(ps).describe());
    for (int rep = 0; rep < Integer.parseInt(args[4]); rep++) {
      for (var e : s.entrySet()) {
        long t0 = System.nanoTime();
        long n = 0;
        MemorySegment in = e.getKey().startsWith("heap") ? heap : text;
        for (long b = 0; b < size; b += 1 << 22) n += e.getValue().count(in, b, Math.min(size, b + (1 << 22)));
        long dt = System.nanoTime() - t0;
        System.out.printf("%-5s %d matches %.3f GB/s%n", e.getKey(), n, size / (double) dt);
      }
    }
  }
}
