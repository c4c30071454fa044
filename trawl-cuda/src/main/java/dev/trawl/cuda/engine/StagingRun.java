package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stages a pipeline run's chunks into their slots' pinned buffers ahead of the thread that queues
 * their device work, on worker threads that take the run's pieces in order for the whole run.
 *
 * <p>Why: staging chunk by chunk on the queueing thread (each chunk cut into pieces for the copy
 * threads, then waited for) leaves the copy threads idle while that thread queues and waits, and
 * costs a round of thread hand-offs per chunk; small chunks were then copied slower than large ones,
 * so a short call paid a long first copy and a long last kernel (H200 host, 1M loghub lines: staging
 * 2.6-2.9 ms of a 5 ms pipeline with 64 MiB chunks, 4.5-6.8 ms with eighths). Here the workers are
 * handed off to once per run and stay busy: chunk {@code c} is staged while chunks before it are
 * copied to the device and scanned.
 *
 * <p>Chunk {@code c} goes to slot {@code c % slots}. Its pieces wait until the slot's previous chunk,
 * {@code c - slots}, has been copied to the device: the queueing thread says when that copy is queued
 * ({@link #copyQueued}, with a way to wait for its end: on the GPU, an event) and the workers wait. A
 * failing piece fails the run: {@link #awaitStaged} throws its error, and {@link #close} stops the
 * workers and waits for them, so no worker writes into a buffer after the run.
 */
final class StagingRun implements AutoCloseable {
    /** Stages piece {@code piece} of chunk {@code chunk} (on any worker thread). */
    @FunctionalInterface
    interface Work {
        void stage(int chunk, int piece);
    }

    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "trawl-gpu-stage-ahead");
        t.setDaemon(true);
        return t;
    });

    private final int slots;
    private final Work work;
    private final int[] firstPiece; // chunk c's pieces are [firstPiece[c], firstPiece[c + 1])
    private final AtomicInteger[] left;
    private final List<CompletableFuture<Void>> staged = new ArrayList<>();
    private final List<CompletableFuture<Runnable>> copied = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final List<Future<?>> running = new ArrayList<>();
    private volatile boolean stopped;
    private final boolean inline; // no workers: awaitStaged stages each chunk on the calling thread

    /**
     * Starts the workers.
     *
     * @param pieces each chunk's number of pieces (at least one)
     * @param threads the most workers to use; 0 for none, each chunk then staged by {@link #awaitStaged}
     *     on the calling thread (for input only its owner thread may read: a confined arena's)
     */
    StagingRun(int slots, int[] pieces, int threads, Work work) {
        this.slots = slots;
        this.work = work;
        int chunks = pieces.length;
        firstPiece = new int[chunks + 1];
        left = new AtomicInteger[chunks];
        for (int c = 0; c < chunks; c++) {
            firstPiece[c + 1] = firstPiece[c] + pieces[c];
            left[c] = new AtomicInteger(pieces[c]);
            staged.add(new CompletableFuture<>());
            copied.add(new CompletableFuture<>());
        }
        this.inline = threads == 0;
        int workers = inline ? 0 : Math.max(1, Math.min(threads, firstPiece[chunks]));
        for (int w = 0; w < workers; w++) {
            running.add(WORKERS.submit(this::runWorker));
        }
    }

    private void runWorker() {
        // A failure stops the claiming; a piece claimed is staged, unless the run is closing.
        for (int p; !stopped && (p = next.getAndIncrement()) < firstPiece[left.length]; ) {
            int c = chunkOf(p);
            try {
                if (c >= slots) {
                    Runnable awaitCopied = copied.get(c - slots).join(); // null: the run is closing
                    if (awaitCopied == null) {
                        return;
                    }
                    awaitCopied.run();
                }
                work.stage(c, p - firstPiece[c]);
                if (left[c].decrementAndGet() == 0) {
                    staged.get(c).complete(null);
                }
            } catch (RuntimeException | Error e) {
                fail(c, e);
                return;
            }
        }
    }

    /**
     * Stops the run at chunk {@code from}: it and every later chunk fail with {@code e} (their pieces
     * may be left unclaimed); the earlier ones had all their pieces claimed and are staged.
     */
    private void fail(int from, Throwable e) {
        stopped = true;
        for (int c = from; c < staged.size(); c++) {
            staged.get(c).completeExceptionally(e);
        }
    }

    /** The chunk that piece {@code p} belongs to. */
    private int chunkOf(int p) {
        int at = Arrays.binarySearch(firstPiece, 0, left.length, p); // strictly increasing: a chunk has a piece
        return at >= 0 ? at : -at - 2;
    }

    /** Blocks until every piece of chunk {@code c} is staged; throws a piece's failure. */
    void awaitStaged(int c) {
        if (inline) {
            if (c >= slots) {
                copied.get(c - slots).join().run();
            }
            for (int p = 0; p < firstPiece[c + 1] - firstPiece[c]; p++) {
                work.stage(c, p);
            }
            return;
        }
        try {
            staged.get(c).join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new TrawlException("staging input for the GPU failed: " + cause, cause);
        }
    }

    /**
     * Chunk {@code c}'s copy to the device is queued, and {@code awaitCopied} (run on a worker) returns
     * once it is done: chunk {@code c + slots} may then be staged into the same slot.
     */
    void copyQueued(int c, Runnable awaitCopied) {
        copied.get(c).complete(awaitCopied);
    }

    /** Stops the workers (a run cut short) and waits until none is running. */
    @Override
    public void close() {
        stopped = true;
        for (CompletableFuture<Runnable> f : copied) {
            f.complete(null);
        }
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TrawlException("interrupted while stopping the GPU's staging threads", e);
            } catch (ExecutionException e) {
                // a worker's failure was handed to awaitStaged
            }
        }
    }
}
