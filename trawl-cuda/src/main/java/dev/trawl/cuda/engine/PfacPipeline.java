package dev.trawl.cuda.engine;

import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.CudaException;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.HostRegistration;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Locale;

/**
 * Streams one input through the PFAC kernels in chunks, {@value #SLOTS} chunks in flight on their own
 * streams, so that one chunk's copy overlaps another's kernels and the host's work on a third.
 *
 * <p>Chunks: chunk {@code i} holds the start positions {@code [i * chunk, (i + 1) * chunk)} and is
 * copied with the longest pattern minus one bytes more, so a match that crosses the boundary is
 * found by the chunk it starts in, and by no other. Input gets to the device either straight from the
 * input's own memory, page-locked with {@code cuMemHostRegister} (large native inputs such as mapped
 * files, see {@link #REGISTER_PROPERTY}), or through a pinned staging buffer per slot filled by
 * {@link HostCopier} on several threads.
 *
 * <p>Per chunk, counting queues the copy and {@code pfac_count} with a total only. Scanning queues
 * the copy, {@code pfac_count} with per-thread and per-tile counts, and {@code pfac_scan_tiles}; when
 * the chunk's turn comes (chunks finish in input order) the host reads the total, sizes the output,
 * and runs {@code pfac_write} and the copy back. When a chunk has more than {@value #MAX_PASS_MATCHES}
 * matches its tiles are split into passes that each fit, using the tile offsets, so no density (every
 * byte starting the longest pattern's worth of matches) loses a match or needs unbounded memory.
 *
 * <p>Matches come back in start order; the few at one start come by pattern length, and are sorted
 * by id here. One pipeline serves one scan; its slots come from and go back to the {@link SlotPool}.
 */
final class PfacPipeline implements AutoCloseable {
    static final int SLOTS = 3;
    static final long DEFAULT_CHUNK = 64L << 20;
    /** Starts per chunk are 32-bit in the match words. */
    static final long MAX_CHUNK = 1L << 30;
    static final long MAX_PASS_MATCHES = 1L << 24;
    /** {@code auto} (default: register native inputs of at least 64 MiB), {@code on} or {@code off}. */
    static final String REGISTER_PROPERTY = "trawl.gpu.register";
    static final long REGISTER_MIN = 64L << 20;

    private static final System.Logger LOG = System.getLogger(PfacPipeline.class.getName());
    private static volatile boolean registrationRefused;

    private final Gpu gpu;
    private final PfacLauncher launcher;
    private final int[] lengths;
    private final int overlap;
    private final MatcherOptions options;
    private final ChunkSlot[] slots = new ChunkSlot[SLOTS];
    private long[] run = new long[16];
    private boolean healthy;

    PfacPipeline(Gpu gpu, PfacLauncher launcher, int[] lengths, int maxLength, MatcherOptions options) {
        this.gpu = gpu;
        this.launcher = launcher;
        this.lengths = lengths;
        this.overlap = Math.max(0, maxLength - 1);
        this.options = options;
    }

