package dev.trawl.bench.gpu;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Loghub;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.DeviceRecords;
import dev.trawl.cuda.engine.GpuChainEngine;
import dev.trawl.cuda.engine.GpuChainMatcher;
import dev.trawl.cuda.engine.GpuNfaEngine;
import dev.trawl.cuda.engine.NfaLauncher;
import dev.trawl.regex.Regexes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Regex sets on the GPU against the CPU: loghub's lines (16 systems, interleaved) replayed to
 * {@code --lines} lines (2 million by default, about 280 MB) in a file, the loghub templates as regexes
 * (literal text quoted, each {@code <*>} as {@code .*?}), and {@code anyMatch} per line end to end
 * from the memory-mapped file, in lines and bytes per second. Two sets: every system's 2k-sample
 * templates as one set, and one system's ({@code --system}, HDFS by default).
 *
 * <p>Rows: {@code cpu:dfa} and {@code cpu:pike} on {@code --threads} threads (all cores by default),
 * {@code auto}, {@code gpu:chains} end to end and on the lines resident on the device (its kernels
 * alone, CUDA events: the "device-resident" row, whose verdicts are checked too, "unknown" ones being
 * the non-ASCII lines the matcher asks the CPU about), then the {@code --variants} of the NFA engines
 * ({@code basic,shared,coarse,queue,regex} by default: {@code gpu:nfa-block}'s variants and
 * {@code gpu:regex}; {@code none} for none). {@code cpu:pike} runs on a tenth of the first
 * {@code --prefix} lines (1,000 by default; a Pike VM steps every regex of the set at every byte: on the
 * H200 host 100,000 lines of all templates took 19 s, and the gpu:chains calls right after it were slowed
 * from 0.4 s to 8-13 s by something that run left behind, so the rows after it did not measure
 * themselves).
 * Each NFA variant is first timed on the first {@code --nfa-prefix} lines (10,000 by default) and, when
 * that projects past {@value #SLOW_SECONDS} s for all the lines, its row is that prefix's and says so,
 * so that slow variants cannot eat a device run's time limit. Every answer is checked against
 * {@code cpu:dfa}'s on the same lines. Prints a Markdown table last; exits 1 on any disagreement, 2
 * without a GPU.
 *
 * <p>Usage: {@code RegexBench [--data DIR] [--lines N] [--prefix N] [--nfa-prefix N]
 * [--variants LIST|none] [--reps N] [--threads N] [--system NAME] [--dir DIR]}.
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
                        String.join(",", VARIANTS)));
        Path data = options.data();
        long lines = options.size();
        int prefix = Integer.parseInt(options.extra("--prefix"));
        int nfaPrefix = Integer.parseInt(options.extra("--nfa-prefix"));
        String variantList = options.extra("--variants");
        List<String> variants = variantList.equals("none") ? List.of() : List.of(variantList.split(","));
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
            ok &= runSet("all templates (" + all.size() + ")", templates(all), records, prefix, nfaPrefix, variants, reps,
                    threads, rows);
            List<String> one = Loghub.templates(root, system);
            ok &= runSet(system + " templates (" + one.size() + ")", templates(one), records, prefix, nfaPrefix, variants,
                    reps, threads, rows);
        } finally {
            Files.deleteIfExists(file);
        }
        return ResultTable.print("| set | engine | lines | anyMatch M lines/s | anyMatch GB/s | matching lines |",
                "|---|---|---:|---:|---:|---:|", rows, ok, "all answers agree with cpu:dfa");
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

    private static boolean runSet(String label, PatternSet set, Records records, int prefix, int nfaPrefix,
            List<String> variants, int reps, int threads, List<String> rows) {
        System.out.println();
        System.out.println("== " + label);
        Records head = head(records, nfaPrefix);
        MatcherOptions cpu = MatcherOptions.defaults().withThreads(threads);
        Matcher dfa = Trawl.compile(set, cpu.withEngine("cpu:dfa"));
        boolean[] want = dfa.anyMatch(records);
        boolean[] wantHead = Arrays.copyOf(want, head.size());
        boolean ok = true;
        ok &= measure(label, "cpu:dfa x" + threads, dfa, records, want, reps, rows, false);
        Records pikeHead = head(records, Math.max(1, prefix / 10));
        ok &= measure(label, "cpu:pike x" + threads, Trawl.compile(set, cpu.withEngine("cpu:pike")), pikeHead,
                Arrays.copyOf(want, pikeHead.size()), 1, rows, true);
        Matcher auto = Trawl.compile(set, cpu);
        ok &= measure(label, "auto: " + auto.engine(), auto, records, want, reps, rows, false);
        ok &= chains(label, set, records, want, reps, cpu, rows);
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
        return ok;
    }

    /**
     * {@code gpu:chains}: end to end from the mapped file, then its kernels alone on the lines resident on
     * the device (best of {@code reps}); checks both, adds their rows; false on a disagreement.
     */
    private static boolean chains(String label, PatternSet set, Records records, boolean[] want, int reps,
            MatcherOptions cpu, List<String> rows) {
        Matcher m = Trawl.compile(set, cpu.withEngine(GpuChainEngine.NAME));
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
        boolean ok = measure(label, m.engine(), m, records, want, reps, rows, false);
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
        rows.add(String.format(Locale.ROOT, "| %s | gpu:chains device-resident, kernels only (%,d lines unknown) | %,d |"
                + " %.2f | %.3f | %,d |", label, unknown, records.size(), records.size() / s / 1e6, bytes / s / 1e9,
                matching));
        return ok;
    }

    /** Times {@code anyMatch}, checks it against {@code want}, adds a row; false on a disagreement. */
    private static boolean measure(String label, String engine, Matcher m, Records records, boolean[] want, int reps,
            List<String> rows, boolean prefixOnly) {
        boolean[] got = m.anyMatch(records);
        double s = BestTime.seconds(reps, () -> m.anyMatch(records, new boolean[records.size()]));
        long bytes = records.end(records.size() - 1) - records.start(0);
        long matching = 0;
        for (boolean g : got) {
            matching += g ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%s: %.3f s, %.2f M lines/s, %.2f GB/s%n", engine, s, records.size() / s / 1e6,
                bytes / s / 1e9);
        rows.add(String.format(Locale.ROOT, "| %s | %s | %,d%s | %.2f | %.3f | %,d |", label, engine, records.size(),
                prefixOnly ? " (prefix)" : "", records.size() / s / 1e6, bytes / s / 1e9, matching));
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
