package dev.trawl.bench.gpu;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Loghub;
import dev.trawl.bench.engine.HyperscanRecords;
import dev.trawl.bench.engine.RegexSyntax;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.ChainLauncher;
import dev.trawl.cuda.engine.DeviceRecords;
import dev.trawl.cuda.engine.GpuChainEngine;
import dev.trawl.cuda.engine.GpuChainMatcher;
import dev.trawl.cuda.engine.GpuNfaEngine;
import dev.trawl.cuda.engine.NfaLauncher;
import dev.trawl.cuda.engine.RecordPipeline;
import dev.trawl.regex.Regexes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Regex sets on the GPU against the CPU: loghub's lines (16 systems, interleaved) replayed to
 * {@code --lines} lines (2 million by default, about 280 MB) in a file, the loghub templates as regexes
 * (literal text quoted, each {@code <*>} as {@code .*?}), and {@code anyMatch} per line end to end
 * from the memory-mapped file, in lines and bytes per second. Two sets: every system's 2k-sample
 * templates as one set, and one system's ({@code --system}, HDFS by default).
 *
 * <p>Rows, in this order: {@code cpu:dfa} on {@code --threads} threads (all cores by default),
 * {@code auto}, {@code gpu:chains} end to end and on the lines resident on the device (its kernels
 * alone, CUDA events: the "device-resident" row, whose verdicts are checked too, "unknown" ones being
 * the non-ASCII lines the matcher asks the CPU about), then the {@code --variants} of the NFA engines
 * ({@code basic,shared,coarse,queue,regex} by default: {@code gpu:nfa-block}'s variants and
 * {@code gpu:regex}; {@code none} for none), then the CPU baselines that come last so that nothing they
 * leave behind weighs on the GPU rows (a 19-s Pike VM row before gpu:chains once slowed its calls from
 * 0.4 s to 8-13 s on the H200 host): native Hyperscan on every thread, one {@code hs_scan} per line
 * (where the library is installed), {@code cpu:pike} on a tenth of the first {@code --prefix} lines
 * (1,000 by default; a Pike VM steps every regex of the set at every byte), and {@code java.util.regex}
 * line by line on the common pool over the same lines as {@code cpu:pike} (Mac's templates backtrack
 * for a long time in java.util.regex: 2,000 Mac lines took minutes on this 2-core machine).
 * Each NFA variant is first timed on the first {@code --nfa-prefix} lines (10,000 by default) and, when
 * that projects past {@value #SLOW_SECONDS} s for all the lines, its row is that prefix's and says so,
 * so that slow variants cannot eat a device run's time limit. Every answer is checked against
 * {@code cpu:dfa}'s on the same lines. Prints a Markdown table last; exits 1 on any disagreement, 2
 * without a GPU.
 *
 * <p>Usage: {@code RegexBench [--data DIR] [--lines N] [--prefix N] [--nfa-prefix N]
 * [--variants LIST|none] [--chain-variants A;B;...] [--reps N] [--threads N] [--system NAME] [--dir DIR]}: the chain
 * variants are {@link #CHAIN_ROWS} by default; {@code chunks:N} runs the default
 * with chunks of N MiB.
 */
public final class RegexBench {
    static final double SLOW_SECONDS = 15;
    /** The NFA engines' rows: {@code gpu:nfa-block}'s variants, then {@code gpu:regex}. */
    static final List<String> VARIANTS = List.of("basic", "shared", "coarse", "queue", "regex");

    private RegexBench() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args));
    }

    public static int run(String[] args) throws IOException {
        GpuBenchArgs options = GpuBenchArgs.parse(args, "--lines", 2_000_000, 2,
                Map.of("--prefix", "1000", "--system", "HDFS", "--nfa-prefix", "10000", "--variants",
                        String.join(",", VARIANTS), "--chain-variants", String.join(";", CHAIN_ROWS)));
        Path data = options.data();
        long lines = options.size();
        int prefix = Integer.parseInt(options.extra("--prefix"));
        int nfaPrefix = Integer.parseInt(options.extra("--nfa-prefix"));
        String variantList = options.extra("--variants");
        List<String> variants = variantList.equals("none") ? List.of() : List.of(variantList.split(","));
        List<String> chainVariants = List.of(options.extra("--chain-variants").split(";"));
        for (String v : chainVariants) {
            if (!v.equals("default") && !CHAIN_VARIANTS.containsKey(v) && chunkMiB(v) == 0) {
                throw new IllegalArgumentException("--chain-variants: unknown variant '" + v + "' (" + CHAIN_ROWS + ")");
            }
        }
        int reps = options.reps();
        int threads = options.threads();
        String system = options.extra("--system");
        Path dir = options.dir();
        if (options.gpu("CPU engines").isEmpty()) {
            return 2;
        }
        Path root = DataDir.find(data);
        Path file = dir.resolve("trawl-bench-regex-lines.txt");
        long bytes = RecordsBench.replayInto(Loghub.interleavedLines(root), lines, file);
        System.out.printf(Locale.ROOT, "text: %,d loghub lines replayed, %,d bytes%n", lines, bytes);
        List<String> rows = new ArrayList<>();
        boolean ok = true;
        try (Records records = Records.mapLines(file, true)) {
            List<String> all = new ArrayList<>();
            for (String s : Loghub.systems(root)) {
                all.addAll(Loghub.templates(root, s));
            }
            ok &= runSet("all templates (" + all.size() + ")", all, records, prefix, nfaPrefix, variants, chainVariants, reps,
                    threads, rows);
            List<String> one = Loghub.templates(root, system);
            ok &= runSet(system + " templates (" + one.size() + ")", one, records, prefix, nfaPrefix, variants, chainVariants,
                    reps, threads, rows);
        } finally {
            Files.deleteIfExists(file);
        }
        return ResultTable.print(
                "| set | engine | lines | anyMatch M lines/s | anyMatch GB/s | matching lines | x Hyperscan | x cpu:dfa |",
                "|---|---|---:|---:|---:|---:|---:|---:|", withRatios(rows), ok, "all answers agree with cpu:dfa");
    }

    /**
     * The rows with two columns more: each row's GB/s over native Hyperscan's and over {@code cpu:dfa}'s for
     * the same set, in this run ("-" where that row is missing, as without the native library).
     */
    static List<String> withRatios(List<String> rows) {
        Map<String, Double> hyperscan = new java.util.HashMap<>();
        Map<String, Double> dfa = new java.util.HashMap<>();
        for (String row : rows) {
            String[] f = cells(row);
            if (f[1].startsWith("native Hyperscan")) {
                hyperscan.put(f[0], Double.parseDouble(f[4]));
            } else if (f[1].startsWith("cpu:dfa")) {
                dfa.put(f[0], Double.parseDouble(f[4]));
            }
        }
        List<String> out = new ArrayList<>(rows.size());
        for (String row : rows) {
            String[] f = cells(row);
            double gbs = Double.parseDouble(f[4]);
            out.add(row + " " + ratio(gbs, hyperscan.get(f[0])) + " | " + ratio(gbs, dfa.get(f[0])) + " |");
        }
        return out;
    }

    /** A row's cells, trimmed: "| a | b |" gives {a, b}. */
    private static String[] cells(String row) {
        String[] f = row.substring(1, row.length() - 1).split("\\|");
        for (int i = 0; i < f.length; i++) {
            f[i] = f[i].trim();
        }
        return f;
    }

    private static String ratio(double gbs, Double base) {
        return base == null || base <= 0 ? "-" : rate(gbs / base, 2) + "x";
    }

    /** {@code decimals} places from 1 up; three significant digits below, so that slow rows do not read 0.00. */
    static String rate(double v, int decimals) {
        return String.format(Locale.ROOT, v >= 1 ? "%." + decimals + "f" : "%.3g", v);
    }

    /** The templates as regexes: literal text quoted, each {@code <*>} as {@code .*?}. */
    static PatternSet templates(List<String> templates) {
        PatternSet.Builder b = PatternSet.builder();
        for (String t : templates) {
            StringBuilder sb = new StringBuilder();
            String[] pieces = t.split("<\\*>", -1);
            for (int i = 0; i < pieces.length; i++) {
                sb.append(i > 0 ? ".*?" : "").append(Regexes.quote(pieces[i]));
            }
            b.addRegex(sb.toString());
        }
        return b.build();
    }

    private static boolean runSet(String label, List<String> rawTemplates, Records records, int prefix, int nfaPrefix,
            List<String> variants, List<String> chainVariants, int reps, int threads, List<String> rows) {
        PatternSet set = templates(rawTemplates);
        System.out.println();
        System.out.println("== " + label);
        Records head = head(records, nfaPrefix);
        MatcherOptions cpu = MatcherOptions.defaults().withThreads(threads);
        Matcher dfa = Trawl.compile(set, cpu.withEngine("cpu:dfa"));
        boolean[] want = dfa.anyMatch(records);
        boolean[] wantHead = Arrays.copyOf(want, head.size());
        boolean ok = true;
        ok &= measure(label, "cpu:dfa x" + threads, dfa, records, want, reps, rows, false);
        Matcher auto = Trawl.compile(set, cpu);
        ok &= measure(label, "auto", auto, records, want, reps, rows, false);
        // which engine served the timed call is known only after it (auto routes each call by its costs)
        rows.set(rows.size() - 1, rows.getLast().replace("| auto |", "| auto, served by " + auto.engine() + " |"));
        // the default (factor anchors, the anchor index or PFAC's walk by the set, start filter, the warp
        // verifies, records as lines), then each of those switched
        for (String variant : chainVariants) {
            ok &= chains(label, set, records, want, reps, cpu, rows, variant);
        }
        for (String v : variants) {
            Matcher m;
            if (v.equals("regex")) {
                m = Trawl.compile(set, cpu.withEngine(GpuNfaEngine.REGEX));
            } else {
                System.setProperty(NfaLauncher.VARIANT_PROPERTY, v);
                try {
                    m = Trawl.compile(set, cpu.withEngine(GpuNfaEngine.BLOCK));
                } finally {
                    System.clearProperty(NfaLauncher.VARIANT_PROPERTY);
                }
            }
            double headS = BestTime.seconds(1, () -> m.anyMatch(head));
            boolean slow = headS * records.size() / head.size() > SLOW_SECONDS;
            ok &= slow ? measure(label, m.engine(), m, head, wantHead, 1, rows, true)
                    : measure(label, m.engine(), m, records, want, reps, rows, false);
            if (m instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        // The slow CPU rows last, so that nothing they leave running weighs on the GPU rows (a Pike VM row
        // before them once slowed the next calls 20x).
        ok &= hyperscan(label, rawTemplates, records, want, reps, threads, rows);
        Records pikeHead = head(records, Math.max(1, prefix / 10));
        ok &= measure(label, "cpu:pike x" + threads, Trawl.compile(set, cpu.withEngine("cpu:pike")), pikeHead,
                Arrays.copyOf(want, pikeHead.size()), 1, rows, true);
        Records jdkHead = head(records, Math.max(1, prefix / 10)); // Mac's templates backtrack for long in java.util.regex
        List<java.util.regex.Pattern> jdk = new ArrayList<>();
        for (int i = 0; i < set.size(); i++) {
            jdk.add(java.util.regex.Pattern.compile(set.pattern(i)));
        }
        ok &= measure(label, "java.util.regex, line by line, x" + threads + " (common pool)", jdkHead,
                Arrays.copyOf(want, jdkHead.size()), 1, rows, true, out -> java.util.stream.IntStream
                        .range(0, jdkHead.size()).parallel().forEach(i -> out[i] = jdkAny(jdk, jdkHead.string(i))));
        return ok;
    }

    /** Whether one of {@code patterns} finds a match in {@code line}, as a java.util.regex user would ask it. */
    private static boolean jdkAny(List<java.util.regex.Pattern> patterns, String line) {
        for (java.util.regex.Pattern p : patterns) {
            if (p.matcher(line).find()) {
                return true;
            }
        }
        return false;
    }

    /** Native Hyperscan, one hs_scan per line on every thread (the templates in its syntax); skipped where absent. */
    private static boolean hyperscan(String label, List<String> rawTemplates, Records records, boolean[] want, int reps,
            int threads, List<String> rows) {
        List<String> regexes = rawTemplates.stream().map(t -> RegexSyntax.template(t, false)).toList();
        Optional<HyperscanRecords> hs = HyperscanRecords.anyMatch(regexes, records, threads);
        if (hs.isEmpty()) {
            return true;
        }
        try (HyperscanRecords h = hs.get()) {
            return measure(label, "native Hyperscan " + h.version().split(" ")[0] + " x" + threads, records, want, reps,
                    rows, out -> {
                        try {
                            h.anyMatch(out);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    });
        }
    }

    /**
     * {@code gpu:chains}: end to end from the mapped file, then its kernels alone on the lines resident on
     * the device (best of {@code reps}); checks both, adds their rows; false on a disagreement. {@code variant}
     * is {@code default} or names the one switch that differs ({@link #CHAIN_VARIANTS}).
     */
    private static boolean chains(String label, PatternSet set, Records records, boolean[] want, int reps,
            MatcherOptions cpu, List<String> rows, String variant) {
        System.out.println("-- gpu:chains, " + variant);
        Matcher m;
        String[] properties = CHAIN_VARIANTS.getOrDefault(variant, new String[0]);
        for (int i = 0; i < properties.length; i += 2) {
            System.setProperty(properties[i], properties[i + 1]);
        }
        try {
            MatcherOptions o = cpu.withEngine(GpuChainEngine.NAME);
            m = Trawl.compile(set, chunkMiB(variant) > 0 ? o.withChunkBytes((long) chunkMiB(variant) << 20) : o);
        } finally {
            for (int i = 0; i < properties.length; i += 2) {
                System.clearProperty(properties[i]);
            }
        }
        if (m instanceof GpuChainMatcher fresh && fresh.onGpu()) {
            // A fresh matcher's first verdicts, before anything else runs on it: the first calls over
            // many lines have been seen to take seconds where later ones take a fraction of one.
            for (int i = 0; i < 2; i++) {
                long t0 = System.nanoTime();
                byte[] first = fresh.gpuVerdicts(records);
                long[] k = new long[3];
                for (byte v : first) {
                    k[v]++;
                }
                System.out.printf(Locale.ROOT, "gpu:chains fresh call %d: verdicts %.3f s; %,d match, %,d none, %,d unknown%n",
                        i, (System.nanoTime() - t0) / 1e9, k[1], k[0], k[2]);
            }
        }
        boolean ok = measure(label, m.engine() + ", " + variant, m, records, want, reps, rows, false);
        if (!(m instanceof GpuChainMatcher g) || !g.onGpu()) {
            return ok;
        }
        // Where the end-to-end time goes: the kernels' verdicts through the record pipeline alone, and how
        // many records they leave to the CPU.
        byte[] streamed = null;
        double pipelineS = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            streamed = g.gpuVerdicts(records);
            double v = (System.nanoTime() - t0) / 1e9;
            pipelineS = Math.min(pipelineS, v);
            t0 = System.nanoTime();
            g.anyMatch(records, new boolean[records.size()]);
            System.out.printf(Locale.ROOT, "gpu:chains call %d: verdicts %.3f s, then anyMatch %.3f s%n", i, v,
                    (System.nanoTime() - t0) / 1e9);
        }
        long[] kinds = new long[3];
        for (byte v : streamed) {
            kinds[v]++;
        }
        System.out.printf(Locale.ROOT, "gpu:chains verdicts through the record pipeline: %.3f s; %,d match, %,d none,"
                + " %,d unknown (searched on the CPU)%n", pipelineS, kinds[1], kinds[0], kinds[2]);
        byte[] verdicts = new byte[records.size()];
        float ms = Float.MAX_VALUE;
        try (DeviceRecords d = DeviceRecords.upload(Gpu.get(), records, 0)) {
            for (int i = 0; i < Math.max(1, reps); i++) {
                ms = Math.min(ms, d.verdicts(g, verdicts));
            }
        } finally {
            g.close();
        }
        long matching = 0;
        long unknown = 0;
        for (int i = 0; i < verdicts.length; i++) {
            matching += verdicts[i] == 1 ? 1 : 0;
            unknown += verdicts[i] == 2 ? 1 : 0;
            if (verdicts[i] != 2 && (verdicts[i] == 1) != want[i]) {
                System.out.println("MISMATCH: " + label + ", gpu:chains device-resident: line " + i + " expected "
                        + want[i] + ", got verdict " + verdicts[i] + ": " + records.string(i));
                ok = false;
                break;
            }
        }
        double s = ms / 1e3;
        long bytes = records.end(records.size() - 1) - records.start(0);
        System.out.printf(Locale.ROOT, "gpu:chains device-resident kernels: %.3f ms, %.2f GB/s, %,d unknown%n", ms,
                bytes / s / 1e9, unknown);
        rows.add(String.format(Locale.ROOT, "| %s | gpu:chains device-resident, %s, kernels only (%,d lines unknown) |"
                + " %,d | %.2f | %.3f | %,d |", label, variant, unknown, records.size(), records.size() / s / 1e6, bytes / s / 1e9,
                matching));
        return ok;
    }

    /** The chunk size in MiB a variant {@code "chunks:N"} asks for, or 0. */
    private static int chunkMiB(String variant) {
        return variant.startsWith("chunks:") ? Integer.parseInt(variant.substring("chunks:".length())) : 0;
    }

    /** gpu:chains' rows by default ({@code --chain-variants}, separated by ';'): the default, then {@link #CHAIN_VARIANTS}. */
    static final List<String> CHAIN_ROWS = List.of("default", "anchor index", "PFAC walk", "longest-literal anchors",
            "longest-literal anchors, PFAC walk", "12-byte factor anchors", "no start filter", "bounds",
            "PFAC walk, lane verifies");

    /** gpu:chains' switches, each turning parts of the default off: properties and their values, in pairs. */
    private static final Map<String, String[]> CHAIN_VARIANTS = Map.ofEntries(
            Map.entry("anchor index", new String[] {ChainLauncher.KERNEL_PROPERTY, "index"}),
            Map.entry("PFAC walk", new String[] {ChainLauncher.KERNEL_PROPERTY, "pfac"}),
            Map.entry("longest-literal anchors", new String[] {ChainLauncher.ANCHOR_PROPERTY, "longest"}),
            Map.entry("longest-literal anchors, PFAC walk", new String[] {ChainLauncher.ANCHOR_PROPERTY, "longest",
                ChainLauncher.KERNEL_PROPERTY, "pfac"}),
            Map.entry("12-byte factor anchors", new String[] {ChainLauncher.ANCHOR_PROPERTY, "factor:12"}),
            Map.entry("no start filter", new String[] {ChainLauncher.GRAMS_PROPERTY, "off"}),
            Map.entry("bounds", new String[] {RecordPipeline.LINES_PROPERTY, "false"}),
            Map.entry("PFAC walk, lane verifies", new String[] {ChainLauncher.KERNEL_PROPERTY, "lane"}));

    /** Times the matcher's {@code anyMatch}, checks it against {@code want}, adds a row; false on a disagreement. */
    private static boolean measure(String label, String engine, Matcher m, Records records, boolean[] want, int reps,
            List<String> rows, boolean prefixOnly) {
        return measure(label, engine, records, want, reps, rows, prefixOnly, out -> m.anyMatch(records, out));
    }

    private static boolean measure(String label, String engine, Records records, boolean[] want, int reps,
            List<String> rows, Consumer<boolean[]> anyMatch) {
        return measure(label, engine, records, want, reps, rows, false, anyMatch);
    }

    /** Times {@code anyMatch} (filling its array), checks it against {@code want}, adds a row; false on a disagreement. */
    private static boolean measure(String label, String engine, Records records, boolean[] want, int reps,
            List<String> rows, boolean prefixOnly, Consumer<boolean[]> anyMatch) {
        boolean[] got = new boolean[records.size()];
        anyMatch.accept(got);
        double s = BestTime.seconds(reps, () -> anyMatch.accept(new boolean[records.size()]));
        long bytes = records.end(records.size() - 1) - records.start(0);
        long matching = 0;
        for (boolean g : got) {
            matching += g ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%s: %.3f s, %.2f M lines/s, %.2f GB/s%n", engine, s, records.size() / s / 1e6,
                bytes / s / 1e9);
        rows.add(String.format(Locale.ROOT, "| %s | %s | %,d%s | %s | %s | %,d |", label, engine, records.size(),
                prefixOnly ? " (prefix)" : "", rate(records.size() / s / 1e6, 2), rate(bytes / s / 1e9, 3), matching));
        if (!Arrays.equals(want, got)) {
            int i = Arrays.mismatch(want, got);
            System.out.println("MISMATCH: " + label + ", " + engine + ": line " + i + " expected " + want[i] + ", got "
                    + got[i] + ": " + records.string(i));
            return false;
        }
        return true;
    }

    /** The first {@code n} lines, as lines of their own. */
    private static Records head(Records records, int n) {
        if (n >= records.size()) {
            return records;
        }
        long end = records.end(n - 1) + 1; // through the '\n'
        return Records.lines(records.data().asSlice(0, end), true);
    }
}
