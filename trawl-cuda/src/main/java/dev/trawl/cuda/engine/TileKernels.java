package dev.trawl.cuda.engine;

import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;

/**
 * The host side of {@code src/main/cuda/tiles.cu}: the kernels every {@link TiledKernels} family
 * shares. {@code tiles_scan} turns per-tile match counts into offsets (one block of 1,024 threads);
 * {@code tiles_record_index} finds, for each tile of a chunk of records, the record its first position
 * lies in, so a per-record kernel bisects a handful of records per match rather than the chunk's;
 * {@code tiles_first_ids} turns {@link RecordOp#FIRST}'s 8-byte keys into pattern ids, halving what
 * goes back to the host; {@code tiles_line_counts} counts each tile's {@code '\n'}s, so that with
 * {@link #scan} a per-record kernel over lines knows each tile's first line with nothing from the host.
 */
final class TileKernels {
    private final Kernel scan;
    private final Kernel recordIndex;
    private final Kernel firstIds;
    private final Kernel lineCounts;
    private final int smallGrid;
    private final int lineGrid;

    TileKernels(Gpu gpu) {
        this.scan = gpu.kernel("tiles_scan");
        this.recordIndex = gpu.kernel("tiles_record_index");
        this.firstIds = gpu.kernel("tiles_first_ids");
        this.lineCounts = gpu.kernel("tiles_line_counts");
        this.lineGrid = 8 * gpu.info().multiprocessors();
        this.smallGrid = 4 * gpu.info().multiprocessors();
    }

    /** Queues the exclusive scan of {@code tiles} tile counts into tile offsets, and their sum into {@code total}. */
    void scan(Stream stream, long tileCounts, long tileOffsets, long tiles, long total) {
        try (Arena a = Arena.ofConfined()) {
            scan.launch(1, 1024, 0, stream, new Kernel.Args(a, 4).i64(tileCounts).i64(tileOffsets).i64(tiles).i64(total));
        }
    }

    /**
     * Queues {@code tileFirst[t]} for {@code t < entries}: the last of {@code records} records (their
     * ascending int starts at {@code starts}, the first 0) starting at or before {@code t * TILE}.
     */
    void recordIndex(Stream stream, long starts, int records, long entries, long tileFirst) {
        try (Arena a = Arena.ofConfined()) {
            recordIndex.launch(grid(entries), 256, 0, stream,
                    new Kernel.Args(a, 4).i64(starts).i32(records).i64(entries).i64(tileFirst));
        }
    }

    /** Queues the conversion of {@code records} {@link RecordOp#FIRST} keys into int pattern ids (-1: none). */
    void firstIds(Stream stream, long keys, long ids, int records) {
        try (Arena a = Arena.ofConfined()) {
            firstIds.launch(grid(records), 256, 0, stream, new Kernel.Args(a, 3).i64(keys).i64(ids).i32(records));
        }
    }

    /** Queues the count of {@code '\n'} bytes in each of {@code tiles} tiles of the text (readable to {@code readable}) into longs at {@code counts}. */
    void lineCounts(Stream stream, long text, long readable, long tiles, long counts) {
        try (Arena a = Arena.ofConfined()) {
            lineCounts.launch((int) Math.min(tiles, lineGrid), TiledKernels.THREADS, 0, stream,
                    new Kernel.Args(a, 4).i64(text).i64(readable).i64(tiles).i64(counts));
        }
    }

    private int grid(long items) {
        return (int) Math.min((items + 255) / 256, smallGrid);
    }
}
