package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Copies input bytes into pinned staging buffers on several threads. One thread moves roughly 10 GB/s
 * from the page cache; the bus takes over 50 GB/s from pinned memory, so a single-threaded copy would
 * be the bottleneck of streaming a file to the GPU. Small copies stay on the calling thread. The same
 * threads fill other staging buffers piece by piece ({@link #inPieces}: a chunk's record bounds).
 * Reading a file with positional reads straight into the pinned buffers, instead of mapping it and
 * copying, was measured and dropped (H200 host, 2 GiB page-cached: 30.7-32.6 GB/s end to end against
 * 32.5-34.1 mapped). So were glibc's memcpy in place of the JDK's copy (no gain: at a thread's piece both
 * use ordinary stores), and helper threads that spin between chunks instead of parking (512 MiB,
 * alternated call by call: best 42.1 against 41.9 GB/s, and slower beside CPU threads); session 18,
 * {@code docs/results/h200-session18}.
 */
final class HostCopier {
    private static final long PIECE = 4L << 20;
    /** Overrides the number of copy threads (for measuring; the default is below). */
    public static final String THREADS_PROPERTY = "trawl.gpu.copyThreads";
    /**
     * Measured on a 16-core H200 host, a page-cached file mapped and copied into pinned memory: 9 GB/s
     * on 1 thread, 31 on 4, 42 on 8, 45 on 12 and 49 on 16 (2 GiB; LinkBench), so every core, up to 16.
     */
    private static final int THREADS = Integer.getInteger(THREADS_PROPERTY,
            Math.max(1, Math.min(16, Runtime.getRuntime().availableProcessors())));
    private static final ExecutorService POOL = Executors.newFixedThreadPool(THREADS, r -> {
        Thread t = new Thread(r, "trawl-gpu-stage");
        t.setDaemon(true);
        return t;
    });
    /** Never started; only asks whether a segment may be read from threads other than its owner. */
    private static final Thread OTHER_THREAD = new Thread(() -> {});

    private HostCopier() {}

    /** The copy threads: every core, up to 16 (or {@link #THREADS_PROPERTY}). */
    static int threads() {
        return THREADS;
    }

    /** Whether other threads may read {@code segment} (not one of a confined arena), so pieces may run on the pool. */
    static boolean shareable(MemorySegment segment) {
        return segment.isAccessibleBy(OTHER_THREAD);
    }

    /** Work on the items {@code [from, to)} of a range. */
    @FunctionalInterface
    interface Piece {
        void run(int from, int to);
    }

    /**
     * Runs {@code piece} over {@code [0, items)} cut into up to one piece per thread of at least
     * {@code minPiece} items, the first on the calling thread; returns when all are done.
     */
    static void inPieces(int items, int minPiece, Piece piece) {
        int pieces = (int) Math.max(1, Math.min(THREADS, items / Math.max(1, (long) minPiece)));
        if (pieces == 1) {
            piece.run(0, items);
            return;
        }
        int per = (int) ((items + (long) pieces - 1) / pieces);
        List<Future<?>> running = new ArrayList<>(pieces);
        for (int p = 1; p < pieces; p++) {
            int lo = p * per;
            int hi = (int) Math.min(items, (long) lo + per);
            if (lo < hi) {
                running.add(POOL.submit(() -> piece.run(lo, hi)));
            }
        }
        piece.run(0, Math.min(per, items));
        await(running, "filling a staging buffer");
    }

    /** Copies {@code bytes} from {@code src} at {@code from} to the start of {@code dst}. */
    static void copy(MemorySegment src, long from, MemorySegment dst, long bytes) {
        if (bytes < 2 * PIECE || THREADS == 1 || !src.isAccessibleBy(OTHER_THREAD)) {
            MemorySegment.copy(src, from, dst, 0, bytes);
            return;
        }
        int pieces = (int) Math.min(THREADS, (bytes + PIECE - 1) / PIECE);
        long per = (bytes + pieces - 1) / pieces;
        List<Future<?>> running = new ArrayList<>(pieces);
        for (int p = 1; p < pieces; p++) {
            long off = p * per;
            long len = Math.min(per, bytes - off);
            running.add(POOL.submit(() -> MemorySegment.copy(src, from + off, dst, off, len)));
        }
        MemorySegment.copy(src, from, dst, 0, Math.min(per, bytes));
        await(running, "staging input for the GPU");
    }

    private static void await(List<Future<?>> running, String doing) {
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TrawlException("interrupted while " + doing, e);
            } catch (ExecutionException e) {
                throw new TrawlException(doing + " failed: " + e.getCause(), e.getCause());
            }
        }
    }
}
