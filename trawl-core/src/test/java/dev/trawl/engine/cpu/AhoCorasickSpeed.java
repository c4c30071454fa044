package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.testing.TestData;
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
 * End-to-end speed of {@code cpu:aho-corasick} on the Iliad repeated in memory: every overlapping
 * match counted ({@code count}), streamed to a trivial sink ({@code scan}), or lines holding a match
 * counted ({@code lines}, what {@code -c} needs). Engine {@code after-ci} is the same engine on the
 * case-insensitive set, for the cost of {@code -i} measured side by side. One-thread runs are timed
 * by the thread's CPU time, others by wall time. Prints GB/s medians and ratios to the first engine,
 * plus compile time and table bytes per pattern. A runnable main (the lead wires it into JMH):
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp target/classes:target/test-classes \
 *     dev.trawl.engine.cpu.AhoCorasickSpeed --mib 128 --reps 5 --threads 1,2 \
 *     --sets heroes,1k,long2500,100k,1m --modes count,scan,lines --engines after,after-ci [--ci]
 * </pre>
 */
public final class AhoCorasickSpeed {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private AhoCorasickSpeed() {}

    public static void main(String[] args) {
        Map<String, String> opt = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        boolean ci = Arrays.asList(args).contains("--ci");
        int mib = Integer.parseInt(opt.getOrDefault("mib", "128"));
        int reps = Integer.parseInt(opt.getOrDefault("reps", "5"));
        List<Integer> threads = Arrays.stream(opt.getOrDefault("threads", "1,2").split(",")).map(Integer::valueOf).toList();
        List<String> sets = List.of(opt.getOrDefault("sets", "heroes,1k,long2500,100k,1m").split(","));
        List<String> modes = List.of(opt.getOrDefault("modes", "count,scan").split(","));
        List<String> engines = List.of(opt.getOrDefault("engines", "after,after-ci").split(","));

        byte[] text = BenchData.iliadRepeated(mib << 20);
        MemorySegment seg = MemorySegment.ofArray(text);
        System.out.printf(Locale.ROOT, "text: Iliad repeated to %d MiB; %d cores; case-insensitive=%s%n", mib,
                Runtime.getRuntime().availableProcessors(), ci);
        System.out.printf(Locale.ROOT, "%-9s %-6s %-6s %3s %10s %10s %9s %8s %14s%n", "set", "engine", "mode", "thr",
                "GB/s", "vs first", "compile", "B/pat", "matches");
        for (String set : sets) {
            PatternSet ps = BenchData.set(set).withCaseInsensitive(ci);
            Map<String, Runner> runners = new LinkedHashMap<>();
            Map<String, Double> compileS = new LinkedHashMap<>();
            for (String engine : engines) {
                long t0 = System.nanoTime();
                runners.put(engine, runner(engine, ps));
                compileS.put(engine, (System.nanoTime() - t0) / 1e9);
            }
            for (int th : threads) {
                MatcherOptions o = MatcherOptions.defaults().withThreads(th);
                for (String mode : modes) {
                    // Engines take turns within each repetition, so load from elsewhere hits all alike.
                    Map<String, double[]> gbs = new LinkedHashMap<>();
                    Map<String, Long> matches = new LinkedHashMap<>();
                    for (int rep = -1; rep < reps; rep++) { // rep -1 warms up
                        for (String engine : engines) {
                            // One thread runs on this one: its CPU time is steadier than wall time on a busy box.
                            long s0 = th == 1 ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
                            long m = runners.get(engine).run(mode, o, seg);
                            double sec = ((th == 1 ? CPU.getCurrentThreadCpuTime() : System.nanoTime()) - s0) / 1e9;
                            if (rep >= 0) {
                                gbs.computeIfAbsent(engine, e -> new double[reps])[rep] = text.length / sec / 1e9;
                            }
                            Long prev = matches.putIfAbsent(engine, m);
                            if (prev != null && prev != m) {
                                throw new AssertionError(engine + ": unstable count " + m + " vs " + prev);
                            }
                        }
                    }
                    if (matches.entrySet().stream().filter(e -> !e.getKey().endsWith("-ci")).map(Map.Entry::getValue)
                            .distinct().count() > 1) {
                        throw new AssertionError(set + ": engines disagree on the count: " + matches);
                    }
                    Double first = null;
                    for (String engine : engines) {
                        double[] g = gbs.get(engine);
                        Arrays.sort(g);
                        double med = g[reps / 2];
                        String ratio = first == null ? "" : String.format(Locale.ROOT, "%.2fx", med / first);
                        if (first == null) {
                            first = med;
                        }
                        System.out.printf(Locale.ROOT, "%-9s %-6s %-6s %3d %10.3f %10s %8.2fs %8.1f %14d%n", set, engine,
                                mode, th, med, ratio, compileS.get(engine),
                                (double) runners.get(engine).memoryBytes() / ps.size(), matches.get(engine));
                    }
                }
            }
        }
    }

