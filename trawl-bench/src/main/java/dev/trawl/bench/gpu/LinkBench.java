package dev.trawl.bench.gpu;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Texts;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.DeviceInput;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.GpuMatcher;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.engine.CostRoutedEngine;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.Words;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
 * on all cores in the same run; the scan with a batched sink and with a call per match (one call, so
 * a cold one), and {@code countMatchingRecords} of lines (checked against the CPU's). Then the text already in device memory ({@code DeviceInput}: the
 * kernels alone, no copy) and {@code auto} with the GPU alone, the CPU alone and both sharing one
 * chunk queue ({@code trawl.auto.split=on}, with several CPU thread counts). Every count must agree, or
 * it says MISMATCH and exits 1.
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
            ok &= set("10 names", CountBench.set("names", List.of()), file, n, options);
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
                double batched = batchedScanSeconds(gpu, in, want, reps, ok, "scan(Input, MatchBatchSink)");
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
                long lines = cpu.countMatchingRecords(in, (byte) '\n');
                double records = BestTime.seconds(reps, () -> ok[0] &= check(gpu.countMatchingRecords(in, (byte) '\n'), lines,
                        "countMatchingRecords(Input, '\\n')"));
                System.out.printf(Locale.ROOT, "gpu:pfac countMatchingRecords(Input, '\\n'), %,d lines: %.1f ms (%.1f GB/s)%n",
                        lines, records * 1e3, n / records / 1e9);
                ok[0] &= onDevice(gpu, in, want, reps);
                ok[0] &= autoAloneAndTogether(ps, in, want, reps);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return ok[0];
    }

    /** The text already in device memory: count and batched scan are the kernels alone, nothing copied in. */
    private static boolean onDevice(GpuMatcher gpu, Input in, long want, int reps) {
        long n = in.byteSize();
        Gpu device = Gpu.get();
        boolean[] ok = {true};
        try (DeviceBuffer buf = new DeviceBuffer(device, n);
                Input text = DeviceInput.of(device, buf.pointer(), n)) {
            CudaDriver.memcpyHtoD(buf.pointer(), in.segment(), n);
            double count = BestTime.seconds(reps, () -> ok[0] &= check(gpu.count(text), want, "count(DeviceInput)"));
            System.out.printf(Locale.ROOT, "gpu:pfac count(DeviceInput), the text in device memory: %.1f ms (%.1f GB/s)%n",
                    count * 1e3, n / count / 1e9);
            long[] seen = {0};
            double batched = BestTime.seconds(Math.min(reps, 2), () -> {
                seen[0] = 0;
                gpu.scan(text, (ids, starts, ends, c) -> {
                    seen[0] += c;
                    return true;
                });
            });
            ok[0] &= check(seen[0], want, "scan(DeviceInput, MatchBatchSink)");
            System.out.printf(Locale.ROOT, "gpu:pfac scan(DeviceInput, MatchBatchSink): %.1f ms (%.1f GB/s)%n",
                    batched * 1e3, n / batched / 1e9);
        }
        return ok[0];
    }

    /**
     * {@code auto}'s count over one mapping reused, as {@code trawl.auto.gpu} and {@code trawl.auto.split}
     * set it: the GPU alone, the CPU alone, and both from one chunk queue with several CPU thread counts
     * (the rest of the cores left to the pipeline's copy threads).
     */
    private static boolean autoAloneAndTogether(PatternSet ps, Input in, long want, int reps) {
        long n = in.byteSize();
        int cores = Runtime.getRuntime().availableProcessors();
        boolean ok = true;
        ok &= autoRow("auto, GPU alone (gpu=always, split=off)", ps, in, want, reps, n, "always", "off", 0);
        ok &= autoRow("auto, CPU alone (gpu=never)", ps, in, want, reps, n, "never", "off", 0);
        for (int threads : new int[] {0, Math.max(1, cores / 4), Math.max(1, 3 * cores / 4)}) {
            ok &= autoRow("auto, GPU + CPU from one queue (split=on, " + (threads == 0 ? "default" : threads)
                    + " CPU threads)", ps, in, want, reps, n, "always", "on", threads);
        }
        ok &= autoRow("auto, by cost (split=cost)", ps, in, want, reps, n, "cost", "cost", 0);
        return ok;
    }

    /**
     * {@code auto} compiled with its GPU policy, its sharing mode and the CPU threads of a shared count
     * set for this matcher ({@code null} or 0: auto's defaults); the properties are cleared after.
     */
    static Matcher autoMatcher(PatternSet ps, String gpuPolicy, String split, int cpuThreads) {
        if (gpuPolicy != null) {
            System.setProperty(CostRoutedEngine.POLICY_PROPERTY, gpuPolicy);
        }
        if (split != null) {
            System.setProperty(CostRoutedEngine.SPLIT_PROPERTY, split);
        }
        if (cpuThreads > 0) {
            System.setProperty(CostRoutedEngine.SPLIT_THREADS_PROPERTY, Integer.toString(cpuThreads));
        }
        try {
            return Trawl.compile(ps);
        } finally {
            System.clearProperty(CostRoutedEngine.POLICY_PROPERTY);
            System.clearProperty(CostRoutedEngine.SPLIT_PROPERTY);
            System.clearProperty(CostRoutedEngine.SPLIT_THREADS_PROPERTY);
        }
    }

    private static boolean autoRow(String label, PatternSet ps, Input in, long want, int reps, long n, String gpuPolicy,
            String split, int cpuThreads) {
        Matcher m = autoMatcher(ps, gpuPolicy, split, cpuThreads);
        boolean[] ok = {check(m.count(in), want, label)}; // untimed: starts the GPU, and calibrates the costs
        double s = BestTime.seconds(reps, () -> ok[0] &= check(m.count(in), want, label));
        System.out.printf(Locale.ROOT, "%s count(Input): %.1f ms (%.1f GB/s), served by %s%n", label, s * 1e3, n / s / 1e9,
                m.engine());
        return ok[0];
    }

    /**
     * The best time of {@code scan(in, MatchBatchSink)} over up to two runs and more while they are fast
     * ({@link BestTime#warm}), each building a count per
     * pattern from the batches, checked against {@code want} (into {@code ok[0]}, as {@code what}).
     */
    static double batchedScanSeconds(Matcher m, Input in, long want, int reps, boolean[] ok, String what) {
        long[] perPattern = new long[m.patterns().size()];
        return BestTime.warm(Math.min(reps, 2), () -> {
            Arrays.fill(perPattern, 0);
            m.scan(in, (ids, starts, ends, count) -> {
                for (int i = 0; i < count; i++) {
                    perPattern[ids[i]]++;
                }
                return true;
            });
            ok[0] &= check(Arrays.stream(perPattern).sum(), want, what);
        });
    }

    static boolean check(long got, long want, String what) {
        if (got != want) {
            System.out.println("MISMATCH: " + what + " counted " + got + ", cpu:aho-corasick " + want);
            return false;
        }
        return true;
    }
}
