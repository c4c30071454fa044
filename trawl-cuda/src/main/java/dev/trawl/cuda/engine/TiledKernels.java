package dev.trawl.cuda.engine;

import dev.trawl.cuda.Stream;

/**
 * A kernel family that tests every start position of a chunk in tiles of {@link #TILE} starts (blocks
 * of {@link #THREADS} threads, {@link #BYTES_PER_THREAD} consecutive starts each; see
 * {@code tiles.cuh}), so that {@link ScanPipeline} and {@link RecordPipeline} stream any of them: PFAC
 * ({@link PfacLauncher}) and the compressed trie ({@link TrieLauncher}). Methods queue work on a stream
 * and never wait; device pointers are {@code long}s.
 *
 * <p>The passes' contract: {@link #count} writes per-thread and per-tile match counts (or adds to one
 * total); {@link TileKernels#scan} turns tile counts into offsets; {@link #write} stores the matches of
 * a range of tiles, in start order and by id at one start, as {@code start << 32 | pattern}; and
 * {@link #records} and {@link #lines} reduce each match into its record's slot instead
 * ({@link RecordOp}).
 */
interface TiledKernels extends AutoCloseable {
    int THREADS = 256;
    int BYTES_PER_THREAD = 16;
    int TILE = THREADS * BYTES_PER_THREAD;
    /** Bytes a text buffer needs beyond what walks read: the staging loads are 16 bytes wide. */
    int TEXT_PADDING = 32;

    /** Tiles (blocks of work) for {@code starts} start positions. */
    static long tiles(long starts) {
        return (starts + TILE - 1) / TILE;
    }

    /**
     * Queues the count pass over starts {@code [0, starts)} of the device text at {@code text}
     * (readable to {@code readable}, padded by {@link #TEXT_PADDING}). Any output pointer may be 0;
     * {@code total} is added to, so clear it first.
     */
    void count(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts, long total);

    /**
     * Whether a count-only pass is best given text already in device memory as one chunk (the counting
     * DFA: no copy to overlap, so more chunks only add launches). False keeps the usual chunks, which
     * suit the PFAC walk: 1M words over 512 MiB counted at 111 GB/s in 64 MiB chunks and at 91 as one.
     */
    default boolean countsResidentTextWhole() {
        return false;
    }

    /** Queues the write pass for tiles {@code [tileLo, tileHi)}; their matches go to {@code out} from index 0. */
    void write(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts,
            long tileOffsets, long tileLo, long tileHi, long out);

    /**
     * Queues the per-record pass over a chunk of whole records: {@code recordStarts} and
     * {@code recordEnds} (ints, relative to the text), {@code tileFirst} from
     * {@link TileKernels#recordIndex}, answers into {@code out} as {@code op} lays them out.
     */
    void records(Stream stream, long text, long readable, long recordStarts, long recordEnds, long tileFirst,
            RecordOp op, long out);

    /**
     * Queues the per-record pass over a chunk of whole lines (records separated by {@code '\n'}, for
     * sets without {@code '\r'}): {@code tileLines} (longs) from {@link TileKernels#lineCounts} and
     * {@link TileKernels#scan}; answers into {@code out} as {@code op} lays them out.
     */
    void lines(Stream stream, long text, long readable, long tileLines, RecordOp op, long out);

    /** Frees the device tables. */
    @Override
    void close();
}
