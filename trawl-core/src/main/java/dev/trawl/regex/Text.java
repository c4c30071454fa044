package dev.trawl.regex;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The searched text as engines see it: bytes {@code [start, end)} of a segment, the edges of which
 * are the edges the assertions see ({@code ^ $ \A \z \b}); bytes outside do not exist for the
 * regex. A whole input is {@code [0, size)}; a record is its own range. Not thread-safe views are
 * not needed: this is a value.
 */
public record Text(MemorySegment segment, long start, long end) {

    public static Text of(MemorySegment segment) {
        return new Text(segment, 0, segment.byteSize());
    }

    public static Text of(byte[] bytes) {
        return of(MemorySegment.ofArray(bytes));
    }

    public int byteAt(long i) {
        return segment.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
    }

    /** The assertions that hold at position {@code p} (a mask of {@link Assertion#bit()}s). */
    public int assertionsAt(long p) {
        return Assertion.maskOf(p > start ? Assertion.describe(byteAt(p - 1), false) : 0,
                p < end ? Assertion.describe(byteAt(p), p == end - 1) : 0);
    }

    /**
     * Whether a match may start at {@code p}: not inside a UTF-8 sequence. Non-empty matches never
     * could (every atom starts at a lead byte); this keeps empty ones at code point boundaries, as
     * Java's are at {@code char} boundaries.
     */
    public boolean boundary(long p) {
        if (p <= start || p >= end || (byteAt(p) & 0xC0) != 0x80) {
            return true;
        }
        for (int k = 1; k <= 3 && p - k >= start; k++) {
            int b = byteAt(p - k);
            if ((b & 0xC0) != 0x80) {
                return Utf8Sequences.sequenceLength(b) <= k;
            }
        }
        return true;
    }
}
