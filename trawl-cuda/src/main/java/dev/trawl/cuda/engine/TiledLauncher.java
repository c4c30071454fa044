package dev.trawl.cuda.engine;

import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;

/**
 * The launches every {@link TiledKernels} family makes the same way: the four kernels of its passes,
 * their dynamic shared memory, and a persistent grid (as many blocks as fit on the GPU at once, each
 * striding over tiles). A family only says how its table leads the argument list
 * ({@link #tableArgs}); each pass appends its own arguments after it, in the order {@code tiles.cuh}
 * declares them.
 */
abstract class TiledLauncher implements TiledKernels {
    private final Kernel count;
    private final Kernel write;
    private final Kernel records;
    private final Kernel lines;
    private final int sharedBytes;
    private final int maxBlocks;

    /**
     * Sizes the grid by {@code count}'s occupancy at {@code sharedBytes}; a family that needs more than
     * the default shared memory opts its kernels in before this.
     */
    TiledLauncher(Gpu gpu, Kernel count, Kernel write, Kernel records, Kernel lines, int sharedBytes) {
        this.count = count;
        this.write = write;
        this.records = records;
        this.lines = lines;
        this.sharedBytes = sharedBytes;
        this.maxBlocks = Math.max(1, count.blocksPerMultiprocessor(THREADS, sharedBytes)) * gpu.info().multiprocessors();
    }

    /**
     * The family's leading arguments, {@code text, readable, starts} then its table, in a list with
     * room for {@code extra} more.
     */
    abstract Kernel.Args tableArgs(Arena a, int extra, long text, long readable, long starts);

    /**
     * A family's own way to a count-only pass (only {@code *total}); false when it has none and the
     * count kernel runs.
     */
    boolean countTotal(Stream stream, long text, long readable, long starts, long total) {
        return false;
    }

    /** Which kernels this launcher runs, e.g. {@code pfac_count} or {@code trie_count_bs7}. */
    public String kernelName() {
        return count.name();
    }

    /** Dynamic shared memory a block of the tiled passes. */
    public int sharedBytes() {
        return sharedBytes;
    }

    private int grid(long tiles) {
        return (int) Math.min(tiles, maxBlocks);
    }

    @Override
    public final void count(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts,
            long total) {
        if (threadCounts == 0 && tileCounts == 0 && countTotal(stream, text, readable, starts, total)) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            count.launch(grid(TiledKernels.tiles(starts)), THREADS, sharedBytes, stream,
                    tableArgs(a, 3, text, readable, starts).i64(threadCounts).i64(tileCounts).i64(total));
        }
    }

    @Override
    public final void write(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts,
            long tileOffsets, long tileLo, long tileHi, long out) {
        try (Arena a = Arena.ofConfined()) {
            write.launch(grid(tileHi - tileLo), THREADS, sharedBytes, stream,
                    tableArgs(a, 6, text, readable, starts).i64(threadCounts).i64(tileCounts).i64(tileOffsets)
                            .i64(tileLo).i64(tileHi).i64(out));
        }
    }

    @Override
    public final void records(Stream stream, long text, long readable, long recordStarts, long recordEnds,
            long tileFirst, RecordOp op, long out) {
        try (Arena a = Arena.ofConfined()) {
            records.launch(grid(TiledKernels.tiles(readable)), THREADS, sharedBytes, stream,
                    tableArgs(a, 5, text, readable, readable).i64(recordStarts).i64(recordEnds).i64(tileFirst)
                            .i32(op.code).i64(out));
        }
    }

    @Override
    public final void lines(Stream stream, long text, long readable, long tileLines, RecordOp op, long out) {
        try (Arena a = Arena.ofConfined()) {
            lines.launch(grid(TiledKernels.tiles(readable)), THREADS, sharedBytes, stream,
                    tableArgs(a, 3, text, readable, readable).i64(tileLines).i32(op.code).i64(out));
        }
    }
}
