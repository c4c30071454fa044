package dev.trawl.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The first or last index of one byte in an array, eight bytes at a time (SWAR: the bytes of a
 * {@code long} tested side by side). A word's marks are exact, with no borrow running from one
 * byte into the next, so the first and the last mark are both true hits. Used to find a record's
 * end (a record count skips the rest of a matching line) and a regex literal's bytes in a line.
 */
public final class ByteSearch {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long LOW7 = 0x7F7F_7F7F_7F7F_7F7FL;

    private ByteSearch() {}

    /** The high bit of every byte of {@code w} that is zero, and no other bit. */
    private static long zeroBytes(long w) {
        return ~(((w & LOW7) + LOW7) | w | LOW7);
    }

    /** The first index of {@code x} in {@code a[from, to)}, or -1. */
    public static int indexOf(byte[] a, byte x, int from, int to) {
        long spread = (x & 0xFFL) * ONES;
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long hits = zeroBytes((long) LONG.get(a, i) ^ spread);
            if (hits != 0) {
                return i + (Long.numberOfTrailingZeros(hits) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    /** The last index of {@code x} in {@code a[from, to)}, or -1. */
    public static int lastIndexOf(byte[] a, byte x, int from, int to) {
        long spread = (x & 0xFFL) * ONES;
        int i = to;
        for (; i >= from + Long.BYTES; i -= Long.BYTES) {
            long hits = zeroBytes((long) LONG.get(a, i - Long.BYTES) ^ spread);
            if (hits != 0) {
                return i - 1 - (Long.numberOfLeadingZeros(hits) >>> 3);
            }
        }
        while (--i >= from) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
