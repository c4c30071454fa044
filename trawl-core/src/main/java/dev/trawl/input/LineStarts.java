package dev.trawl.input;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Where the {@code '\n'}-separated lines of a text start, found eight bytes per step (SWAR: a word
 * XOR-ed with eight newlines has a zero byte where the text has one). Two passes over the text, one
 * to count and one to fill, so the table is allocated once at its exact size: the text is read twice,
 * but no table is ever copied or held twice, which matters at 100 million lines.
 *
 * <p>Lines follow grep's count: a final {@code '\n'} ends the last line and does not start an empty
 * one; a last line without {@code '\n'} is a line. The table has one entry per line plus one: entry
 * {@code i + 1} is where line {@code i + 1} would start, one past line {@code i}'s newline, so line
 * {@code i} ends at entry {@code i + 1} minus one, the last line included (its entry is the text's
 * size plus one when the text does not end in {@code '\n'}, as if it did).
 */
public final class LineStarts {
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long NEWLINES = '\n' * ONES;

    private LineStarts() {}

    /** The number of lines (grep's count). */
    public static long count(MemorySegment text) {
        long size = text.byteSize();
        if (size == 0) {
            return 0;
        }
        long newlines = 0;
        long i = 0;
        for (; i + 8 <= size; i += 8) {
            newlines += Long.bitCount(newlineBits(text.get(WORD, i)));
        }
        for (; i < size; i++) {
            if (text.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                newlines++;
            }
        }
        return text.get(ValueLayout.JAVA_BYTE, size - 1) == '\n' ? newlines : newlines + 1;
    }

    /** Calls {@code out} with the start table's entries, {@code lines + 1} of them, in order. */
    public static void fill(MemorySegment text, long lines, Entry out) {
        long size = text.byteSize();
        long k = 0;
        out.put(k++, 0);
        long i = 0;
        for (; i + 8 <= size && k < lines; i += 8) {
            long bits = newlineBits(text.get(WORD, i));
            while (bits != 0 && k < lines) {
                out.put(k++, i + (Long.numberOfTrailingZeros(bits) >>> 3) + 1);
                bits &= bits - 1;
            }
        }
        for (; i < size && k < lines; i++) {
            if (text.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                out.put(k++, i + 1);
            }
        }
        if (lines > 0) {
            out.put(lines, text.get(ValueLayout.JAVA_BYTE, size - 1) == '\n' ? size : size + 1);
        }
    }

    /** Receives one entry of the table. */
    @FunctionalInterface
    public interface Entry {
        void put(long index, long start);
    }

    /**
     * A bit at the top of each byte of the word that is {@code '\n'}, exactly: the classic "has zero
     * byte" test gives false positives above a real zero, so this one masks the low seven bits first.
     */
    private static long newlineBits(long word) {
        long x = word ^ NEWLINES;
        long t = (x & ~HIGHS) + ~HIGHS; // high bit set where the low seven bits are not all zero
        return ~(t | x | ~HIGHS);
    }
}
