package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;

/**
 * A {@link Prefilter} that also reads text where it lies: a mapped file or other memory outside the
 * heap, which the byte[] form needs copied into a window first. On the H200 machine's Xeon host that
 * copy cost a quarter of a count of 2,500 long words (the same call over the same bytes, one thread:
 * 3.64-3.68 GB/s on the heap against 2.76-2.86 off it; 16 threads, 28.0-29.6 against 21.4-23.3).
 */
public interface InPlacePrefilter extends Prefilter {

    /**
     * As {@link #next(byte[], int, int, int)} over {@code text}: the first position in {@code [from, to)}
     * where a pattern may start, or {@code to}; reads {@code text[from .. limit)} at most.
     */
    long next(MemorySegment text, long from, long to, long limit);
}
