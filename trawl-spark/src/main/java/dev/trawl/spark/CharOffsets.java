package dev.trawl.spark;

import org.apache.spark.unsafe.types.UTF8String;

/**
 * Turns byte offsets inside a UTF-8 value into the character offsets Spark's string functions
 * ({@code length}, {@code substring}, {@code locate}) count in: code points, stepped as
 * {@link UTF8String} steps them (a lead byte says how many bytes its character takes), so a match's
 * {@code [start, end)} is {@code substring(value, start + 1, end - start)} in SQL. Matches on valid
 * UTF-8 start and end on character boundaries; on malformed UTF-8 an offset inside a character
 * rounds down for a start and up for an end, so the character is counted in.
 *
 * <p>One table per value, filled on first use and reused: entry {@code b} is twice the number of
 * characters that start before byte {@code b}, plus one when {@code b} is inside a character.
 */
final class CharOffsets {
    private int[] table = new int[256];
    private byte[] data;
    private int from;
    private int length;
    private boolean filled;

    /** Points at a new value: bytes {@code [from, from + length)} of {@code data}. */
    void reset(byte[] data, int from, int length) {
        this.data = data;
        this.from = from;
        this.length = length;
        this.filled = false;
    }

    /** The character offset of a match's start at byte {@code b} (inside the value). */
    int start(long b) {
        fill();
        int v = table[(int) b];
        return (v >> 1) - (v & 1);
    }

    /** The character offset of a match's end at byte {@code b} (inside the value, exclusive). */
    int end(long b) {
        fill();
        return table[(int) b] >> 1;
    }

    private void fill() {
        if (filled) {
            return;
        }
        if (table.length < length + 1) {
            table = new int[Math.max(length + 1, table.length * 2)];
        }
        int chars = 0;
        int b = 0;
        while (b < length) {
            int stop = Math.min(b + UTF8String.numBytesForFirstByte(data[from + b]), length);
            table[b] = chars << 1;
            chars++;
            for (int k = b + 1; k < stop; k++) {
                table[k] = chars << 1 | 1;
            }
            b = stop;
        }
        table[length] = chars << 1;
        filled = true;
    }
}