    long count(MemorySegment text) {
        long n = text.byteSize();
        if (n == 0) {
            return 0;
        }
        gpu.bind();
        long chunk = chunkSize(n);
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        long total = 0;
        long done = 0;
        try (HostRegistration reg = register(text)) {
            try {
                int i = 0;
                for (long from = 0; from < n; from += chunk, i++) {
                    if (inFlight.size() == SLOTS) {
                        ChunkSlot s = inFlight.poll();
                        s.counted.synchronize();
                        total += s.total();
                        options.progress().bytesDone(done += s.starts, n);
                    }
                    ChunkSlot s = slot(i % SLOTS);
                    s.stream.clear(s.scalars.pointer(), 8);
                    load(s, text, from, Math.min(n, from + chunk), reg != null);
                    launcher.count(s.stream, s.text.pointer(), s.readable, s.starts, 0, 0, s.scalars.pointer());
                    s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 8);
                    s.counted.record(s.stream);
                    inFlight.add(s);
                }
                while (!inFlight.isEmpty()) {
                    ChunkSlot s = inFlight.poll();
                    s.counted.synchronize();
                    total += s.total();
                    options.progress().bytesDone(done += s.starts, n);
                }
            } finally {
                quiesce(inFlight);
            }
        }
        return total;
    }

    boolean scan(MemorySegment text, MatchSink sink) {
        long n = text.byteSize();
        if (n == 0) {
            return true;
        }
        gpu.bind();
        long chunk = chunkSize(n);
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        long[] done = {0};
        try (HostRegistration reg = register(text)) {
            try {
                int i = 0;
                for (long from = 0; from < n; from += chunk, i++) {
                    if (inFlight.size() == SLOTS && !finish(inFlight.poll(), sink, done, n)) {
                        return false;
                    }
                    ChunkSlot s = slot(i % SLOTS);
                    load(s, text, from, Math.min(n, from + chunk), reg != null);
                    s.ensureCounts(s.starts);
                    long tiles = PfacLauncher.tiles(s.starts);
                    launcher.count(s.stream, s.text.pointer(), s.readable, s.starts, s.threadCounts.pointer(),
                            s.tileCounts.pointer(), 0);
                    launcher.scanTiles(s.stream, s.tileCounts.pointer(), s.tileOffsets.pointer(), tiles,
                            s.scalars.pointer());
                    s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 8);
                    s.counted.record(s.stream);
                    inFlight.add(s);
                }
                while (!inFlight.isEmpty()) {
                    if (!finish(inFlight.poll(), sink, done, n)) {
                        return false;
                    }
                }
                return true;
            } finally {
                quiesce(inFlight);
            }
        }
    }

    private ChunkSlot slot(int i) {
        if (slots[i] == null) {
            slots[i] = SlotPool.take(gpu);
        }
        return slots[i];
    }

    /** Call when the scan ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        healthy = true;
    }

    private long chunkSize(long n) {
        long c = options.chunkBytes() > 0 ? options.chunkBytes() : DEFAULT_CHUNK;
        return Math.max(1, Math.min(Math.min(c, MAX_CHUNK), n));
    }

    /** Queues the copy of one chunk and its overlap to the slot's device text. */
    private void load(ChunkSlot s, MemorySegment text, long from, long to, boolean registered) {
        long end = Math.min(text.byteSize(), to + overlap);
        s.from = from;
        s.starts = to - from;
        s.readable = end - from;
        s.ensureText(s.readable, !registered);
        MemorySegment src;
        if (registered) {
            src = text.asSlice(from, s.readable);
        } else {
            HostCopier.copy(text, from, s.staging.segment(), s.readable);
            src = s.staging.segment();
        }
        s.stream.copyToDevice(s.text.pointer(), src, s.readable);
    }

    /** Completes the oldest chunk: waits for its counts, writes its matches and hands them on. */
    private boolean finish(ChunkSlot s, MatchSink sink, long[] done, long n) {
        s.counted.synchronize();
        long total = s.total();
        if (total > 0) {
            long tiles = PfacLauncher.tiles(s.starts);
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

    private boolean writeAndDeliver(ChunkSlot s, long tileLo, long tileHi, long count, MatchSink sink) {
        s.ensureOut(count);
        launcher.write(s.stream, s.text.pointer(), s.readable, s.starts, s.threadCounts.pointer(),
                s.tileCounts.pointer(), s.tileOffsets.pointer(), tileLo, tileHi, s.out.pointer());
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer(), count * 8);
        s.stream.synchronize();
        return deliver(s.outHost.segment(), count, s.from, sink);
    }

    /**
     * Hands on {@code count} match words ({@code start << 32 | id}, start relative to {@code base}),
     * sorting each run of equal starts by id (the kernel finds them shortest first).
     */
    private boolean deliver(MemorySegment out, long count, long base, MatchSink sink) {
        long i = 0;
        while (i < count) {
            long v = out.getAtIndex(ValueLayout.JAVA_LONG, i);
            long off = v >>> 32;
            long j = i + 1;
            while (j < count && out.getAtIndex(ValueLayout.JAVA_LONG, j) >>> 32 == off) {
                j++;
            }
            long start = base + off;
            if (j == i + 1) {
                int id = (int) v;
                if (!sink.onMatch(id, start, start + lengths[id])) {
                    return false;
                }
            } else {
                int k = Math.toIntExact(j - i);
                if (run.length < k) {
                    run = new long[Math.max(k, run.length * 2)];
                }
                MemorySegment.copy(out, ValueLayout.JAVA_LONG, i * 8, run, 0, k);
                Arrays.sort(run, 0, k);
                for (int m = 0; m < k; m++) {
                    int id = (int) run[m];
                    if (!sink.onMatch(id, start, start + lengths[id])) {
                        return false;
                    }
                }
            }
            i = j;
        }
        return true;
    }

    /** Registers large native inputs for direct copies, when allowed and possible; null otherwise. */
    private HostRegistration register(MemorySegment text) {
        String mode = System.getProperty(REGISTER_PROPERTY, "auto").toLowerCase(Locale.ROOT);
        boolean wanted = switch (mode) {
            case "on", "true" -> text.isNative();
            case "off", "false" -> false;
            default -> text.isNative() && text.byteSize() >= REGISTER_MIN && !registrationRefused;
        };
        if (!wanted) {
            return null;
        }
        try {
            return new HostRegistration(gpu, text);
        } catch (CudaException e) {
            if (e.result() != CudaDriver.CUDA_ERROR_OUT_OF_MEMORY) {
                registrationRefused = true;
            }
            LOG.log(System.Logger.Level.DEBUG, "gpu:pfac stages the input through pinned buffers: " + e.getMessage());
            return null;
        }
    }

    /** Waits for every chunk still queued, so buffers and registrations can be reused or freed. */
    private void quiesce(ArrayDeque<ChunkSlot> inFlight) {
        for (ChunkSlot s : inFlight) {
            s.stream.synchronize();
        }
        inFlight.clear();
    }

    /** Gives the slots back to the pool, or frees them after an error. */
    @Override
    public void close() {
        gpu.bind();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                SlotPool.give(slots[i], healthy);
                slots[i] = null;
            }
        }
    }
}
