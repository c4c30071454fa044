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
 * <p>A {@linkplain #tapered tapered} plan shrinks its chunks toward the end of the input, so that
 * threads claiming chunks one at a time finish close together.
 *
 * <p>Walk a plan with {@code for (long from = 0, to; from < plan.size(); from = to) { to = plan.end(from); ... }}.
 */
public final class ChunkPlan {
    private final long size;
    private final long chunk;
    private final long overlap;
    private final LongUnaryOperator cut;
    private final long taper; // 0: chunks of one size; else a chunk is at most the rest over this
    private final long least; // the smallest tapered chunk

    /**
     * @param size the input's bytes
     * @param chunk start positions per chunk (at least 1)
     * @param overlap bytes a chunk reads past its last start (at least 0)
     */
    public ChunkPlan(long size, long chunk, long overlap) {
        this(size, chunk, overlap, null, 0, chunk);
    }

    private ChunkPlan(long size, long chunk, long overlap, LongUnaryOperator cut, long taper, long least) {
        if (size < 0 || chunk < 1 || overlap < 0) {
            throw new IllegalArgumentException("size " + size + ", chunk " + chunk + ", overlap " + overlap);
        }
        this.size = size;
        this.chunk = chunk;
        this.overlap = overlap;
        this.cut = cut;
        this.taper = taper;
        this.least = least;
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
        return new ChunkPlan(size, chunk, overlap, cut, taper, least);
    }

    /**
     * This plan with chunks that shrink toward the end: each at most the rest of the input over
     * {@value #TAPER_PER_THREAD} chunks a thread, and at least {@code least} starts (or the chunk size,
     * if less). Threads that claim equal chunks one at a time finish up to a whole chunk apart; on a
     * host whose cores run at different rates (the H200 host's, up to 2x at once) that is the slow
     * core's last chunk. With tapered chunks the last ones are small.
     */
    public ChunkPlan tapered(int threads, long least) {
        return new ChunkPlan(size, chunk, overlap, cut, (long) TAPER_PER_THREAD * Math.max(1, threads),
                Math.max(1, Math.min(chunk, least)));
    }

    /** Chunks a thread that the rest of a {@linkplain #tapered tapered} plan is cut into, at the least. */
    static final int TAPER_PER_THREAD = 4;

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
        long c = taper == 0 ? chunk : Math.max(least, Math.min(chunk, (size - from) / taper));
        long end = c >= size - from ? size : from + c;
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
