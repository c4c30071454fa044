package dev.trawl.cuda.engine;

import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The host side of {@code src/main/cuda/chains.cu}: a {@link ChainTable} on the device, its anchors
 * as a {@link PfacLauncher}'s table, and the per-record pass over records by their bounds
 * ({@link #records}, {@link RecordOp#ANY} alone: 1 a match, 2 unknown, 0 none): {@code chains_records}
 * (PFAC's tiles; each anchor found by the {@link AnchorIndex} and verified into its chains by the whole
 * warp; see {@link #KERNEL_PROPERTY}), then {@code chains_ascii} (every
 * record holding a byte of 0x80 or more set to 2). A set with a regex that matches the empty string
 * needs no kernel: every slot is set to 1. Whole-text passes and the lines way are not this family's,
 * and {@link GpuChainMatcher} never asks for them.
 *
 * <p>Device layout of the chain table: {@link ChainTable#words} (ints), then at a 256-byte boundary
 * its literal bytes, then, each at a 256-byte boundary, the start filter ({@link AnchorGrams}, unless
 * {@link #GRAMS_PROPERTY} turns it off), the anchor index's ints and its anchor bytes ({@link AnchorIndex}).
 */
public final class ChainLauncher implements RecordKernels {
    /**
     * How the kernels find anchors and verify them: {@code index} (the warp's starts that pass the filter
     * shared among its lanes and compared with the {@link AnchorIndex}'s entries, each anchor found
     * verified by the warp's 32 lanes together; its blocks carry no PFAC rows), {@code pfac} (PFAC's walk over the anchors, the warp
     * verifying), {@code auto} (the default: the index where {@link AnchorIndex#pays}, else the walk) or
     * {@code lane} (PFAC's walk, the lane that found an anchor verifying it alone, to measure against).
     */
    public static final String KERNEL_PROPERTY = "trawl.gpu.chains.kernel";
    /** How chains are anchored: {@code longest} or {@code factor} (the default) or {@code factor:N} ({@link ChainTable.Anchors}). */
    public static final String ANCHOR_PROPERTY = ChainTable.ANCHOR_PROPERTY;
    /** {@code off}: the walk starts at every position that leaves the PFAC root, untested by {@link AnchorGrams}. */
    public static final String GRAMS_PROPERTY = "trawl.gpu.chains.grams";

    private static final int ASCII_THREADS = 256;

    private final ChainTable table;
    private final PfacLauncher anchors; // null when every record matches
    private final DeviceBuffer device; // null when every record matches
    private final Kernel walk;
    private final Kernel walkLines;
    private final Kernel ascii;
    private final Kernel asciiLines;
    private final boolean takesLines;
    private final int maxBlocks;
    private final long[] arrays = new long[7]; // ChainTable's int arrays, then its literal bytes
    private final String kernel; // index, pfac or lane
    private final long grams; // AnchorGrams on the device, or 0: no filter
    private final long index; // AnchorIndex's ints and bytes on the device
    private final long anchorBytes;

    ChainLauncher(Gpu gpu, ChainTable table) {
        this.table = table;
        AnchorIndex index = AnchorIndex.of(table.anchors);
        String kernel = System.getProperty(KERNEL_PROPERTY, "auto");
        if (kernel.equals("auto")) {
            kernel = index.pays() ? "index" : "pfac";
        }
        this.kernel = kernel;
        this.walk = gpu.kernel(walkKernel("chains_records", kernel));
        this.walkLines = gpu.kernel(walkKernel("chains_lines", kernel));
        this.ascii = gpu.kernel("chains_ascii");
        this.asciiLines = gpu.kernel("chains_ascii_lines");
        this.takesLines = !table.always && !table.holdsLineBreak()
                && !"false".equals(System.getProperty(RecordPipeline.LINES_PROPERTY));
        if (table.always) {
            this.anchors = null;
            this.device = null;
            this.maxBlocks = 1;
            this.grams = 0;
            this.index = 0;
            this.anchorBytes = 0;
            return;
        }
        // the index kernels stage the text as PFAC's do but never walk its table: no hot rows
        this.anchors = kernel.equals("index") ? new PfacLauncher(gpu, PfacTable.of(table.anchorSet()), 0)
                : new PfacLauncher(gpu, PfacTable.of(table.anchorSet()));
        // the kernels' static shared memory (the start filter, 16 KiB, and the warps' queues) and PFAC's
        // dynamic layout (with hot rows for the walk kernels) together pass the 48 KiB a launch gets
        // without asking
        walk.allowSharedBytes(anchors.sharedBytes());
        walkLines.allowSharedBytes(anchors.sharedBytes());
        this.maxBlocks = Math.max(1, walk.blocksPerMultiprocessor(THREADS, anchors.sharedBytes()))
                * gpu.info().multiprocessors();
        int[] words = table.words();
        long bytesAt = PfacLauncher.align(4L * words.length, 256);
        // the filter reads three bytes past a tile's last start, staged only with a margin
        int[] filter = anchors.margin() >= 16 && !"off".equals(System.getProperty(GRAMS_PROPERTY))
                ? AnchorGrams.of(table.anchors) : new int[0];
        long gramsAt = PfacLauncher.align(bytesAt + table.bytes.length, 256);
        long indexAt = PfacLauncher.align(gramsAt + 4L * filter.length, 256);
        long anchorBytesAt = PfacLauncher.align(indexAt + 4L * index.ints.length, 256);
        long size = anchorBytesAt + Math.max(16, index.bytes.length);
        DeviceBuffer d = null;
        try (Arena a = Arena.ofConfined()) {
            d = new DeviceBuffer(gpu, size);
            MemorySegment host = a.allocate(size, 256);
            MemorySegment.copy(words, 0, host, ValueLayout.JAVA_INT, 0, words.length);
            MemorySegment.copy(table.bytes, 0, host, ValueLayout.JAVA_BYTE, bytesAt, table.bytes.length);
            MemorySegment.copy(filter, 0, host, ValueLayout.JAVA_INT, gramsAt, filter.length);
            MemorySegment.copy(index.ints, 0, host, ValueLayout.JAVA_INT, indexAt, index.ints.length);
            MemorySegment.copy(index.bytes, 0, host, ValueLayout.JAVA_BYTE, anchorBytesAt, index.bytes.length);
            gpu.bind();
            CudaDriver.memcpyHtoD(d.pointer(), host, size);
        } catch (RuntimeException e) {
            if (d != null) {
                d.close();
            }
            anchors.close();
            throw e;
        }
        this.device = d;
        int[] at = table.offsets();
        for (int i = 0; i < at.length; i++) {
            arrays[i] = d.pointer() + 4L * at[i];
        }
        arrays[at.length] = d.pointer() + bytesAt;
        this.grams = filter.length == 0 ? 0 : d.pointer() + gramsAt;
        this.index = d.pointer() + indexAt;
        this.anchorBytes = d.pointer() + anchorBytesAt;
    }

    private static String walkKernel(String name, String kernel) {
        return switch (kernel) {
            case "index" -> name;
            case "pfac", "lane" -> name + "_" + kernel;
            default -> throw new IllegalArgumentException(
                    "-D" + KERNEL_PROPERTY + "=" + kernel + ": expected index, pfac or lane");
        };
    }

    /** One line for a matcher's name: the table's size, and the anchors' PFAC table. */
    @Override
    public String describe() {
        if (anchors == null) {
            return "a regex matching the empty string: every record matches";
        }
        return table.describe() + (kernel.equals("index") ? ", anchor index"
                : String.format(java.util.Locale.ROOT, ", PFAC table of %,d states", anchors.table().stateCount()));
    }

    /**
     * Queues the pass over a chunk's {@code (recordEnds - recordStarts) / 4} records: {@link RecordPipeline}
     * and {@link DeviceRecords} lay the ends right after the starts, one int per record each.
     */
    @Override
    public void records(Stream stream, long text, long readable, long recordStarts, long recordEnds, long tileFirst,
            RecordOp op, long out) {
        if (op != RecordOp.ANY) {
            throw new UnsupportedOperationException("the chain kernels answer anyMatch only, not " + op);
        }
        int count = (int) ((recordEnds - recordStarts) / 4);
        if (count <= 0) {
            return;
        }
        if (anchors == null) {
            stream.fill(out, (byte) 1, count);
            return;
        }
        if (readable <= 0) {
            return; // only empty records: none holds an anchor, and none a non-ASCII byte
        }
        try (Arena a = Arena.ofConfined()) {
            int grid = (int) Math.min(TiledKernels.tiles(readable), maxBlocks);
            walk.launch(grid, THREADS, anchors.sharedBytes(), stream,
                    tableArgs(anchors.tableArgs(a, 15, text, readable, readable).i64(recordStarts).i64(recordEnds)
                            .i64(tileFirst)).i64(out));
            long vectors = (readable + 15) / 16;
            ascii.launch((int) ((vectors + ASCII_THREADS - 1) / ASCII_THREADS), ASCII_THREADS, 0, stream,
                    new Kernel.Args(a, 6).i64(text).i64(readable).i64(recordStarts).i64(recordEnds).i64(tileFirst)
                            .i64(out));
        }
    }

    /** CHAINS_TABLE_PARAMS but {@code out}: the chain table, the start filter and the anchor index. */
    private Kernel.Args tableArgs(Kernel.Args args) {
        for (long array : arrays) {
            args.i64(array);
        }
        return args.i64(grams).i64(index).i32(table.anchors.size()).i64(anchorBytes);
    }

    /**
     * Lines need no bounds from the host, which on loghub lines costs more than the kernels. A set whose
     * literals hold a '\r' does not take them (a match could hold the one a line may drop before its
     * '\n'), nor one whose literals hold a '\n' ({@code chains_lines} does not look for one inside an
     * anchor), nor one that always matches (its slots are filled per record, without kernels).
     */
    @Override
    public boolean takesLines() {
        return takesLines;
    }

    /** As {@link #records}, records as the text's lines ({@code tileLines}: {@link RecordPipeline}'s lines way). */
    @Override
    public void lines(Stream stream, long text, long readable, long tileLines, RecordOp op, long out) {
        if (op != RecordOp.ANY) {
            throw new UnsupportedOperationException("the chain kernels answer anyMatch only, not " + op);
        }
        if (!takesLines) {
            RecordKernels.super.lines(stream, text, readable, tileLines, op, out); // refuses
            return;
        }
        if (readable <= 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            int grid = (int) Math.min(TiledKernels.tiles(readable), maxBlocks);
            walkLines.launch(grid, THREADS, anchors.sharedBytes(), stream,
                    tableArgs(anchors.tableArgs(a, 13, text, readable, readable).i64(tileLines)).i64(out));
            // a block a tile: the kernel is light, and a persistent grid sized for the walk's shared
            // memory would leave most of each multiprocessor idle at its barriers
            asciiLines.launch((int) TiledKernels.tiles(readable), THREADS, 0, stream,
                    new Kernel.Args(a, 4).i64(text).i64(readable).i64(tileLines).i64(out));
        }
    }

    @Override
    public String kernelsName() {
        return "the chain kernels";
    }

    @Override
    public void close() {
        if (anchors != null) {
            device.close();
            anchors.close();
        }
    }
}
