package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * {@link Fdr} with {@value #BUCKETS} buckets: a mask is 32 bits (4 bucket bits for each of the 8
 * offsets), so a round's 8 masks, each shifted by 4 bits per position, OR into one 64-bit word whose
 * low half decides the round's 8 starts and whose high half is the next round's carry: one shift
 * and one OR per position instead of two each, and a 32 KiB table instead of 64. Fewer buckets mix
 * more patterns each, so it is for the sets it still filters well (a hundred or a few hundred
 * words). Measured on 2 busy cores, one thread, filter alone over the Iliad: 1.6 against 1.3 GB/s
 * for 100 dictionary words, 1.27 against 1.05 for 300. Reading a round's bytes as one word, as
 * {@link Fdr} does, took the engine over 100 dictionary words from 1.42-1.59 to 1.70-1.88 GB/s in
 * the bench (1.05-1.16x native Hyperscan to 1.32-1.39x).
 */
final class NarrowFdr implements Prefilter {
    /** Buckets: 4 bits per offset. */
    static final int BUCKETS = 4;
    private static final int WINDOW = Fdr.WINDOW;
    /** Before the first round: starts before {@code from} are not named (lane 7 is start {@code from}'s). */
    private static final long FIRST_CARRY = 0x0FFF_FFFFL;
    private static final long LOW = 0xFFFF_FFFFL;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int[] table;
    private final FdrMasks masks;
    private final FdrConfirm confirm;
    private final int patterns;

    NarrowFdr(PatternSet set, FdrBuckets buckets) {
        this.patterns = set.size();
        this.masks = new FdrMasks(set, buckets, BUCKETS);
        this.table = new int[Fdr.DOMAIN];
        for (int c = 0; c < Fdr.DOMAIN; c++) {
            table[c] = (int) masks.table[c];
        }
        this.confirm = new FdrConfirm(set, buckets);
    }

    /** The filter for a set, its patterns cut into {@value #BUCKETS} buckets. */
    static NarrowFdr forPatterns(PatternSet patterns) {
        return new NarrowFdr(patterns, FdrBuckets.assign(patterns, BUCKETS));
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        int[] t = table;
        long carry = FIRST_CARRY;
        // w holds a[i .. i + 8), the round's bytes, read as one word (as in Fdr).
        long w = from + 2 * WINDOW <= limit ? (long) LONG.get(a, from) : 0;
        // The round at i decides starts i - 7 .. i (the low 32 bits) and reads a[i .. i + 8].
        for (int i = from; i < to + WINDOW - 1; i += WINDOW) {
            long r;
            if (i + 2 * WINDOW <= limit) {
                long x = (long) LONG.get(a, i + WINDOW);
                r = (t[(int) w & (t.length - 1)] & LOW)
                        | (t[(int) (w >>> 8) & (t.length - 1)] & LOW) << 4
                        | (t[(int) (w >>> 16) & (t.length - 1)] & LOW) << 8
                        | (t[(int) (w >>> 24) & (t.length - 1)] & LOW) << 12
                        | (t[(int) (w >>> 32) & (t.length - 1)] & LOW) << 16
                        | (t[(int) (w >>> 40) & (t.length - 1)] & LOW) << 20
                        | (t[(int) (w >>> 48) & (t.length - 1)] & LOW) << 24
                        | (t[(int) (w >>> 56 | x << 8) & (t.length - 1)] & LOW) << 28;
                w = x;
            } else {
                r = 0;
                for (int j = 0; j < WINDOW; j++) {
                    r |= (masks.at(a, i + j, limit) & LOW) << 4 * j;
                }
            }
            long check = (r | carry) & LOW;
            if (check != LOW) {
                int s = confirm.first(a, i - (WINDOW - 1), ~check & LOW, 2, to, limit);
                if (s >= 0) {
                    return s;
                }
            }
            carry = r >>> 32;
        }
        return to;
    }

    @Override
    public String describe() {
        return "fdr(" + patterns + " patterns in " + BUCKETS + " buckets, " + WINDOW + " offsets of "
                + Fdr.DOMAIN_BITS + "-bit super-characters, scalar)";
    }
}
