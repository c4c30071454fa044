package dev.trawl.prefilter;

/**
 * The confirmation step of an {@link Fdr} filter: a Bloom-style bitset of (bucket, prefix) pairs, a
 * prefix being a pattern's first bytes up to its bucket's shortest length as a little-endian word. A
 * start the shift-or lets through in some bucket is named only when its own prefix of that length is
 * in the set for that bucket. About {@value #BITS_PER_PATTERN} bits per pattern and two probes keep
 * a chance pass near one in a hundred; a hash collision only lets a start through, never stops one.
 */
final class FdrPrefixes {
    static final int BITS_PER_PATTERN = 16;

    private final long[] bits;
    private final int shift;

    FdrPrefixes(int patterns) {
        int logBits = Math.max(12, Math.min(26, 64 - Long.numberOfLeadingZeros((long) patterns * BITS_PER_PATTERN)));
        this.bits = new long[1 << (logBits - 6)];
        this.shift = 64 - logBits;
    }

    void add(int bucket, long prefix) {
        long h = hash(bucket, prefix);
        set((int) (h >>> shift));
        set((int) (h << 32 >>> shift) & ((bits.length << 6) - 1));
    }

    boolean mayContain(int bucket, long prefix) {
        long h = hash(bucket, prefix);
        return get((int) (h >>> shift)) && get((int) (h << 32 >>> shift) & ((bits.length << 6) - 1));
    }

    private static long hash(int bucket, long prefix) {
        long h = (prefix + bucket) * 0x9E37_79B9_7F4A_7C15L;
        return h ^ (h >>> 29) * 0xBF58_476D_1CE4_E5B9L;
    }

    private void set(int i) {
        bits[i >>> 6] |= 1L << i;
    }

    private boolean get(int i) {
        return (bits[i >>> 6] & 1L << i) != 0;
    }
}
