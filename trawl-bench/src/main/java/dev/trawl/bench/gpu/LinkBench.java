package dev.trawl.bench.gpu;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Texts;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.GpuMatcher;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.Words;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Where {@code gpu:pfac}'s end-to-end time goes through the public API: the Iliad repeated to
 * {@code --bytes} in a page-cached file, counted by {@code count(Path)} (a fresh mapping each call,
 * as a caller does), by {@code count(Input)} over one mapping reused (faulted in once), with other
 * chunk sizes, and beside it the pieces alone: mapping and unmapping, faulting the mapping in on
 * several threads, the host copy into pinned memory and the copy to the device; {@code cpu:aho-corasick}
 * on all cores in the same run. Every count must agree, or it says MISMATCH and exits 1.
 *
 * <p>Usage: {@code LinkBench [--data DIR] [--bytes N] [--reps N] [--threads N] [--dir DIR]}.
 */
public final class LinkBench {
    private LinkBench() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args));
    }

    public static int run(String[] args) throws IOException {
        GpuBenchArgs options = GpuBenchArgs.parse(args, "--bytes", 512L << 20);
        Optional<Gpu> device = GpuBenchArgs.gpu();
        if (device.isEmpty()) {
            return 2;
        }
        Gpu gpu = device.get();
        Path file = options.dir().resolve("trawl-link-iliad.txt");
        long n = options.size();
        PfacBench.repeatInto(Texts.iliad(DataDir.find(options.data())), n, file);
        System.out.printf(Locale.ROOT, "text: %,d bytes; host %d cores%n", n, Runtime.getRuntime().availableProcessors());
        PfacBench.copyBandwidth(gpu);
        boolean ok = true;
        try {
            pieces(file, n, options.reps());
            try (Input in = Input.map(file)) {
                PfacBench.hostCopyBandwidth(gpu, in.segment());
            }
            PatternSet names = PatternSet.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache", "Patroclus", "Ajax",
                    "Priam", "Agamemnon", "Cassandra");
            ok &= set("10 names", names, file, n, options);
            ok &= set("10,000 words", PatternSet.of(Words.generate(10_000, 7)), file, n, options);
        } finally {
            Files.deleteIfExists(file);
        }
        System.out.println(ok ? "all counts agree" : "MISMATCH");
        return ok ? 0 : 1;
    }

    /** Mapping and unmapping alone, and faulting a fresh mapping in on 1 and on 12 threads. */
    private static void pieces(Path file, long n, int reps) {
        double mapOnly = BestTime.seconds(reps, () -> {
            try (Input in = Input.map(file)) {
                in.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0);
            }
        });
        System.out.printf(Locale.ROOT, "map + unmap (one page touched): %.2f ms%n", mapOnly * 1e3);
        for (int threads : new int[] {1, 12}) {
            double touch = BestTime.seconds(reps, () -> {
                try (Input in = Input.map(file)) {
                    touch(in.segment(), threads);
                }
            });
            System.out.printf(Locale.ROOT, "map + fault in every page on %d threads + unmap: %.2f ms (%.1f GB/s)%n", threads,
                    touch * 1e3, n / touch / 1e9);
        }
    }

    private static void touch(MemorySegment seg, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            long per = (seg.byteSize() + threads - 1) / threads;
            java.util.List<Future<Long>> fs = new java.util.ArrayList<>();
            for (int k = 0; k < threads; k++) {
                long lo = k * per;
                long hi = Math.min(seg.byteSize(), lo + per);
                fs.add(pool.submit(() -> {
                    long sum = 0;
                    for (long p = lo; p < hi; p += 4096) {
                        sum += seg.get(java.lang.foreign.ValueLayout.JAVA_BYTE, p);
                    }
                    return sum;
                }));
            }
            for (Future<Long> f : fs) {
                f.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
    }

    private static boolean set(String label, PatternSet ps, Path file, long n, GpuBenchArgs options) {
        int reps = options.reps();
        System.out.println("== " + label);
        Matcher cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME)
                .withThreads(options.threads()));
        long want = cpu.count(file);
        double cpuPath = BestTime.seconds(reps, () -> cpu.count(file));
        System.out.printf(Locale.ROOT, "cpu:aho-corasick x%d count(Path): %.1f ms (%.1f GB/s), %,d matches%n",
                options.threads(), cpuPath * 1e3, n / cpuPath / 1e9, want);
        boolean[] ok = {true};
        try (GpuMatcher gpu = (GpuMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME))) {
            double path = BestTime.seconds(reps, () -> ok[0] &= check(gpu.count(file), want, "count(Path)"));
            System.out.printf(Locale.ROOT, "gpu:pfac count(Path), a fresh mapping each call: %.1f ms (%.1f GB/s)%n",
                    path * 1e3, n / path / 1e9);
            try (Input in = Input.map(file)) {
                for (long chunk : new long[] {0, 64L << 20, 128L << 20}) {
                    try (GpuMatcher m = (GpuMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME)
                            .withChunkBytes(chunk))) {
                        double s = BestTime.seconds(reps, () -> ok[0] &= check(m.count(in), want, "count(Input)"));
                        System.out.printf(Locale.ROOT, "gpu:pfac count(Input), one mapping reused, chunk %s: %.1f ms (%.1f GB/s)%n",
                                chunk == 0 ? "default" : (chunk >> 20) + " MiB", s * 1e3, n / s / 1e9);
                    }
                }
                long[] perPattern = new long[ps.size()];
                double batched = BestTime.seconds(Math.min(reps, 2), () -> {
                    Arrays.fill(perPattern, 0);
                    gpu.scan(in, (ids, starts, ends, count) -> {
                        for (int i = 0; i < count; i++) {
                            perPattern[ids[i]]++;
                        }
                        return true;
                    });
                    ok[0] &= check(Arrays.stream(perPattern).sum(), want, "scan(Input, MatchBatchSink)");
                });
                System.out.printf(Locale.ROOT, "gpu:pfac scan(Input, MatchBatchSink), a count per pattern: %.1f ms (%.1f GB/s,"
                        + " %.0f M matches/s)%n", batched * 1e3, n / batched / 1e9, want / batched / 1e6);
                long[] seen = {0};
                double single = BestTime.seconds(1, () -> {
                    seen[0] = 0;
                    gpu.scan(in, (id, s, e) -> {
                        seen[0]++;
                        return true;
                    });
                });
                ok[0] &= check(seen[0], want, "scan(Input, MatchSink)");
                System.out.printf(Locale.ROOT, "gpu:pfac scan(Input, MatchSink), a call per match: %.1f ms (%.1f GB/s)%n",
                        single * 1e3, n / single / 1e9);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return ok[0];
    }

    private static boolean check(long got, long want, String what) {
        if (got != want) {
            System.out.println("MISMATCH: " + what + " counted " + got + ", cpu:aho-corasick " + want);
            return false;
        }
        return true;
    }
}
