package dev.trawl.cuda.engine;

import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import dev.trawl.regex.FlatNfa;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;

/**
 * The host side of {@code src/main/cuda/nfa.cu}: a {@link FlatNfa} on the device and the
 * string-per-block kernels over it. Only the per-record pass over records by their bounds exists
 * ({@link #records}, {@link RecordOp#ANY} alone: 1 a match, 2 unknown, 0 none); whole-text passes
 * and the lines way are not this family's, and {@link GpuNfaMatcher} never asks for them.
 *
 * <p>Variants ({@link Variant}, from {@value #VARIANT_PROPERTY} when a matcher is compiled):
 * <ul>
 *   <li>{@code basic}: a block of {@value #THREADS} threads per record, the NFA and the record read
 *       from global memory ({@code nfa_block} with nothing in shared memory).
 *   <li>{@code shared}: the same kernel with the NFA's first words (its hot part: the start table
 *       and the states nearest the starts, {@link FlatNfa}'s breadth-first order) in shared memory, as
 *       much as fits beside a record of up to {@value #STRING_CAP} bytes staged there too.
 *   <li>{@code coarse}: block coarsening, a warp per record ({@code nfa_warp}): eight records per
 *       block at once, the NFA's prefix loaded once per block for all the records it strides over.
 *   <li>{@code queue}: a block per record whose threads share a frontier queue of (state, position)
 *       items in shared memory ({@code nfa_queue}).
 *   <li>{@code adaptive} ({@code gpu:regex}): per chunk, {@code coarse} when its records average at
 *       most {@value #WARP_STRING_CAP} bytes (log lines: a block's 256 starts would mostly lie past a
 *       short record's end), else {@code shared}.
 * </ul>
 *
 * <p>Shared memory per block stays within the default 48 KiB (no opt-in needed): {@code shared} and
 * {@code coarse} keep {@value #STRING_CAP} bytes for records and the rest for the NFA's prefix;
 * {@code queue} also keeps 16 KiB for its two queues of {@value #QUEUE_ITEMS} items. The NFA is
 * padded to a multiple of 4 words on the device, so the prefix's copy ends 16-byte aligned. Grids:
 * a block per record for the block kernels (the write-up's mapping), as many blocks as fit on the GPU
 * at once for the warp kernel, each striding over records.
 */
public final class NfaLauncher implements RecordKernels {
    /** {@code basic}, {@code shared}, {@code coarse} or {@code queue}: the {@code gpu:nfa-block} variant. */
    public static final String VARIANT_PROPERTY = "trawl.gpu.nfa.variant";
    static final int THREADS = 256;
    static final int SHARED_BYTES = 48 << 10;
    static final int STRING_CAP = 4096;
    static final int WARP_STRING_CAP = STRING_CAP / (THREADS / 32);
    static final int QUEUE_ITEMS = 1024;
    /** The queue kernel's counters (4 ints) and two queues of (state, position) items. */
    static final int QUEUE_BYTES = 16 + 2 * 2 * 4 * QUEUE_ITEMS;

    /** The kernels and placements of {@code gpu:nfa-block}; {@link #ADAPTIVE} is {@code gpu:regex}'s. */
    public enum Variant {
        BASIC, SHARED, COARSE, QUEUE, ADAPTIVE;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The variant {@value #VARIANT_PROPERTY} names ({@code shared} when unset). */
        public static Variant fromProperty() {
            String v = System.getProperty(VARIANT_PROPERTY, "shared").trim().toUpperCase(Locale.ROOT);
            try {
                Variant x = valueOf(v);
                if (x != ADAPTIVE) {
                    return x;
                }
            } catch (IllegalArgumentException e) {
                // named below
            }
            throw new IllegalArgumentException(VARIANT_PROPERTY + ": unknown variant '" + v.toLowerCase(Locale.ROOT)
                    + "' (basic, shared, coarse or queue)");
        }
    }

    private final Variant variant;
    private final FlatNfa nfa;
    private final DeviceBuffer device;
    private final Kernel block;
    private final Kernel warp;
    private final Kernel queue;
    private final int sharedWords;
    private final int queueSharedWords;
    private final int multiprocessors;
    private final int warpBlocksPerSm;

