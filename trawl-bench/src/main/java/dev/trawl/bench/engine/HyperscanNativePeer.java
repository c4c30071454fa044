package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * {@code peer:hyperscan}: Hyperscan itself (Debian's {@code libhs.so.5}), block mode, scanning the
 * workload's off-heap bytes in place, one {@code hs_scratch} per thread, called through
 * {@code java.lang.foreign}. The match callback stays in C ({@code hs_count.c}): it counts (the timed
 * operation of counting experiments) or records (id, end) pairs into a buffer that Java then reduces, so a scan with millions of
 * matches measures Hyperscan and not a Java upcall per match. Literals go through
 * {@code hs_compile_lit_multi}; regexes through {@code hs_compile_multi}. Flags: none (no
 * SINGLEMATCH: every end of every pattern is reported, overlapping ones included).
 */
public final class HyperscanNativePeer extends HsPeer {
    public static final String NAME = "peer:hyperscan";
    private static final int RECORD_CAP = 1 << 20;

    public HyperscanNativePeer() {
        super(NAME);
    }

    @Override
    public String note() {
        return HsNative.get().map(h -> "native libhs " + h.version.split(" ")[0] + ", callback in C; end offsets only")
                .orElse("");
    }

    @Override
    public Compiled compile(Problem problem, int threads) throws Throwable {
        return HsCompiled.compile(problem, 0, (hs, db, arena) -> new NativeCompiled(hs, db, arena, threads));
    }

    /**
     * Compiles the problem's patterns with {@code flags} (HS_FLAG_*) for every one, in block mode:
     * literals through {@code hs_compile_lit_multi}, regexes through {@code hs_compile_multi}. The
     * compile's scratch lives in {@code arena}; the database is Hyperscan's, freed with
     * {@code freeDatabase}.
     *
     * @throws IllegalStateException when Hyperscan cannot compile the set, with its message
     */
    static MemorySegment compileDatabase(HsNative hs, Problem problem, int flags, Arena arena) throws Throwable {
        MemorySegment dbOut = arena.allocate(ValueLayout.ADDRESS);
        MemorySegment err = arena.allocate(512);
        int n = problem.size();
        int rc;
        if (problem.kind() == Problem.Kind.LITERALS) {
            long total = 0;
            for (String p : problem.patterns()) {
                total += p.length();
            }
            MemorySegment bytes = arena.allocate(Math.max(1, total));
            MemorySegment offsets = arena.allocate(ValueLayout.JAVA_LONG, n + 1L);
            long at = 0;
            for (int i = 0; i < n; i++) {
                byte[] b = problem.bytes(i);
                offsets.setAtIndex(ValueLayout.JAVA_LONG, i, at);
                MemorySegment.copy(b, 0, bytes, ValueLayout.JAVA_BYTE, at, b.length);
                at += b.length;
            }
            offsets.setAtIndex(ValueLayout.JAVA_LONG, n, at);
            rc = (int) hs.compileLiterals.invokeExact(bytes, offsets, n, flags, dbOut, err, 512L);
        } else {
            StringBuilder sb = new StringBuilder();
            for (String p : problem.patterns()) {
                sb.append(p).append('\0');
            }
            MemorySegment text = arena.allocateFrom(ValueLayout.JAVA_BYTE,
                    sb.toString().getBytes(StandardCharsets.ISO_8859_1));
            rc = (int) hs.compileRegexes.invokeExact(text, n, flags, dbOut, err, 512L);
        }
        if (rc != 0) {
            throw new IllegalStateException("hs_compile failed (" + rc + "): " + err.getString(0));
        }
        return dbOut.get(ValueLayout.ADDRESS, 0);
    }

    /** A new scratch space for {@code db}; free it with {@code freeScratch}. */
    static MemorySegment allocScratch(HsNative hs, MemorySegment db) throws Throwable {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ValueLayout.ADDRESS); // zeroed: hs_alloc_scratch wants NULL
            int rc = (int) hs.allocScratch.invokeExact(db, out);
            if (rc != 0) {
                throw new IllegalStateException("hs_alloc_scratch failed: " + rc);
            }
            return out.get(ValueLayout.ADDRESS, 0);
        }
    }

    /** Per-thread state: a scratch space and a record buffer. */
    private static final class Worker extends HsCompiled.Scratch {
        MemorySegment buf;

        Worker(HsNative hs, MemorySegment db) throws Throwable {
            super(hs, db);
            buf = arena.allocate(ValueLayout.JAVA_LONG, RECORD_CAP);
        }
    }

    private static final class NativeCompiled extends HsCompiled<Worker> {
        NativeCompiled(HsNative hs, MemorySegment db, Arena arena, int threads) {
            super(hs, db, arena, threads);
        }

        @Override
        Worker newScratch() throws Throwable {
            return new Worker(hs, db);
        }

        @Override
        public boolean fastCount() {
            return true;
        }

        @Override
        protected long countChunk(Worker wk, Workload w, Chunk c) {
            try {
                long n = (long) hs.count.invokeExact(db, wk.scratch, data(w, c), (int) c.length());
                return check(n);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        protected void scan(Worker wk, Workload w, Chunk c, Hits hits) {
            try {
                long n;
                while (true) {
                    long cap = wk.buf.byteSize() / 8;
                    n = check((long) hs.record.invokeExact(db, wk.scratch, data(w, c), (int) c.length(), wk.buf, cap));
                    if (n <= cap) {
                        break;
                    }
                    wk.buf = wk.arena.allocate(ValueLayout.JAVA_LONG, Math.max(n, 2 * cap));
                }
                long base = c.from();
                for (long i = 0; i < n; i++) {
                    long v = wk.buf.getAtIndex(ValueLayout.JAVA_LONG, i);
                    hits.hit((int) (v >>> 40), base + (v & ((1L << 40) - 1)));
                }
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        private static MemorySegment data(Workload w, Chunk c) {
            return w.text().asSlice(c.from(), c.length());
        }
    }
}
