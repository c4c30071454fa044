package dev.trawl.bench.engine;

import dev.trawl.Records;
import dev.trawl.bench.harness.Problem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Native Hyperscan per record over a {@link Records} column of lines, on several threads, for the
 * benchmarks outside the harness (the GPU per-record and regex benches): the same C loops as
 * {@link HyperscanLinesPeer} (one {@code hs_scan} per line), each thread over a contiguous range of lines
 * with a scratch of its own. Two kinds, by the database's flags: {@link #firstMatch(List, boolean, Records, int)}
 * ({@code HS_FLAG_SOM_LEFTMOST}, the least (start, id) of each line kept) and
 * {@link #anyMatch(List, Records, int)} (regexes, {@code HS_FLAG_SINGLEMATCH}, each line's scan stopped at
 * its first match). The line starts are laid out once, natively, before any timing.
 */
public final class HyperscanRecords implements AutoCloseable {
    private final HsNative hs;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment db;
    private final MemorySegment text;
    private final MemorySegment starts; // n + 1 offsets into text; line i is [starts[i], starts[i+1]) less its '\n'
    private final int lines;
    private final MemorySegment[] scratch;
    private final ExecutorService pool;

    private final boolean first;

    private HyperscanRecords(HsNative hs, Problem problem, int flags, Records records, int threads) throws Throwable {
        this.hs = hs;
        this.first = (flags & HsNative.FLAG_SOM_LEFTMOST) != 0;
        this.db = HyperscanNativePeer.compileDatabase(hs, problem, flags, arena);
        this.text = records.data();
        this.lines = records.size();
        this.starts = arena.allocate(ValueLayout.JAVA_LONG, lines + 1L);
        for (int i = 0; i < lines; i++) {
            starts.setAtIndex(ValueLayout.JAVA_LONG, i, records.start(i));
        }
        long last = lines == 0 ? 0 : Math.min(records.end(lines - 1) + 1, text.byteSize());
        starts.setAtIndex(ValueLayout.JAVA_LONG, lines, last);
        this.scratch = new MemorySegment[threads];
        for (int t = 0; t < threads; t++) {
            scratch[t] = HyperscanNativePeer.allocScratch(hs, db);
        }
        this.pool = Executors.newFixedThreadPool(threads);
    }

    /**
     * Hyperscan compiled for each line's first match of {@code literals} (ASCII case folded when
     * {@code caseless}) over {@code records} (lines of a mapped text), or empty with the reason printed:
     * no native library here, or a set it refuses.
     */
    public static Optional<HyperscanRecords> firstMatch(List<String> literals, boolean caseless, Records records,
            int threads) {
        return of(Problem.literals(literals, literals.size() + " literals"),
                HsNative.FLAG_SOM_LEFTMOST | (caseless ? HsNative.FLAG_CASELESS : 0), records, threads);
    }

    /**
     * Hyperscan compiled for whether each line matches one of {@code regexes} (in the syntax both take:
     * {@link RegexSyntax}), or empty with the reason printed.
     */
    public static Optional<HyperscanRecords> anyMatch(List<String> regexes, Records records, int threads) {
        return of(Problem.regexes(regexes, regexes.size() + " regexes"), HsNative.FLAG_SINGLEMATCH, records, threads);
    }

    private static Optional<HyperscanRecords> of(Problem problem, int flags, Records records, int threads) {
        Optional<HsNative> hs = HsNative.get();
        if (hs.isEmpty()) {
            System.out.println("native Hyperscan: " + HsNative.unavailable().orElse("unavailable"));
            return Optional.empty();
        }
        try {
            return Optional.of(new HyperscanRecords(hs.get(), problem, flags, records, threads));
        } catch (Throwable t) {
            System.out.println("native Hyperscan refused the set: " + t.getMessage());
            return Optional.empty();
        }
    }

    /** libhs's version line. */
    public String version() {
        return hs.version;
    }

    /** Each line's first match (the pattern whose match starts first, lowest id on a tie) or -1, into {@code out}. */
    public void firstMatch(int[] out) throws Exception {
        if (!first) {
            throw new IllegalStateException("compiled for anyMatch");
        }
        forEachRange(4, (s, from, n, answers) -> {
            HsCompiled.check((long) hs.linesFirst.invokeExact(db, s, text, starts.asSlice(8L * from), n, answers));
            MemorySegment.copy(answers, ValueLayout.JAVA_INT, 0, out, from, n);
        });
    }

    /** Whether each line holds a match, into {@code out}. */
    public void anyMatch(boolean[] out) throws Exception {
        if (first) {
            throw new IllegalStateException("compiled for firstMatch");
        }
        forEachRange(1, (s, from, n, answers) -> {
            HsCompiled.check((long) hs.linesAny.invokeExact(db, s, text, starts.asSlice(8L * from), n, answers));
            for (int i = 0; i < n; i++) {
                out[from + i] = answers.get(ValueLayout.JAVA_BYTE, i) != 0;
            }
        });
    }

    /** One thread's lines {@code [from, from + n)}, with its scratch and room for n answers of {@code bytes} each. */
    @FunctionalInterface
    private interface Range {
        void run(MemorySegment scratch, int from, int n, MemorySegment answers) throws Throwable;
    }

    private void forEachRange(int bytes, Range range) throws Exception {
        int threads = scratch.length;
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) lines * t / threads);
            int to = (int) ((long) lines * (t + 1) / threads);
            MemorySegment s = scratch[t];
            parts.add(pool.submit(() -> {
                try (Arena a = Arena.ofConfined()) {
                    range.run(s, from, to - from, a.allocate((long) bytes * Math.max(1, to - from), 4));
                } catch (Throwable e) {
                    throw HsCompiled.rethrow(e);
                }
                return null;
            }));
        }
        for (Future<?> f : parts) {
            f.get();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            for (MemorySegment s : scratch) {
                hs.freeScratch.invokeExact(s);
            }
            hs.freeDatabase.invokeExact(db);
        } catch (Throwable t) {
            throw HsCompiled.rethrow(t);
        }
        arena.close();
    }
}
