package dev.trawl.cuda.engine;

import dev.trawl.MatchBatchSink;
import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.CudaException;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.HostRegistration;
import dev.trawl.cuda.DeviceInput;
import dev.trawl.scan.ChunkQueue;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Streams one input through a {@link TiledKernels} family (PFAC, the compressed trie) in chunks, {@value #SLOTS} chunks in flight on their own
 * streams, so that one chunk's copy overlaps another's kernels and the host's work on a third.
 *
 * <p>Chunks are cut as the CPU scan's {@link dev.trawl.scan.ChunkPlan} cuts them, taken from a
 * {@link ChunkQueue} (which CPU threads may share, for {@link #countTaking}): chunk {@code i} holds the start
 * positions {@code [i * chunk, (i + 1) * chunk)} and is copied with the longest pattern minus one
 * bytes more, so a match that crosses the boundary is found by the chunk it starts in, and by no
 * other. Input gets to the device through the {@link CopyLanes}, a chunk's copy under way while the
 * chunk before it is queued, or on request straight from the input's own memory page-locked with
 * {@code cuMemHostRegister} (see {@link #source} for why that is not the default).
 * Text already in device memory ({@link DeviceInput}) is read in place, or copied on the device
 * ({@link #load}).
 *
 * <p>Per chunk, counting queues the copy and the count pass with a total only. Scanning queues the
 * copy, the count pass with per-thread and per-tile counts, and {@code tiles_scan}; when the chunk's
 * turn comes (chunks finish in input order) the host reads the total, sizes the output, and runs the
 * write pass and the copy back. When a chunk has more than {@value #MAX_PASS_MATCHES}
 * matches its tiles are split into passes that each fit, using the tile offsets, so no density (every
 * byte starting the longest pattern's worth of matches) loses a match or needs unbounded memory.
 *
 * <p>Matches come back in the contract's order (start, then id) and go to the sink as they are. One pipeline serves one scan; its slots come from and go back to the {@link SlotPool}.
 */
final class ScanPipeline implements AutoCloseable {
    static final int SLOTS = 3;
    static final long DEFAULT_CHUNK = 64L << 20;
    /** The chunk for inputs of {@link #LARGE_INPUT} bytes or more. */
    static final long LARGE_CHUNK = 128L << 20;
    static final long LARGE_INPUT = 1L << 30;
    /** Starts per chunk are 32-bit in the match words. */
    static final long MAX_CHUNK = 1L << 30;
    static final long MAX_PASS_MATCHES = 1L << 24;
    /** The smallest chunk a pipeline sharing its queue with CPU threads takes near the end. */
    static final long SHARED_LEAST_CHUNK = 16L << 20;

    private static final System.Logger LOG = System.getLogger(ScanPipeline.class.getName());

    private final Gpu gpu;
    private final TiledKernels launcher;
    private final TileKernels tiles;
    private final int[] lengths;
    private final int maxLength;
    private final MatcherOptions options;
    private final PipelineSlots slots;

    ScanPipeline(Gpu gpu, TiledKernels launcher, int[] lengths, int maxLength, MatcherOptions options) {
        this.gpu = gpu;
        this.slots = new PipelineSlots(gpu);
        this.launcher = launcher;
        this.tiles = new TileKernels(gpu);
        this.lengths = lengths;
        this.maxLength = maxLength;
        this.options = options;
    }

    long count(MemorySegment text) {
        try (Source src = source(text)) {
            long chunk = chunk(text.byteSize());
            return count(src, new ChunkQueue(text.byteSize(), maxLength), () -> chunk);
        }
    }

    /**
     * Counts the text in device memory (no host copy). Read in place by a launcher that
     * {@linkplain TiledKernels#countsResidentTextWhole counts it whole}, it is one chunk (up to
     * {@link #MAX_CHUNK}) unless the options set one; otherwise it is cut as host text is.
     */
    long count(DeviceInput text) {
        long n = text.byteSize();
        long chunk = options.chunkBytes() <= 0 && launcher.countsResidentTextWhole()
                && text.readableInPlace(0, n + TiledKernels.TEXT_PADDING) ? Math.max(1, Math.min(n, MAX_CHUNK)) : chunk(n);
        return count(new Source(null, null, text, false), new ChunkQueue(text.byteSize(), maxLength), () -> chunk);
    }

    /**
     * Counts the chunks this pipeline takes from {@code queue}, which CPU threads share: the chunks
     * shrink as the queue empties (to an eighth of what is left, down to 16 MiB), so that the GPU's
     * last chunks in flight do not leave the CPU threads idle for long at the end.
     */
    long countTaking(MemorySegment text, ChunkQueue queue) {
        try (Source src = source(text)) {
            long chunk = chunk(text.byteSize());
            long least = Math.min(chunk, SHARED_LEAST_CHUNK);
            return count(src, queue, () -> Math.clamp(queue.remaining() / 8, least, chunk));
        }
    }

    private long count(Source src, ChunkQueue queue, LongSupplier chunkSize) {
        long n = queue.size();
        if (n == 0) {
            return 0;
        }
        gpu.bind();
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        ChunkSlot loading = null; // its bytes on their way, its kernels queued once the next chunk's are on theirs
        long total = 0;
        long done = 0;
        try {
            for (int i = 0; ; i++) {
                if (inFlight.size() == SLOTS - 1) {
                    ChunkSlot s = inFlight.poll();
                    s.counted.synchronize();
                    total += s.total();
                    options.progress().bytesDone(done += s.starts, n);
                }
                // Claimed only once a slot is free: a shared queue's chunk waits on no GPU work.
                ChunkQueue.Chunk c = queue.claim(chunkSize.getAsLong());
                ChunkSlot s = c == null ? null : slots.get(i % SLOTS);
                if (s != null) {
                    load(s, src, c);
                }
                if (loading != null) {
                    loading.awaitCopied();
                    loading.stream.clear(loading.scalars.pointer(), 8);
                    launcher.count(loading.stream, loading.textAt, loading.readable, loading.starts, 0, 0,
                            loading.scalars.pointer());
                    loading.stream.copyToHost(loading.scalarsHost.segment(), loading.scalars.pointer(), 8);
                    loading.counted.record(loading.stream);
                    inFlight.add(loading);
                }
                loading = s;
                if (s == null) {
                    break;
                }
            }
            while (!inFlight.isEmpty()) {
                ChunkSlot s = inFlight.poll();
                s.counted.synchronize();
                total += s.total();
                options.progress().bytesDone(done += s.starts, n);
            }
        } catch (RuntimeException | Error e) {
            queue.stop();
            throw e;
        } finally {
            if (loading != null) {
                loading.settleCopy();
            }
            PipelineSlots.quiesce(inFlight);
        }
        return total;
    }

    boolean scan(MemorySegment text, MatchSink sink) {
        try (Source src = source(text)) {
            return stream(src, (out, count, base) -> deliver(out, count, base, sink));
        }
    }

    /** Scans {@code text}, its matches handed on in batches of arrays ({@link MatchBatches}). */
    boolean scan(MemorySegment text, MatchBatchSink sink) {
        try (Source src = source(text)) {
            return stream(src, new MatchBatches(lengths, sink)::deliver);
        }
    }

    /** Scans the text in device memory (no host copy). */
    boolean scan(DeviceInput text, MatchSink sink) {
        return stream(new Source(null, null, text, false), (out, count, base) -> deliver(out, count, base, sink));
    }

    /** Scans the text in device memory, its matches handed on in batches of arrays. */
    boolean scan(DeviceInput text, MatchBatchSink sink) {
        return stream(new Source(null, null, text, false), new MatchBatches(lengths, sink)::deliver);
    }

    /** Hands on a block of {@code count} match words ({@code start << 32 | id}, start relative to {@code base}). */
    @FunctionalInterface
    interface Delivery {
        boolean deliver(MemorySegment words, long count, long base);
    }

    private boolean stream(Source src, Delivery sink) {
        long n = src.size();
        if (n == 0) {
            return true;
        }
        gpu.bind();
        ChunkQueue queue = new ChunkQueue(n, maxLength);
        long chunk = chunk(n);
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        ChunkSlot loading = null; // as in count
        long[] done = {0};
        try {
            for (int i = 0; ; i++) {
                if (inFlight.size() == SLOTS - 1 && !finish(inFlight.poll(), sink, done, n)) {
                    return false;
                }
                ChunkQueue.Chunk c = queue.claim(chunk);
                ChunkSlot s = c == null ? null : slots.get(i % SLOTS);
                if (s != null) {
                    load(s, src, c);
                }
                if (loading != null) {
                    loading.awaitCopied();
                    loading.ensureCounts(loading.starts);
                    long tiles = TiledKernels.tiles(loading.starts);
                    launcher.count(loading.stream, loading.textAt, loading.readable, loading.starts,
                            loading.threadCounts.pointer(), loading.tileCounts.pointer(), 0);
                    this.tiles.scan(loading.stream, loading.tileCounts.pointer(), loading.tileOffsets.pointer(), tiles,
                            loading.scalars.pointer());
                    loading.stream.copyToHost(loading.scalarsHost.segment(), loading.scalars.pointer(), 8);
                    loading.counted.record(loading.stream);
                    inFlight.add(loading);
                }
                loading = s;
                if (s == null) {
                    break;
                }
            }
            while (!inFlight.isEmpty()) {
                if (!finish(inFlight.poll(), sink, done, n)) {
                    return false;
                }
            }
            return true;
        } finally {
            if (loading != null) {
                loading.settleCopy();
            }
            PipelineSlots.quiesce(inFlight);
        }
    }

    /**
     * Chunks of 64 MiB, or 128 MiB from 1 GiB of input: measured through the public API on an H200 host
     * (LinkBench, count of ten names and of 10,000 words), 512 MiB ran at 39-40 GB/s with either, 2 GiB
     * at 37 GB/s with 64 MiB chunks and 43-46 GB/s with 128 MiB (256 MiB: 39-41; 16 MiB: 20-24). Ramping
     * the sizes at the ends of a scan (8 MiB first and last chunks, so that the unoverlapped first copy
     * and last kernels are short) measured slower, alternated call by call over 512 MiB: 40.5 against
     * 43.8 GB/s best and 37.3 against 42.2 median for ten names, 37.5 against 43.3 best for 10,000
     * words; a small chunk is copied by fewer threads. Staging a chunk in parts, each sent to the device
     * as soon as it was staged (on all 16 threads), measured slower still over 512 MiB (session 18,
     * alternated call by call, best of 20): whole 64 MiB chunks 42-43 GB/s, parts of 32 MiB 33-34,
     * 16 MiB 24-26, 8 MiB 15-16. Nor did queuing the device copy from the copy threads as they staged
     * (session 22, 512 MiB, ten names and 10,000 words, alternated twice in one call): each thread
     * queuing every 1 MiB it staged, 29-36 against 40-42.5 GB/s; each its whole 4 MiB piece (the pieces
     * end together), the same as whole chunks; rounds of 16 steps of 512 KiB to 2 MiB, each queued once
     * by the thread that wrote its last part, 29-39 against 39-43. Those all waited for every part of
     * a chunk (or round) before going on; the {@link CopyLanes}, which do not, took whole-chunk staging's
     * place (session 26), and with them 64 and 128 MiB chunks measured alike (2 GiB: 47.1-48.2 against
     * 48.6-49.7 GB/s; 512 MiB: 42.8-47.3 against 44.2-47.2).
     */
    static long defaultChunk(long n) {
        return n >= LARGE_INPUT ? LARGE_CHUNK : DEFAULT_CHUNK;
    }

    /** Call when the scan ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        slots.succeeded();
    }

    /** Start positions per chunk for an input of {@code n} bytes; each chunk reads on by the longest pattern minus one. */
    private long chunk(long n) {
        long c = options.chunkBytes() > 0 ? options.chunkBytes() : defaultChunk(n);
        return Math.max(1, Math.min(Math.min(c, MAX_CHUNK), n));
    }

    /**
     * Starts putting one chunk's bytes where the slot's kernels read them ({@link ChunkSlot#textAt}):
     * host input through the {@link CopyLanes} (returning at once; {@link ChunkSlot#awaitCopied} makes the slot's
     * stream wait for them), or staged on this thread when the lanes may not read it (a confined
     * arena's), or from a registered input; text in device memory is read in place when the kernels'
     * reads stay inside its allocation ({@link DeviceInput#readableInPlace}), and else copied on the
     * device into the slot's padded buffer.
     */
    private void load(ChunkSlot s, Source src, ChunkQueue.Chunk c) {
        s.from = c.from();
        s.starts = c.starts();
        s.readable = c.readEnd() - c.from();
        DeviceInput device = src.device();
        if (device != null && device.readableInPlace(s.from, s.readable + TiledKernels.TEXT_PADDING)) {
            s.textAt = device.pointer() + s.from;
            return;
        }
        s.ensureText(s.readable, src.staged());
        s.textAt = s.text.pointer();
        if (device != null) {
            s.stream.copyOnDevice(s.textAt, device.pointer() + s.from, s.readable);
        } else if (src.whole() != null) {
            s.stream.copyToDevice(s.textAt, src.host().asSlice(s.from, s.readable), s.readable);
        } else if (src.lanes()) {
            s.copying = CopyLanes.start(gpu, src.host(), s.from, s.readable, s.textAt, s.laneEvents());
        } else {
            HostCopier.copy(src.host(), s.from, s.staging.segment(), s.readable);
            s.stream.copyToDevice(s.textAt, s.staging.segment(), s.readable);
        }
    }

    /** Completes the oldest chunk: waits for its counts, writes its matches and hands them on. */
    private boolean finish(ChunkSlot s, Delivery sink, long[] done, long n) {
        s.counted.synchronize();
        long total = s.total();
        if (total > 0) {
            long tiles = TiledKernels.tiles(s.starts);
            if (total <= MAX_PASS_MATCHES) {
                if (!writeAndDeliver(s, 0, tiles, total, sink)) {
                    return false;
                }
            } else {
                long[] offsets = tileOffsets(s, tiles, total);
                long lo = 0;
                while (lo < tiles) {
                    long hi = lo + 1;
                    while (hi < tiles && offsets[(int) hi + 1] - offsets[(int) lo] <= MAX_PASS_MATCHES) {
                        hi++;
                    }
                    long count = offsets[(int) hi] - offsets[(int) lo];
                    if (count > 0 && !writeAndDeliver(s, lo, hi, count, sink)) {
                        return false;
                    }
                    lo = hi;
                }
            }
        }
        done[0] += s.starts;
        options.progress().bytesDone(done[0], n);
        return true;
    }

    /** The tile offsets of the slot's chunk, with the total appended. */
    private static long[] tileOffsets(ChunkSlot s, long tiles, long total) {
        long[] offsets = new long[(int) tiles + 1];
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(tiles * 8, 8);
            s.stream.synchronize();
            CudaDriver.memcpyDtoH(host, s.tileOffsets.pointer(), tiles * 8);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, offsets, 0, (int) tiles);
        }
        offsets[(int) tiles] = total;
        return offsets;
    }

    private boolean writeAndDeliver(ChunkSlot s, long tileLo, long tileHi, long count, Delivery sink) {
        s.ensureOut(count);
        launcher.write(s.stream, s.textAt, s.readable, s.starts, s.threadCounts.pointer(),
                s.tileCounts.pointer(), s.tileOffsets.pointer(), tileLo, tileHi, s.out.pointer());
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer(), count * 8);
        s.stream.synchronize();
        return sink.deliver(s.outHost.segment(), count, s.from);
    }

    /**
     * Hands on {@code count} match words ({@code start << 32 | id}, start relative to {@code base}),
     * already in the contract's order: the kernel sorts the few ids found at one start.
     */
    private boolean deliver(MemorySegment out, long count, long base, MatchSink sink) {
        int[] lengths = this.lengths;
        for (long i = 0; i < count; i++) {
            long v = out.getAtIndex(ValueLayout.JAVA_LONG, i);
            int id = (int) v;
            long start = base + (v >>> 32);
            if (!sink.onMatch(id, start, start + lengths[id])) {
                return false;
            }
        }
        return true;
    }

    /**
     * How this scan's bytes reach the device ({@link GpuPfacEngine#INPUT_PROPERTY}): {@code staged} (the
     * default) through the {@link CopyLanes}; {@code chunks} staging each whole chunk into the slot's
     * pinned buffer on several threads ({@link HostCopier}) and then copying it, the way before the
     * lanes (kept to compare with them); {@code registered} page-locks a native input in place with
     * {@code cuMemHostRegister} first, so the device copies straight from it. Measured on an H100
     * host with a 1 GiB mapped file: staging 34-38 GB/s end to end, page-locking 14-15 GB/s, because
     * locking runs at about 16 GB/s and the driver does not lock pieces in parallel any faster. A
     * refusal by the driver falls back to staging.
     */
    private Source source(MemorySegment text) {
        String mode = System.getProperty(GpuPfacEngine.INPUT_PROPERTY, "staged").toLowerCase(Locale.ROOT);
        boolean lanes = !mode.equals("chunks") && CopyLanes.canRead(text);
        if (!mode.equals("registered") || !text.isNative() || text.byteSize() == 0) {
            return new Source(text, null, null, lanes);
        }
        try {
            return new Source(text, new HostRegistration(gpu, text), null, false);
        } catch (CudaException e) {
            LOG.log(System.Logger.Level.DEBUG, "the GPU scan stages the input through pinned buffers: " + e.getMessage());
            return new Source(text, null, null, lanes);
        }
    }

    /**
     * One scan's bytes: host memory ({@code host}) staged, by the {@link CopyLanes} when {@code lanes}
     * and else through each slot's pinned buffer, or registered for the whole scan ({@code whole};
     * closing unlocks it), or text already in device memory ({@code device}).
     */
    private record Source(MemorySegment host, HostRegistration whole, DeviceInput device, boolean lanes)
            implements AutoCloseable {
        long size() {
            return device != null ? device.byteSize() : host.byteSize();
        }

        /** Whether chunks go through a slot's pinned staging buffer. */
        boolean staged() {
            return device == null && whole == null && !lanes;
        }

        @Override
        public void close() {
            if (whole != null) {
                whole.close();
            }
        }
    }

    /** Gives the slots back to the pool, or frees them after an error. */
    @Override
    public void close() {
        slots.close();
    }
}
