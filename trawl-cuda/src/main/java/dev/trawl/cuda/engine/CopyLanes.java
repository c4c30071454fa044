package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Moves host input to the device through lanes. A lane is one thread with its own stream and two
 * small pinned buffers: it copies a piece of the input into a free buffer and queues that buffer's
 * copy to the device at once, so its next piece is staged while the last one crosses the bus. A
 * chunk's pieces are dealt round the lanes ({@link #start}); the caller goes on (to start the next
 * chunk) and comes back to make the chunk's stream wait for them just before its kernels
 * ({@link Copy#before}).
 *
 * <p>Why: staging a whole chunk into one pinned buffer and then copying it leaves the bus idle while
 * the chunk is staged, and the copy threads idle while it crosses. Measured through the public API on
 * an H200 host (LinkBench {@code count(Input)}, 2 GiB page-cached, alternated in one call, session 26
 * run 1): whole 128 MiB chunks 27-38 GB/s, 16 lanes of 2 MiB pieces 41.8-45.6, 8 lanes of 4 MiB
 * 43-44; at 512 MiB 40-41 against 42-44. As kept (run 2, the same way): 47.0-49.6 against 38.2-42.1
 * at 2 GiB, 44.2-47.3 against 26.2-35.9 at 512 MiB. A C probe of the same shape
 * ({@code src/experiments/c/cached_staging.c}) made 50-52 GB/s beside the 53 GB/s of a pinned copy.
 * Lanes that waited for all of a chunk's pieces before the caller went on measured no faster than whole
 * chunks (session 25).
 *
 * <p>The lanes are shared by every scan of the process (each lane's thread takes one piece at a time,
 * so scans at once interleave their pieces) and are made on first use, lane by lane, so a small input
 * starts one. Events that say a chunk's pieces are on the device belong to the caller's
 * {@link ChunkSlot}: a lane records them, the slot's stream waits on them.
 */
final class CopyLanes {
    /** Bytes per piece (2 MiB: see the class comment). */
    static final long PIECE = 2L << 20;
    private static final int LANES = HostCopier.threads();

    private static final Lane[] ALL = new Lane[LANES];

    private CopyLanes() {}

    /** The number of lanes (the copy threads' count: every core, up to 16). */
    static int lanes() {
        return LANES;
    }

    /** Whether the lanes may read {@code host} (threads other than its owner may: not a confined arena's). */
    static boolean canRead(MemorySegment host) {
        return HostCopier.shareable(host);
    }

    /**
     * Starts copying {@code host[from, from + bytes)} to device address {@code dst}, its pieces dealt
     * round the lanes; returns at once. {@code done} holds an event per lane ({@link #lanes()}), which
     * the lanes used record when their pieces are queued.
     */
    static Copy start(Gpu gpu, MemorySegment host, long from, long bytes, long dst, Event[] done) {
        int used = (int) Math.min(LANES, Math.max(1, Math.ceilDiv(bytes, PIECE)));
        Lane[] lanes = new Lane[used];
        for (int j = 0; j < used; j++) {
            lanes[j] = lane(gpu, j); // all made first: a lane that fails to start leaves no copy under way
        }
        Future<?>[] tasks = new Future<?>[used];
        for (int j = 0; j < used; j++) {
            Lane lane = lanes[j];
            int first = j;
            tasks[j] = lane.thread.submit(() -> lane.send(host, from, bytes, dst, first, used, done[first]));
        }
        return new Copy(tasks, done);
    }

    private static synchronized Lane lane(Gpu gpu, int j) {
        if (ALL[j] == null) {
            ALL[j] = new Lane(gpu, j);
        }
        return ALL[j];
    }

    /** One chunk's copy under way. */
    static final class Copy {
        private final Future<?>[] tasks;
        private final Event[] done;

        private Copy(Future<?>[] tasks, Event[] done) {
            this.tasks = tasks;
            this.done = done;
        }

        /**
         * Waits until every piece is queued, then makes {@code stream}'s later work wait for their
         * copies. A lane's failure is thrown once every lane is done with the chunk.
         */
        void before(Stream stream) {
            try {
                awaitQueued();
            } catch (RuntimeException e) {
                settle();
                throw e;
            }
            for (int j = 0; j < tasks.length; j++) {
                stream.waitFor(done[j]);
            }
        }

        /**
         * Waits until every piece is on the device (a run ending early: the slot's buffer may then be
         * reused or freed). Failures are not thrown: the run's own error, if any, is the one to report.
         */
        void settle() {
            boolean interrupted = false;
            for (int j = 0; j < tasks.length; j++) {
                while (true) {
                    try {
                        tasks[j].get();
                        done[j].synchronize();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true; // still waited for: the lane may be writing into the slot's buffer
                    } catch (ExecutionException | RuntimeException e) {
                        break; // reported by before(), or the run is failing already
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private void awaitQueued() {
            for (Future<?> f : tasks) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TrawlException("interrupted while copying input to the GPU", e);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof TrawlException te) {
                        throw te;
                    }
                    throw new TrawlException("copying input to the GPU failed: " + cause, cause);
                }
            }
        }
    }

    /** A thread, its stream and two pinned buffers, used in turn. */
    private static final class Lane {
        final ExecutorService thread;
        private final Gpu gpu;
        private final Stream stream;
        private final PinnedBuffer[] buffers = new PinnedBuffer[2];
        private final Event[] sent = new Event[2]; // buffer k's last copy to the device is done
        private final boolean[] busy = new boolean[2];
        private int next;

        Lane(Gpu gpu, int j) {
            this.gpu = gpu;
            gpu.bind();
            this.stream = new Stream(gpu);
            try {
                for (int k = 0; k < 2; k++) {
                    buffers[k] = new PinnedBuffer(gpu, PIECE);
                    sent[k] = new Event(gpu, false);
                }
            } catch (RuntimeException e) { // pinned memory refused: give back what was made
                for (int k = 0; k < 2; k++) {
                    if (buffers[k] != null) {
                        buffers[k].close();
                    }
                    if (sent[k] != null) {
                        sent[k].close();
                    }
                }
                stream.close();
                throw e;
            }
            this.thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "trawl-gpu-copy-lane-" + j);
                t.setDaemon(true);
                return t;
            });
        }

        /** Sends pieces {@code first, first + stride, ...} of the range, then records {@code done}. */
        void send(MemorySegment host, long from, long bytes, long dst, int first, int stride, Event done) {
            gpu.bind();
            for (long off = first * PIECE; off < bytes; off += stride * PIECE) {
                long n = Math.min(PIECE, bytes - off);
                int k = next;
                next ^= 1;
                if (busy[k]) {
                    sent[k].synchronize();
                }
                MemorySegment buffer = buffers[k].segment();
                MemorySegment.copy(host, from + off, buffer, 0, n);
                stream.copyToDevice(dst + off, buffer, n);
                sent[k].record(stream);
                busy[k] = true;
            }
            done.record(stream);
        }
    }
}
