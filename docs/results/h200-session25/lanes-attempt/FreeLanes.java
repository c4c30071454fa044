package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * MEASURING ONLY (session 25): staging lanes with no wait at a chunk's end. Each lane is one thread
 * with its own stream and two pinned slots; a chunk's pieces are queued on the lanes' threads and the
 * caller goes on (to queue the next chunk's), coming back to make the chunk's stream wait on the
 * lanes' copies just before its kernel.
 */
final class FreeLanes implements AutoCloseable {
    static final long PIECE = (long) Integer.getInteger("trawl.gpu.lanePieceMiB", 2) << 20;
    static final int LANES = Integer.getInteger("trawl.gpu.lanes", 16);

    private final Gpu gpu;
    private final Lane[] lanes;

    FreeLanes(Gpu gpu) {
        this.gpu = gpu;
        this.lanes = new Lane[LANES];
        for (int j = 0; j < LANES; j++) {
            lanes[j] = new Lane(gpu, j);
        }
    }

    /** A chunk's queued pieces: which lanes took some, and their tasks. */
    record Ticket(int slot, List<Integer> used, List<Future<?>> tasks) {}

    /** Queues {@code host[from, from + bytes)} to {@code dst} on the lanes' threads; returns at once. */
    Ticket submit(MemorySegment host, long from, long bytes, long dst, int slot) {
        long pieces = Math.ceilDiv(bytes, PIECE);
        int used = (int) Math.min(LANES, pieces);
        List<Integer> lanesUsed = new ArrayList<>(used);
        List<Future<?>> tasks = new ArrayList<>(used);
        for (int j = 0; j < used; j++) {
            Lane l = lanes[j];
            int first = j;
            lanesUsed.add(j);
            tasks.add(l.thread.submit(() -> {
                gpu.bind();
                l.send(host, from, bytes, dst, first, used, slot);
            }));
        }
        return new Ticket(slot, lanesUsed, tasks);
    }

    /** Waits until the ticket's pieces are queued, then makes {@code after} wait for their copies. */
    void await(Ticket t, Stream after) {
        for (Future<?> f : t.tasks()) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TrawlException("interrupted while staging input for the GPU", e);
            } catch (ExecutionException e) {
                throw new TrawlException("staging input for the GPU failed: " + e.getCause(), e.getCause());
            }
        }
        for (int j : t.used()) {
            after.waitFor(lanes[j].done[t.slot()]);
        }
    }

    @Override
    public void close() {
        gpu.bind();
        for (Lane l : lanes) {
            l.close();
        }
    }

    private static final class Lane implements AutoCloseable {
        final ExecutorService thread;
        final Stream stream;
        final PinnedBuffer[] slots = new PinnedBuffer[2];
        final Event[] read = new Event[2];
        final boolean[] pending = new boolean[2];
        final Event[] done = new Event[ScanPipeline.SLOTS];
        int next;

        Lane(Gpu gpu, int j) {
            this.thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "trawl-gpu-lane-" + j);
                t.setDaemon(true);
                return t;
            });
            this.stream = new Stream(gpu);
            for (int k = 0; k < 2; k++) {
                slots[k] = new PinnedBuffer(gpu, PIECE);
                read[k] = new Event(gpu, false);
            }
            for (int k = 0; k < done.length; k++) {
                done[k] = new Event(gpu, false);
            }
        }

        void send(MemorySegment host, long from, long bytes, long dst, int first, int stride, int slot) {
            for (long off = first * PIECE; off < bytes; off += stride * PIECE) {
                long n = Math.min(PIECE, bytes - off);
                int k = next;
                next ^= 1;
                if (pending[k]) {
                    read[k].synchronize();
                }
                MemorySegment s = slots[k].segment();
                MemorySegment.copy(host, from + off, s, 0, n);
                stream.copyToDevice(dst + off, s, n);
                read[k].record(stream);
                pending[k] = true;
            }
            done[slot].record(stream);
        }

        @Override
        public void close() {
            thread.shutdown();
            stream.synchronize();
            for (int k = 0; k < 2; k++) {
                slots[k].close();
                read[k].close();
            }
            for (Event e : done) {
                e.close();
            }
            stream.close();
        }
    }
}
