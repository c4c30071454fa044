package dev.trawl.cuda.engine;

import dev.trawl.Records;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Records} column copied to device memory once, in chunks of whole records cut as
 * {@link RecordPipeline} cuts them (bytes, bounds and tile index each), so that per-record answers
 * can be asked for again with nothing sent: what the kernels alone cost, without the host's staging
 * and the bus. Lines take the pipeline's lines way when the set allows it, other columns the bounds. Answers come back as {@link GpuMatcher}'s do. A record longer than a chunk is refused.
 * Not thread-safe; close it to free the device memory.
 */
public final class DeviceRecords implements AutoCloseable {
    private final Gpu gpu;
    private final int size;
    private final boolean lines;
    private final List<Chunk> chunks = new ArrayList<>();
    private final Stream stream;
    private final Event before;
    private final Event after;

    /**
     * One chunk on the device: text; the tiles' line counts and offsets (longs, for lines), then the
     * records' starts and ends and the tile index (ints); answer slots.
     */
    private record Chunk(int firstRecord, int records, long span, DeviceBuffer text, DeviceBuffer bounds,
            DeviceBuffer answers) {
        long entries() {
            return TiledKernels.tiles(span) + 1;
        }

        long lineCounts() {
            return bounds.pointer();
        }

        long lineOffsets() {
            return lineCounts() + 8 * entries();
        }

        long starts() {
            return lineOffsets() + 8 * entries();
        }

        long ends() {
            return starts() + 4L * records;
        }

        long tileFirst() {
            return ends() + 4L * records;
        }
    }

    private DeviceRecords(Gpu gpu, int size, boolean lines) {
        this.gpu = gpu;
        this.size = size;
        this.lines = lines;
        this.stream = new Stream(gpu);
        this.before = new Event(gpu, true);
        this.after = new Event(gpu, true);
    }

    /**
     * Copies the records to the device in chunks of at most {@code chunkBytes} (0: the pipeline's
     * default; bounded as {@link RecordPipeline} bounds it) and computes each chunk's tile index.
     *
     * @throws IllegalArgumentException when a record is longer than a chunk
     */
    public static DeviceRecords upload(Gpu gpu, Records records, long chunkBytes) {
        gpu.bind();
        DeviceRecords d = new DeviceRecords(gpu, records.size(), RecordPipeline.areLines(records));
        long chunk = RecordPipeline.chunkBytes(chunkBytes);
        TileKernels tiles = new TileKernels(gpu);
        try (Arena a = Arena.ofConfined()) {
            for (int r0 = 0; r0 < records.size(); ) {
                int r1 = RecordPipeline.cut(records, r0, chunk);
                if (r1 < 0) {
                    throw new IllegalArgumentException("record " + r0 + " (" + records.length(r0)
                            + " bytes) is longer than a chunk (" + chunk + ")");
                }
                int count = r1 - r0;
                long base = records.start(r0);
                long span = records.end(r1 - 1) - base;
                long entries = TiledKernels.tiles(span) + 1;
                Chunk c = new Chunk(r0, count, span, new DeviceBuffer(gpu, span + TiledKernels.TEXT_PADDING),
                        new DeviceBuffer(gpu, 8L * count + 20 * entries), new DeviceBuffer(gpu, 12L * count));
                d.chunks.add(c);
                if (span > 0) {
                    MemorySegment bytes = records.data().asSlice(base, span);
                    if (!bytes.isNative()) { // the driver reads native memory only
                        bytes = a.allocate(span, 16).copyFrom(bytes);
                    }
                    CudaDriver.memcpyHtoD(c.text().pointer(), bytes, span);
                }
                try (Arena bounds = Arena.ofShared()) {
                    MemorySegment b = bounds.allocate(8L * count, 4);
                    RecordPipeline.fillBounds(records, r0, count, base, b);
                    CudaDriver.memcpyHtoD(c.starts(), b, 8L * count);
                }
                tiles.recordIndex(d.stream, c.starts(), count, entries, c.tileFirst());
                tiles.lineCounts(d.stream, c.text().pointer(), span, entries - 1, c.lineCounts());
                tiles.scan(d.stream, c.lineCounts(), c.lineOffsets(), entries - 1, c.lineOffsets() + 8 * (entries - 1));
                d.stream.synchronize();
                r0 = r1;
            }
        } catch (RuntimeException e) {
            d.close();
            throw e;
        }
        return d;
    }

