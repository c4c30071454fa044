package dev.trawl.cuda.engine;

import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Sends a chunk of host bytes to device memory through small pinned slots: up to {@value #MAX_LANES}
 * lanes, each a copy thread's stream and two slots of {@value #PIECE_MIB} MiB. The chunk is cut into
 * pieces dealt out to the lanes in turn; a lane copies its next piece into whichever of its slots the
 * device has finished reading, and queues that piece's copy to the device at once. The chunk's own
 * stream then waits on every lane's last copy, so its kernels start when all of it has arrived.
 *
 * <p>Why not one pinned buffer per chunk (64 or 128 MiB, filled by every thread, then one copy to the
 * device): every staged byte then goes through DRAM three times (read from the page cache, written to
 * the buffer, read by the device), and the device copy starts only once the last thread is done.
 * Small slots used again and again stay in the CPU's caches, where the device's reads find them. On
 * the H200 host, in C (`trawl-cuda/src/experiments/cached_staging.c`, 2 GiB page-cached, copies only):
 * 8 lanes of 4 MiB 50.3-52.6 GB/s (median of 7, in five calls) against 40.2-53.7 for the chunk-sized
 * buffer; pieces of 1 MiB ran at 34-42 (too many small copies), and 16 lanes no faster than 8.
 *
 * <p>One set of lanes serves one scan at a time; they are pooled between scans ({@link #take},
 * {@link #give}).
 */
final class StagingLanes implements AutoCloseable {
    static final int PIECE_MIB = 4;
    static final long PIECE = (long) PIECE_MIB << 20;
    static final int MAX_LANES = 8;
    private static final int MAX_IDLE = 2;
    private static final ConcurrentLinkedDeque<StagingLanes> IDLE = new ConcurrentLinkedDeque<>();

    private final Gpu gpu;
    private final Lane[] lanes;

    private StagingLanes(Gpu gpu) {
        this.gpu = gpu;
        this.lanes = new Lane[Math.max(1, Math.min(MAX_LANES, HostCopier.threads()))];
    }

    /** A pooled set of lanes, or a new one (its slots are made when first used). */
    static StagingLanes take(Gpu gpu) {
        StagingLanes l = IDLE.poll();
        return l != null ? l : new StagingLanes(gpu);
    }

    /** Keeps a healthy set for the next scan (up to a few); frees the rest. */
    static void give(StagingLanes l, boolean healthy) {
        if (healthy && IDLE.size() < MAX_IDLE) {
            IDLE.push(l);
            return;
        }
        try {
            l.close();
        } catch (RuntimeException e) {
            // Already failing: the scan's own error is the one to report.
        }
    }

    /**
     * Queues the copy of {@code host[from, from + bytes)} to device address {@code dst}, and makes
     * {@code after} wait for all of it. Returns once every piece is copied out of {@code host} (so the
     * caller may let go of it) and queued to the device.
     */
    void send(MemorySegment host, long from, long bytes, long dst, Stream after) {
        if (bytes <= 0) {
            return;
        }
        long pieces = Math.ceilDiv(bytes, PIECE);
        int used = (int) Math.min(lanes.length, pieces);
        if (!HostCopier.shareable(host)) {
            used = 1; // a confined segment is read on this thread only
        }
        for (int j = 0; j < used; j++) {
            if (lanes[j] == null) {
                lanes[j] = new Lane(gpu);
            }
        }
        int stride = used;
        if (used == 1) {
            lanes[0].send(host, from, bytes, dst, 0, 1);
        } else {
            HostCopier.inPieces(used, 1, (lo, hi) -> {
                gpu.bind();
                for (int j = lo; j < hi; j++) {
                    lanes[j].send(host, from, bytes, dst, j, stride);
                }
            });
        }
        for (int j = 0; j < used; j++) {
            after.waitFor(lanes[j].done);
        }
    }

    @Override
    public void close() {
        gpu.bind();
        for (Lane l : lanes) {
            if (l != null) {
                l.close();
            }
        }
    }

    /** One copy thread's stream and its two slots. Used by one thread at a time. */
    private static final class Lane implements AutoCloseable {
        final Stream stream;
        final PinnedBuffer[] slots = new PinnedBuffer[2];
        /** Recorded after each slot's last copy to the device: the slot may be filled again once it is reached. */
        final Event[] read = new Event[2];
        final boolean[] pending = new boolean[2];
        /** Recorded after the lane's last piece of a chunk. */
        final Event done;
        int next;

        Lane(Gpu gpu) {
            this.stream = new Stream(gpu);
            for (int k = 0; k < 2; k++) {
                slots[k] = new PinnedBuffer(gpu, PIECE);
                read[k] = new Event(gpu, false);
            }
            this.done = new Event(gpu, false);
        }

        /** Sends pieces {@code first}, {@code first + stride}, ... of {@code host[from, from + bytes)}. */
        void send(MemorySegment host, long from, long bytes, long dst, int first, int stride) {
            for (long off = first * PIECE; off < bytes; off += stride * PIECE) {
                long n = Math.min(PIECE, bytes - off);
                int k = next;
                next ^= 1;
                if (pending[k]) {
                    read[k].synchronize();
                }
                MemorySegment slot = slots[k].segment();
                MemorySegment.copy(host, from + off, slot, 0, n);
                stream.copyToDevice(dst + off, slot, n);
                read[k].record(stream);
                pending[k] = true;
            }
            done.record(stream);
        }

        @Override
        public void close() {
            stream.synchronize();
            for (int k = 0; k < 2; k++) {
                slots[k].close();
                read[k].close();
            }
            done.close();
            stream.close();
        }
    }
}
