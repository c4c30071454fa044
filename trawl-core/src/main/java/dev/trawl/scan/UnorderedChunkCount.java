package dev.trawl.scan;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One multi-threaded count over a {@link ChunkPlan} (or any work per chunk whose results need no order):
 * the calling thread and up to {@code threads - 1} helpers from the shared {@link ScanPool} claim
 * chunks in input order (under one lock, so the plan's cuts are made one after the other) and add up
 * their counts in whatever order the chunks finish.
 *
 * <p>Why not {@link OrderedChunkRun}: a count needs no order, and that run's window (at most {@code 2 *
 * threads} chunks claimed ahead of the oldest unfinished one) holds every thread back behind one slow
 * chunk. Text whose cost per byte changes from stretch to stretch (log lines of many systems one after
 * the other, where a filter lets through more looks in some than in others) then leaves threads idle
 * at each change.
 *
 * <p>As in {@link OrderedChunkRun}, nothing waits on a queued task: a helper that starts after the last
 * chunk was claimed returns at once, and the caller waits only for chunks that helpers are running, so
 * that no helper reads the input after the count has returned. A chunk's failure stops further claims
 * and is thrown by the caller once the running chunks are done.
 */
final class UnorderedChunkCount {
    private final MemorySegment text;
    private final ChunkPlan plan;
    private final ChunkedScan.RangeCount count;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition chunkDone = lock.newCondition();

    // All guarded by lock.
    private long nextFrom; // the first start not yet claimed
    private int running; // chunks helpers are counting now
    private long total;
    private Throwable failure;

    private UnorderedChunkCount(MemorySegment text, ChunkPlan plan, ChunkedScan.RangeCount count) {
        this.text = text;
        this.plan = plan;
        this.count = count;
    }

    /** The sum of {@code count} over the plan's chunks of {@code text}, on {@code threads} threads (the caller's among them). */
    static long run(MemorySegment text, ChunkPlan plan, int threads, ChunkedScan.RangeCount count) {
        return new UnorderedChunkCount(text, plan, count).run(threads);
    }

    private long run(int threads) {
        // The caller counts too: a helper for every chunk would leave one to find nothing.
        long helpers = Math.min(Math.min(threads - 1, ScanPool.size()), Math.ceilDiv(plan.size(), plan.chunk()) - 1);
        for (long h = 0; h < helpers; h++) {
            try {
                ScanPool.execute(() -> work(true));
            } catch (RejectedExecutionException e) {
                break; // the threads already asked for share the work
            }
        }
        work(false);
        lock.lock();
        try {
            while (running > 0) {
                chunkDone.awaitUninterruptibly();
            }
            Throwable t = failure;
            if (t == null) {
                return total;
            }
            throw ChunkedScan.rethrown(t);
        } finally {
            lock.unlock();
        }
    }

    /** Claims and counts chunks until none is left or one failed; {@code helper}: on a pool thread. */
    private void work(boolean helper) {
        lock.lock();
        try {
            while (failure == null && nextFrom < plan.size()) {
                long from = nextFrom;
                long to = plan.end(from);
                nextFrom = to;
                if (helper) {
                    running++;
                }
                lock.unlock();
                long c = 0;
                Throwable failed = null;
                try {
                    c = count.count(text, from, to);
                } catch (Throwable t) {
                    failed = t;
                }
                lock.lock();
                total += c;
                if (failed != null && failure == null) {
                    failure = failed;
                }
                if (helper) {
                    running--;
                    chunkDone.signalAll();
                }
            }
        } finally {
            lock.unlock();
        }
    }
}
