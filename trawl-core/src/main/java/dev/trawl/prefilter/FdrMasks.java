package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.util.Arrays;

/**
 * The shift-or masks of an {@link Fdr} or {@link NarrowFdr} filter, lanes of {@code laneBits} bits
 * (one per bucket), lane {@code 7 - k} for offset {@code k}: for each super-character the mask with
 * bucket bit {@code b} clear in lane {@code 7 - k} when some pattern of bucket {@code b} has that
 * super-character at offset {@code k} or is shorter than {@code k + 1}; and the masks the last byte
 * before a limit and the positions past it stand for.
 */
final class FdrMasks {
    /** Per super-character ({@value Fdr#DOMAIN} entries). */
    final long[] table;
    /** Per byte: its super-characters' masks ANDed, for the last byte before the limit. */
    final long[] lastByte = new long[256];
    /** Past the limit: only buckets whose patterns are over by then stay clear. */
    final long pastLimit;

    FdrMasks(PatternSet set, FdrBuckets buckets, int laneBits) {
        long[] t = new long[Fdr.DOMAIN];
        Arrays.fill(t, -1L);
        long wild = -1L;
        boolean ci = set.caseInsensitive();
        for (int id = 0; id < set.size(); id++) {
            byte[] p = set.bytes(id);
            int b = buckets.bucketOf(id);
            for (int k = 0; k < Fdr.WINDOW; k++) {
                long bit = 1L << (laneBits * (Fdr.WINDOW - 1 - k) + b);
                if (k >= p.length) {
                    wild &= ~bit;
                } else {
                    for (int c : Fdr.superChars(p, k, ci)) {
                        t[c] &= ~bit;
                    }
                }
            }
        }
        Arrays.fill(lastByte, -1L);
        for (int c = 0; c < Fdr.DOMAIN; c++) {
            t[c] &= wild;
            lastByte[c & 0xFF] &= t[c];
        }
        this.table = t;
        this.pastLimit = wild;
    }

    /** The mask of position {@code x} when bytes from {@code limit} on may not be read. */
    long at(byte[] a, int x, int limit) {
        return x + 1 < limit ? table[a[x] & 0xFF | (a[x + 1] & Fdr.NEXT_MASK) << 8]
                : x < limit ? lastByte[a[x] & 0xFF] : pastLimit;
    }
}
