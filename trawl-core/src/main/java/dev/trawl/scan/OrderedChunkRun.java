package dev.trawl.scan;

import dev.trawl.TrawlException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One multi-threaded run of chunk tasks over a {@link ChunkPlan}, results consumed in input order on
 * the calling thread. The calling thread takes part: it and up to {@code threads - 1} helpers from
 * the shared {@link ScanPool} claim chunks in order (under one lock, which also makes the plan's cuts
 * one after the other). A helper that starts late, or finds the window full, returns rather than
 * waits (a waiting helper would hold a pool thread that other scans need); the caller tops helpers up
 * whenever it frees room. So the caller only ever waits for the next chunk in order while
 * some thread is running it: nothing waits on a queued task, and scans cannot deadlock or starve one
 * another, however many run at once and on whatever thread (a pool task, a fork-join task, a virtual
 * thread) they start.
 *
 * <p>Memory: at most {@code ahead * threads} chunks are claimed and not yet consumed, the one being
 * consumed included (the window); their results wait in a ring indexed by chunk number. The caller
 * consumes nothing while it runs a chunk of its own, so a window that fills in that time sends the
 * helpers away until the chunk is done: callers whose results are kept whole anyway pass a wider one
 * ({@link RecordScan#KEPT_RESULTS_AHEAD_PER_THREAD}). When the consumer stops the run, or a task or the
 * consumer throws, no chunk is claimed any more, and the caller waits for the chunks helpers are
 * running before it returns, so no helper reads the input after the scan is over. A task's failure
 * is thrown when its chunk's turn comes, after the results before it were consumed.
 */
final class OrderedChunkRun<R> {
    /** A finished chunk: its result, or what it threw. */
    private record Outcome<R>(R value, Throwable failure) {}

    private final ChunkPlan plan;
    private final ChunkedScan.ChunkTask<R> task;
    private final int maxHelpers;
    private final Outcome<R>[] finished; // the window: chunk k at k % length, null until done
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition chunkDone = lock.newCondition();

    // All guarded by lock.
    private long nextFrom; // the first start not yet claimed
    private long claimed; // chunks claimed so far; the next claim is chunk number `claimed`
    private long consumed; // chunks handed to the consumer
    private int helpers; // helpers queued or running
    private int helping; // chunks helpers are running now
    private boolean stopped; // no more claims: the run is over, or a chunk failed

    @SuppressWarnings("unchecked")
    OrderedChunkRun(ChunkPlan plan, int threads, int ahead, ChunkedScan.ChunkTask<R> task) {
        this.plan = plan;
        this.task = task;
        this.maxHelpers = Math.min(threads - 1, ScanPool.size());
        this.finished = (Outcome<R>[]) new Outcome<?>[ahead * threads];
    }

    /** Runs every chunk and consumes the results in order; false when the consumer stopped it. */
    boolean run(ChunkedScan.Consumer<R> consumer) {
        lock.lock();
        try {
            addHelpers();
            while (true) {
                int slot = (int) (consumed % finished.length);
                Outcome<R> next = consumed < claimed ? finished[slot] : null;
                if (next != null) {
                    finished[slot] = null;
                    lock.unlock();
                    boolean more;
                    try {
                        more = consumer.accept(valueOf(next));
                    } finally {
                        lock.lock();
                    }
                    if (!more) {
                        return false;
                    }
                    consumed++; // only now: the window counts the chunk being consumed
                    addHelpers();
                } else if (claimable()) {
                    long chunk = claimed;
                    long from = nextFrom;
                    long to = claim();
                    finish(chunk, callUnlocked(from, to));
                } else if (consumed == claimed) {
                    return true; // the input is done (a failed chunk would have been thrown on the way)
                } else {
                    chunkDone.await(); // the next chunk in order is running on a helper
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrawlException("scan interrupted", e);
        } finally {
            stopped = true;
            while (helping > 0) {
                chunkDone.awaitUninterruptibly(); // each is a chunk already running, never a queued task
            }
            lock.unlock();
        }
    }

    /** A helper's life: claims and runs chunks while there are any and there is room. */
    private void help() {
        lock.lock();
        try {
            while (claimable()) {
                long chunk = claimed;
                long from = nextFrom;
                long to = claim();
                helping++;
                Outcome<R> done = callUnlocked(from, to); // never throws: call() catches
                helping--;
                finish(chunk, done);
                chunkDone.signalAll();
            }
        } finally {
            helpers--;
            lock.unlock();
        }
    }

    /** Runs the chunk {@code [from, to)} with the lock released: held before, and again after, even when it throws. */
    private Outcome<R> callUnlocked(long from, long to) {
        lock.unlock();
        try {
            return call(from, to);
        } finally {
            lock.lock();
        }
    }

    private boolean claimable() {
        return !stopped && nextFrom < plan.size() && claimed - consumed < finished.length;
    }

    /** Claims the next chunk (the lock is held): returns its end; its start was {@code nextFrom}. */
    private long claim() {
        long to = plan.end(nextFrom);
        nextFrom = to;
        claimed++;
        return to;
    }

    private void finish(long chunk, Outcome<R> done) {
        finished[(int) (chunk % finished.length)] = done;
        if (done.failure() != null) {
            stopped = true; // the chunks before still finish and are consumed, then the failure is thrown
        }
    }

    /**
     * Queues helpers for the chunks that may be claimed now, up to the run's share of the pool. A
     * guess that is too high costs a helper that finds nothing and returns.
     */
    private void addHelpers() {
        // The caller takes a chunk itself: a helper for every unclaimed chunk would leave one to find
        // nothing, a wasted wake-up per call that thousands of one-chunk inputs (-r) paid for.
        long room = Math.min(finished.length - (claimed - consumed), Math.ceilDiv(plan.size() - nextFrom, plan.chunk()) - 1);
        while (!stopped && helpers < maxHelpers && helpers < room) {
            helpers++;
            try {
                ScanPool.execute(this::help);
            } catch (RejectedExecutionException e) {
                helpers--; // the caller does the work alone
                return;
            }
        }
    }

    private Outcome<R> call(long from, long to) {
        try {
            return new Outcome<>(task.at(from, to).call(), null);
        } catch (Throwable t) {
            return new Outcome<>(null, t);
        }
    }

    private static <R> R valueOf(Outcome<R> done) {
        Throwable t = done.failure();
        if (t == null) {
            return done.value();
        }
        throw ChunkedScan.rethrown(t);
    }
}
