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
 * Native Hyperscan's first match per record over a {@link Records} column of lines, on several
 * threads, for the benchmarks outside the harness (the GPU per-record bench): the same C loop as
 * {@link HyperscanLinesPeer#firstMatch()} (one {@code hs_scan} per line, {@code HS_FLAG_SOM_LEFTMOST},
 * the least (start, id) kept), each thread over a contiguous range of lines with a scratch of its own.
 * The line starts are laid out once, natively, before any timing.
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

    private HyperscanRecords(HsNative hs, List<String> literals, boolean caseless, Records records, int threads)
            throws Throwable {
        this.hs = hs;
        this.db = HyperscanNativePeer.compileDatabase(hs, Problem.literals(literals, literals.size() + " literals"),
                HsNative.FLAG_SOM_LEFTMOST | (caseless ? HsNative.FLAG_CASELESS : 0), arena);
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
     * Hyperscan compiled for {@code literals} (ASCII case folded when {@code caseless}) over {@code records}
     * (lines of a mapped text), or empty with the reason printed: no native library here, or a set it refuses.
     */
    public static Optional<HyperscanRecords> of(List<String> literals, boolean caseless, Records records, int threads) {
        Optional<HsNative> hs = HsNative.get();
        if (hs.isEmpty()) {
            System.out.println("native Hyperscan: " + HsNative.unavailable().orElse("unavailable"));
            return Optional.empty();
        }
        try {
            return Optional.of(new HyperscanRecords(hs.get(), literals, caseless, records, threads));
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
        int threads = scratch.length;
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) lines * t / threads);
            int to = (int) ((long) lines * (t + 1) / threads);
            MemorySegment s = scratch[t];
            parts.add(pool.submit(() -> {
                try (Arena a = Arena.ofConfined()) {
                    int n = to - from;
                    MemorySegment answers = a.allocate(ValueLayout.JAVA_INT, Math.max(1, n));
                    long rc = (long) hs.linesFirst.invokeExact(db, s, text, starts.asSlice(8L * from), n, answers);
                    HsCompiled.check(rc);
                    MemorySegment.copy(answers, ValueLayout.JAVA_INT, 0, out, from, n);
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
