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
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.cuda.engine.GpuPfacMatcher;
import dev.trawl.cuda.engine.PfacLauncher;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;

/**
 * The PFAC kernels of {@code gpu:pfac} measured from the inside, beside {@code cpu:aho-corasick}: a
 * text (the Iliad repeated to 1 GiB) in a file, three pattern sets (the ten hero names of the PFAC
 * write-up's Iliad experiment, and the first 1K, 10K or 100K words of {@code data/words/english-100k.txt}, real
 * English words: {@code --sets}), and for each:
 * <ul>
 *   <li>kernel-only GB/s: the text already on the device, timed with CUDA events, for counting
 *       ({@code pfac_count} with a total) and for finding ({@code pfac_count}, {@code tiles_scan},
 *       {@code pfac_write}: every match materialised on the device, in order);
 *   <li>end-to-end GB/s from the memory-mapped file, wall clock: {@code count} and a full {@code scan}
 *       that hands every match to a sink, with the input staged through pinned buffers (the default)
 *       and, for comparison, page-locked in place;
 *   <li>{@code cpu:aho-corasick} on all cores in the same run, and the ratio.
 * </ul>
 * Every way of counting must give the same number, or the run says MISMATCH and exits 1.
 *
 * <p>Where the bench's experiments time {@code gpu:pfac} as one engine among the others, this takes
 * its kernels apart (count against find, the count kernel's variants, staged against registered
 * input), which only a GPU run can show. Without a GPU it says why and exits 2.
 *
 * <p>Usage: {@code trawl bench pfac-gpu [--data DIR] [--bytes N] [--reps N] [--threads N] [--dir DIR]
 * [--sets names,1K,10K,100K]}
 * ({@code --data}: where {@code iliad.txt} is, found as the experiments find it by default; {@code --dir}:
 * where the repeated text is written, the temporary directory by default).
 */
