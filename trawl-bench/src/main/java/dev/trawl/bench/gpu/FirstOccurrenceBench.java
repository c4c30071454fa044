package dev.trawl.bench.gpu;

import dev.trawl.EngineUnavailableException;
import dev.trawl.FirstOccurrences;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Loghub;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedRecords;
import dev.trawl.cuda.engine.GpuPfacEngine;
import dev.trawl.cuda.engine.GpuPfacMatcher;
import dev.trawl.cuda.engine.GpuRabinKarpEngine;
import dev.trawl.cuda.engine.GpuRabinKarpMatcher;
import dev.trawl.cuda.engine.RabinKarpLookup;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.engine.cpu.IndexOfEngine;
import dev.trawl.engine.cpu.RabinKarpEngine;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * The records x patterns first-occurrence table ({@link Matcher#firstOccurrence}) end to end through
 * the public API, CPU engines against {@code gpu:rabin-karp} and {@code gpu:pfac}, in two settings:
 * <ul>
 *   <li><b>amp</b>, the C++ AMP string-search sample's: {@code --bytes} (128 MiB) of records of random
 *       length 64 to 1,024 bytes ({@code --longest N}: N / 16 to N) over the 26 lower-case letters and the space (uniform, seed 42), and
 *       about 8 KiB of patterns of random length 4 to 16, half cut from random records (so they hit),
 *       half random (so they mostly do not);
 *   <li><b>loghub</b>: loghub's sample lines (16 systems, interleaved) replayed to
 *       {@code --loghub-bytes} (1 GiB), one record a line, and {@code --patterns} (1,000) patterns of
 *       4 to 16 bytes, half cut from random lines, half random lower-case strings.
 * </ul>
 * Rows: {@code cpu:index-of} and {@code cpu:rabin-karp} on one thread and on {@code --threads} (all
 * cores by default), {@code cpu:aho-corasick} on all, {@code gpu:rabin-karp} with its hash-table
 * lookup (hits verified on the GPU and on the host) and with the constant-memory loop (verified on the
 * GPU), {@code gpu:pfac} (a row per record made on the device, and the generic path: every match of a
 * scan put in its record on the host; its default picks one by the records' average length), and
 * {@code gpu:pfac}'s rows again with the records copied into pinned memory ({@link PinnedRecords}: the
 * GPU then copies them with no staging). Each is the best of at least {@code --reps} (20) runs, more
 * for a fast row until its runs have taken {@value #REPEAT_AT_LEAST_SECONDS} s (at most
 * {@value #MOST_RUNS}), fewer once they have taken {@value #REPEAT_WITHIN_SECONDS} s: the early runs of a
 * row are its warm-up, and a 3 ms row's host code (queueing chunks through the driver) is still
 * interpreted or in C1 after 20 runs, where a CPU row's scan loop is compiled within its first run. A one-thread row whose estimate (from a 4 MiB prefix) passes
 * {@code --cap} seconds (20) runs on a prefix of the records instead and is scaled to the whole,
 * marked "scaled". Every table must equal {@code cpu:aho-corasick}'s (on the same prefix, for scaled
 * rows). Prints a Markdown table with each row's ratio to one-thread {@code cpu:index-of} and to the
 * fastest CPU row; exits 1 on a disagreement. Without a GPU the GPU rows say why and are skipped.
 *
 * <p>Usage: {@code FirstOccurrenceBench [--setting amp|loghub|both] [--data DIR] [--bytes N]
 * [--loghub-bytes N] [--patterns N] [--reps N] [--threads N] [--cap SECONDS] [--rows A,B]}: {@code --rows}
 * keeps only the rows whose label and thread count ("cpu:index-of x1", "gpu:pfac x16") hold one of the
 * strings given (the ratios need {@code cpu:index-of x1} and the CPU rows).
 */
public final class FirstOccurrenceBench {
    private static final byte[] ALPHABET = "abcdefghijklmnopqrstuvwxyz ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final long PROBE_BYTES = 4 << 20;
    /** A row is run again (up to {@code --reps} times) until its runs have taken this long. */
    private static final double REPEAT_WITHIN_SECONDS = 10;
    /** A row is run again past {@code --reps} times until its runs have taken this long... */
    private static final double REPEAT_AT_LEAST_SECONDS = 2;
    /** ...or it has run this often. */
    private static final int MOST_RUNS = 2000;

    private FirstOccurrenceBench() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String[] args) {
        String setting = "both";
        Path data = null;
        long ampBytes = 128L << 20;
        long loghubBytes = 1L << 30;
        int patterns = 1000;
        int reps = 20;
        int threads = Runtime.getRuntime().availableProcessors();
        double cap = 20;
        String only = null;
        int longest = 1024;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--setting" -> setting = args[++i];
                case "--data" -> data = Path.of(args[++i]);
                case "--bytes" -> ampBytes = Long.parseLong(args[++i]);
                case "--loghub-bytes" -> loghubBytes = Long.parseLong(args[++i]);
                case "--patterns" -> patterns = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--cap" -> cap = Double.parseDouble(args[++i]);
                case "--rows" -> only = args[++i];
                case "--longest" -> longest = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        System.out.println("device: " + (Gpu.available() ? Gpu.get().info().describe() : "none (" + Gpu.unavailableReason().orElse("?") + ")"));
        System.out.println("host: " + Runtime.getRuntime().availableProcessors() + " cores; all-thread rows on " + threads);
        List<String> table = new ArrayList<>();
        boolean ok = true;
        try (Arena arena = Arena.ofShared()) {
            if (setting.equals("amp") || setting.equals("both")) {
                Random random = new Random(42);
                List<byte[]> records = randomRecords(random, ampBytes, longest);
                PatternSet ps = patternsFrom(records, random, 8192, Integer.MAX_VALUE);
                ok &= runSetting(String.format(Locale.ROOT, "amp: %d MiB, %,d records of %d-%d random [a-z ], %,d patterns (%,d bytes)",
                        ampBytes >> 20, records.size(), longest / 16, longest, ps.size(), totalBytes(ps)), columnOf(records, arena), ps, reps, threads, cap, only, table);
            }
            if (setting.equals("loghub") || setting.equals("both")) {
                Random random = new Random(43);
                List<byte[]> lines = replay(Loghub.interleavedLines(DataDir.find(data)), loghubBytes);
                PatternSet ps = patternsFrom(lines, random, Long.MAX_VALUE, patterns);
                ok &= runSetting(String.format(Locale.ROOT, "loghub: %d MiB, %,d lines, %,d patterns (%,d bytes)",
                        loghubBytes >> 20, lines.size(), ps.size(), totalBytes(ps)), columnOf(lines, arena), ps, reps, threads, cap, only, table);
            }
        }
        return ResultTable.print("| setting | engine | threads | seconds | GB/s | vs index-of, 1 thread | vs fastest CPU | pairs |",
                "|---|---|---:|---:|---:|---:|---:|---:|", table, ok, "every table equals cpu:aho-corasick's");
    }

    /** One row's engine and settings. */
    /** A row: an engine on some threads, with system properties set while it is compiled and timed. */
    private record Row(String label, String engine, int threads, java.util.Map<String, String> properties, boolean pinned) {
        Row(String label, String engine, int threads, java.util.Map<String, String> properties) {
            this(label, engine, threads, properties, false);
        }

        Row(String label, String engine, int threads) {
            this(label, engine, threads, java.util.Map.of());
        }

        static Row rabinKarp(String label, int threads, String verify, String lookup) {
            return new Row(label, GpuRabinKarpEngine.NAME, threads,
                    java.util.Map.of(GpuRabinKarpMatcher.VERIFY_PROPERTY, verify, RabinKarpLookup.PROPERTY, lookup));
        }
    }

    private record Timed(Row row, double seconds, boolean scaled, long prefixBytes, int pairs) {}

    private static boolean runSetting(String label, Records records, PatternSet ps, int reps, int threads, double cap,
            String only, List<String> table) {
        System.out.println();
        System.out.println("== " + label);
        long bytes = records.totalBytes();
        Matcher reference = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(threads));
        FirstOccurrences expected = reference.firstOccurrence(records);
        System.out.printf(Locale.ROOT, "reference (cpu:aho-corasick): %,d occurring (record, pattern) pairs%n", expected.size());
        List<Row> rows = List.of(new Row("cpu:index-of", IndexOfEngine.NAME, 1),
                new Row("cpu:index-of", IndexOfEngine.NAME, threads),
                new Row("cpu:rabin-karp", RabinKarpEngine.NAME, 1),
                new Row("cpu:rabin-karp", RabinKarpEngine.NAME, threads),
                new Row("cpu:aho-corasick", AhoCorasickEngine.NAME, threads),
                Row.rabinKarp("gpu:rabin-karp, table, GPU verification", threads, "gpu", "table"),
                Row.rabinKarp("gpu:rabin-karp, table, CPU verification", threads, "cpu", "table"),
                Row.rabinKarp("gpu:rabin-karp, constant, GPU verification", threads, "gpu", "constant"),
                new Row("gpu:pfac, a row per record on the device", GpuPfacEngine.NAME, threads,
                        java.util.Map.of(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "rows")),
                new Row("gpu:pfac, a row per record, records in pinned memory", GpuPfacEngine.NAME, threads,
                        java.util.Map.of(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "rows"), true),
                new Row("gpu:pfac, generic path", GpuPfacEngine.NAME, threads,
                        java.util.Map.of(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "generic")));
        List<Timed> timed = new ArrayList<>();
        boolean ok = true;
        PinnedRecords pinned = null;
        for (Row row : rows) {
            if (only != null && java.util.Arrays.stream(only.split(",")).noneMatch(o -> (row.label() + " x" + row.threads()).contains(o))) {
                continue;
            }
            try {
                if (row.pinned() && pinned == null) {
                    pinned = PinnedRecords.copyOf(Gpu.get(), records); // Gpu.get() throws EngineUnavailableException without one
                }
                Timed t = time(row, row.pinned() ? pinned.records() : records, ps, expected, reps, cap);
                ok &= t != null;
                if (t != null) {
                    timed.add(t);
                    System.out.printf(Locale.ROOT, "%-44s %3d threads: %9.3f s%s%n", row.label(), row.threads(), t.seconds(),
                            t.scaled() ? String.format(Locale.ROOT, " (scaled from %,d bytes)", t.prefixBytes()) : "");
                }
            } catch (EngineUnavailableException e) {
                System.out.println(row.label() + ": skipped, " + e.getMessage());
            } finally {
                row.properties().keySet().forEach(System::clearProperty);
            }
        }
        if (pinned != null) {
            pinned.close();
        }
        double indexOfOne = timed.stream().filter(t -> t.row().engine().equals(IndexOfEngine.NAME) && t.row().threads() == 1)
                .mapToDouble(Timed::seconds).findFirst().orElse(Double.NaN);
        double fastestCpu = timed.stream().filter(t -> t.row().engine().startsWith("cpu:")).mapToDouble(Timed::seconds).min()
                .orElse(Double.NaN);
        String setting = label.substring(0, label.indexOf(':'));
        for (Timed t : timed) {
            table.add(String.format(Locale.ROOT, "| %s | %s | %d | %.3f%s | %.2f | %.1fx | %.2fx | %,d |", setting, t.row().label(),
                    t.row().threads(), t.seconds(), t.scaled() ? " (scaled)" : "", bytes / t.seconds() / 1e9,
                    indexOfOne / t.seconds(), fastestCpu / t.seconds(), t.pairs()));
        }
        return ok;
    }

    /** The best of {@code reps} runs of a row, on a prefix when one thread would take past {@code cap} seconds; null on a disagreement. */
    private static Timed time(Row row, Records records, PatternSet ps, FirstOccurrences expected, int reps, double cap) {
        row.properties().forEach(System::setProperty);
        Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine(row.engine()).withThreads(row.threads()));
        Records run = records;
        FirstOccurrences want = expected;
        long bytes = records.totalBytes();
        boolean scaled = false;
        if (row.threads() == 1 && bytes > PROBE_BYTES) {
            Records probe = prefix(records, PROBE_BYTES);
            double estimate = BestTime.seconds(1, () -> m.firstOccurrence(probe)) * bytes / probe.totalBytes();
            if (estimate > cap) {
                run = prefix(records, (long) (bytes * cap / estimate));
                want = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME)
                        .withThreads(Runtime.getRuntime().availableProcessors())).firstOccurrence(run);
                scaled = true;
            }
        }
        Records input = run;
        FirstOccurrences[] got = new FirstOccurrences[1];
        double best = Double.MAX_VALUE;
        double spent = 0;
        for (int i = 0; (i < reps || spent < REPEAT_AT_LEAST_SECONDS) && i < MOST_RUNS
                && spent < REPEAT_WITHIN_SECONDS; i++) {
            double once = BestTime.seconds(1, () -> got[0] = m.firstOccurrence(input));
            best = Math.min(best, once);
            spent += once;
        }
        if (!want.equals(got[0])) {
            System.out.println("MISMATCH: " + row.label() + " on " + row.threads() + " threads: " + got[0] + " expected " + want);
            return null;
        }
        double seconds = scaled ? best * bytes / run.totalBytes() : best;
        return new Timed(row, seconds, scaled, run.totalBytes(), got[0].size());
    }

    /** The first records, up to about {@code bytes} of them (one at least). */
    private static Records prefix(Records records, long bytes) {
        int n = 1;
        while (n < records.size() && records.end(n) - records.start(0) <= bytes) {
            n++;
        }
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = records.record(i).toArray(ValueLayout.JAVA_BYTE);
        }
        return Records.of(out);
    }

    /** Records of {@code longest / 16} to {@code longest} bytes over {@link #ALPHABET}, to {@code bytes} in all. */
    private static List<byte[]> randomRecords(Random random, long bytes, int longest) {
        List<byte[]> out = new ArrayList<>();
        int shortest = longest / 16;
        for (long total = 0; total < bytes; ) {
            byte[] r = new byte[(int) Math.min(bytes - total, shortest + random.nextInt(longest - shortest + 1))];
            for (int k = 0; k < r.length; k++) {
                r[k] = ALPHABET[random.nextInt(ALPHABET.length)];
            }
            out.add(r);
            total += r.length;
        }
        return out;
    }

    /** Lines replayed in order until {@code bytes} (line bytes, without separators). */
    private static List<byte[]> replay(List<byte[]> lines, long bytes) {
        List<byte[]> out = new ArrayList<>();
        long total = 0;
        for (int i = 0; total < bytes; i = (i + 1) % lines.size()) {
            out.add(lines.get(i));
            total += lines.get(i).length;
        }
        return out;
    }

    /**
     * Distinct patterns of 4 to 16 bytes, alternately cut from a random record (at least as long) and
     * random over {@link #ALPHABET}, until {@code maxBytes} bytes or {@code maxCount} patterns.
     */
    private static PatternSet patternsFrom(List<byte[]> records, Random random, long maxBytes, int maxCount) {
        Set<String> out = new LinkedHashSet<>();
        long total = 0;
        for (int i = 0; out.size() < maxCount; i++) {
            int len = 4 + random.nextInt(13);
            if (total + len > maxBytes) {
                break;
            }
            byte[] p = new byte[len];
            if (i % 2 == 0) {
                byte[] r = records.get(random.nextInt(records.size()));
                if (r.length < len) {
                    continue;
                }
                System.arraycopy(r, random.nextInt(r.length - len + 1), p, 0, len);
            } else {
                for (int k = 0; k < len; k++) {
                    p[k] = ALPHABET[random.nextInt(ALPHABET.length)];
                }
            }
            if (out.add(new String(p, java.nio.charset.StandardCharsets.ISO_8859_1))) {
                total += len;
            }
        }
        PatternSet.Builder b = PatternSet.builder();
        for (String s : out) {
            b.add(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        return b.build();
    }

    private static long totalBytes(PatternSet ps) {
        long n = 0;
        for (int id = 0; id < ps.size(); id++) {
            n += ps.length(id);
        }
        return n;
    }

    /** The records end to end in native memory, as a column with 64-bit offsets ({@link Records#arrowLarge}). */
    private static Records columnOf(List<byte[]> records, Arena arena) {
        long total = 0;
        for (byte[] r : records) {
            total += r.length;
        }
        MemorySegment data = arena.allocate(Math.max(1, total), 16);
        MemorySegment offsets = arena.allocate(8L * (records.size() + 1), 8);
        long at = 0;
        for (int i = 0; i < records.size(); i++) {
            MemorySegment.copy(records.get(i), 0, data, ValueLayout.JAVA_BYTE, at, records.get(i).length);
            at += records.get(i).length;
            offsets.setAtIndex(ValueLayout.JAVA_LONG, i + 1, at);
        }
        return Records.arrowLarge(data, offsets, records.size());
    }
}
