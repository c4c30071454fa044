package dev.trawl.engine.cpu;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A quick throughput table of every CPU engine (not a test, not JMH: the {@code trawl-bench} module
 * does it properly): the Iliad repeated in memory to about 64 MB, the ten hero names and 10,000
 * English-like words, 1 and 2 threads, a warm-up and one timed {@code count} per cell, MB/s and the
 * ratio to {@code cpu:jdk-regex} in the same run, by wall time and by the process's CPU time (the
 * latter is steadier on a shared machine, and shows no gain from threads). Slow cells time a prefix of the text sized from the
 * warm-up (about 2 s of work, 256 KB at least); MB/s hardly depends on the size. Run from trawl-core with
 * {@code java -cp target/classes:target/test-classes dev.trawl.engine.cpu.CpuEnginesSpeed [engines...]}.
 */
public final class CpuEnginesSpeed {
    private static final double TARGET_SECONDS = 2.0;

    private CpuEnginesSpeed() {}

    public static void main(String[] args) {
        byte[] iliad = TestData.iliadBytes();
        int reps = (int) Math.max(1, (64L << 20) / iliad.length);
        MemorySegment text = Arena.global().allocate((long) reps * iliad.length);
        for (int i = 0; i < reps; i++) {
            MemorySegment.copy(MemorySegment.ofArray(iliad), 0, text, (long) i * iliad.length, iliad.length);
        }
        List<String> engines = new ArrayList<>(List.of(args));
        if (engines.isEmpty()) {
            for (Engine e : Engines.all()) {
                if (e.name().startsWith("cpu:") && !e.name().equals(NaiveEngine.NAME)) {
                    engines.add(e.name());
                }
            }
        }
        System.out.printf(Locale.ROOT, "text: Iliad x %d = %.1f MB; %d cores%n", reps, text.byteSize() / 1e6,
                Runtime.getRuntime().availableProcessors());
        PatternSet heroes = PatternSet.of(TestData.HERO_NAMES);
        PatternSet words = PatternSet.of(TestData.words(10_000, 42));
        for (PatternSet ps : List.of(heroes, words)) {
            for (int threads : new int[] {1, 2}) {
                System.out.printf(Locale.ROOT, "%n%s, %d thread(s)%n%-18s %10s %8s %12s %9s %12s%n", ps, threads,
                        "engine", "MB/s", "x regex", "MB/cpu-s", "x regex", "matches/MB");
                double base = Double.NaN;
                double cpuBase = Double.NaN;
                List<double[]> rows = new ArrayList<>();
                for (String name : engines) {
                    double[] r = measure(name, ps, text, threads);
                    rows.add(r);
                    if (name.equals(JdkRegexEngine.NAME)) {
                        base = r[0];
                        cpuBase = r[2];
                    }
                }
                for (int i = 0; i < engines.size(); i++) {
                    double[] r = rows.get(i);
                    System.out.printf(Locale.ROOT, "%-18s %10.1f %8.2f %12.1f %9.2f %12.1f%n", engines.get(i), r[0],
                            r[0] / base, r[2], r[2] / cpuBase, r[1]);
                }
            }
        }
    }

    /**
     * {MB/s, matches per MB, MB per CPU-second} of one timed count, after a warm-up on 256 KB (and on 4 MB when that
     * takes under a second), on a prefix sized for {@link #TARGET_SECONDS}.
     */
    private static double[] measure(String engine, PatternSet ps, MemorySegment text, int threads) {
        Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine).withThreads(threads));
        long warm = Math.min(text.byteSize(), 256L << 10);
        double secondsPerByte = time(m, text.asSlice(0, warm)) / warm;
        if (secondsPerByte * (4L << 20) < 1) {
            warm = Math.min(text.byteSize(), 4L << 20);
            secondsPerByte = time(m, text.asSlice(0, warm)) / warm;
        }
        long size = (long) Math.max(256L << 10, Math.min(text.byteSize(), TARGET_SECONDS / secondsPerByte));
        MemorySegment run = text.asSlice(0, size);
        long c0 = processCpuNanos();
        long t0 = System.nanoTime();
        long n = m.count(Input.of(run));
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = (processCpuNanos() - c0) / 1e9;
        return new double[] {size / 1e6 / seconds, n / (size / 1e6), size / 1e6 / cpuSeconds};
    }

    /** CPU time of the whole process: less sensitive than wall time to other work on a shared box. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double time(Matcher m, MemorySegment text) {
        long t0 = System.nanoTime();
        m.count(Input.of(text));
        return (System.nanoTime() - t0) / 1e9;
    }
}
