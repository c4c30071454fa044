package dev.trawl.bench.engine;

import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Problem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A native Hyperscan database that the bench's threads scan, each with a scratch space of its own:
 * what the block-mode row ({@link HyperscanNativePeer}) and the per-line rows ({@link HyperscanLinesPeer})
 * share. Owns the database and the arena it was compiled in, and frees both, and every thread's scratch,
 * on close.
 *
 * @param <W> per-thread state, a scratch space and whatever buffers the row adds
 */
abstract class HsCompiled<W extends HsCompiled.Scratch> extends ChunkedCompiled<W> {
    final HsNative hs;
    final MemorySegment db;
    private final Arena arena;

    /** Per-thread state: a scratch space for the database, and an arena for the row's buffers. */
    static class Scratch {
        final Arena arena = Arena.ofShared();
        final MemorySegment scratch;

        Scratch(HsNative hs, MemorySegment db) throws Throwable {
            scratch = HyperscanNativePeer.allocScratch(hs, db);
        }
    }

    /** Makes the compiled row once its database is built. */
    interface Factory {
        HsCompiled<?> make(HsNative hs, MemorySegment db, Arena arena);
    }

    /**
     * Compiles {@code problem} with {@code flags} (HS_FLAG_*) into a database in a new arena and hands it
     * to {@code factory}; the arena is closed again if compiling fails.
     */
    static HsCompiled<?> compile(Problem problem, int flags, Factory factory) throws Throwable {
        HsNative hs = HsNative.get().orElseThrow();
        Arena arena = Arena.ofShared();
        try {
            return factory.make(hs, HyperscanNativePeer.compileDatabase(hs, problem, flags, arena), arena);
        } catch (Throwable t) {
            arena.close();
            throw t;
        }
    }

    HsCompiled(HsNative hs, MemorySegment db, Arena arena, int threads) {
        super(threads);
        this.hs = hs;
        this.db = db;
        this.arena = arena;
    }

    /** New per-thread state, its scratch allocated for {@link #db}. */
    abstract W newScratch() throws Throwable;

    @Override
    protected final W newWorker() throws Exception {
        try {
            return newScratch();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    @Override
    protected final void closeWorker(W wk) {
        try {
            hs.freeScratch.invokeExact(wk.scratch);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        wk.arena.close();
    }

    @Override
    public final void close() {
        super.close();
        try {
            hs.freeDatabase.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        arena.close();
    }

    /** {@code n}, a scan's result, unless it is Hyperscan's error code. */
    static long check(long n) {
        if (n < 0) {
            throw new IllegalStateException("hs_scan failed: " + n);
        }
        return n;
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
