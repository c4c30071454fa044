package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import dev.trawl.automaton.ByteFrequencies;
import dev.trawl.automaton.AsciiCase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tables of a Teddy-style fingerprint filter (after Hyperscan's Teddy, as described for the Rust
 * {@code aho-corasick} crate's {@code packed::teddy}): the first {@link #width()} bytes of every
 * pattern are its fingerprint; fingerprints are spread over {@value #BUCKETS} buckets, and for each
 * fingerprint position {@code j} two 16-entry tables give, for a byte's low and high nibble, the
 * bucket bits whose fingerprints allow that nibble there. A position {@code x} is a candidate when
 * some bucket bit survives
 * {@code AND_j lo[j][a[x+j] & 15] & hi[j][a[x+j] >>> 4]}.
 *
 * <p>Nibbles rather than bytes because a 16-entry table is exactly one byte shuffle in a vector
 * register (see {@link Teddy}); the price is false positives from mixing nibbles of different
 * fingerprints in one bucket, which the bucket assignment keeps down: each fingerprint goes to the
 * bucket it makes least permissive, judged on {@link ByteFrequencies}. For the scalar loop
 * ({@link ScalarFingerprint}) the same masks are pre-combined into 256-entry tables, so both loops
 * name the very same candidates. Case-insensitive sets put both cases of each letter in the masks.
 */
public final class Fingerprint {
    /** Bucket bits per fingerprint byte mask. */
    public static final int BUCKETS = 8;
    /** Longest fingerprint, in bytes. */
    public static final int MAX_WIDTH = 4;

    private final int width;
    private final byte[][] lo;
    private final byte[][] hi;
    private final byte[][] full;
    private final double rate;
    private final int fingerprints;

    private Fingerprint(int width, byte[][] lo, byte[][] hi, double rate, int fingerprints) {
        this.width = width;
        this.lo = lo;
        this.hi = hi;
        this.rate = rate;
        this.fingerprints = fingerprints;
        this.full = new byte[width][256];
        for (int j = 0; j < width; j++) {
            for (int b = 0; b < 256; b++) {
                full[j][b] = (byte) (lo[j][b & 15] & hi[j][b >>> 4]);
            }
        }
    }

    /**
     * The fingerprint tables over the first {@code width} bytes of each pattern ({@code width} at
     * most the shortest pattern's length and {@link #MAX_WIDTH}).
     */
    public static Fingerprint of(PatternSet patterns, int width) {
        if (width < 1 || width > MAX_WIDTH || width > patterns.minLength()) {
            throw new IllegalArgumentException("fingerprint width " + width + " for patterns of length >= "
                    + patterns.minLength());
        }
        boolean ci = patterns.caseInsensitive();
        // Distinct fingerprints, as bytes (case-folded when case-insensitive), sorted so that shared
        // prefixes sit together.
        long[] keys = new long[patterns.size()];
        for (int id = 0; id < patterns.size(); id++) {
            byte[] p = patterns.bytes(id);
            long k = 0;
            for (int j = 0; j < width; j++) {
                k = k << 8 | ((ci ? AsciiCase.fold(p[j]) : p[j]) & 0xFF);
            }
            keys[id] = k;
        }
        long[] distinct = Arrays.stream(keys).sorted().distinct().toArray();
        // Per bucket and position: nibble sets as 16-bit masks.
        int[][] loSet = new int[BUCKETS][width];
        int[][] hiSet = new int[BUCKETS][width];
        double[] acceptance = new double[BUCKETS];
        for (long k : distinct) {
            int best = -1;
            double bestDelta = Double.MAX_VALUE;
            int[] loTry = new int[width];
            int[] hiTry = new int[width];
            for (int b = 0; b < BUCKETS; b++) {
                for (int j = 0; j < width; j++) {
                    int byteJ = (int) (k >>> (8 * (width - 1 - j))) & 0xFF;
                    loTry[j] = loSet[b][j] | nibbles(byteJ, ci, false);
                    hiTry[j] = hiSet[b][j] | nibbles(byteJ, ci, true);
                }
                double delta = acceptance(loTry, hiTry) - acceptance[b];
                if (delta < bestDelta - 1e-15) {
                    bestDelta = delta;
                    best = b;
                }
            }
            for (int j = 0; j < width; j++) {
                int byteJ = (int) (k >>> (8 * (width - 1 - j))) & 0xFF;
                loSet[best][j] |= nibbles(byteJ, ci, false);
                hiSet[best][j] |= nibbles(byteJ, ci, true);
            }
            acceptance[best] = acceptance(loSet[best], hiSet[best]);
        }
        byte[][] lo = new byte[width][16];
        byte[][] hi = new byte[width][16];
        for (int b = 0; b < BUCKETS; b++) {
            for (int j = 0; j < width; j++) {
                for (int nib = 0; nib < 16; nib++) {
                    if ((loSet[b][j] >>> nib & 1) != 0) {
                        lo[j][nib] |= (byte) (1 << b);
                    }
                    if ((hiSet[b][j] >>> nib & 1) != 0) {
                        hi[j][nib] |= (byte) (1 << b);
                    }
                }
            }
        }
        double rate = 0;
        for (double x : acceptance) {
            rate += x;
        }
        return new Fingerprint(width, lo, hi, Math.min(1, rate), distinct.length);
    }

    /** The nibble set (16-bit mask) one fingerprint byte adds: both cases of a letter when {@code ci}. */
    private static int nibbles(int b, boolean ci, boolean high) {
        int m = 1 << (high ? b >>> 4 : b & 15);
        if (ci && b >= 'a' && b <= 'z') {
            int u = b - ('a' - 'A');
            m |= 1 << (high ? u >>> 4 : u & 15);
        }
        return m;
    }

    /** Estimated share of positions one bucket with these nibble sets accepts. */
    private static double acceptance(int[] loSet, int[] hiSet) {
        double p = 1;
        for (int j = 0; j < loSet.length; j++) {
            double pj = 0;
            for (int b = 0; b < 256; b++) {
                if ((loSet[j] >>> (b & 15) & 1) != 0 && (hiSet[j] >>> (b >>> 4) & 1) != 0) {
                    pj += ByteFrequencies.of(b);
                }
            }
            p *= pj;
        }
        return p;
    }

    /** Bytes compared per position. */
    public int width() {
        return width;
    }

    /** The low-nibble bucket masks of fingerprint byte {@code j} (16 entries); read-only. */
    public byte[] lo(int j) {
        return lo[j];
    }

    /** The high-nibble bucket masks of fingerprint byte {@code j} (16 entries); read-only. */
    public byte[] hi(int j) {
        return hi[j];
    }

    /** {@code lo(j)[b & 15] & hi(j)[b >>> 4]} for every byte {@code b}; read-only. */
    public byte[] full(int j) {
        return full[j];
    }

    /** The estimated share of positions in typical text that would be candidates. */
    public double estimatedRate() {
        return rate;
    }

    /** Number of distinct fingerprints. */
    public int fingerprints() {
        return fingerprints;
    }

    /** The widths worth trying for a set: 1 up to the shortest pattern, at most {@link #MAX_WIDTH}. */
    static List<Integer> widths(PatternSet patterns) {
        List<Integer> w = new ArrayList<>();
        for (int i = 1; i <= Math.min(MAX_WIDTH, patterns.minLength()); i++) {
            w.add(i);
        }
        return w;
    }
}
