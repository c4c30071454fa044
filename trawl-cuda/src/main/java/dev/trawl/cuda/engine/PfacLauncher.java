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
 * The host side of {@code src/main/cuda/pfac.cu}: one {@link PfacTable} on the device and the three
 * kernels over it ({@link TiledKernels}). It queues work on a stream and never waits;
 * {@link ScanPipeline} and {@link RecordPipeline} decide what to run on which chunk.
 *
 * <p>Device layout of the table: one allocation holding, each at a 256-byte boundary, {@code classOf}
 * (256 ints), {@code rootRow} (256 ints), {@code outStart}, {@code outIds} and {@code next}, exactly as
 * {@link PfacTable} documents them, then the class-trigram filter's words ({@link PfacTable#classTrigrams()};
 * none when the kernels test no filter).
 *
 * <p>Kernel geometry: blocks of {@value #THREADS} threads, {@value #BYTES_PER_THREAD} start positions
 * per thread, so a tile is {@value #TILE} starts. Dynamic shared memory per block holds the byte
 * classes (as shorts and as bytes), the root row by byte and by class, the class-trigram filter when
 * the kernels use one ({@link #gramWords()}), the first {@link #hotStates()} rows of the table, and
 * the tile's text (or its classes) with its margin. The grid is persistent: as many blocks as fit on the GPU at once, each
 * striding over tiles, so the shared set-up is paid once per block.
 *
 * <p>Passes over a chunk: {@code pfac_count} (per-thread and per-tile counts, or only a total; a
 * count-only pass runs {@code dfa.cu}'s one-step-a-byte count instead when the set's counting DFA fits,
 * see {@link DfaCounter}),
 * {@code tiles_scan} (exclusive scan of the tile counts, and the chunk's total) and
 * {@code pfac_write} (matches of a range of tiles, in start order, 8 bytes each:
 * {@code start << 32 | pattern}); per record, {@code pfac_records} and {@code pfac_records_lines} (the
 * count pass's walk, each match reduced into its record's slot; records by their bounds, or as lines).
 */
public final class PfacLauncher extends TiledLauncher {
    public static final int THREADS = TiledKernels.THREADS;
    public static final int BYTES_PER_THREAD = TiledKernels.BYTES_PER_THREAD;
    public static final int TILE = TiledKernels.TILE;
    /** The most bytes staged past a tile; a walk that goes further reads global memory. */
    public static final int MAX_MARGIN = 256;
    /** Shared memory for the hot rows, unless {@code -Dtrawl.gpu.pfac.hotBytes} says otherwise. */
    public static final int DEFAULT_HOT_BYTES = 16 << 10;
    /**
     * {@code auto} (default): {@code classes} when {@link #filterPays} says so, else {@code flat};
     * {@code flat}: each thread first finds which of its starts leave the root, then runs all
     * their walks as one loop of steps; {@code classes}: the tile staged as byte classes, and the starts
     * that leave the root tested against the class-trigram filter ({@link PfacTable#classTrigrams()})
     * before the walks of {@code flat}; {@code mask}: the starts of {@code flat}, a loop per walk;
     * {@code unrolled}: the walk unrolled into every start. Kernel-only count on an H200, the Iliad at 1 GiB: flat against
     * mask 894 against 782 GB/s for ten names, 242 against 156 for 1K dictionary words, 187 against 121
     * for 10K and 130 against 94 for 100K (PfacBench). More hot rows than the default lost in every set.
     */
    public static final String KERNEL_PROPERTY = "trawl.gpu.pfac.kernel";
    /**
     * {@code auto} (default): count-only passes run the counting DFA ({@link DfaCounter}) when the set's
     * fits; {@code walk}: they run the PFAC walk's count kernel, as every other pass does.
     */
    public static final String COUNT_PROPERTY = "trawl.gpu.pfac.count";
    public static final String HOT_BYTES_PROPERTY = "trawl.gpu.pfac.hotBytes";
    /** {@code off}: the {@code classes} kernels walk every start that leaves the root (to measure the filter). */
    public static final String GRAMS_PROPERTY = "trawl.gpu.pfac.grams";
    private static final int SHARED_LIMIT = 48 << 10; // no opt-in needed below this
    /** Class tables and root rows ahead of the hot rows: pfac.cuh's PFAC_SHARED_FIXED. */
    private static final int SHARED_FIXED = 2816;

    private final Gpu gpu;
    private final PfacTable table;
    private final DeviceBuffer device;
    private final long classOf;
    private final long rootRow;
    private final long outStart;
    private final long outIds;
    private final long next;
    private final int hot;
    private final int margin;
    private final long grams;
    private final int gramWords;
    private final TileKernels tileKernels;
    private final Kernel firstSegments;
    private final Kernel firstMerge;
    private final Kernel rowsScan;
    private final Kernel rowsOrder;
    private final int firstRowsBlocks;
    /** Whether count-only passes may use a counting DFA: only gpu:pfac's own launcher, not chains.cu's anchor index. */
    private final boolean countsWithDfa;
    private DfaCounter dfa; // built on the first count-only pass; null: that pass walks too
    private boolean dfaTried;

    public PfacLauncher(Gpu gpu, PfacTable table) {
        this(gpu, table, Integer.getInteger(HOT_BYTES_PROPERTY, DEFAULT_HOT_BYTES), true);
    }

    /**
     * As {@link #PfacLauncher(Gpu, PfacTable)} with at most {@code hotBytes} of the table's rows in shared
     * memory: 0 for kernels that stage the table's text but never walk it (chains.cu's anchor index),
     * whose blocks would otherwise carry 16 KiB of rows they never read.
     */
    PfacLauncher(Gpu gpu, PfacTable table, int hotBytes) {
        this(gpu, table, hotBytes, false);
    }

    private PfacLauncher(Gpu gpu, PfacTable table, int hotBytes, boolean countsWithDfa) {
        this.gpu = gpu;
        this.countsWithDfa = countsWithDfa;
        this.table = table;
        String kernel = System.getProperty(KERNEL_PROPERTY, "auto");
        String suffix = switch (kernel) {
            case "unrolled" -> "_unrolled";
            case "mask" -> "";
            case "classes" -> "_classes";
            case "flat" -> "_flat";
            default -> filterPays(table) ? "_classes" : "_flat";
        };
        Kernel count = gpu.kernel("pfac_count" + suffix);
        Kernel write = gpu.kernel("pfac_write" + suffix);
        Kernel records = gpu.kernel("pfac_records");
        Kernel lines = gpu.kernel("pfac_records_lines");
        Kernel firstSegments = gpu.kernel("pfac_first_segments");
        this.firstMerge = gpu.kernel("pfac_first_merge");
        this.rowsScan = gpu.kernel("pfac_rows_scan");
        this.rowsOrder = gpu.kernel("pfac_rows_order");
        this.tileKernels = new TileKernels(gpu);
        int nc = table.classCount();
        int margin = align(Math.min(Math.max(table.maxLength() - 1, 0), MAX_MARGIN), 16);
        // The trigram filter reads two classes past a tile's last start, staged only with a margin.
        int[] grams = suffix.equals("_classes") && margin >= 16 && !"off".equals(System.getProperty(GRAMS_PROPERTY))
                ? table.classTrigrams() : null;
        int gramWords = grams == null ? 0 : align(grams.length, 4);
        int hotBudget = Math.min(hotBytes,
                SHARED_LIMIT - SHARED_FIXED - 4 * gramWords - TILE - margin - 1024);
        int hot = (int) Math.min(table.stateCount(), Math.max(0, hotBudget) / (4L * nc));
        this.margin = margin;
        this.hot = hot;
        this.gramWords = gramWords;
        super(gpu, count, write, records, lines, SHARED_FIXED + 4 * gramWords + align(hot * nc * 4, 16) + TILE + margin);

        long[] at = new long[6];
        int[][] parts = {table.classOf(), table.rootRow(), table.outStart(), table.outIds(), table.next(),
            grams == null ? new int[0] : grams};
        long size = 0;
        for (int i = 0; i < parts.length; i++) {
            at[i] = size;
            size = align(size + 4L * parts[i].length, 256);
        }
        this.device = new DeviceBuffer(gpu, size);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(size, 256);
            for (int i = 0; i < parts.length; i++) {
                MemorySegment.copy(parts[i], 0, host, ValueLayout.JAVA_INT, at[i], parts[i].length);
            }
            gpu.bind();
            CudaDriver.memcpyHtoD(device.pointer(), host, size);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
        long base = device.pointer();
        this.classOf = base + at[0];
        this.rootRow = base + at[1];
        this.outStart = base + at[2];
        this.outIds = base + at[3];
        this.next = base + at[4];
        this.grams = base + at[5];
        this.firstSegments = firstSegments;
        this.firstRowsBlocks = Math.max(1, firstSegments.blocksPerMultiprocessor(THREADS, sharedBytes()))
                * gpu.info().multiprocessors();
    }

    /**
     * Queues the copy of {@link #firstRows}' rows into record order: {@code rowStart}, the exclusive sum
     * of {@code rowLen} (a row left to the host counts 0), then each row moved from {@code rowAt} in
     * {@code rows} to {@code rowStart} in {@code ordered}: 8 bytes a pair as {@code rows} has them,
     * or, when {@code shift} is not 0, 4: {@code pattern << shift | offset}.
     */
    void orderRows(Stream stream, long rows, long rowAt, long rowLen, long rowStart, long ordered, int records,
            int shift) {
        try (Arena a = Arena.ofConfined()) {
            rowsScan.launch(1, 1024, 0, stream, new Kernel.Args(a, 3).i64(rowLen).i64(rowStart).i32(records));
            rowsOrder.launch((int) Math.max(1, Math.min(4096, ((long) records + 255) / 256)), 256, 0, stream,
                    new Kernel.Args(a, 7).i64(rows).i64(rowAt).i64(rowLen).i64(rowStart).i64(ordered).i32(records)
                            .i32(shift));
        }
    }

    /**
     * Queues {@code pfac_first_segments} then {@code pfac_first_merge} over a chunk of {@code records}
     * records by their bounds (ints relative to the chunk at {@code text}, which spans {@code span}
     * bytes): a thread per {@code seg} starts (a warp's lanes interleaved over {@code 32 * seg}) appends the patterns new to a record there to
     * {@code entries} ({@code pattern << 32 | start in chunk}; {@code segAt} and {@code segLen}, an int
     * per segment, say where; {@code entryCounter} counts them all), then a thread per record appends
     * its row of first occurrences, sorted by pattern, to {@code out} ({@code pattern << 32 | offset};
     * {@code rowCounter}) and writes where and how many to {@code rowAt} and {@code rowLen} (-1: a record
     * longer than {@code longest} bytes, or with too many patterns, left to the host). Both areas have
     * room for {@code capacity} pairs. See {@code pfac.cu}.
     */
    void firstRows(Stream stream, long text, long span, long recordStarts, long recordEnds, int records, int longest,
            int seg, long segAt, long segLen, long entries, long entryCounter, long rowAt, long rowLen, long out,
            long capacity, long rowCounter) {
        int segments = segments(span, seg);
        int grid = (int) Math.max(1, Math.min(firstRowsBlocks, ((long) segments + THREADS - 1) / THREADS));
        int mergeGrid = (int) Math.max(1, Math.min(8L * gpu.info().multiprocessors(), ((long) records + THREADS - 1)
                / THREADS));
        try (Arena a = Arena.ofConfined()) {
            firstSegments.launch(grid, THREADS, sharedBytes(), stream, tableArgs(a, 11, text, span, span)
                    .i64(recordStarts).i64(recordEnds).i32(records).i32(longest).i32(seg).i32(segments).i64(segAt)
                    .i64(segLen).i64(entries).i64(capacity).i64(entryCounter));
            firstMerge.launch(mergeGrid, THREADS, 0, stream, new Kernel.Args(a, 13).i64(recordStarts).i64(recordEnds)
                    .i32(records).i32(longest).i32(seg).i64(segAt).i64(segLen).i64(entries).i64(rowAt).i64(rowLen)
                    .i64(out).i64(capacity).i64(rowCounter));
        }
    }

    /**
     * The segments that a chunk of {@code span} bytes is cut into for {@link #firstRows}: 32 (a warp's
     * lanes) for each region of {@code 32 * seg} starts.
     */
    static int segments(long span, int seg) {
        long region = 32L * seg;
        return (int) ((span + region - 1) / region * 32);
    }

    /**
     * Whether the class-trigram filter is expected to pay for this set: most text positions leave the
     * root (estimated on {@link dev.trawl.automaton.ByteFrequencies}), and the filter lets through under
     * {@value #FILTER_MAX_SHARE} of them. Measured kernel-only on an H200 over the Iliad at 1 GiB
     * (PfacBench), the classes kernel with the filter against the flat one: 1K dictionary words 309-316
     * against 229 GB/s (estimated share 0.06), 10K 196-200 against 180 (0.16), 100K 91-130 against 129
     * (0.58), ten names 587 against 848 (a hundredth of positions leave the root).
     */
    static boolean filterPays(PfacTable table) {
        double root = table.estimatedRootRate();
        return root >= FILTER_MIN_ROOT_RATE && table.estimatedTrigramRate() <= FILTER_MAX_SHARE * root;
    }

    static final double FILTER_MIN_ROOT_RATE = 0.1;
    static final double FILTER_MAX_SHARE = 0.3;

    static long align(long v, int to) {
        return (v + to - 1) / to * to;
    }

    private static int align(int v, int to) {
        return (v + to - 1) / to * to;
    }

    /** Tiles (blocks of work) for {@code starts} start positions. */
    public static long tiles(long starts) {
        return TiledKernels.tiles(starts);
    }

    /** Bytes a text buffer needs beyond what walks read: the staging loads are 16 bytes wide. */
    public static final int TEXT_PADDING = TiledKernels.TEXT_PADDING;

    public PfacTable table() {
        return table;
    }

    /** Bytes staged past each tile's last start (the longest pattern's length less one, rounded up to 16, capped). */
    public int margin() {
        return margin;
    }

    public int hotStates() {
        return hot;
    }

    /** Words of the class-trigram filter the kernels test before walking; 0 when they have none. */
    public int gramWords() {
        return gramWords;
    }

    public long tableBytes() {
        return device.byteSize();
    }

    @Override
    Kernel.Args tableArgs(Arena a, int extra, long text, long readable, long starts) {
        return new Kernel.Args(a, 13 + extra).i64(text).i64(readable).i64(starts).i64(next).i64(classOf)
                .i64(rootRow).i64(outStart).i64(outIds).i32(table.classCount()).i32(hot).i32(margin).i64(grams)
                .i32(gramWords);
    }

    /** Queues the exclusive scan of {@code tiles} tile counts into tile offsets, and their sum into {@code total}. */
    public void scanTiles(Stream stream, long tileCounts, long tileOffsets, long tiles, long total) {
        tileKernels.scan(stream, tileCounts, tileOffsets, tiles, total);
    }

    /** Count-only passes run the counting DFA ({@link DfaCounter}) when the set has one. */
    @Override
    boolean countTotal(Stream stream, long text, long readable, long starts, long total) {
        DfaCounter counter = counter();
        if (counter == null) {
            return false;
        }
        counter.count(stream, text, readable, starts, total);
        return true;
    }

    /**
     * The counting DFA, built and copied to the device on the first count-only pass (a matcher that only
     * finds matches never pays for it); null when the set has none.
     */
    private synchronized DfaCounter counter() {
        if (!dfaTried && countsWithDfa) {
            dfaTried = true;
            dfa = DfaCounter.forTable(gpu, table);
        }
        return dfa;
    }

    /** Text in device memory counts as one chunk when the counting DFA counts it. */
    @Override
    public boolean countsResidentTextWhole() {
        return counter() != null;
    }

    /** The count-only kernel: {@code dfa_count_*}, or the walk's count kernel when the set has no counting DFA. */
    public String countKernelName() {
        DfaCounter counter = counter();
        return counter != null ? counter.kernelName() : kernelName();
    }

    /** Frees the device tables. */
    @Override
    public void close() {
        try {
            synchronized (this) {
                if (dfa != null) {
                    dfa.close();
                }
            }
        } finally {
            device.close();
        }
    }

    Gpu gpu() {
        return gpu;
    }
}
