package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;

/**
 * Rewrites text as its automaton byte classes with every run of class-0 bytes (bytes no pattern
 * holds) cut to one byte, for counting walks. A class-0 byte sends every state of an Aho-Corasick
 * automaton back to the start state and reports nothing there, so a second one in a row changes
 * nothing, and no match holds one: the walk over the compacted classes counts the same matches in
 * fewer steps. Log lines are half such runs for a set of dictionary words (timestamps, digits,
 * punctuation, capitals): 1,000 words over loghub lines, one thread, 128 MiB, 2.25 against 3.70 GB/s
 * on the 2-core Zen 4 and 0.72-0.76 against 1.25-1.33 on the H200 host's Xeon
 * ({@code docs/results/h200-session27}).
 *
 * <p>Made by {@link Prefilters#classCompaction} only where it is one vector instruction a step: 64-lane
 * byte vectors, AVX-512 VBMI (the two-table class lookup) and VBMI2 (the byte compress).
 */
public interface ClassCompaction {
    /** Bytes {@link #compact} may write past the classes it returns. */
    int SLACK = 64;

    /**
     * Writes the classes of {@code text[from .. to)} (read where it lies, on the heap or off it) to
     * {@code out} from {@code o} on, leaving out each class-0 byte that follows a class-0 byte inside
     * the range (the range's first byte is always written); returns the end of what was written.
     * {@code out} needs {@value #SLACK} bytes of room past {@code o + (to - from)}.
     */
    int compact(MemorySegment text, long from, long to, byte[] out, int o);
}
