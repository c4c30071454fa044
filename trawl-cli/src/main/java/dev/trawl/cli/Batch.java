package dev.trawl.cli;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A run of whole lines of one input, {@code buf[from, to)}, to be searched as one {@link
 * dev.trawl.Records} column. {@code buf} may hold lines before {@code from} too (the lines a
 * stream keeps for leading context, or the rest of a mapped file), so the printer can look back;
 * offsets in the input are {@code bufOffset} plus offsets in {@code buf}. Every line ends in
 * {@code '\n'} except perhaps the input's last one.
 */
record Batch(MemorySegment buf, long bufOffset, long from, long to) {
    /** The batch's bytes. */
    MemorySegment lines() {
        return buf.asSlice(from, to - from);
    }

    long bytes() {
        return to - from;
    }

    byte at(long i) {
        return buf.get(ValueLayout.JAVA_BYTE, i);
    }

    /** The end of the line starting at {@code start}: its '\n', or {@code to} for a last line without one. */
    long lineEnd(long start) {
        for (long i = start; i < to; i++) {
            if (buf.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                return i;
            }
        }
        return to;
    }

    /** The start of the line before the one starting at {@code start} (which must not be 0). */
    long previousLineStart(long start) {
        for (long i = start - 2; i >= 0; i--) {
            if (buf.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                return i + 1;
            }
        }
        return 0;
    }
}
