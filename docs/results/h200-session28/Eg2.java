package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.*;
import java.lang.foreign.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/**
 * Session 28 scratch (issue 24): where the engine's 1,000-word count loses to its own raw loop. T threads claim
 * CHUNK-byte chunks of one text (as the engine's ChunkedScan does) and count each with one variant:
 * cmp (the engine's searcher, compaction on, native text), plain (compaction off, native: a 1 MiB window copy a
 * block), heap (compaction off, the same text on the heap: no copy), seglong (the flagged-rows loop reading the
 * native segment 8 bytes a stream at a time, no copy), raw (the flagged-rows loop over the heap array).
 * java --add-modules jdk.incubator.vector -cp trawl-core.jar:. dev.trawl.engine.cpu.Eg2 WORDS MIB REPS TEXT VARIANTS THREADS CHUNK_KIB
 */
public class Eg2 {
  interface Counter { long count(long from, long to); }

  public static void main(String[] args) throws Exception {
    int nWords = Integer.parseInt(args[0]);
    int size = Integer.parseInt(args[1]) << 20;
    int reps = Integer.parseInt(args[2]);
    String textName = args[3];
    int threads = Integer.parseInt(args[5]);
    long chunk = Long.parseLong(args[6]) << 10;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(nWords).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    AhoCorasickSearcher on = new AhoCorasickSearcher(ac, null);
    System.setProperty("trawl.compaction", "off");
    AhoCorasickSearcher off = new AhoCorasickSearcher(ac, null);
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
    int st = rows != null ? rows.row(ac.start()) : 0; // seglong and raw need the flagged rows
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    for (int rep = 0; rep < reps; rep++) {
      StringBuilder sb = new StringBuilder(textName + " T" + threads + " rep " + rep + ":");
      for (String v : args[4].split(",")) {
        Counter c = switch (v) {
          case "cmp" -> (f, t) -> on.count(nat, f, t);
          case "plain" -> (f, t) -> off.count(nat, f, t);
          case "heap" -> (f, t) -> off.count(heap, f, t);
          case "seglong" -> (f, t) -> Eg.segLongRange(nat, f, t, rows, cls, st);
          case "raw" -> (f, t) -> Eg.rawRange(a, (int) f, (int) t, rows, cls, st);
          default -> throw new IllegalArgumentException(v);
        };
        AtomicLong next = new AtomicLong();
        LongAdder total = new LongAdder();
        long t0 = System.nanoTime();
        List<Future<?>> fs = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
          fs.add(pool.submit(() -> {
            long n = 0;
            for (long b; (b = next.getAndAdd(chunk)) < size;) n += c.count(b, Math.min(size, b + chunk));
            total.add(n);
          }));
        }
        for (Future<?> f : fs) f.get();
        long dt = System.nanoTime() - t0;
        sb.append(String.format("  %s %.3f GB/s (%d)", v, size / (double) dt, total.sum()));
      }
      System.out.println(sb);
    }
    pool.shutdown();
  }
}
