package dev.trawl.cuda.engine;

import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.ValueLayout;

/**
 * Everything one chunk in flight needs: its own stream (so chunks overlap), a pinned staging buffer,
 * the device text, the PFAC count and offset arrays, and the match output on both sides. Buffers grow
 * to the largest chunk seen and are kept for the next scan; {@link #close()} frees them all.
 *
 * <p>Per chunk the slot records where the chunk lies in the input ({@link #from}, {@link #starts},
 * {@link #readable}).
 */
final class ChunkSlot implements AutoCloseable {
    private final Gpu gpu;
    final Stream stream;
    final Event loaded;
    final Event counted;
    /** Two device words: the chunk's match total, and spare. */
    final DeviceBuffer scalars;
    final PinnedBuffer scalarsHost;
    PinnedBuffer staging;
    DeviceBuffer text;
    DeviceBuffer threadCounts;
    DeviceBuffer tileCounts;
    DeviceBuffer tileOffsets;
    DeviceBuffer out;
    PinnedBuffer outHost;

    long from;
    long starts;
    long readable;

    ChunkSlot(Gpu gpu) {
        this.gpu = gpu;
        this.stream = new Stream(gpu);
        this.loaded = new Event(gpu, false);
        this.counted = new Event(gpu, false);
        this.scalars = new DeviceBuffer(gpu, 16);
        this.scalarsHost = new PinnedBuffer(gpu, 16);
    }

    /** Room for a chunk of {@code readable} bytes; staging only when the input is not registered. */
    void ensureText(long readable, boolean staged) {
        long need = readable + PfacLauncher.TEXT_PADDING;
        if (text == null || text.byteSize() < need) {
            close(text);
            text = null;
            text = new DeviceBuffer(gpu, grow(need));
        }
        if (staged && (staging == null || staging.byteSize() < readable)) {
            close(staging);
            staging = null;
            staging = new PinnedBuffer(gpu, grow(readable));
        }
    }

    /** Room for the per-thread and per-tile arrays of {@code starts} start positions. */
    void ensureCounts(long starts) {
        long tiles = PfacLauncher.tiles(starts);
        if (threadCounts == null || threadCounts.byteSize() < tiles * PfacLauncher.THREADS * 4) {
            close(threadCounts);
            close(tileCounts);
            close(tileOffsets);
            threadCounts = tileCounts = tileOffsets = null;
            long t = grow(tiles);
            threadCounts = new DeviceBuffer(gpu, t * PfacLauncher.THREADS * 4);
            tileCounts = new DeviceBuffer(gpu, t * 8);
            tileOffsets = new DeviceBuffer(gpu, t * 8);
        }
    }

    /** Room for {@code matches} matches on the device and in pinned host memory. */
    void ensureOut(long matches) {
        long need = matches * 8;
        if (out == null || out.byteSize() < need) {
            close(out);
            close(outHost);
            out = null;
            outHost = null;
            long bytes = grow(need);
            out = new DeviceBuffer(gpu, bytes);
            outHost = new PinnedBuffer(gpu, bytes);
        }
    }

    /** The total the last {@code pfac_scan_tiles} or count-only pass copied back. */
    long total() {
        return scalarsHost.segment().get(ValueLayout.JAVA_LONG, 0);
    }

    /** Grows by half again, so a run of slightly larger chunks does not reallocate each time. */
    private static long grow(long need) {
        return Math.max(need, need + (need >> 1)) + 64;
    }

    private static void close(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
            }
        }
    }

    @Override
    public void close() {
        stream.synchronize();
        close(out);
        close(outHost);
        close(threadCounts);
        close(tileCounts);
        close(tileOffsets);
        close(text);
        close(staging);
        close(scalars);
        close(scalarsHost);
        close(loaded);
        close(counted);
        close(stream);
    }
}
