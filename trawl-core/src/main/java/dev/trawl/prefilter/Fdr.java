package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A shift-or filter for hundreds to thousands of literals, after Hyperscan's FDR: the patterns are
 * spread over {@value #BUCKETS} buckets ({@link FdrBuckets}), and each text position is read
 * as a super-character, its byte plus the low {@code DOMAIN_BITS - 8} = 5 bits of the next byte
 * ({@value #DOMAIN} values; 5 bits tell letters apart, in either case). A table gives for each
 * super-character a 64-bit mask: byte {@code 7 - k} of it has bucket bit {@code b} clear when some
 * pattern of bucket {@code b} has that super-character at offset {@code k} of its first
 * {@value #WINDOW} bytes, or is shorter than {@code k + 1} (any text will do there). A start passes
 * in bucket {@code b} when bit {@code b} stays clear in the OR of its 8 offsets' masks.
 *
 * <p>Loop shape (Hyperscan's): a round takes 8 positions, looks up their masks and ORs each in
 * shifted left by its position's byte, the bytes shifted out going to the next round; with the
 * previous round's carry that decides 8 starts at once in one 64-bit word, with no dependency from
 * one position to the next. A round that lets a start through in some bucket checks that start's
 * first bytes (the bucket's shortest length, at most 8) against the bucket's prefixes
 * ({@link FdrPrefixes}) before naming it, so the automaton behind sees few chance passes.
 *
 * <p>Where it pays: sets too large for the nibble tables of {@link Teddy}, a few hundred dictionary
 * words (below that its 4-bucket form {@link NarrowFdr} is faster); a pair of letters mixes far less
 * than a nibble. Scalar
 * {@code long} arithmetic, not vectors: the lookup is a 64 KiB table, which no byte shuffle covers.
 * Measured on 2 busy cores, one thread, filter alone over the Iliad: 1.2-1.3 GB/s for 100 words
 * (the lookups alone 1.7), 0.8-0.9 GB/s for 1,000, where a tenth of the rounds stop to confirm.
 * Reading a round's bytes as one word (not eight byte pairs, each with its bounds check) and
 * pairing neighbours' shifts took 1,000 words, filter alone, from 0.92-0.94 to 1.05-1.07 GB/s
 * (thread CPU time); of that, the shift-or without confirmation runs at 1.19 and the lookups
 * alone at 2.0: the shifts and ORs that spread each mask over two words are what is left to
 * win, and Hyperscan's FDR does them as 128-bit byte shifts.
 *
 * <p>Profile (JFR, 1,000 words, counting): nearly all samples in this loop and its confirmation,
 * a few in the automaton walk behind it; handing candidates over in batches would save little.
 */
public final class Fdr implements Prefilter {
    /** Offsets per start the filter looks at: the bytes of the state. */
    public static final int WINDOW = 8;
    /** Bits per super-character. */
    static final int DOMAIN_BITS = 13;
    /** Super-character values. */
    static final int DOMAIN = 1 << DOMAIN_BITS;

    static final int NEXT_MASK = (1 << (DOMAIN_BITS - 8)) - 1;
    /** Buckets: a byte of bucket bits per offset. */
    static final int BUCKETS = 8;
    /** Before the first round: starts before {@code from} are not named (the top byte is start {@code from}'s). */
    private static final long FIRST_CARRY = 0x00FF_FFFF_FFFF_FFFFL;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    // Table indices are masked with t.length - 1 (= DOMAIN - 1) so that C2 may drop the bounds check;
    // measured 0-30% faster than masking with the constant, in noisy runs.

    private final long[] table;
    private final FdrMasks masks;
    private final FdrConfirm confirm;
    private final int patterns;
    private final double rate;

    Fdr(PatternSet set, FdrBuckets buckets) {
        this.patterns = set.size();
        this.rate = buckets.estimatedRate();
        this.masks = new FdrMasks(set, buckets, BUCKETS);
        this.table = masks.table;
        this.confirm = new FdrConfirm(set, buckets);
    }

    /** The filter for a set, its patterns cut into {@value #BUCKETS} buckets. */
    public static Fdr forPatterns(PatternSet patterns) {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no patterns");
        }
        return new Fdr(patterns, FdrBuckets.assign(patterns, BUCKETS));
    }

    /** The 4-bucket form ({@link NarrowFdr}) for a set. */
    public static Prefilter narrow(PatternSet patterns) {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no patterns");
        }
        return NarrowFdr.forPatterns(patterns);
    }

    /**
     * The super-characters pattern {@code p} has at offset {@code k} ({@code k < p.length}): one, or
     * every value of the next bits when {@code k} is its last byte; both cases of a letter when
     * {@code ci}.
     */
    static int[] superChars(byte[] p, int k, boolean ci) {
        int b = p[k] & 0xFF;
        boolean twoCases = ci && (b | 0x20) >= 'a' && (b | 0x20) <= 'z';
        int[] firsts = twoCases ? new int[] {b | 0x20, b & ~0x20} : new int[] {b};
        int nexts = k + 1 < p.length ? 1 : NEXT_MASK + 1;
        int[] out = new int[firsts.length * nexts];
        int n = 0;
        for (int f : firsts) {
            for (int x = 0; x < nexts; x++) {
                int next = k + 1 < p.length ? p[k + 1] & NEXT_MASK : x;
                out[n++] = f | next << 8;
            }
        }
        return out;
    }

    /** The estimated share of typical text positions named. */
    public double estimatedRate() {
        return rate;
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        long[] t = table;
        long carry = FIRST_CARRY;
        // w holds a[i .. i + 8), the round's bytes, read as one word: eight byte-pair loads, each
        // with its own bounds check, measured 0.95 against 1.15 GB/s for the scan alone.
        long w = from + 2 * WINDOW <= limit ? (long) LONG.get(a, from) : 0;
        // The round at i decides starts i - 7 .. i and reads a[i .. i + 8].
        for (int i = from; i < to + WINDOW - 1; i += WINDOW) {
            long lo;
            long hi;
            if (i + 2 * WINDOW <= limit) {
                long x = (long) LONG.get(a, i + WINDOW);
                long m0 = t[(int) w & (t.length - 1)];
                long m1 = t[(int) (w >>> 8) & (t.length - 1)];
                long m2 = t[(int) (w >>> 16) & (t.length - 1)];
                long m3 = t[(int) (w >>> 24) & (t.length - 1)];
                long m4 = t[(int) (w >>> 32) & (t.length - 1)];
                long m5 = t[(int) (w >>> 40) & (t.length - 1)];
                long m6 = t[(int) (w >>> 48) & (t.length - 1)];
                long m7 = t[(int) (w >>> 56 | x << 8) & (t.length - 1)];
                w = x;
                // Neighbours paired first: shorter chains of shifts and ORs than one long OR each,
                // measured 1.15 -> 1.19 GB/s for the scan alone.
                long lo01 = m0 | m1 << 8;
                long lo23 = m2 | m3 << 8;
                long lo45 = m4 | m5 << 8;
                long lo67 = m6 | m7 << 8;
                lo = lo01 | lo23 << 16 | (lo45 | lo67 << 16) << 32;
                hi = (m1 >>> 8 | m2) >>> 48 | (m3 >>> 8 | m4) >>> 32 | (m5 >>> 8 | m6) >>> 16 | m7 >>> 8;
            } else {
                lo = 0;
                hi = 0;
                for (int j = 0; j < WINDOW; j++) {
                    long m = masks.at(a, i + j, limit);
                    lo |= m << 8 * j;
                    hi |= j == 0 ? 0 : m >>> 64 - 8 * j;
                }
            }
            long check = lo | carry;
            if (check != -1L) {
                int s = confirm.first(a, i - (WINDOW - 1), ~check, 3, to, limit);
                if (s >= 0) {
                    return s;
                }
            }
            carry = hi;
        }
        return to;
    }

    @Override
    public String describe() {
        return "fdr(" + patterns + " patterns in " + BUCKETS + " buckets, " + WINDOW + " offsets of "
                + DOMAIN_BITS + "-bit super-characters, scalar)";
    }
}
