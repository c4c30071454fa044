package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A shift-or filter for hundreds to thousands of literals, after Hyperscan's FDR: the patterns are
 * spread over {@value FdrBuckets#BUCKETS} buckets ({@link FdrBuckets}), and each text position is read
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
 * <p>Where it pays: sets too large for the nibble tables of {@link Teddy}, from about a hundred to
 * a thousand or two dictionary words; a pair of letters mixes far less than a nibble. Scalar
 * {@code long} arithmetic, not vectors: the lookup is a 64 KiB table, which no byte shuffle covers.
 * Measured on 2 busy cores, one thread, filter alone over the Iliad: 1.2-1.3 GB/s for 100 words
 * (the lookups alone 1.7), 0.8-0.9 GB/s for 1,000, where a tenth of the rounds stop to confirm.
 */
public final class Fdr implements Prefilter {
    /** Offsets per start the filter looks at: the bytes of the state. */
    public static final int WINDOW = 8;
    /** Bits per super-character. */
    static final int DOMAIN_BITS = 13;
    /** Super-character values. */
    static final int DOMAIN = 1 << DOMAIN_BITS;

    private static final int NEXT_MASK = (1 << (DOMAIN_BITS - 8)) - 1;
    /** Before the first round: starts before {@code from} are not named (the top byte is start {@code from}'s). */
    private static final long FIRST_CARRY = 0x00FF_FFFF_FFFF_FFFFL;
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    // Table indices are masked with t.length - 1 (DOMAIN - 1): C2 then drops the bounds check.

    private final long[] table;
    /** Per byte: its super-characters' masks ANDed, for the last byte before the limit. */
    private final long[] lastByte;
    /** The mask past the limit: only buckets whose patterns are over by then stay clear. */
    private final long pastLimit;
    private final int patterns;
    private final double rate;
    /** Per bucket: the bytes of prefix confirmed (its shortest pattern's, at most 8), and their mask. */
    private final int[] prefixLength = new int[FdrBuckets.BUCKETS];
    private final long[] prefixMask = new long[FdrBuckets.BUCKETS];
    private final FdrPrefixes prefixes;
    /** Bit 5 of every byte for case-insensitive sets (folds A-Z onto a-z), else 0. */
    private final long fold;

    private Fdr(PatternSet set, FdrBuckets buckets) {
        this.patterns = set.size();
        this.rate = buckets.estimatedRate();
        this.fold = set.caseInsensitive() ? 0x2020_2020_2020_2020L : 0;
        Arrays.fill(prefixLength, WINDOW);
        for (int id = 0; id < set.size(); id++) {
            int b = buckets.bucketOf(id);
            prefixLength[b] = Math.min(prefixLength[b], set.length(id));
        }
        for (int b = 0; b < FdrBuckets.BUCKETS; b++) {
            prefixMask[b] = prefixLength[b] == 8 ? -1L : (1L << 8 * prefixLength[b]) - 1;
        }
        this.prefixes = new FdrPrefixes(set.size());
        for (int id = 0; id < set.size(); id++) {
            byte[] p = set.bytes(id);
            int b = buckets.bucketOf(id);
            long w = 0;
            for (int k = 0; k < prefixLength[b]; k++) {
                w |= (p[k] & 0xFFL) << 8 * k;
            }
            prefixes.add(b, (w | fold) & prefixMask[b]);
        }
        long[] t = new long[DOMAIN];
        Arrays.fill(t, -1L);
        long wild = -1L;
        boolean ci = set.caseInsensitive();
        for (int id = 0; id < set.size(); id++) {
            byte[] p = set.bytes(id);
            int b = buckets.bucketOf(id);
            for (int k = 0; k < WINDOW; k++) {
                long bit = 1L << (8 * (WINDOW - 1 - k) + b);
                if (k >= p.length) {
                    wild &= ~bit;
                } else {
                    for (int c : superChars(p, k, ci)) {
                        t[c] &= ~bit;
                    }
                }
            }
        }
        for (int c = 0; c < DOMAIN; c++) {
            t[c] &= wild;
        }
        this.table = t;
        this.pastLimit = wild;
        this.lastByte = new long[256];
        Arrays.fill(lastByte, -1L);
        for (int c = 0; c < DOMAIN; c++) {
            lastByte[c & 0xFF] &= t[c];
        }
    }

    /** The filter for a set, with its buckets assigned. */
    public static Fdr forPatterns(PatternSet patterns) {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no patterns");
        }
        return new Fdr(patterns, FdrBuckets.assign(patterns));
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
        // The round at i decides starts i - 7 .. i and reads a[i .. i + 8].
        for (int i = from; i < to + WINDOW - 1; i += WINDOW) {
            long lo;
            long hi;
            if (i + WINDOW < limit) {
                long m0 = t[(short) SHORT.get(a, i) & (t.length - 1)];
                long m1 = t[(short) SHORT.get(a, i + 1) & (t.length - 1)];
                long m2 = t[(short) SHORT.get(a, i + 2) & (t.length - 1)];
                long m3 = t[(short) SHORT.get(a, i + 3) & (t.length - 1)];
                long m4 = t[(short) SHORT.get(a, i + 4) & (t.length - 1)];
                long m5 = t[(short) SHORT.get(a, i + 5) & (t.length - 1)];
                long m6 = t[(short) SHORT.get(a, i + 6) & (t.length - 1)];
                long m7 = t[(short) SHORT.get(a, i + 7) & (t.length - 1)];
                lo = m0 | m1 << 8 | m2 << 16 | m3 << 24 | m4 << 32 | m5 << 40 | m6 << 48 | m7 << 56;
                hi = m1 >>> 56 | m2 >>> 48 | m3 >>> 40 | m4 >>> 32 | m5 >>> 24 | m6 >>> 16 | m7 >>> 8;
            } else {
                lo = 0;
                hi = 0;
                for (int j = 0; j < WINDOW; j++) {
                    int x = i + j;
                    long m = x + 1 < limit ? t[a[x] & 0xFF | (a[x + 1] & NEXT_MASK) << 8]
                            : x < limit ? lastByte[a[x] & 0xFF] : pastLimit;
                    lo |= m << 8 * j;
                    hi |= j == 0 ? 0 : m >>> 64 - 8 * j;
                }
            }
            long check = lo | carry;
            if (check != -1L) {
                int s = confirmed(a, i - (WINDOW - 1), ~check, to, limit);
                if (s >= 0) {
                    return s;
                }
            }
            carry = hi;
        }
        return to;
    }

    /**
     * The first start of a round (starts {@code first ..}, lane {@code L} of {@code passed} naming the
     * buckets that let {@code first + L} through) whose prefix is in one of those buckets' sets:
     * {@code to} when that start is past {@code to}, -1 when there is none.
     */
    private int confirmed(byte[] a, int first, long passed, int to, int limit) {
        for (long left = passed; left != 0;) {
            int lane = Long.numberOfTrailingZeros(left) >>> 3;
            int s = first + lane;
            if (s >= to) {
                return to;
            }
            long word = s + 8 <= limit ? (long) LONG.get(a, s) | fold : tailWord(a, s, limit);
            for (int buckets = (int) (left >>> 8 * lane) & 0xFF; buckets != 0; buckets &= buckets - 1) {
                int b = Integer.numberOfTrailingZeros(buckets);
                if (s + prefixLength[b] <= limit && prefixes.mayContain(b, word & prefixMask[b])) {
                    return s;
                }
            }
            left &= ~(0xFFL << 8 * lane);
        }
        return -1;
    }

    /** The bytes {@code a[s .. limit)}, at most 8, as a little-endian word, folded as prefixes are. */
    private long tailWord(byte[] a, int s, int limit) {
        long w = 0;
        for (int k = 0; k < 8 && s + k < limit; k++) {
            w |= (a[s + k] & 0xFFL) << 8 * k;
        }
        return w | fold;
    }

    @Override
    public String describe() {
        return "fdr(" + patterns + " patterns in " + FdrBuckets.BUCKETS + " buckets, " + WINDOW + " offsets of "
                + DOMAIN_BITS + "-bit super-characters, scalar)";
    }
}
