package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The confirmation step of the FDR filters: a start that the shift-or lets through in some bucket
 * is named only when its first bytes, as many as the bucket's shortest pattern has (at most 8), are
 * one of the bucket's prefixes ({@link FdrPrefixes}, hashed). Case-insensitive sets set bit 5 of
 * every byte on both sides, as {@link WuManber} does: more chance passes, never fewer starts.
 */
final class FdrConfirm {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int[] prefixLength;
    private final long[] prefixMask;
    private final FdrPrefixes prefixes;
    private final long fold;

    FdrConfirm(PatternSet set, FdrBuckets buckets) {
        int n = buckets.buckets();
        this.prefixLength = new int[n];
        this.prefixMask = new long[n];
        this.fold = set.caseInsensitive() ? 0x2020_2020_2020_2020L : 0;
        Arrays.fill(prefixLength, Fdr.WINDOW);
        for (int id = 0; id < set.size(); id++) {
            int b = buckets.bucketOf(id);
            prefixLength[b] = Math.min(prefixLength[b], set.length(id));
        }
        for (int b = 0; b < n; b++) {
            prefixMask[b] = prefixLength[b] == 8 ? -1L : (1L << 8 * prefixLength[b]) - 1;
        }
        this.prefixes = new FdrPrefixes(set.size());
        for (int id = 0; id < set.size(); id++) {
            byte[] p = set.bytes(id);
            int b = buckets.bucketOf(id);
            prefixes.add(b, word(p, 0, prefixLength[b]) & prefixMask[b]);
        }
    }

    /**
     * The first start of a round whose prefix is confirmed: lane {@code L} of {@code passed} (lanes of
     * {@code 1 << laneShift} bits) names the buckets that let start {@code first + L} through.
     * {@code to} when that start is at or past {@code to}, -1 when there is none.
     */
    int first(byte[] a, int first, long passed, int laneShift, int to, int limit) {
        int laneBits = 1 << laneShift;
        long laneMask = (1L << laneBits) - 1;
        for (long left = passed; left != 0;) {
            int lane = Long.numberOfTrailingZeros(left) >>> laneShift;
            int s = first + lane;
            if (s >= to) {
                return to;
            }
            long word = s + 8 <= limit ? (long) LONG.get(a, s) | fold : word(a, s, limit);
            for (long buckets = left >>> laneBits * lane & laneMask; buckets != 0; buckets &= buckets - 1) {
                int b = Long.numberOfTrailingZeros(buckets);
                if (s + prefixLength[b] <= limit && prefixes.mayContain(b, word & prefixMask[b])) {
                    return s;
                }
            }
            left &= ~(laneMask << laneBits * lane);
        }
        return -1;
    }

    /** The bytes {@code a[s .. end)}, at most 8, as a little-endian word, folded. */
    private long word(byte[] a, int s, int end) {
        long w = 0;
        for (int k = 0; k < 8 && s + k < end; k++) {
            w |= (a[s + k] & 0xFFL) << 8 * k;
        }
        return w | fold;
    }
}
