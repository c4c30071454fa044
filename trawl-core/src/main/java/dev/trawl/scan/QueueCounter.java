package dev.trawl.scan;

import java.lang.foreign.MemorySegment;

/**
 * Something that counts by taking chunks from a shared {@link ChunkQueue} itself, in sizes and with as
 * many in flight as suit it: the GPU pipeline, which keeps its copies and kernels overlapped across the
 * chunks it takes ({@code GpuMatcher} implements it). {@link SharedQueueCount} runs one beside CPU threads
 * on the same queue.
 */
public interface QueueCounter {
    /**
     * Takes chunks from {@code queue} until it is empty or stopped and returns the number of matches
     * that start in them.
     */
    long countTaking(MemorySegment text, ChunkQueue queue);

    /** A queue counter that takes chunks of {@code chunk} starts one at a time and counts each with {@code counter}. */
    static QueueCounter of(ChunkCounter counter, long chunk) {
        return (text, queue) -> {
            long sum = 0;
            for (ChunkQueue.Chunk c; (c = queue.claim(chunk)) != null; ) {
                sum += counter.count(text, c);
            }
            return sum;
        };
    }
}
