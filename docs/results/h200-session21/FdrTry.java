// Scratch (session 21): the plain walk against the 8- and 4-bucket shift-or filters on one set (package-private
// API: compile into the package). java -cp trawl-core.jar:. dev.trawl.engine.cpu.FdrTry WORDS N TEXT MIB REPS
package dev.trawl.engine.cpu;

import dev.trawl.*;
import dev.trawl.automaton.*;
import dev.trawl.prefilter.*;
import java.lang.foreign.MemorySegment;
import java.nio.file.*;
import java.util.*;

public class FdrTry {
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    LinkedHashSet<String> ws = new LinkedHashSet<>(); for (String s : all) { s = s.strip(); if (!s.isEmpty()) ws.add(s); if (ws.size() == Integer.parseInt(args[1])) break; }
    PatternSet ps = PatternSet.of(new ArrayList<>(ws));
    byte[] src = Files.readAllBytes(Path.of(args[2]));
    int size = Integer.parseInt(args[3]) << 20;
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
    Map<String, AhoCorasickSearcher> s = new LinkedHashMap<>();
    s.put("plain", AhoCorasickEngine.searcher(ac, null));
    s.put("fdr", AhoCorasickEngine.searcher(ac, Fdr.forPatterns(ps)));
    s.put("narrow", AhoCorasickEngine.searcher(ac, Fdr.narrow(ps)));
    MemorySegment seg = MemorySegment.ofArray(a);
    for (int rep = 0; rep < Integer.parseInt(args[4]); rep++) {
      for (var e : s.entrySet()) {
        long t0 = System.nanoTime();
        long n = e.getValue().count(seg, 0, size);
        long dt = System.nanoTime() - t0;
        System.out.printf("%-7s %d %.3f%n", e.getKey(), n, size / (double) dt);
      }
    }
  }
}
