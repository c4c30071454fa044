package dev.trawl.scan;

import dev.trawl.Records;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The bytes a searcher of the range {@code [from, to)} may read, copied out of the input into a heap
 * array (folded to lower case when asked). The per-pattern engines read the same range once per
 * pattern, so one copy per range pays for itself at once and lets their loops index a plain
 * {@code byte[]} with {@code int}s, however large the whole input is: a range is at most
 * {@code 1 GiB} plus the longest pattern.
 */
public final class RangeBytes {
    private RangeBytes() {}

    /** The end of what a searcher of {@code [from, to)} may read: {@code to + maxLength - 1}, clipped. */
    public static long readEnd(MemorySegment text, long to, int maxLength) {
        return Math.min(text.byteSize(), to + Math.max(0, maxLength - 1));
    }

    /**
     * {@code text[from, end)} as a new array, each byte mapped through {@code fold} unless it is null.
     *
     * @throws ArithmeticException when the range does not fit an array (only with patterns near 1 GiB)
     */
    public static byte[] copy(MemorySegment text, long from, long end, byte[] fold) {
        byte[] out = new byte[Math.toIntExact(end - from)];
        MemorySegment.copy(text, ValueLayout.JAVA_BYTE, from, out, 0, out.length);
        if (fold != null) {
            for (int i = 0; i < out.length; i++) {
                out[i] = fold[out[i] & 0xFF];
            }
        }
        return out;
    }

    /**
     * The bytes of records {@code [from, to)}, from the first one's start to the last one's end, as
     * {@link #copy} gives them: empty when those records are (so a search of them finds nothing).
     */
    public static byte[] copyRecords(Records records, int from, int to, byte[] fold) {
        long lo = records.start(from);
        return copy(records.data(), lo, Math.max(lo, records.end(to - 1)), fold);
    }
}
