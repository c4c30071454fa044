package dev.trawl.scan;

/**
 * One input's start positions handed out in chunks to whoever asks next: the GPU pipeline and CPU
 * threads take from the same queue ({@link SharedQueueCount}), each as much as suits it. Chunks are cut
 * as a {@link ChunkPlan} cuts them, only each claim says its own length: a chunk owns the starts
 * {@code [from, to)}, the next claim begins where the last ended, and each reads on by the overlap (the
 * longest pattern minus one) up to its {@link Chunk#readEnd()}, so a match that crosses a chunk edge is
 * found by the chunk it starts in and by no other. Claims are numbered in input order. Thread-safe.
 */
public final class ChunkQueue {
    /** One claim: chunk number {@code index} owns the starts {@code [from, to)} and may read to {@code readEnd}. */
    public record Chunk(long index, long from, long to, long readEnd) {
        public long starts() {
            return to - from;
        }
    }

    private final long size;
    private final long overlap;
    private long next; // the first start not claimed
    private long claims;
    private boolean stopped;

    /**
     * @param size the input's bytes
     * @param longestPattern the longest pattern's bytes: chunks read on by one less
     */
    public ChunkQueue(long size, int longestPattern) {
        if (size < 0) {
            throw new IllegalArgumentException("size " + size);
        }
        this.size = size;
        this.overlap = Math.max(0, longestPattern - 1L);
    }

    public long size() {
        return size;
    }

    /** The next chunk of at most {@code maxStarts} starts (at least 1), or null when none is left or the queue was stopped. */
    public synchronized Chunk claim(long maxStarts) {
        if (stopped || next >= size) {
            return null;
        }
        long from = next;
        long to = Math.max(1, maxStarts) >= size - from ? size : from + Math.max(1, maxStarts);
        next = to;
        return new Chunk(claims++, from, to, overlap >= size - to ? size : to + overlap);
    }

    /** Starts not claimed yet. */
    public synchronized long remaining() {
        return stopped ? 0 : size - next;
    }

    /** Hands out no more chunks (after a failure, or when a consumer stopped the scan). */
    public synchronized void stop() {
        stopped = true;
    }
}
