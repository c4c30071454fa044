package dev.trawl.engine.cpu;

import dev.trawl.scan.RangeSearcher;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.Fingerprint;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.prefilter.ScalarFingerprint;
import dev.trawl.prefilter.WuManber;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Microbenchmark of the two inner loops of {@code cpu:aho-corasick}, one thread, timed by thread CPU
 * time, medians of several runs (the lead wires these into JMH):
 * <ul>
 *   <li><b>prefilter</b>: each filter's {@code next()} walked over the whole text (candidates per MB
 *       and GB/s), for the sets it applies to: Teddy (vector) and the scalar fingerprint on the hero
 *       names, Wu-Manber on the 2,500 long absent words;</li>
 *   <li><b>dfa</b>: the automaton's counting loop without any filter, one stream (the range cut so
 *       small that the engine does not interleave) against the engine's four lockstep streams.</li>
 * </ul>
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp target/classes:target/test-classes \
 *     dev.trawl.engine.cpu.PrefilterSpeed --mib 64 --reps 5
 * </pre>
 */
public final class PrefilterSpeed {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private PrefilterSpeed() {}

    public static void main(String[] args) {
        int mib = 64;
        int reps = 5;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--mib" -> mib = Integer.parseInt(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException(args[i]);
            }
        }
        byte[] text = AhoCorasickSpeed.BenchData.iliadRepeated(mib << 20);
        System.out.printf(Locale.ROOT, "text: Iliad repeated to %d MiB, one thread, CPU time; vector API: %s%n", mib,
                Prefilters.vectorAvailable());
        PatternSet heroes = AhoCorasickSpeed.BenchData.set("heroes");
        PatternSet long2500 = AhoCorasickSpeed.BenchData.set("long2500");
        Map<String, Prefilter> filters = new LinkedHashMap<>();
        Fingerprint fp = Prefilters.bestFingerprint(heroes);
        filters.put("heroes/chosen", Prefilters.choose(heroes));
        filters.put("heroes/scalar", new ScalarFingerprint(fp));
        filters.put("long2500/wu-manber", WuManber.forPatterns(long2500));
        for (Map.Entry<String, Prefilter> e : filters.entrySet()) {
            Prefilter f = e.getValue();
            long[] cands = new long[1];
            double g = median(reps, () -> {
                int x = 0;
                long c = 0;
                while ((x = f.next(text, x, text.length, text.length)) < text.length) {
                    c++;
                    x++;
                }
                cands[0] = c;
            }, text.length);
            System.out.printf(Locale.ROOT, "prefilter %-20s %7.3f GB/s %8.1f candidates/MB  %s%n", e.getKey(), g,
                    cands[0] / (text.length / 1e6), f.describe());
        }
        MemorySegment seg = MemorySegment.ofArray(text);
        for (String set : List.of("heroes", "1k", "100k", "1m")) {
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(AhoCorasickSpeed.BenchData.set(set));
            RangeSearcher s = AhoCorasickEngine.searcher(ac, null);
            int small = (int) (AhoCorasickSearcher.STREAMS * AhoCorasickSearcher.MIN_STREAM_BYTES - 1);
            double one = median(reps, () -> {
                for (long from = 0; from < text.length; from += small) {
                    s.count(seg, from, Math.min(text.length, from + small));
                }
            }, text.length);
            double four = median(reps, () -> s.count(seg, 0, text.length), text.length);
            System.out.printf(Locale.ROOT, "dfa %-6s one stream %7.3f GB/s, four streams %7.3f GB/s (%.2fx); %d states, %s%n",
                    set, one, four, four / one, ac.stateCount(), ac.allDense() ? "all dense" : ac.denseCount() + " dense");
        }
    }

    private static double median(int reps, Runnable r, long bytes) {
        List<Double> g = new ArrayList<>();
        for (int i = -1; i < reps; i++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            r.run();
            long dt = CPU.getCurrentThreadCpuTime() - t0;
            if (i >= 0) {
                g.add(bytes / (double) dt);
            }
        }
        Double[] a = g.toArray(new Double[0]);
        Arrays.sort(a);
        return a[a.length / 2];
    }
}
