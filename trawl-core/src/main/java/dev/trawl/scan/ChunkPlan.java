package dev.trawl.scan;

import java.util.function.LongUnaryOperator;

/**
 * How an input of {@link #size()} bytes is cut into chunks of start positions, for the CPU scan
 * ({@link ChunkedScan}) and the GPU pipeline alike. A chunk owns the starts {@code [from, to)}: the
 * first chunk starts at 0, each next one where the last ended, and the last ends at the size, so
 * every start belongs to exactly one chunk. A chunk reads on past its starts by the {@link #overlap()}
 * (the longest pattern minus one), up to {@link #readEnd(long)}: a match that crosses a chunk
 * boundary is found by the chunk it starts in, and by no other, so nothing is lost or reported twice.
 *
 * <p>A chunk's end is {@code from + chunk}, or the size, whichever is less. A plan may move that end
 * forward with a {@linkplain #cutAt cut} (to the next record start, say); the end stays past
 * {@code from} and at most the size whatever the cut returns. Ends are computed one chunk after the
 * other, so a cut that searches forward reads each byte at most once in all.
 *
 * <p>Walk a plan with {@code for (long from = 0, to; from < plan.size(); from = to) { to = plan.end(from); ... }}.
 */
public final class ChunkPlan {
    private final long size;
    private final long chunk;
    private final long overlap;
    private final LongUnaryOperator cut;

    /**
     * @param size the input's bytes
     * @param chunk start positions per chunk (at least 1)
     * @param overlap bytes a chunk reads past its last start (at least 0)
     */
    public ChunkPlan(long size, long chunk, long overlap) {
        this(size, chunk, overlap, null);
    }

    private ChunkPlan(long size, long chunk, long overlap, LongUnaryOperator cut) {
        if (size < 0 || chunk < 1 || overlap < 0) {
            throw new IllegalArgumentException("size " + size + ", chunk " + chunk + ", overlap " + overlap);
        }
        this.size = size;
        this.chunk = chunk;
        this.overlap = overlap;
        this.cut = cut;
    }

    /** A plan whose chunks read on by the longest pattern minus one. */
    public static ChunkPlan forLongestPattern(long size, long chunk, int longestPattern) {
        return new ChunkPlan(size, chunk, Math.max(0, longestPattern - 1L));
    }

    /**
     * This plan with each chunk's end moved by {@code cut} (applied to {@code from + chunk}, or the
     * size); the cut is called in input order, once per chunk.
     */
    public ChunkPlan cutAt(LongUnaryOperator cut) {
        return new ChunkPlan(size, chunk, overlap, cut);
    }

    public long size() {
        return size;
    }

    public long chunk() {
        return chunk;
    }

    public long overlap() {
        return overlap;
    }

    /** The end of the starts of the chunk beginning at {@code from} (below the size): in {@code (from, size]}. */
    public long end(long from) {
        long end = chunk >= size - from ? size : from + chunk;
        if (cut != null) {
            end = Math.max(from + 1, Math.min(size, cut.applyAsLong(end)));
        }
        return end;
    }

    /** Where a chunk whose starts end at {@code to} stops reading: the overlap further, at most the size. */
    public long readEnd(long to) {
        return overlap >= size - to ? size : to + overlap;
    }
}
