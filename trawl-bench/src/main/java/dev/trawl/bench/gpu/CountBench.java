package dev.trawl.bench.gpu;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.DeviceInput;
import dev.trawl.cuda.engine.PfacLauncher;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.GpuMatcher;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.Words;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Counting every match through the public API, the GPU against the CPU and native Hyperscan, for
 * ten names and real dictionary words over the Iliad repeated to each of {@code --sizes} (512 MiB and
 * 4 GiB by default), in one run. Per size and set:
 * <ul>
 *   <li>{@code cpu:aho-corasick} on every core, {@code count(Input)} over one mapping reused;
 *   <li>native Hyperscan on every core (the bench harness's line chunks, a scratch a thread, counting in C),
 *       when installed and the set is at most {@code --hyperscan-max} words;
 *   <li>{@code gpu:pfac}: {@code count(Input)} end to end; {@code scan(Input, MatchBatchSink)} end to end
 *       (a count per pattern over the batches); {@code count(DeviceInput)}, the text already in device
 *       memory, the kernels alone;
 *   <li>{@code auto} with the GPU and CPU threads taking chunks from one queue
 *       ({@code trawl.auto.gpu=always}, {@code trawl.auto.split=on}), and its rate against the sum of
 *       the two engines' rates alone;
 *   <li>{@code auto} as it decides by itself (by measured costs; the GPU already set up by the rows
 *       before), best of the calls after its first.
 * </ul>
 * Sets: ten names, then the first 1K, 10K and 100K words of {@code --words} (default
 * {@code words/english-100k.txt}, a deterministic sample of an English word list), and 1M: those
 * words and generated ones to make up the million (no real list that long ships here); pick with
 * {@code --sets names,1K,10K,100K,1M}. Each timing is the best of at least {@code --reps} runs, more
 * until they have taken 1.5 s ({@link BestTime#warm}). Every count must equal
 * {@code cpu:aho-corasick}'s, or it says MISMATCH and exits 1. Prints a Markdown table in GB/s.
 *
 * <p>Usage: {@code CountBench [--data DIR] [--sizes LIST] [--sets LIST] [--words FILE] [--reps N]
 * [--threads N] [--hyperscan-max N] [--dir DIR]}; sizes in bytes or with MiB/GiB.
 */
public final class CountBench {
    private CountBench() {}

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    public static int run(String[] args) throws Exception {
        GpuBenchArgs options = GpuBenchArgs.parse(args, "--size-unused", 0, 2, Map.of("--sizes", "512MiB,4GiB",
                "--sets", "names,1K,10K,100K,1M", "--words", "", "--hyperscan-max", "1000000"));
        Optional<Gpu> device = options.gpu("cpu:aho-corasick, Hyperscan and auto's CPU part");
        if (device.isEmpty()) {
            return 2;
        }
        Path data = DataDir.find(options.data());
        Path wordsFile = options.extra("--words").isEmpty() ? data.resolve("words/english-100k.txt")
                : Path.of(options.extra("--words"));
        List<String> words = Files.readAllLines(wordsFile, StandardCharsets.ISO_8859_1);
        byte[] iliad = Texts.iliad(data);
        List<String> rows = new ArrayList<>();
        boolean ok = true;
        for (String size : options.extra("--sizes").split(",")) {
            long n = bytes(size.trim());
            Path file = options.dir().resolve("trawl-count-iliad.txt");
            PfacBench.repeatInto(iliad, n, file);
            System.out.printf(Locale.ROOT, "== the Iliad repeated to %s (%,d bytes)%n", size, n);
            try (Input in = Input.map(file); Text hs = Text.map(file, options.threads())) {
                for (String name : options.extra("--sets").split(",")) {
                    PatternSet set = set(name.trim(), words);
                    ok &= oneSet(size + " | " + label(name.trim(), set), set, in, hs, options, rows);
                }
            } finally {
                Files.deleteIfExists(file);
            }
        }
        return ResultTable.print("| size | set | cpu:aho-corasick x" + options.threads() + " | Hyperscan x" + options.threads()
                        + " | gpu:pfac count | gpu:pfac batched scan | kernels only | auto, GPU + CPU | auto / (CPU + GPU)"
                        + " | auto by cost |",
                "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|", rows, ok, "all counts agree with cpu:aho-corasick");
    }

    /** The Iliad as the harness's workload (Hyperscan's rows), built once per size. */
    private record Text(Workload workload) implements AutoCloseable {
        static Text map(Path file, int threads) throws IOException {
            Arena arena = Arena.ofShared();
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
                return new Text(Workload.of("iliad", arena, seg, 0, threads));
            } catch (IOException | RuntimeException e) {
                arena.close();
                throw e;
            }
        }

        @Override
        public void close() {
            workload.close();
        }
    }

    private static boolean oneSet(String label, PatternSet set, Input in, Text text, GpuBenchArgs options,
            List<String> rows) throws Exception {
        long n = in.byteSize();
        int reps = options.reps();
        System.out.println("-- " + label);
        boolean[] ok = {true};
        long t = System.nanoTime();
        Matcher cpu = Trawl.compile(set, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(options.threads()));
        System.out.printf(Locale.ROOT, "cpu:aho-corasick compiled in %.2f s%n", (System.nanoTime() - t) / 1e9);
        long want = cpu.count(in);
        double cpuRate = rate(n, BestTime.warm(reps, () -> ok[0] &= check(cpu.count(in), want, "cpu:aho-corasick")));
        String hs = hyperscan(set, text, want, options, ok);
        t = System.nanoTime();
        try (GpuMatcher gpu = (GpuMatcher) Trawl.compile(set, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME))) {
            System.out.printf(Locale.ROOT, "gpu:pfac compiled in %.2f s; %,d matches%n", (System.nanoTime() - t) / 1e9, want);
            double gpuRate = rate(n, BestTime.warm(reps, () -> ok[0] &= check(gpu.count(in), want, "gpu:pfac count(Input)")));
            double batched = rate(n, LinkBench.batchedScanSeconds(gpu, in, want, reps, ok,
                    "gpu:pfac scan(Input, MatchBatchSink)"));
            double kernels = kernelRate(gpu, in, want, reps, ok);
            double auto = autoRate(set, in, want, reps, ok, true);
            double byCost = autoRate(set, in, want, reps, ok, false);
            rows.add(String.format(Locale.ROOT, "| %s | %.1f | %s | %.1f | %.1f | %.1f | %.1f | %.2f | %.1f |", label, cpuRate,
                    hs, gpuRate, batched, kernels, auto, auto / (cpuRate + gpuRate), byCost));
            System.out.println(rows.getLast());
        }
        return ok[0];
    }

    /** Native Hyperscan's GB/s as a table cell, or why there is none. */
    private static String hyperscan(PatternSet set, Text text, long want, GpuBenchArgs options, boolean[] ok) {
        if (set.size() > Long.parseLong(options.extra("--hyperscan-max"))) {
            return "not run";
        }
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < set.size(); i++) {
            literals.add(new String(set.bytes(i), StandardCharsets.ISO_8859_1));
        }
        Workload w = text.workload();
        long t = System.nanoTime();
        try (BenchEngine.Compiled hs = new HyperscanNativePeer().compile(Problem.literals(literals, "set"), options.threads())) {
            System.out.printf(Locale.ROOT, "native Hyperscan compiled in %.2f s%n", (System.nanoTime() - t) / 1e9);
            long[] got = {0};
            double s = BestTime.warm(options.reps(), () -> {
                try {
                    got[0] = hs.count(w, w.chunks());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            ok[0] &= check(got[0], want, "native Hyperscan");
            return String.format(Locale.ROOT, "%.1f", rate(w.text().byteSize(), s));
        } catch (Throwable e) {
            System.out.println("native Hyperscan: " + e.getMessage());
            return "n/a";
        }
    }

    /** {@code count(DeviceInput)}: the text copied into device memory first, then counted there. */
    private static double kernelRate(GpuMatcher gpu, Input in, long want, int reps, boolean[] ok) {
        long n = in.byteSize();
        Gpu device = Gpu.get();
        // With the kernels' padding after the text, the pipeline reads it in place as one chunk.
        try (DeviceBuffer buf = new DeviceBuffer(device, n + PfacLauncher.TEXT_PADDING);
                Input text = DeviceInput.of(device, buf.pointer(), n)) {
            CudaDriver.memcpyHtoD(buf.pointer(), in.segment(), n);
            return rate(n, BestTime.warm(reps, () -> ok[0] &= check(gpu.count(text), want, "count(DeviceInput)")));
        }
    }

    /**
     * {@code auto}: with {@code shared}, the GPU always leading and CPU threads taking chunks from the
     * same queue; otherwise as it decides by itself (its defaults: by measured costs).
     */
    private static double autoRate(PatternSet set, Input in, long want, int reps, boolean[] ok, boolean shared) {
        Matcher m = shared ? LinkBench.autoMatcher(set, "always", "on", 0) : LinkBench.autoMatcher(set, null, null, 0);
        ok[0] &= check(m.count(in), want, "auto"); // untimed: starts the GPU, or takes its first measure
        return rate(in.byteSize(), BestTime.warm(reps, () -> ok[0] &= check(m.count(in), want, "auto")));
    }

    /** Ten names, the first {@code K} words of the list, or 1M: the list and generated words to a million. */
    static PatternSet set(String name, List<String> words) {
        if (name.equals("names")) {
            return PatternSet.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache", "Patroclus", "Ajax", "Priam",
                    "Agamemnon", "Cassandra");
        }
        int k = (int) bytes(name.replace("K", "000").replace("M", "000000"));
        if (k <= words.size()) {
            return PatternSet.of(words.subList(0, k));
        }
        Set<String> all = new HashSet<>(words);
        List<String> out = new ArrayList<>(words);
        for (String g : Words.generate(2 * (k - words.size()), 20261124L)) {
            if (out.size() < k && all.add(g)) {
                out.add(g);
            }
        }
        return PatternSet.of(out);
    }

    static String label(String name, PatternSet set) {
        return name.equals("names") ? "10 names" : String.format(Locale.ROOT, "%,d words", set.size());
    }

    static long bytes(String s) {
        String t = s.toUpperCase(Locale.ROOT);
        if (t.endsWith("GIB")) {
            return Long.parseLong(t.substring(0, t.length() - 3)) << 30;
        }
        if (t.endsWith("MIB")) {
            return Long.parseLong(t.substring(0, t.length() - 3)) << 20;
        }
        return Long.parseLong(t);
    }

    private static double rate(long n, double seconds) {
        return n / seconds / 1e9;
    }

    private static boolean check(long got, long want, String what) {
        return LinkBench.check(got, want, what);
    }
}