public final class PfacBench {
    private PfacBench() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args));
    }

    /** Runs the benchmark; returns the exit status: 0, 1 on a count mismatch, 2 without a GPU. */
    public static int run(String[] args) throws IOException {
        GpuBenchArgs options = GpuBenchArgs.parse(args, "--bytes", 1L << 30, 3, Map.of("--sets", "names,1K,10K,100K"));
        long bytes = options.size();
        int reps = options.reps();
        int threads = options.threads();
        Optional<Gpu> device = options.gpu("cpu:aho-corasick runs");
        if (device.isEmpty()) {
            return 2;
        }
        Gpu gpu = device.get();
        Path file = options.dir().resolve("trawl-bench-iliad.txt");
        repeatInto(Texts.iliad(DataDir.find(options.data())), bytes, file);
        System.out.printf(Locale.ROOT, "text: iliad.txt repeated to %d bytes (%.2f GiB) in %s%n", bytes,
                bytes / (double) (1L << 30), file);
        copyBandwidth(gpu);

        List<String[]> rows = new ArrayList<>();
        boolean ok = true;
        try (Input in = Input.map(file)) {
            hostCopyBandwidth(gpu, in.segment());
            Path data = DataDir.find(options.data());
            List<String> words = Files.readAllLines(data.resolve("words/english-100k.txt"), StandardCharsets.ISO_8859_1);
            for (String name : options.extra("--sets").split(",")) {
                PatternSet ps = CountBench.set(name.trim(), words);
                String label = CountBench.label(name.trim(), ps);
                ok &= runSet(label, ps, in, reps, threads, gpu, rows);
            }
        } finally {
            Files.deleteIfExists(file);
        }
        System.out.println();
        System.out.println("| patterns | matches | GPU kernel count GB/s | GPU kernel find GB/s | GPU e2e count GB/s"
                + " | GPU e2e find GB/s | CPU x" + threads + " count GB/s | CPU x" + threads + " find GB/s"
                + " | count: GPU/CPU | find: GPU/CPU |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String[] r : rows) {
            System.out.println("| " + String.join(" | ", r) + " |");
        }
        System.out.println(ok ? "all counts agree" : "MISMATCH between engines or passes");
        return ok ? 0 : 1;
    }

    private static boolean runSet(String label, PatternSet ps, Input in, int reps, int threads, Gpu gpu,
            List<String[]> rows) {
        long n = in.byteSize();
        System.out.println();
        System.out.println("== " + label + " (" + ps.size() + " patterns, longest " + ps.maxLength() + ")");
        Matcher cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(threads));
        long cpuCount = cpu.count(in);
        double cpuS = BestTime.seconds(reps, () -> check(cpu.count(in), cpuCount, "cpu"));
        System.out.printf(Locale.ROOT, "cpu:aho-corasick: %d matches, %.3f s, %.2f GB/s%n", cpuCount, cpuS, n / cpuS / 1e9);

        long t0 = System.nanoTime();
        GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine("gpu:pfac"));
        PfacLauncher l = m.launcher();
        System.out.printf(Locale.ROOT, "gpu:pfac compile: %.1f ms (%d states x %d classes, %d hot rows, %d B shared)%n",
                (System.nanoTime() - t0) / 1e6, l.table().stateCount(), l.table().classCount(), l.hotStates(),
                l.sharedBytes());
        boolean ok = true;
        double[] kernel = kernelOnly(gpu, l, in.segment(), reps, cpuCount);
        ok &= kernel[2] == 1;
        // Variants of the walk's count kernel (the default count-only pass is the counting DFA, where it fits).
        for (String[] v : new String[][] {{"mask", "16384", "on"}, {"flat", "16384", "on"}, {"classes", "16384", "off"},
                {"classes", "16384", "on"}, {"classes", "8192", "on"}, {"classes", "24576", "on"}}) {
            System.setProperty(PfacLauncher.COUNT_PROPERTY, "walk");
            System.setProperty(PfacLauncher.KERNEL_PROPERTY, v[0]);
            System.setProperty(PfacLauncher.HOT_BYTES_PROPERTY, v[1]);
            System.setProperty(PfacLauncher.GRAMS_PROPERTY, v[2]);
            try (PfacLauncher variant = new PfacLauncher(gpu, l.table())) {
                System.out.printf(Locale.ROOT, "  variant %s, %d hot rows, %d filter words, %d B shared: ",
                        variant.kernelName(), variant.hotStates(), variant.gramWords(), variant.sharedBytes());
                ok &= kernelCountOnly(gpu, variant, in.segment(), reps, cpuCount);
            } finally {
                System.clearProperty(PfacLauncher.COUNT_PROPERTY);
                System.clearProperty(PfacLauncher.KERNEL_PROPERTY);
                System.clearProperty(PfacLauncher.HOT_BYTES_PROPERTY);
                System.clearProperty(PfacLauncher.GRAMS_PROPERTY);
            }
        }

        String[] modes = {"staged", "registered"};
        double[] e2e = new double[modes.length];
        for (int k = 0; k < modes.length; k++) {
            System.setProperty(GpuPfacEngine.INPUT_PROPERTY, modes[k]);
            long c = m.count(in);
            ok &= c == cpuCount;
            e2e[k] = BestTime.seconds(reps, () -> check(m.count(in), cpuCount, "gpu count"));
            System.out.printf(Locale.ROOT, "gpu:pfac e2e count, input %s: %.1f ms (%.2f GB/s)%n", modes[k], e2e[k] * 1e3,
                    n / e2e[k] / 1e9);
        }
        System.clearProperty(GpuPfacEngine.INPUT_PROPERTY);
        long[] seen = {0};
        double findS = BestTime.seconds(Math.min(reps, 2), () -> seen[0] = scanCount(m, in, cpuCount, "gpu scan"));
        ok &= seen[0] == cpuCount;
        double cpuFindS = BestTime.seconds(Math.min(reps, 2), () -> scanCount(cpu, in, cpuCount, "cpu scan"));
        double autoS = e2e[0];
        System.out.printf(Locale.ROOT, "find (every match to a sink, in order): gpu:pfac %.3f s (%.2f GB/s), "
                + "cpu:aho-corasick %.3f s (%.2f GB/s)%n", findS, n / findS / 1e9, cpuFindS, n / cpuFindS / 1e9);
        rows.add(new String[] {label, Long.toString(cpuCount), f(n / kernel[0] / 1e9), f(n / kernel[1] / 1e9),
            f(n / autoS / 1e9), f(n / findS / 1e9), f(n / cpuS / 1e9), f(n / cpuFindS / 1e9), f(cpuS / autoS) + "x",
            f(cpuFindS / findS) + "x"});
        m.close();
        return ok;
    }

    /** {seconds count-only, seconds find, 1 if all counts agreed}, best of reps, text resident on the device. */
    private static double[] kernelOnly(Gpu gpu, PfacLauncher l, MemorySegment text, int reps, long expect) {
        long n = text.byteSize();
        long tiles = PfacLauncher.tiles(n);
        boolean ok = true;
        double countS = Double.MAX_VALUE;
        double findS = Double.MAX_VALUE;
        try (DeviceBuffer d = new DeviceBuffer(gpu, n + PfacLauncher.TEXT_PADDING);
                DeviceBuffer threadCounts = new DeviceBuffer(gpu, tiles * PfacLauncher.THREADS * 4);
                DeviceBuffer tileCounts = new DeviceBuffer(gpu, tiles * 8);
                DeviceBuffer tileOffsets = new DeviceBuffer(gpu, tiles * 8);
                DeviceBuffer total = new DeviceBuffer(gpu, 8);
                PinnedBuffer totalHost = new PinnedBuffer(gpu, 8);
                Stream s = new Stream(gpu); Event a = new Event(gpu, true); Event b = new Event(gpu, true)) {
            gpu.bind();
            CudaDriver.memcpyHtoD(d.pointer(), text, n);
            Timed count = timeCount(l, d, n, total, totalHost, s, a, b, reps, expect);
            countS = count.seconds();
            ok = count.ok();
            try (DeviceBuffer out = new DeviceBuffer(gpu, Math.max(8, expect * 8))) {
                for (int r = 0; r <= reps; r++) {
                    a.record(s);
                    l.count(s, d.pointer(), n, n, threadCounts.pointer(), tileCounts.pointer(), 0);
                    l.scanTiles(s, tileCounts.pointer(), tileOffsets.pointer(), tiles, total.pointer());
                    l.write(s, d.pointer(), n, n, threadCounts.pointer(), tileCounts.pointer(), tileOffsets.pointer(), 0,
                            tiles, out.pointer());
                    b.record(s);
                    s.copyToHost(totalHost.segment(), total.pointer(), 8);
                    s.synchronize();
                    long got = totalHost.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
                    ok &= got == expect;
                    if (r > 0) {
                        findS = Math.min(findS, b.millisSince(a) / 1e3);
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "kernel only (" + l.countKernelName() + "): count %.2f ms (%.1f GB/s), find %.2f ms (%.1f GB/s)%s%n", countS * 1e3,
                n / countS / 1e9, findS * 1e3, n / findS / 1e9, ok ? "" : "  MISMATCH");
        return new double[] {countS, findS, ok ? 1 : 0};
    }

    /** Times the count-only kernel alone; prints a line; false on a wrong count. */
    private static boolean kernelCountOnly(Gpu gpu, PfacLauncher l, MemorySegment text, int reps, long expect) {
        long n = text.byteSize();
        boolean ok = true;
        double best = Double.MAX_VALUE;
        try (DeviceBuffer d = new DeviceBuffer(gpu, n + PfacLauncher.TEXT_PADDING); DeviceBuffer total = new DeviceBuffer(gpu, 8);
                PinnedBuffer totalHost = new PinnedBuffer(gpu, 8); Stream s = new Stream(gpu);
                Event a = new Event(gpu, true); Event b = new Event(gpu, true)) {
            gpu.bind();
            CudaDriver.memcpyHtoD(d.pointer(), text, n);
            Timed count = timeCount(l, d, n, total, totalHost, s, a, b, reps, expect);
            best = count.seconds();
            ok = count.ok();
        }
        System.out.printf(Locale.ROOT, "count %.2f ms (%.1f GB/s)%s%n", best * 1e3, n / best / 1e9, ok ? "" : "  MISMATCH");
        return ok;
    }

    /** The best time of some runs, in seconds, and whether every run's answer was right. */
    private record Timed(double seconds, boolean ok) {}

    /**
     * The best of {@code reps} timed runs (after one warm-up) of the count-only kernel over the text
     * {@code d} holds, and whether every run counted {@code expect}.
     */
    private static Timed timeCount(PfacLauncher l, DeviceBuffer d, long n, DeviceBuffer total, PinnedBuffer totalHost,
            Stream s, Event a, Event b, int reps, long expect) {
        boolean ok = true;
        double best = Double.MAX_VALUE;
        for (int r = 0; r <= reps; r++) {
            s.clear(total.pointer(), 8);
            a.record(s);
            l.count(s, d.pointer(), n, n, 0, 0, total.pointer());
            b.record(s);
            s.copyToHost(totalHost.segment(), total.pointer(), 8);
            s.synchronize();
            ok &= totalHost.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG, 0) == expect;
            if (r > 0) {
                best = Math.min(best, b.millisSince(a) / 1e3);
            }
        }
        return new Timed(best, ok);
    }

    /** Host copy speed from the mapped file into pinned memory, on 1 to 16 threads (the staging path). */
    static void hostCopyBandwidth(Gpu gpu, MemorySegment mapped) {
        long chunk = 64L << 20;
        try (PinnedBuffer p = new PinnedBuffer(gpu, chunk)) {
            for (int threads : new int[] {1, 4, 8, 12, 16}) {
                long t = System.nanoTime();
                java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
                try {
                    long n = mapped.byteSize();
                    for (long from = 0; from < n; from += chunk) {
                        long len = Math.min(chunk, n - from);
                        long per = (len + threads - 1) / threads;
                        List<java.util.concurrent.Future<?>> fs = new ArrayList<>();
                        for (int k = 0; k < threads; k++) {
                            long off = k * per;
                            long l = Math.min(per, len - off);
                            long src = from + off;
                            if (l > 0) {
                                fs.add(pool.submit(() -> MemorySegment.copy(mapped, src, p.segment(), off, l)));
                            }
                        }
                        for (var f : fs) {
                            f.get();
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    pool.shutdown();
                }
                double s = (System.nanoTime() - t) / 1e9;
                System.out.printf(Locale.ROOT, "host copy mapped file -> pinned, %d threads: %.2f GB/s%n", threads,
                        mapped.byteSize() / s / 1e9);
            }
        }
    }

    /** Host-to-device copy speed from pinned and from pageable memory, for reference. */
    static void copyBandwidth(Gpu gpu) {
        long size = 256L << 20;
        try (DeviceBuffer d = new DeviceBuffer(gpu, size); PinnedBuffer p = new PinnedBuffer(gpu, size);
                Stream s = new Stream(gpu); Event a = new Event(gpu, true); Event b = new Event(gpu, true);
                Arena arena = Arena.ofConfined()) {
            MemorySegment pageable = arena.allocate(size, 4096);
            pageable.fill((byte) 1);
            p.segment().fill((byte) 1);
            double pinned = Double.MAX_VALUE;
            double paged = Double.MAX_VALUE;
            for (int r = 0; r < 4; r++) {
                a.record(s);
                s.copyToDevice(d.pointer(), p.segment(), size);
                b.record(s);
                b.synchronize();
                pinned = Math.min(pinned, b.millisSince(a) / 1e3);
                long t = System.nanoTime();
                CudaDriver.memcpyHtoD(d.pointer(), pageable, size);
                paged = Math.min(paged, (System.nanoTime() - t) / 1e9);
            }
            System.out.printf(Locale.ROOT, "host to device: pinned %.1f GB/s, pageable %.1f GB/s%n", size / pinned / 1e9,
                    size / paged / 1e9);
        }
    }

    static void repeatInto(byte[] text, long bytes, Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(text);
            long written = 0;
            while (written < bytes) {
                buf.clear().limit((int) Math.min(text.length, bytes - written));
                while (buf.hasRemaining()) {
                    written += ch.write(buf);
                }
            }
        }
    }

    /** Counts the matches {@code m.scan} reports, one by one, as a find caller would; fails unless {@code want}. */
    private static long scanCount(Matcher m, Input in, long want, String what) {
        long[] seen = {0};
        m.scan(in, (id, s, e) -> {
            seen[0]++;
            return true;
        });
        return check(seen[0], want, what);
    }

    private static long check(long got, long want, String what) {
        if (got != want) {
            throw new IllegalStateException(what + " counted " + got + ", expected " + want);
        }
        return got;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }
}
