package dev.trawl.prefilter;

import dev.trawl.automaton.ByteFrequencies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The fingerprint filter without the Vector API: the first fingerprint byte's table decides most
 * positions alone (a chosen set's first bytes are rare in text), the others are looked up only
 * behind it. Names exactly the candidates {@link Teddy} names.
 *
 * <p>When every byte that can open a fingerprint lies in one narrow ASCII range (names and other
 * capitalised words: the ten heroes open with {@code A..U}; codes that open with a digit), the
 * filter first tests eight bytes at a time for a byte in that range (SWAR: two adds and three
 * ANDs, no lookup), and looks up only the in-range bytes. The test is exact, so both loops name the
 * same candidates. Measured on this project's 2-core Zen 4, the ten heroes over the Iliad (a
 * quarter of its 8-byte words hold a capital): filter alone, one thread, 2.10 → 2.75 GB/s; the
 * line count over 512 MiB in one JVM, one thread, 2.22 → 2.42 GB/s; the whole
 * {@code trawl -F -c} of them, medians of five, 0.319 → 0.300-0.306 s. With no in-range byte the
 * loop runs at 13 GB/s; what it costs beyond that is the words that hold one (a mispredicted
 * branch each): looking up every word's first in-range byte without a branch measured slower
 * (2.31 GB/s filter alone).
 */
public final class ScalarFingerprint implements Prefilter {
    /**
     * Highest estimated share of text bytes in the opening range for which the eight-byte test is
     * used: above it most words hold such a byte, and the test only adds work.
     */
    static final double RANGE_MAX_RATE = 0.08;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long LOW7 = 0x7F7F_7F7F_7F7F_7F7FL;
    private static final long HIGH = 0x8080_8080_8080_8080L;

    private final Fingerprint fp;
    private final byte[] f0;
    private final byte[] f1;
    private final byte[] f2;
    private final byte[] f3;
    private final int width;
    /** Whether the eight-byte range test runs first; its two constants when it does. */
    private final boolean ranged;
    private final long belowHigh; // per byte 127 + (range's last byte + 1)
    private final long aboveLow;  // per byte 127 - (range's first byte - 1)

    public ScalarFingerprint(Fingerprint fp) {
        this(fp, true);
    }

    /** As above; {@code rangeTest} false keeps the one-byte-at-a-time loop whatever the range (tests compare the two). */
    ScalarFingerprint(Fingerprint fp, boolean rangeTest) {
        this.fp = fp;
        this.width = fp.width();
        byte[] all = new byte[256];
        java.util.Arrays.fill(all, (byte) 0xFF);
        this.f0 = fp.full(0);
        this.f1 = width > 1 ? fp.full(1) : all;
        this.f2 = width > 2 ? fp.full(2) : all;
        this.f3 = width > 3 ? fp.full(3) : all;
        int lo = 256;
        int hi = -1;
        double mass = 0;
        for (int b = 0; b < 256; b++) {
            if (f0[b] != 0) {
                lo = Math.min(lo, b);
                hi = b;
            }
        }
        for (int b = lo; b <= hi; b++) {
            mass += ByteFrequencies.of(b);
        }
        // The test is exact for a range inside 1..127 (bytes above 0x7F never pass it).
        this.ranged = rangeTest && 1 <= lo && lo <= hi && hi <= 127 && mass <= RANGE_MAX_RATE;
        this.belowHigh = ONES * (127 + hi + 1);
        this.aboveLow = ONES * (127 - (lo - 1));
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        // Positions whose fingerprint would run past the limit cannot start a pattern.
        int end = Math.min(to, limit - width + 1);
        int x = from;
        if (ranged) {
            x = nextInRange(a, from, end - Long.BYTES - Fingerprint.MAX_WIDTH);
            if (x < 0) {
                return -x - 1;
            }
        }
        return nextByByte(a, x, end, to);
    }

    /**
     * The eight-byte loop over the words starting in {@code [from, last]}: the first candidate as
     * {@code -k - 1}, or where the words ended. An in-range byte is looked up in all four tables
     * (those past the width pass every byte), so up to {@link Fingerprint#MAX_WIDTH} - 1 bytes past
     * a word are read: {@code last} keeps them before the filter's limit.
     */
    private int nextInRange(byte[] a, int from, int last) {
        long below = belowHigh;
        long above = aboveLow;
        byte[] t0 = f0;
        byte[] t1 = f1;
        byte[] t2 = f2;
        byte[] t3 = f3;
        int x = from;
        for (; x <= last; x += Long.BYTES) {
            long w = (long) LONG.get(a, x);
            long y = w & LOW7;
            long hits = (below - y) & (y + above) & ~w & HIGH;
            for (; hits != 0; hits &= hits - 1) {
                int k = x + (Long.numberOfTrailingZeros(hits) >>> 3);
                if ((t0[a[k] & 0xFF] & t1[a[k + 1] & 0xFF] & t2[a[k + 2] & 0xFF] & t3[a[k + 3] & 0xFF]) != 0) {
                    return -k - 1;
                }
            }
        }
        return x;
    }

    private int nextByByte(byte[] a, int from, int end, int to) {
        byte[] t0 = f0;
        byte[] t1 = f1;
        byte[] t2 = f2;
        byte[] t3 = f3;
        switch (width) {
            case 1 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0) {
                        return x;
                    }
                }
            }
            case 2 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
            case 3 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF] & t2[a[x + 2] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
            default -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF] & t2[a[x + 2] & 0xFF] & t3[a[x + 3] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
        }
        return to;
    }

    @Override
    public String describe() {
        return "fingerprint(" + fp.fingerprints() + " fingerprints, " + width + " bytes, scalar"
                + (ranged ? ", 8-byte range test" : "") + ")";
    }
}
