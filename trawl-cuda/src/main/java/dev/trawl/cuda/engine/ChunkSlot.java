package dev.trawl.cuda.engine;

import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.ValueLayout;

/**
 * Everything one chunk in flight needs: its own stream (so chunks overlap), a pinned staging buffer,
 * the device text, the tile count and offset arrays, and the match output on both sides; for a chunk of
 * records, their bounds and answers on both sides. Buffers grow to the largest chunk seen and are kept
 * for the next scan; {@link #close()} frees them all.
 *
 * <p>Per chunk the slot records where the chunk lies in the input ({@link #from}, {@link #starts},
 * {@link #readable}) and, for records, which ones it holds ({@link #firstRecord}, {@link #records}).
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
    /** Record starts, record ends (ints relative to the chunk) and the tile index after them; or, for lines, the tiles' line counts and offsets. */
    DeviceBuffer bounds;
    PinnedBuffer boundsHost;
    /** One slot per record (8 bytes, and 4 more for {@link RecordOp#FIRST}'s ids). */
    DeviceBuffer answers;
    PinnedBuffer answersHost;
    /**
     * A second {@link #answersHost} and {@link #outHost} ({@link #swapHostResults}), for a pass that
     * reads a chunk's results there after the slot's next chunk is queued; null until first swapped.
     */
    private PinnedBuffer spareAnswersHost;
    private PinnedBuffer spareOutHost;

    /** The lanes' copy of this chunk's bytes into {@link #text}, while its kernels are not yet queued; else null. */
    CopyLanes.Copy copying;
    /** One event per copy lane, recorded when the lane's pieces of this slot's chunk are queued; null until first used. */
    private Event[] laneEvents;

    /** Where the kernels read this chunk: {@link #text}, or a caller's device memory in place. */
    long textAt;
    long from;
    long starts;
    long readable;
    int firstRecord;
    int records;

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
        long need = readable + TiledKernels.TEXT_PADDING;
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

    /** Makes the slot's stream wait for its chunk's bytes, where the lanes copy them; throws their failure. */
    void awaitCopied() {
        CopyLanes.Copy copy = copying;
        if (copy != null) {
            copying = null;
            copy.before(stream);
        }
    }

    /** A run ending (or stopped) with this chunk still loading: waits until the lanes are done with its buffer. */
    void settleCopy() {
        if (copying != null) {
            copying.settle();
            copying = null;
        }
    }

    /** The events {@link CopyLanes#start} records for this slot's chunk, made on first use. */
    Event[] laneEvents() {
        if (laneEvents == null) {
            Event[] e = new Event[CopyLanes.lanes()];
            for (int j = 0; j < e.length; j++) {
                e[j] = new Event(gpu, false);
            }
            laneEvents = e;
        }
        return laneEvents;
    }

    /** Room for the per-thread and per-tile arrays of {@code starts} start positions. */
    void ensureCounts(long starts) {
        long tiles = TiledKernels.tiles(starts);
        if (threadCounts == null || threadCounts.byteSize() < tiles * TiledKernels.THREADS * 4) {
            close(threadCounts);
            close(tileCounts);
            close(tileOffsets);
            threadCounts = tileCounts = tileOffsets = null;
            long t = grow(tiles);
            threadCounts = new DeviceBuffer(gpu, t * TiledKernels.THREADS * 4);
            tileCounts = new DeviceBuffer(gpu, t * 8);
            tileOffsets = new DeviceBuffer(gpu, t * 8);
        }
    }

    /** Room for {@code matches} matches on the device and in pinned host memory. */
    void ensureOut(long matches) {
        ensureOut(matches * 8, matches * 8);
    }

    /** Room for {@code deviceBytes} of output on the device and {@code hostBytes} of it on the host. */
    void ensureOut(long deviceBytes, long hostBytes) {
        if (out == null || out.byteSize() < deviceBytes) {
            close(out);
            out = null;
            out = new DeviceBuffer(gpu, grow(deviceBytes));
        }
        ensureOutHost(hostBytes);
    }

    /** Room for {@code bytes} of output on the host. */
    void ensureOutHost(long bytes) {
        if (outHost == null || outHost.byteSize() < bytes) {
            close(outHost);
            outHost = null;
            outHost = new PinnedBuffer(gpu, grow(bytes));
        }
    }

    /** Device memory a pass uses for its own per-chunk arrays (gpu:pfac's first rows: per segment). */
    DeviceBuffer scratch;

    void ensureScratch(long bytes) {
        if (scratch == null || scratch.byteSize() < bytes) {
            close(scratch);
            scratch = null;
            scratch = new DeviceBuffer(gpu, grow(bytes));
        }
    }

    /**
     * Swaps {@link #answersHost} and {@link #outHost} with a second pair, so the slot's next chunk
     * copies its results back while a thread still reads this chunk's from the other pair. The caller
     * makes sure nothing reads the pair that becomes current. The answers' buffer is then at least as
     * large as the other one; the output's is sized by {@link #ensureOut}.
     */
    void swapHostResults() {
        PinnedBuffer a = answersHost;
        answersHost = spareAnswersHost;
        spareAnswersHost = a;
        PinnedBuffer o = outHost;
        outHost = spareOutHost;
        spareOutHost = o;
        if (spareAnswersHost != null && (answersHost == null || answersHost.byteSize() < spareAnswersHost.byteSize())) {
            close(answersHost);
            answersHost = null;
            answersHost = new PinnedBuffer(gpu, spareAnswersHost.byteSize());
        }
    }

    /**
     * Takes records {@code [r0, r1)} of {@code all} as this slot's chunk: sets its fields, sizes its
     * buffers ({@code hostBounds}: room for the records' bounds on the host too) and copies the records'
     * bytes into the pinned staging buffer. Returns the chunk's bytes.
     */
    long stageRecords(dev.trawl.Records all, int r0, int r1, boolean hostBounds) {
        long span = holdRecords(all, r0, r1);
        ensureText(span, true);
        ensureRecords(r1 - r0, TiledKernels.tiles(span), hostBounds);
        HostCopier.copy(all.data(), from, staging.segment(), span);
        return span;
    }

    /** Takes records {@code [r0, r1)} of {@code all} as this slot's chunk (its fields only); returns the chunk's bytes. */
    long holdRecords(dev.trawl.Records all, int r0, int r1) {
        long base = all.start(r0);
        long span = all.end(r1 - 1) - base;
        from = base;
        starts = span;
        readable = span;
        firstRecord = r0;
        records = r1 - r0;
        return span;
    }

    /**
     * Room for {@code records} records over {@code tiles} tiles: on the device their bounds and tile
     * index, or the tiles' line counts and offsets, and the answers; on the host the answers, and the
     * bounds when {@code hostBounds}.
     */
    void ensureRecords(int records, long tiles, boolean hostBounds) {
        long boundsBytes = 8L * records;
        long deviceBytes = Math.max(boundsBytes + 4 * (tiles + 1), 16 * (tiles + 1));
        if (bounds == null || bounds.byteSize() < deviceBytes) {
            close(bounds);
            bounds = null;
            bounds = new DeviceBuffer(gpu, grow(deviceBytes));
        }
        if (hostBounds && (boundsHost == null || boundsHost.byteSize() < boundsBytes)) {
            close(boundsHost);
            boundsHost = null;
            boundsHost = new PinnedBuffer(gpu, grow(boundsBytes));
        }
        if (answers == null || answers.byteSize() < 12L * records) {
            close(answers);
            answers = null;
            answers = new DeviceBuffer(gpu, grow(12L * records));
        }
        if (answersHost == null || answersHost.byteSize() < 8L * records) {
            close(answersHost);
            answersHost = null;
            answersHost = new PinnedBuffer(gpu, grow(8L * records));
        }
    }

    /** The total the last {@code tiles_scan} or count-only pass copied back. */
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
        settleCopy();
        stream.synchronize();
        close(out);
        close(outHost);
        close(threadCounts);
        close(tileCounts);
        close(tileOffsets);
        close(text);
        close(staging);
        close(bounds);
        close(boundsHost);
        close(answers);
        close(answersHost);
        close(spareAnswersHost);
        close(spareOutHost);
        close(scratch);
        close(scalars);
        close(scalarsHost);
        close(loaded);
        close(counted);
        if (laneEvents != null) {
            for (Event e : laneEvents) {
                close(e);
            }
        }
        close(stream);
    }
}