    /** One engine under test, compiled. */
    interface Runner {
        long run(String mode, MatcherOptions o, MemorySegment text);

        long memoryBytes();
    }

    static Runner runner(String engine, PatternSet ps) {
        int[] lengths = new int[ps.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = ps.length(i);
        }
        return switch (engine) {
            case "after", "after-ci" -> {
                // after-ci: the same set, case-insensitive, to show what -i costs in the same run.
                PatternSet set = engine.equals("after-ci") ? ps.withCaseInsensitive(true) : ps;
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(set);
                RangeSearcher s = AhoCorasickEngine.searcher(ac);
                yield new Runner() {
                    public long run(String mode, MatcherOptions o, MemorySegment text) {
                        ChunkedScan scan = new ChunkedScan(s, lengths, o);
                        if (mode.equals("count")) {
                            return scan.count(text);
                        }
                        if (mode.equals("lines")) {
                            return scan.countRecords(text, (byte) '\n', false);
                        }
                        CountingSink sink = new CountingSink();
                        scan.scan(text, sink);
                        return sink.n;
                    }

                    public long memoryBytes() {
                        return ac.memoryBytes();
                    }
                };
            }
            default -> throw new IllegalArgumentException("engine after or after-ci, not " + engine);
        };
    }

    /** The trivial sink of the streaming measurement: counts, and mixes the ids so nothing is dead code. */
    static final class CountingSink implements MatchSink {
        long n;
        long mix;

        @Override
        public boolean onMatch(int patternId, long start, long end) {
            n++;
            mix += patternId ^ start;
            return true;
        }
    }

    /** Pattern sets and texts of these measurements, made deterministically. */
    static final class BenchData {
        private BenchData() {}

        static byte[] iliadRepeated(int bytes) {
            byte[] iliad = TestData.iliadBytes();
            byte[] t = new byte[bytes];
            for (int i = 0; i < bytes; i += iliad.length) {
                System.arraycopy(iliad, 0, t, i, Math.min(iliad.length, bytes - i));
            }
            return t;
        }

        static PatternSet set(String name) {
            return switch (name) {
                case "heroes" -> PatternSet.of(TestData.HERO_NAMES);
                case "1k" -> PatternSet.of(TestData.words(1_000, 1));
                case "long2500" -> PatternSet.of(longAbsentWords(2_500));
                case "100k" -> PatternSet.of(TestData.words(100_000, 3));
                case "1m" -> PatternSet.of(TestData.words(1_000_000, 4));
                default -> throw new IllegalArgumentException("unknown set " + name);
            };
        }

        /** {@code n} generated words of 15 letters or more that occur nowhere in the Iliad (a pure scan). */
        static List<String> longAbsentWords(int n) {
            List<String> candidates = new ArrayList<>();
            for (String w : TestData.words(60_000, 2)) {
                if (w.length() >= 15) {
                    candidates.add(w);
                }
            }
            PatternSet ps = PatternSet.of(candidates);
            boolean[] seen = new boolean[ps.size()];
            byte[] iliad = TestData.iliadBytes();
            AhoCorasickEngine.searcher(AhoCorasickAutomaton.compile(ps)).search(MemorySegment.ofArray(iliad), 0, iliad.length, (id, s, e) -> {
                seen[id] = true;
                return true;
            });
            List<String> out = new ArrayList<>();
            for (int i = 0; i < candidates.size() && out.size() < n; i++) {
                if (!seen[i]) {
                    out.add(candidates.get(i));
                }
            }
            if (out.size() < n) {
                throw new IllegalStateException("only " + out.size() + " long absent words");
            }
            return out;
        }
    }
}
