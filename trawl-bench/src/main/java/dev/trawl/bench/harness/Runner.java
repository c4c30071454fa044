package dev.trawl.bench.harness;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.data.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures every engine of a {@link Spec} in turn, in this process, on the same workload: compile
 * (timed, reported as build time), a trial run on about 1/32 of the input, warm-up runs, timed runs,
 * then the cross-check against the baseline. An engine the trial shows too slow for several runs over
 * the whole input within {@link RunSettings#secondsPerEngine()} is timed and checked on a prefix sized
 * for about four runs, and its row says so; one too slow even for that is skipped. A mismatch marks
 * the row {@link Row.Status#MISMATCH}; the caller fails the run.
 *
 * <p>Estimates before a measured run assume that a run over k chunks uses min(threads, k) threads,
 * and a prefix holds at least a chunk per thread; for engines that {@linkplain BenchEngine#ownThreading()
 * thread themselves} they assume one thread (the harness cannot see how many they use) and a prefix may
 * be one chunk, so that a single-threaded engine is never handed a prefix sized for all the threads.
 *
 * <p>The check compares {@link Digest}s at the most exact level both sides share: every match for
 * engines with Trawl's semantics, the experiment's reduction where it does not depend on overlap, and
 * matching lines for leftmost-first engines otherwise. The baseline stays compiled until the end, so
 * reference digests at other levels are computed only when an engine needs them. Over the chunks the
 * engine was timed on, unless the baseline itself was timed on a shorter prefix and would take more
 * than {@link RunSettings#secondsPerEngine()} to cover them: then over the baseline's prefix (one more,
 * untimed, run of the engine there), and the row's check says so.
 */
public final class Runner {
    /** Most warm-up runs an engine gets however short its runs (see the warm-up in {@link #measure}). */
    static final int MAX_WARM_RUNS = 100;
    /** Most trial runs (see {@link #trialNanos}). */
    static final int MAX_TRIAL_RUNS = 64;
    /** Fewest trial runs, where each takes under an eighth of {@link RunSettings#maxRunSeconds()}. */
    static final int MIN_TRIAL_RUNS = 3;

    private final RunSettings settings;

    public Runner(RunSettings settings) {
        this.settings = settings;
    }

    public List<Row> measure(Spec spec) {
        List<Row> rows = new ArrayList<>();
        Reference ref = new Reference(spec.workload());
        try {
            for (int i = 0; i < spec.engines().size(); i++) {
                BenchEngine e = spec.engines().get(i);
                Row row = new Row(e.name(), e.kind(), e.threads(settings.threads()), e.note());
                row.baseline = i == 0;
                rows.add(row);
                measure(spec, e, row, ref);
                log("  %-24s %s", e.name(), summary(spec, row));
            }
        } finally {
            ref.close();
        }
        return rows;
    }

    private void measure(Spec spec, BenchEngine e, Row row, Reference ref) {
        var unavailable = e.unavailable();
        if (unavailable.isPresent()) {
            row.status = Row.Status.UNAVAILABLE;
            row.detail = unavailable.get();
            return;
        }
        var rejected = e.rejects(spec.problem());
        if (rejected.isPresent()) {
            row.status = Row.Status.SKIPPED;
            row.detail = rejected.get();
            return;
        }
        Workload w = spec.workload();
        System.gc();
        BenchEngine.Compiled compiled;
        long t0 = System.nanoTime();
        try {
            compiled = e.compile(spec.problem(), row.threads);
        } catch (Throwable t) {
            row.status = Row.Status.FAILED;
            row.detail = "compile failed: " + describe(t);
            return;
        }
        row.buildMs = (System.nanoTime() - t0) / 1e6;
        boolean keep = false;
        try {
            Plan plan = new Plan(spec, e, compiled);
            List<Chunk> all = w.chunks();
            List<Chunk> timed = all;
            // Seconds per byte on one thread; a run over k chunks is assumed to use min(threads, k) of them
            // (one, for engines that thread themselves).
            int threads = e.ownThreading() ? 1 : row.threads;
            double perByte = headTrial(spec, compiled);
            List<Chunk> firstTrial = w.prefix(1.0 / 32);
            double trialLimit = settings.maxRunSeconds();
            if (e.ownThreading() && estimate(perByte, firstTrial, threads) >= trialLimit) {
                // Too long if the engine runs on one thread; a trial of about an eighth of a run's limit still
                // measures what it does over several chunks (where it may use all its threads).
                firstTrial = w.prefix(trialLimit / 8 / estimate(perByte, all, threads));
                trialLimit /= 4;
            }
            List<Chunk> trial = firstTrial;
            boolean trialRan = false;
            if (trial.size() < all.size() && estimate(perByte, trial, threads) < trialLimit) {
                long ns = trialNanos(plan, trial);
                perByte = ns / 1e9 * Math.min(threads, trial.size()) / Math.max(1, trial.getLast().to());
                trialRan = true;
            }
            double projected = estimate(perByte, all, threads);
            if (projected > settings.secondsPerEngine() / 2 && all.size() > 1) {
                // Too slow for several runs over everything: time a prefix sized for about four runs in the
                // engine's time budget, and of at least one chunk per thread it is assumed to use (the inputs
                // are homogeneous).
                double fraction = settings.secondsPerEngine() / 4 / projected;
                timed = w.prefix(fraction);
                if (timed.size() < threads) {
                    timed = all.subList(0, Math.min(all.size(), threads));
                }
            }
            double perRun = estimate(perByte, timed, threads);
            if (perRun > settings.maxRunSeconds()) {
                row.status = Row.Status.SKIPPED;
                row.detail = String.format(Locale.ROOT, "skipped: about %.0f s per run on %s projected"
                        + " (limit %.0f s, --max-run-seconds)", perRun, Sizes.format(timed.getLast().to()),
                        settings.maxRunSeconds());
                return;
            }
            row.bytes = timed.getLast().to();
            row.lines = timed.getLast().endLine();
            row.sampled = timed.size() < all.size();
            plan.chunks = timed;
            // Warm-up: for engines whose runs take seconds, the trial run was warm-up enough (the JIT has
            // compiled the hot loops within it); moderately slow ones warm up on the trial prefix.
            // Then more runs, until the warm-up has taken a tenth of the engine's time budget: a fast engine's
            // runs are short (12-20 ms for 2,500 long words over 128-512 MiB), and after two of them the
            // JIT had not compiled its loops (on 2 cores, 6.7 GB/s after 2 warm-up runs, 10.3 after 10).
            if (!row.sampled) {
                List<Chunk> warm = projected > settings.secondsPerEngine() / 8 && trialRan ? trial : timed;
                long warmSpent = 0;
                for (int k = 0; k < settings.warmup()
                        || (settings.warmup() > 0 && k < MAX_WARM_RUNS && warmSpent < settings.secondsPerEngine() * 1e8); k++) {
                    warmSpent += time(() -> plan.timed(warm));
                }
            }
            List<Long> nanos = new ArrayList<>();
            long spent = 0;
            Object first = null;
            List<Chunk> run = timed;
            while (nanos.size() < settings.reps() && (nanos.isEmpty() || spent < settings.secondsPerEngine() * 1e9)) {
                Object[] out = new Object[1];
                plan.prepare(run);
                long ns = time(() -> out[0] = plan.timed(run));
                nanos.add(ns);
                spent += ns;
                if (first == null) {
                    first = out[0];
                } else if (!same(first, out[0])) {
                    row.status = Row.Status.MISMATCH;
                    row.detail = "results differ between runs: " + first + " then " + out[0];
                }
            }
            row.nanos = nanos.stream().mapToLong(Long::longValue).toArray();
            if (row.status != Row.Status.OK) {
                return;
            }
            keep = check(plan, row, first, ref);
        } catch (Throwable t) {
            row.status = Row.Status.FAILED;
            row.detail = "run failed: " + describe(t);
        } finally {
            if (!keep) {
                compiled.close();
            }
        }
    }

    /**
     * The fastest of the trial runs over {@code trial}. The head's few KiB leave the JIT cold, so the first
     * runs may still be interpreted or compiling the engine's loops: where runs are cheap they are repeated
     * (at least {@value #MIN_TRIAL_RUNS} times, then within an eighth of the engine's time budget) until
     * three in a row come within 5% of the fastest. Two runs were not enough on the H200 machine's host: a
     * 3 GB/s engine measured cold was projected slow, timed on a prefix without warm-up, and reported at
     * about half its rate (spread 84%). Nor was a budget alone: on 16 threads a first, interpreted, run
     * over 16 MiB took most of a second, used the budget up, and the engine was timed on that prefix, whose
     * runs are too short for 16 threads (0.11x Hyperscan where the whole input gave 0.7-1x).
     */
    private long trialNanos(Plan plan, List<Chunk> trial) throws Exception {
        plan.prepare(trial);
        long best = time(() -> plan.timed(trial));
        long spent = best;
        int steady = 0;
        for (int k = 1; k < MAX_TRIAL_RUNS && steady < 3 && best < settings.maxRunSeconds() * 1e9 / 8
                && (k < MIN_TRIAL_RUNS || spent < settings.secondsPerEngine() * 1e9 / 8); k++) {
            long ns = time(() -> plan.timed(trial));
            spent += ns;
            steady = ns <= best * 1.05 ? steady + 1 : 0;
            best = Math.min(best, ns);
        }
        return best;
    }

    /**
     * Seconds per input byte on one thread, from a run over the input's first lines (about
     * {@value #TINY_BYTES} bytes) and up to three over about {@value #HEAD_BYTES} (stopping early when one
     * is slow). Cheap for every
     * engine, so hopeless ones (a regex pass per word of a million-word dictionary) are found before
     * a longer trial; JIT-cold, so it errs on the slow side and only guides the next steps.
     */
    private static double headTrial(Spec spec, BenchEngine.Compiled compiled) throws Exception {
        // First a few hundred bytes: an engine costing patterns x bytes (a naive scan of a million words)
        // shows itself there in a second or two, before it is handed anything bigger.
        try (Workload tiny = spec.workload().head(TINY_BYTES)) {
            if (tiny.bytes() == 0) {
                return 0;
            }
            Plan plan = new Plan(spec, null, compiled);
            plan.prepare(tiny, tiny.chunks());
            long ns = time(() -> plan.timed(tiny, tiny.chunks()));
            if (ns > 1_000_000_000L) {
                return ns / 1e9 / tiny.bytes();
            }
        }
        try (Workload head = spec.workload().head(HEAD_BYTES)) {
            Plan plan = new Plan(spec, null, compiled);
            plan.prepare(head, head.chunks());
            long best = Long.MAX_VALUE;
            for (int k = 0; k < 3; k++) {
                long ns = time(() -> plan.timed(head, head.chunks()));
                best = Math.min(best, ns);
                // A first run may carry one-off costs (a GPU context, class loading): run again unless hopeless.
                if (ns > 5_000_000_000L || k > 0 && ns > 300_000_000L) {
                    break;
                }
            }
            return best / 1e9 / head.bytes();
        }
    }

    private static final long TINY_BYTES = 512;
    private static final long HEAD_BYTES = 8 << 10;

    private static double estimate(double perByte, List<Chunk> chunks, int threads) {
        return perByte * chunks.getLast().to() / Math.max(1, Math.min(threads, chunks.size()));
    }

    /**
     * What is timed for one engine, and at what level its output is checked: the experiment's reduction,
     * or for counting experiments every match (matching lines for leftmost-first engines). Engines with
     * a fast count are timed on it and checked with one more, untimed, run.
     */
    private static final class Plan {
        final Spec spec;
        final BenchEngine.Compiled compiled;
        final Reduction level;
        final boolean timesCount;
        /** What the timed runs covered: all chunks, or a prefix for slow engines. */
        List<Chunk> chunks;

        Plan(Spec spec, BenchEngine e, BenchEngine.Compiled compiled) {
            this.spec = spec;
            this.compiled = compiled;
            boolean leftmost = e != null && e.semantics() == BenchEngine.Semantics.LEFTMOST_FIRST;
            if (spec.counting()) {
                level = leftmost ? new Reduction.MatchingLines() : new Reduction.AllMatches();
                timesCount = compiled.fastCount();
            } else {
                level = leftmost && !spec.reduction().exactForLeftmostFirst() ? new Reduction.MatchingLines()
                        : spec.reduction();
                timesCount = false;
            }
        }

        /** The timed operation: a count (Long) or a Digest. */
        Object timed(List<Chunk> chunks) throws Exception {
            return timed(spec.workload(), chunks);
        }

        Object timed(Workload w, List<Chunk> chunks) throws Exception {
            if (timesCount) {
                return compiled.count(w, chunks);
            }
            return compiled.run(w, chunks, reduction());
        }

        /** What the timed operation over these chunks needs made first, untimed. */
        void prepare(List<Chunk> chunks) throws Exception {
            prepare(spec.workload(), chunks);
        }

        void prepare(Workload w, List<Chunk> chunks) throws Exception {
            compiled.prepare(w, chunks, timesCount ? null : reduction());
        }

        private Reduction reduction() {
            return spec.counting() ? level : spec.reduction();
        }

        /** The digest at the check level: from the timed result where it is one, else one more run. */
        Digest checked(Object timed) throws Exception {
            if (timed instanceof Digest d && (spec.counting() || level == spec.reduction())) {
                return d;
            }
            return compiled.run(spec.workload(), chunks, level);
        }
    }

    private static boolean same(Object a, Object b) {
        return a instanceof Digest x && b instanceof Digest y ? x.sameAs(y) : a.equals(b);
    }

    /** Checks the row; returns true when the engine became the reference (and must stay open). */
    private boolean check(Plan plan, Row row, Object timed, Reference ref) throws Exception {
        Digest mine = plan.checked(timed);
        if (timed instanceof Long n) {
            row.result = n;
            if (n != mine.count()) {
                row.status = Row.Status.MISMATCH;
                row.detail = "count " + n + " but " + mine.count() + " matches reported";
                return false;
            }
        } else {
            Digest d = (Digest) timed;
            row.result = plan.spec.counting() ? d.hits() : d.count();
        }
        row.checkedOn = plan.level.label();
        if (!ref.present()) {
            if (plan.level instanceof Reduction.MatchingLines && plan.level != plan.spec.reduction()) {
                row.checkedOn = "";
                row.detail = "not checked: no reference ran before it";
                return false;
            }
            ref.take(row.engine, plan.compiled, plan.level, plan.chunks, mine, row.medianNanos() / 1e9 / row.bytes);
            row.checkedOn = row.baseline ? "reference" : "reference (the baseline did not run)";
            return true;
        }
        List<Chunk> on = plan.chunks;
        if (on.size() > ref.chunks.size() && !ref.has(plan.level, on)
                && ref.secondsPerByte * on.getLast().to() > settings.secondsPerEngine()) {
            // The reference was slow enough to be timed on a prefix, and would take too long over this
            // engine's chunks: compare over the reference's prefix.
            on = ref.chunks;
            mine = plan.compiled.run(plan.spec.workload(), on, plan.level);
            row.checkedOn += " on the first " + Sizes.format(on.getLast().to());
        }
        Digest expected = ref.at(plan.level, on);
        if (!expected.sameAs(mine)) {
            row.status = Row.Status.MISMATCH;
            row.detail = plan.level.label() + ": " + mine + " but " + ref.name + " gave " + expected;
        }
        return false;
    }

    private interface Op {
        void run() throws Exception;
    }

    private static long time(Op op) throws Exception {
        long t = System.nanoTime();
        op.run();
        return System.nanoTime() - t;
    }

    private static String describe(Throwable t) {
        if (t instanceof OutOfMemoryError) {
            return "out of memory (raise -Xmx)";
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
    }

    private String summary(Spec spec, Row r) {
        if (!r.ran()) {
            return r.status + " " + r.detail;
        }
        return String.format(Locale.ROOT, "%.1f MB/s%s, result %d, %s %s", r.perSecond(r.bytes) / 1e6,
                r.sampled ? " (on " + Sizes.format(r.bytes) + ")" : "",
                r.result, r.status, r.status == Row.Status.OK ? r.checkedOn : r.detail);
    }

    private void log(String fmt, Object... args) {
        if (settings.log() != null) {
            settings.log().println(String.format(Locale.ROOT, fmt, args));
        }
    }

    /** The engine every other is checked against, kept compiled for digests at further levels. */
    private static final class Reference implements AutoCloseable {
        private final Workload w;
        private final Map<String, Digest> digests = new HashMap<>();
        private BenchEngine.Compiled compiled;
        private String name;
        /** The chunks the reference was timed on, and its wall time per byte there. */
        private List<Chunk> chunks;
        private double secondsPerByte;

        Reference(Workload w) {
            this.w = w;
        }

        boolean present() {
            return compiled != null;
        }

        void take(String name, BenchEngine.Compiled c, Reduction level, List<Chunk> chunks, Digest d,
                double secondsPerByte) {
            this.name = name;
            this.compiled = c;
            this.chunks = chunks;
            this.secondsPerByte = secondsPerByte;
            digests.put(level.label() + "@" + chunks.size(), d);
        }

        boolean has(Reduction level, List<Chunk> chunks) {
            return digests.containsKey(level.label() + "@" + chunks.size());
        }

        /** The reference's digest at that level over the first {@code chunks}, computed once. */
        Digest at(Reduction level, List<Chunk> chunks) throws Exception {
            String key = level.label() + "@" + chunks.size();
            Digest d = digests.get(key);
            if (d == null) {
                d = compiled.run(w, chunks, level);
                digests.put(key, d);
            }
            return d;
        }

        @Override
        public void close() {
            if (compiled != null) {
                compiled.close();
            }
        }
    }
}