    public NfaLauncher(Gpu gpu, FlatNfa nfa, Variant variant) {
        this.variant = variant;
        this.nfa = nfa;
        int[] words = nfa.words();
        int padded = (words.length + 3) & ~3;
        this.block = gpu.kernel("nfa_block");
        this.warp = gpu.kernel("nfa_warp");
        this.queue = gpu.kernel("nfa_queue");
        this.sharedWords = variant == Variant.BASIC ? 0 : Math.min(padded, (SHARED_BYTES - STRING_CAP) / 4 & ~3);
        this.queueSharedWords = Math.min(padded, (SHARED_BYTES - STRING_CAP - QUEUE_BYTES) / 4 & ~3);
        this.multiprocessors = gpu.info().multiprocessors();
        this.warpBlocksPerSm = Math.max(1, warp.blocksPerMultiprocessor(THREADS, sharedBytesOf(Variant.COARSE)));
        this.device = new DeviceBuffer(gpu, 4L * padded);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(4L * padded, 16);
            MemorySegment.copy(words, 0, host, ValueLayout.JAVA_INT, 0, words.length);
            CudaDriver.memcpyHtoD(device.pointer(), host, 4L * padded);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }

    public Variant variant() {
        return variant;
    }

    /** Words of the NFA's prefix in shared memory ({@code queue}: its own, smaller, share). */
    public int sharedWords() {
        return variant == Variant.QUEUE ? queueSharedWords : sharedWords;
    }

    /** One line for a matcher's name and the benchmarks: the variant, the NFA's size, what is in shared memory. */
    @Override
    public String describe() {
        long bytes = nfa.bytes();
        long shared = Math.min(bytes, 4L * sharedWords());
        return String.format(Locale.ROOT, "%s, NFA of %,d states and %,d edges, %,d KiB (%s in shared memory)",
                variant == Variant.ADAPTIVE ? "warp or block per record by record length" : variant.label(),
                nfa.states(), nfa.edges(), (bytes + 1023) >> 10,
                shared == 0 ? "none" : shared >= bytes ? "all" : String.format(Locale.ROOT, "%,d KiB", shared >> 10));
    }

    private int sharedBytesOf(Variant v) {
        return switch (v) {
            case BASIC -> 0;
            case SHARED, COARSE, ADAPTIVE -> 4 * sharedWords + STRING_CAP;
            case QUEUE -> 4 * queueSharedWords + QUEUE_BYTES + STRING_CAP;
        };
    }

    /**
     * Queues the pass over a chunk's {@code (recordEnds - recordStarts) / 4} records: {@link RecordPipeline}
     * and {@link DeviceRecords} lay the ends right after the starts, one int per record each.
     */
    @Override
    public void records(Stream stream, long text, long readable, long recordStarts, long recordEnds, long tileFirst,
            RecordOp op, long out) {
        if (op != RecordOp.ANY) {
            throw new UnsupportedOperationException("the NFA kernels answer anyMatch only, not " + op);
        }
        int count = (int) ((recordEnds - recordStarts) / 4);
        if (count <= 0) {
            return;
        }
        Variant v = variant;
        if (v == Variant.ADAPTIVE) {
            v = readable <= (long) WARP_STRING_CAP * count ? Variant.COARSE : Variant.SHARED;
        }
        Kernel k = switch (v) {
            case COARSE -> warp;
            case QUEUE -> queue;
            default -> block;
        };
        int words = v == Variant.QUEUE ? queueSharedWords : v == Variant.BASIC ? 0 : sharedWords;
        int strCap = switch (v) {
            case BASIC -> 0;
            case COARSE -> WARP_STRING_CAP;
            default -> STRING_CAP;
        };
        int grid = v == Variant.COARSE
                ? (int) Math.min((count + THREADS / 32 - 1) / (THREADS / 32), (long) warpBlocksPerSm * multiprocessors)
                : count;
        try (Arena a = Arena.ofConfined()) {
            k.launch(grid, THREADS, sharedBytesOf(v), stream, new Kernel.Args(a, 8).i64(device.pointer()).i32(words)
                    .i64(text).i64(recordStarts).i64(recordEnds).i32(count).i64(out).i32(strCap));
        }
    }

    @Override
    public String kernelsName() {
        return "the NFA kernels";
    }

    @Override
    public void close() {
        device.close();
    }
}
