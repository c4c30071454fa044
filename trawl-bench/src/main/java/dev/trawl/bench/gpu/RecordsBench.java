package dev.trawl.bench.gpu;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Loghub;
import dev.trawl.bench.engine.HyperscanRecords;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import dev.trawl.cuda.engine.DeviceRecords;
import dev.trawl.cuda.engine.GpuMatcher;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.cuda.engine.GpuPfacMatcher;
import dev.trawl.cuda.engine.GpuTrieEngine;
import dev.trawl.cuda.engine.GpuTrieMatcher;
import dev.trawl.cuda.engine.RecordPipeline;
import dev.trawl.cuda.engine.TrieLauncher;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The GPU log-classification papers' experiment on the device: loghub's lines (16 systems, interleaved)
 * replayed to {@code --lines} lines (50 million by default, about 7 GB) in a file, five patterns that
 * occur in them, and {@code firstMatch} per line (the pattern whose match starts first, lowest id on a
 * tie, or -1), in lines per second:
 * <ul>
 *   <li>{@code gpu:pfac} (lines found from their {@code '\n'}s on the device, and for comparison with
 *       every record's bounds sent from the host), and {@code gpu:trie} with the papers' optimisations added in turn (none,
 *       loop splitting, 4-byte aligned suffix reads, prefetching), then the default (split and
 *       aligned) with the trie forced into global memory;
 *   <li>kernel only: the records already on the device ({@link DeviceRecords}, in chunks of up to
 *       1 GiB and 4M records), CUDA events around the per-record passes; end to end: wall clock from
 *       the memory-mapped file's {@link Records} (chunks of 64 MiB, as {@code firstMatch} cuts them);
 *   <li>beside each, the whole-text count of the same bytes (kernel only and end to end), since a
 *       per-record answer should cost little more than counting;
 *   <li>on the CPU in the same run, every answer checked against the first: {@code cpu:aho-corasick} on
 *       all cores over every line; native Hyperscan ({@link HyperscanRecords}: one {@code hs_scan} per line,
 *       leftmost starts) on all cores, where the library is installed; {@code cpu:jdk-regex},
 *       {@code cpu:index-of} and {@code cpu:boyer-moore} on all cores, timed on a prefix of the lines.
 * </ul>
 * Sets ({@code --sets}, default {@code 5,5i,1K,100K}): {@code 5}, the bench's logs experiment's five
 * patterns (case-sensitive, bytes like space and underscore: the byte-class layout); {@code 5i}, five words
 * matched case-insensitively (the papers' 26-letter layout); {@code 1K}, {@code 100K} (any count), the first
 * N words of a real English dictionary ({@code --words FILE}, default {@code data/words/english-100k.txt}).
 * The five-pattern sets run every trie optimisation in turn (the write-up's Figure 3); the dictionary sets
 * gpu:pfac and the trie's default. Prints a Markdown table last; exits 1 on any disagreement, 2 without a GPU.
 *
 * <p>Usage: {@code RecordsBench [--data DIR] [--lines N] [--reps N] [--threads N] [--dir DIR] [--sets LIST]
 * [--words FILE] [--diagnose]}.
 */
public final class RecordsBench {
    static final List<String> LOG_PATTERNS = List.of("error", "WARN", "exception", "authentication failure", "blk_");
    static final List<String> LETTER_WORDS = List.of("error", "warn", "exception", "failure", "session");
    /** The write-up's other CPU baselines, timed on a prefix of the lines ({@link #prefixRow}). */
    static final List<String> SLOW_CPU_ROWS = List.of("cpu:jdk-regex", "cpu:index-of", "cpu:boyer-moore");

    private RecordsBench() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args));
    }

    public static int run(String[] args) throws IOException {
        GpuBenchArgs options = GpuBenchArgs.parse(args, "--lines", 50_000_000, 3,
                Map.of("--diagnose", "false", "--sets", "5,5i,1K,100K", "--words", ""));
        Optional<Gpu> device = options.gpu("the CPU rows and Hyperscan");
        if (device.isEmpty()) {
            return 2;
        }
        Gpu gpu = device.get();
        long lines = options.size();
        int reps = options.reps();
        int threads = options.threads();
        Path file = options.dir().resolve("trawl-bench-loglines.txt");
        long t0 = System.nanoTime();
        Path dataDir = DataDir.find(options.data());
        long bytes = replayInto(Loghub.interleavedLines(dataDir), lines, file);
        List<String> dictionary = options.extra("--words").isEmpty()
                ? Files.readAllLines(dataDir.resolve("words/english-100k.txt"))
                : Files.readAllLines(Path.of(options.extra("--words")));
        System.out.printf(Locale.ROOT, "text: %,d loghub lines replayed, %,d bytes (%.1f bytes a line) in %s, written in %.1f s%n",
                lines, bytes, bytes / (double) lines, file, (System.nanoTime() - t0) / 1e9);
        List<String> rows = new ArrayList<>();
        boolean ok = true;
        if (Boolean.parseBoolean(options.extra("--diagnose"))) {
            try (Records records = Records.mapLines(file, true);
                    DeviceRecords resident = DeviceRecords.upload(gpu, records, 1L << 30);
                    DeviceBuffer text = new DeviceBuffer(gpu, records.data().byteSize() + 32)) {
                CudaDriver.memcpyHtoD(text.pointer(), records.data(), records.data().byteSize());
                diagnose(PatternSet.of(LOG_PATTERNS), "5 log patterns", records, resident, text, reps, gpu);
                diagnose(PatternSet.of("qzxjvq", "zzqqxk", "xqjzvw", "jqzxvk", "vqzjxw"), "5 absent words", records, resident,
                        text, reps, gpu);
            } finally {
                Files.deleteIfExists(file);
            }
            return 0;
        }
        try {
            t0 = System.nanoTime();
            try (Records records = Records.mapLines(file, true)) {
                System.out.printf(Locale.ROOT, "Records.mapLines: %,d records in %.2f s (line starts found on the host;"
                        + " not in the rates below)%n", records.size(), (System.nanoTime() - t0) / 1e9);
                // Kernel only: chunks as large as the kernels take (1 GiB, 4M records), few launches.
                try (DeviceRecords resident = DeviceRecords.upload(gpu, records, 1L << 30);
                        DeviceBuffer text = new DeviceBuffer(gpu, records.data().byteSize() + 32)) {
                    CudaDriver.memcpyHtoD(text.pointer(), records.data(), records.data().byteSize());
                    for (String set : options.extra("--sets").split(",")) {
                        ok &= switch (set) {
                            case "5" -> runSet("5 log patterns", LOG_PATTERNS, false, true, records, resident, text, reps,
                                    threads, gpu, rows);
                            case "5i" -> runSet("5 words, case-insensitive", LETTER_WORDS, true, true, records, resident, text,
                                    reps, threads, gpu, rows);
                            default -> {
                                int k = set.endsWith("K") ? 1000 * Integer.parseInt(set.substring(0, set.length() - 1))
                                        : Integer.parseInt(set);
                                if (k > dictionary.size()) {
                                    throw new IllegalArgumentException("--sets " + set + ": the word list has "
                                            + dictionary.size() + " words");
                                }
                                yield runSet(String.format(Locale.ROOT, "%,d dictionary words", k), dictionary.subList(0, k),
                                        false, false, records, resident, text, reps, threads, gpu, rows);
                            }
                        };
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
        return ResultTable.print("| patterns | engine | kernel firstMatch M lines/s | kernel firstMatch GB/s | kernel count GB/s"
                        + " | kernel: per record / count | e2e firstMatch M lines/s | e2e firstMatch GB/s | e2e count GB/s"
                        + " | e2e: per record / count |",
                "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|", rows, ok, "all answers agree with cpu:aho-corasick");
    }

    /**
     * One pattern set: the CPU rows (cpu:aho-corasick over every line; native Hyperscan; the slow CPU engines
     * on a prefix of the lines, see {@link #prefixRow}), then gpu:pfac and gpu:trie. {@code figure3}: every
     * trie optimisation in turn (the write-up's Figure 3), else the trie's default only.
     */
    private static boolean runSet(String label, List<String> patterns, boolean caseless, boolean figure3, Records records,
            DeviceRecords resident, DeviceBuffer text, int reps, int threads, Gpu gpu, List<String> rows) {
        PatternSet ps = PatternSet.of(patterns).withCaseInsensitive(caseless);
        int n = records.size();
        long bytes = records.data().byteSize();
        System.out.println();
        System.out.println("== " + label + ": " + ps);
        Matcher cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(threads));
        int[] want = cpu.firstMatch(records);
        long hits = Arrays.stream(want).filter(f -> f >= 0).count();
        double cpuS = BestTime.seconds(reps, () -> cpu.firstMatch(records, new int[n]));
        System.out.printf(Locale.ROOT, "cpu:aho-corasick x%d: %,d of %,d lines match; firstMatch %.3f s, %.1f M lines/s%n",
                threads, hits, n, cpuS, n / cpuS / 1e6);
        rows.add(row(label, "cpu:aho-corasick x" + threads, Double.NaN, Double.NaN, Double.NaN, cpuS, Double.NaN, n, bytes));
        boolean ok = hyperscanRow(label, patterns, caseless, records, reps, threads, want, rows);
        for (String engine : SLOW_CPU_ROWS) {
            ok &= prefixRow(label, engine, ps, records, threads, want, rows);
        }

        ok &= variant(label, "gpu:pfac", null, null, ps, records, resident, text, reps, gpu, want, rows);
        String[][] trie = figure3
                ? new String[][] {{"none", "auto"}, {"split", "auto"}, {"split,aligned", "auto"},
                    {"split,aligned,prefetch", "auto"}, {"split,aligned", "global"}}
                : new String[][] {{"split,aligned", "auto"}};
        if (figure3) {
            ok &= variant(label, "gpu:pfac/bounds", null, null, ps, records, resident, text, reps, gpu, want, rows);
        }
        for (String[] v : trie) {
            try {
                ok &= variant(label, "gpu:trie", v[0], v[1], ps, records, resident, text, reps, gpu, want, rows);
            } catch (RuntimeException e) {
                System.out.println("gpu:trie " + v[0] + ": " + e.getMessage());
                rows.add("| " + label + " | gpu:trie " + v[0] + ": refused (" + e.getMessage().replace('|', '/') + ") |"
                        + " | | | | | | | |");
            }
        }
        return ok;
    }

    /** Native Hyperscan, one hs_scan per line on every thread; skipped (with the reason) where it is not installed. */
    private static boolean hyperscanRow(String label, List<String> patterns, boolean caseless, Records records, int reps,
            int threads, int[] want, List<String> rows) {
        int n = records.size();
        long t0 = System.nanoTime();
        Optional<HyperscanRecords> hs = HyperscanRecords.firstMatch(patterns, caseless, records, threads);
        if (hs.isEmpty()) {
            return true;
        }
        try (HyperscanRecords h = hs.get()) {
            System.out.printf(Locale.ROOT, "native Hyperscan %s: compiled and line starts laid out in %.2f s%n",
                    h.version().split(" ")[0], (System.nanoTime() - t0) / 1e9);
            int[] got = new int[n];
            double best = Double.MAX_VALUE;
            for (int r = 0; r < reps; r++) {
                Arrays.fill(got, -2);
                long t = System.nanoTime();
                h.firstMatch(got);
                best = Math.min(best, (System.nanoTime() - t) / 1e9);
            }
            System.out.printf(Locale.ROOT, "native Hyperscan x%d: firstMatch %.3f s, %.1f M lines/s%n", threads, best,
                    n / best / 1e6);
            rows.add(row(label, "native Hyperscan x" + threads, Double.NaN, Double.NaN, Double.NaN, best, Double.NaN, n,
                    records.data().byteSize()));
            return agree("native Hyperscan", want, got);
        } catch (Exception e) {
            System.out.println("native Hyperscan failed: " + e);
            return false;
        }
    }

    /**
     * A CPU engine too slow for 50 million lines against a large set, timed on a prefix of the lines: 100
     * lines, then four times as many until a run takes half a second (or every line is in), so a row costs
     * seconds; its answers are checked against cpu:aho-corasick's on the prefix, and the rate is the
     * prefix's.
     */
    private static boolean prefixRow(String label, String engine, PatternSet ps, Records records, int threads,
            int[] want, List<String> rows) {
        int n = records.size();
        Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine).withThreads(threads));
        int lines = Math.min(n, 100);
        while (true) {
            long prefixBytes = lines == n ? records.data().byteSize() : records.start(lines);
            try (Records prefix = Records.lines(records.data().asSlice(0, prefixBytes), true)) {
                int[] got = new int[prefix.size()];
                m.firstMatch(prefix, got); // warm-up and answers
                long t = System.nanoTime();
                m.firstMatch(prefix, got);
                double s = (System.nanoTime() - t) / 1e9;
                if (s >= 0.5 || lines == n) {
                    System.out.printf(Locale.ROOT, "%s x%d on the first %,d lines: firstMatch %.3f s, %.2f M lines/s%n",
                            engine, threads, prefix.size(), s, prefix.size() / s / 1e6);
                    rows.add(row(label, engine + " x" + threads + String.format(Locale.ROOT, " (first %,d lines)",
                            prefix.size()), Double.NaN, Double.NaN, Double.NaN, s, Double.NaN, prefix.size(), prefixBytes));
                    return agree(engine, Arrays.copyOf(want, prefix.size()), got);
                }
                lines = (int) Math.min(n, 4L * lines);
            }
        }
    }

    /** One GPU engine (and trie switches): kernel-only and end-to-end firstMatch and count; false on a wrong answer. */
    private static boolean variant(String label, String engine, String opts, String memory, PatternSet ps, Records records,
            DeviceRecords resident, DeviceBuffer text, int reps, Gpu gpu, int[] want, List<String> rows) {
        int n = records.size();
        long bytes = records.data().byteSize();
        if (opts != null) {
            System.setProperty(TrieLauncher.OPTIMIZATIONS_PROPERTY, opts);
            System.setProperty(TrieLauncher.MEMORY_PROPERTY, memory);
        }
        boolean bounds = engine.endsWith("/bounds");
        if (bounds) {
            System.setProperty(RecordPipeline.LINES_PROPERTY, "false");
        }
        GpuMatcher m;
        String name;
        try {
            m = (GpuMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine.replace("/bounds", "")));
        } finally {
            System.clearProperty(TrieLauncher.OPTIMIZATIONS_PROPERTY);
            System.clearProperty(TrieLauncher.MEMORY_PROPERTY);
            System.clearProperty(RecordPipeline.LINES_PROPERTY);
        }
        if (m instanceof GpuTrieMatcher t) {
            TrieLauncher l = t.launcher();
            name = "gpu:trie " + (opts.equals("none") ? "(no optimisation)" : opts.replace(",", "+"))
                    + (l.sharedTrie() ? ", shared" : ", global");
            System.out.printf(Locale.ROOT, "%s: %s, %s layout, %d-byte trie, %d B shared a block%n", name, l.kernelName(),
                    l.trie().layout(), l.trie().bytes().length, l.sharedBytes());
        } else {
            name = bounds ? "gpu:pfac, records by their bounds" : engine;
        }
        boolean ok = true;
        try (m) {
            int[] got = new int[n];
            // Kernel only: the records on the device.
            double kernelS = Double.MAX_VALUE;
            for (int r = 0; r <= reps; r++) {
                Arrays.fill(got, -2);
                float ms = resident.firstMatch(m, got);
                if (r > 0) {
                    kernelS = Math.min(kernelS, ms / 1e3);
                }
            }
            ok &= agree(name + " kernel", want, got);
            long expectCount = m.count(Input.of(records.data()));
            double countKernelS = kernelCount(gpu, m, text, bytes, reps, expectCount);
            // End to end from the mapped file.
            double e2eS = Double.MAX_VALUE;
            for (int r = 0; r < reps; r++) {
                Arrays.fill(got, -2);
                long t = System.nanoTime();
                m.firstMatch(records, got);
                e2eS = Math.min(e2eS, (System.nanoTime() - t) / 1e9);
                ok &= agree(name + " e2e", want, got);
            }
            double countS = BestTime.seconds(reps, () -> m.count(Input.of(records.data())));
            System.out.printf(Locale.ROOT, "%s: firstMatch kernel %.2f ms (%.0f M lines/s, %.1f GB/s), e2e %.1f ms"
                    + " (%.0f M lines/s, %.1f GB/s); count kernel %.2f ms (%.1f GB/s), e2e %.1f ms (%.1f GB/s); %,d matches%n",
                    name, kernelS * 1e3, n / kernelS / 1e6, bytes / kernelS / 1e9, e2eS * 1e3, n / e2eS / 1e6, bytes / e2eS / 1e9,
                    countKernelS * 1e3, bytes / countKernelS / 1e9, countS * 1e3, bytes / countS / 1e9, expectCount);
            rows.add(row(label, name, kernelS, countKernelS, kernelS / countKernelS, e2eS, countS, n, bytes));
        }
        return ok;
    }

    /**
     * Where gpu:pfac's per-record kernels spend their time beyond counting: kernel-only firstMatch and
     * countPerRecord, lines and bounds, beside the count kernel, for a set and for words that never occur
     * (what is left is the per-tile and per-chunk cost, not the per-match cost).
     */
    private static void diagnose(PatternSet ps, String label, Records records, DeviceRecords resident, DeviceBuffer text,
            int reps, Gpu gpu) {
        int n = records.size();
        long bytes = records.data().byteSize();
        for (boolean bounds : new boolean[] {false, true}) {
            if (bounds) {
                System.setProperty(RecordPipeline.LINES_PROPERTY, "false");
            }
            try (GpuMatcher m = (GpuMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine("gpu:pfac"))) {
                System.clearProperty(RecordPipeline.LINES_PROPERTY);
                double first = Double.MAX_VALUE;
                double count = Double.MAX_VALUE;
                int[] f = new int[n];
                long[] c = new long[n];
                for (int r = 0; r <= reps; r++) {
                    float a = resident.firstMatch(m, f);
                    float b = resident.countPerRecord(m, c);
                    if (r > 0) {
                        first = Math.min(first, a);
                        count = Math.min(count, b);
                    }
                }
                long expect = m.count(Input.of(records.data()));
                double countKernel = kernelCount(gpu, m, text, bytes, reps, expect) * 1e3;
                System.out.printf(Locale.ROOT, "diagnose %s, %s: firstMatch %.2f ms, countPerRecord %.2f ms, count kernel %.2f ms"
                        + " (%,d matches, %,d lines with one)%n", label, bounds ? "bounds" : "lines", first, count, countKernel,
                        expect, Arrays.stream(f).filter(x -> x >= 0).count());
            }
        }
    }

    /** The count pass alone over the whole text resident on the device (CUDA events), best of reps. */
    private static double kernelCount(Gpu gpu, GpuMatcher m, DeviceBuffer text, long bytes, int reps, long expect) {
        double best = Double.MAX_VALUE;
        try (DeviceBuffer total = new DeviceBuffer(gpu, 8); PinnedBuffer totalHost = new PinnedBuffer(gpu, 8);
                Stream s = new Stream(gpu); Event a = new Event(gpu, true); Event b = new Event(gpu, true)) {
            for (int r = 0; r <= reps; r++) {
                s.clear(total.pointer(), 8);
                a.record(s);
                if (m instanceof GpuPfacMatcher p) {
                    p.launcher().count(s, text.pointer(), bytes, bytes, 0, 0, total.pointer());
                } else {
                    ((GpuTrieMatcher) m).launcher().count(s, text.pointer(), bytes, bytes, 0, 0, total.pointer());
                }
                b.record(s);
                s.copyToHost(totalHost.segment(), total.pointer(), 8);
                s.synchronize();
                long got = totalHost.segment().get(ValueLayout.JAVA_LONG, 0);
                if (got != expect) {
                    System.out.println("MISMATCH: the count kernel found " + got + ", the pipeline " + expect);
                }
                if (r > 0) {
                    best = Math.min(best, b.millisSince(a) / 1e3);
                }
            }
        }
        return best;
    }

    private static boolean agree(String what, int[] want, int[] got) {
        if (Arrays.equals(want, got)) {
            return true;
        }
        int i = Arrays.mismatch(want, got);
        System.out.println("MISMATCH: " + what + ": line " + i + " expected " + want[i] + ", got " + got[i]);
        return false;
    }

    private static String row(String label, String engine, double kernelS, double countKernelS, double kernelRatio,
            double e2eS, double countS, int n, long bytes) {
        return "| " + label + " | " + engine + " | " + f(n / kernelS / 1e6) + " | " + f(bytes / kernelS / 1e9) + " | "
                + f(bytes / countKernelS / 1e9) + " | " + pct(1 / kernelRatio) + " | " + f(n / e2eS / 1e6) + " | "
                + f(bytes / e2eS / 1e9) + " | " + f(bytes / countS / 1e9) + " | " + pct(countS / e2eS) + " |";
    }

    /** Lines from the list in turn, until {@code lines} are written; returns the bytes. */
    static long replayInto(List<byte[]> from, long lines, Path file) throws IOException {
        ByteBuffer buf = ByteBuffer.allocateDirect(16 << 20);
        long written = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long k = 0; k < lines; k++) {
                byte[] l = from.get((int) (k % from.size()));
                if (buf.remaining() < l.length) {
                    written += drain(buf, ch);
                }
                buf.put(l);
            }
            written += drain(buf, ch);
        }
        return written;
    }

    private static long drain(ByteBuffer buf, FileChannel ch) throws IOException {
        buf.flip();
        long n = 0;
        while (buf.hasRemaining()) {
            n += ch.write(buf);
        }
        buf.clear();
        return n;
    }

    private static String f(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
    }
}
