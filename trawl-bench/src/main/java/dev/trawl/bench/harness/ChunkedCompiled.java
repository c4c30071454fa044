package dev.trawl.bench.harness;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A compiled peer or baseline that the bench runs itself: {@code threads} threads take chunks in turn,
 * each with its own worker state (a scanner, a scratch space, a matcher), kept between runs. Each chunk
 * is reduced into its own part, so no locks are taken per match.
 *
 * @param <W> per-thread state
 */
public abstract class ChunkedCompiled<W> implements BenchEngine.Compiled {
    private final int threads;
    private final List<W> workers = new ArrayList<>();

    protected ChunkedCompiled(int threads) {
        this.threads = Math.max(1, threads);
    }

    /** How a chunk is scanned when the threads need no state of their own. */
    @FunctionalInterface
    public interface ChunkScan {
        void scan(Workload w, Chunk c, Hits hits) throws Exception;
    }

    /** A compiled engine whose threads keep no state between chunks: each chunk goes to {@code chunkScan}. */
    public static ChunkedCompiled<Void> stateless(int threads, ChunkScan chunkScan) {
        return new ChunkedCompiled<>(threads) {
            @Override
            protected Void newWorker() {
                return null;
            }

            @Override
            protected void scan(Void worker, Workload w, Chunk c, Hits hits) throws Exception {
                chunkScan.scan(w, c, hits);
            }
        };
    }

    /** New per-thread state. */
    protected abstract W newWorker() throws Exception;

    /** Reports every match of chunk {@code c}. */
    protected abstract void scan(W worker, Workload w, Chunk c, Hits hits) throws Exception;

    /**
     * Reduces chunk {@code c} to its digest: by default {@link #scan}'s matches fed into a part of
     * {@code r}. Engines that answer per line override it (and need no {@code scan}).
     */
    protected Digest reduce(W worker, Workload w, Chunk c, Reduction r) throws Exception {
        Reduction.Part part = r.part(w, c.from(), c.to());
        scan(worker, w, c, part);
        return part.digest();
    }

    /** Frees per-thread state. */
    protected void closeWorker(W worker) {}

    /** Counts the matches of chunk {@code c}; override where counting is cheaper than reporting. */
    protected long countChunk(W worker, Workload w, Chunk c) throws Exception {
        long[] n = new long[1];
        scan(worker, w, c, (id, end) -> n[0]++);
        return n[0];
    }

    @Override
    public Digest run(Workload w, List<Chunk> chunks, Reduction r) throws Exception {
        Digest[] parts = new Digest[chunks.size()];
        forEach(chunks, (worker, i, c) -> parts[i] = reduce(worker, w, c, r));
        Digest total = Digest.EMPTY;
        for (Digest d : parts) {
            total = total.plus(d);
        }
        return total;
    }

    @Override
    public long count(Workload w, List<Chunk> chunks) throws Exception {
        long[] counts = new long[chunks.size()];
        forEach(chunks, (worker, i, c) -> counts[i] = countChunk(worker, w, c));
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total;
    }

    private interface Task<W> {
        void run(W worker, int i, Chunk c) throws Exception;
    }

    private void forEach(List<Chunk> chunks, Task<W> task) throws Exception {
        int t = Math.min(threads, chunks.size());
        synchronized (workers) {
            while (workers.size() < t) {
                workers.add(newWorker());
            }
        }
        if (t <= 1) {
            W worker = workers.get(0);
            for (int i = 0; i < chunks.size(); i++) {
                task.run(worker, i, chunks.get(i));
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] pool = new Thread[t];
        for (int k = 0; k < t; k++) {
            W worker = workers.get(k);
            pool[k] = new Thread(() -> {
                try {
                    for (int i = next.getAndIncrement(); i < chunks.size() && failure.get() == null;
                            i = next.getAndIncrement()) {
                        task.run(worker, i, chunks.get(i));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bench-" + k);
            pool[k].start();
        }
        for (Thread th : pool) {
            th.join();
        }
        Throwable f = failure.get();
        if (f instanceof Exception e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
    }

    @Override
    public void close() {
        synchronized (workers) {
            for (W w : workers) {
                closeWorker(w);
            }
            workers.clear();
        }
    }
}
