package dev.trawl.cli;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte tests on input text: NUL bytes (grep's binary test), UTF-8 validity (grep's encoding-error
 * test in a UTF-8 locale), newlines. Eight bytes per step where the text is long (SWAR: a zero byte
 * in {@code x} shows as a high bit in {@code (x - 0x01..) & ~x & 0x80..}).
 */
final class Bytes {
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;

    private Bytes() {}

    static boolean hasNul(MemorySegment s, long from, long to) {
        long i = from;
        for (; i + 8 <= to; i += 8) {
            long x = s.get(WORD, i);
            if (((x - ONES) & ~x & HIGHS) != 0) {
                return true;
            }
        }
        for (; i < to; i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) == 0) {
                return true;
            }
        }
        return false;
    }

    /** The number of '\n' bytes in {@code s[from, to)}. */
    static long countNewlines(MemorySegment s, long from, long to) {
        long n = 0;
        long i = from;
        for (; i + 8 <= to; i += 8) {
            // exact per byte (the classic zero-byte test can flag a byte above a real zero)
            long x = s.get(WORD, i) ^ (ONES * '\n');
            long t = (x & ~HIGHS) + ~HIGHS;
            n += Long.bitCount(~(t | x | ~HIGHS));
        }
        for (; i < to; i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Replaces every NUL in {@code b[from, to)} by a newline, as grep does once it takes a file for binary. */
    static void zapNuls(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i);
            if (((x - ONES) & ~x & HIGHS) != 0) {
                zapBytes(b, i, i + 8);
            }
        }
        zapBytes(b, i, to);
    }

    private static void zapBytes(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == 0) {
                b[i] = '\n';
            }
        }
    }

    /** The index of the last '\n' in {@code s[from, to)}, or -1. */
    static long lastNewline(MemorySegment s, long from, long to) {
        for (long i = to - 1; i >= from; i--) {
            if (s.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The index of the first '\n' in {@code s[from, to)}, or -1. */
    static long firstNewline(MemorySegment s, long from, long to) {
        for (long i = from; i < to; i++) {
            if (s.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                return i;
            }
        }
        return -1;
    }

    static int lastNewline(byte[] b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code s[from, to)} is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF). */
    static boolean validUtf8(MemorySegment s, long from, long to) {
        long i = from;
        while (i < to) {
            if (i + 8 <= to && (s.get(WORD, i) & HIGHS) == 0) {
                i += 8;
                continue;
            }
            int b = s.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
            if (i + len > to || WordRule.decode(s, i, i + len) < 0) {
                return false;
            }
            i += len;
        }
        return true;
    }
}
