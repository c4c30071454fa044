package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;

/**
 * An {@link InPlacePrefilter} that also gives its candidates a step of text at a time, as bit masks,
 * over a run of steps with no exit before the last: for counts, which want every candidate anyway.
 *
 * <p>Why both forms: C2 compiles a loop that leaves at its first candidate after what it has seen, and
 * the same code ran at two speeds. 5 log words over 512 MiB of the Iliad, native text, one Zen 4
 * thread: 23-26 GB/s when the first counts were over large texts, 13.4 when 3,000 counts of 8 or 64
 * KiB came first (the bench's trial runs do that), with no deoptimisation and the loop compiled
 * alone in both. Runs of steps fixed in advance, with no exit, ran at 20-22 GB/s either way (and
 * 12 over loghub lines, where a candidate comes every 350 bytes, against 11 for the loop that
 * leaves and 9 for the copying count).
 */
public interface MaskingPrefilter extends InPlacePrefilter {

    /** Text positions per step: the bits of one mask. */
    int stepBytes();

    /**
     * The whole steps from {@code from} that start before {@code to} and read below {@code limit}; the
     * positions past them are {@link #next(MemorySegment, long, long, long)}'s.
     */
    int stepsWithin(long from, long to, long limit);

    /**
     * Takes {@code steps} steps from {@code from} (at most {@link #stepsWithin}) and writes, for each
     * step where a pattern may start, its position and its mask as a pair: {@code out[i]} the step's
     * first position, {@code out[i + 1]} a mask whose bit {@code b} is set when a pattern may start at
     * {@code out[i] + b}. Bits at or past the caller's {@code to} mean nothing. Returns the longs
     * written; {@code out} holds at least {@code 2 * steps}. Say whether candidates are expected in
     * many of the steps ({@code dense}): the filter may keep them another way, never other ones.
     */
    int masks(MemorySegment text, long from, int steps, long[] out, boolean dense);
}