    public int size() {
        return size;
    }

    /** Device bytes of the records' text. */
    public long textBytes() {
        long n = 0;
        for (Chunk c : chunks) {
            n += c.span();
        }
        return n;
    }

    /**
     * {@link GpuMatcher#firstMatch} of every record into {@code out}; returns the milliseconds the
     * device spent, from the first chunk's clearing of its slots to the last chunk's ids (CUDA events).
     */
    public float firstMatch(GpuMatcher matcher, int[] out) {
        return answer(matcher.kernels(), matcher.linesAllowed(), RecordOp.FIRST, MemorySegment.ofArray(out), 4);
    }

    /** {@link GpuMatcher#countPerRecord} into {@code out}; returns the device milliseconds, as above. */
    public float countPerRecord(GpuMatcher matcher, long[] out) {
        return answer(matcher.kernels(), matcher.linesAllowed(), RecordOp.COUNT, MemorySegment.ofArray(out), 8);
    }

    /**
     * The kernels' {@code anyMatch} verdicts of a matcher verified on the CPU ({@link GpuVerifiedMatcher}:
     * 1 a match, 0 none, 2 unknown) into {@code out}, records as lines where the kernels take them; returns the device
     * milliseconds, as above.
     */
    public float verdicts(GpuVerifiedMatcher matcher, byte[] out) {
        if (matcher.kernels() == null) {
            throw new IllegalArgumentException(matcher.engine() + " runs on the CPU");
        }
        return answer(matcher.kernels(), GpuVerifiedMatcher.takesLines(matcher.kernels()), RecordOp.ANY,
                MemorySegment.ofArray(out), 1);
    }

    private float answer(TiledKernels kernels, boolean linesAllowed, RecordOp op, MemorySegment out, int outBytes) {
        if (out.byteSize() < (long) outBytes * size) {
            throw new IllegalArgumentException("the array has fewer slots than the " + size + " records");
        }
        gpu.bind();
        TileKernels tiles = new TileKernels(gpu);
        before.record(stream);
        for (Chunk c : chunks) {
            long answers = c.answers().pointer();
            stream.fill(answers, op.clearTo, (long) op.slotBytes * c.records());
            if (lines && linesAllowed) {
                kernels.lines(stream, c.text().pointer(), c.span(), c.lineOffsets(), op, answers);
            } else {
                kernels.records(stream, c.text().pointer(), c.span(), c.starts(), c.ends(), c.tileFirst(), op, answers);
            }
            if (op == RecordOp.FIRST) {
                tiles.firstIds(stream, answers, answers + 8L * c.records(), c.records());
            }
        }
        after.record(stream);
        after.synchronize();
        float ms = after.millisSince(before);
        long most = 0;
        for (Chunk c : chunks) {
            most = Math.max(most, (long) outBytes * c.records());
        }
        try (PinnedBuffer host = new PinnedBuffer(gpu, Math.max(1, most))) {
            for (Chunk c : chunks) {
                long from = c.answers().pointer() + (op == RecordOp.FIRST ? 8L * c.records() : 0);
                long bytes = (long) outBytes * c.records();
                stream.copyToHost(host.segment(), from, bytes);
                stream.synchronize();
                MemorySegment.copy(host.segment(), 0, out, (long) outBytes * c.firstRecord(), bytes);
            }
        }
        return ms;
    }

    @Override
    public void close() {
        gpu.bind();
        stream.synchronize();
        for (Chunk c : chunks) {
            c.text().close();
            c.bounds().close();
            c.answers().close();
        }
        chunks.clear();
        before.close();
        after.close();
        stream.close();
    }
}
