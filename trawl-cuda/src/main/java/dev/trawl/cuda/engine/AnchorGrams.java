package dev.trawl.cuda.engine;

import java.util.List;

/**
 * The start filter of {@code chains.cu}: which text positions may begin an anchor, tested from four
 * bytes before any PFAC walk or index lookup. Log-template anchors begin with most letters, so about
 * four positions in five leave the PFAC root; far fewer begin an anchor's first four bytes.
 *
 * <p>Layout ({@link #WORDS} ints): a {@value #BITS}-bit hash set of the anchors' first four bytes
 * ({@link #hash4}) and, in the same bits, of the whole of those of three bytes ({@link #hash3}) and of
 * two ({@link #hash2}); then 256 bits for the first bytes of one-byte anchors; then a word of flags
 * ({@link #HAS_THREE}, {@link #HAS_TWO}) so that the kernel computes the shorter hashes only for a set
 * that has such anchors. A position passes when one of its bits is set: every occurrence of an anchor
 * does, and others only on a hash collision, so the filter changes no answer.
 *
 * <p>Why four bytes: over the loghub samples, with all 1,298 template anchors, 17% of positions passed
 * a three-byte filter that keyed two-byte anchors by their first byte (one anchor, {@code " ("}, let
 * every space through); four bytes, and two-byte anchors keyed by both, let about 6% through. Keep the
 * hashes and {@link #passes} in step with {@code chains::Cursor::filter}.
 */
final class AnchorGrams {
    /** Bits of the hash set: 64K bits (8 KiB of shared memory), about 2% full for a thousand anchors. */
    static final int BITS = 16;
    static final int HASH_WORDS = 1 << (BITS - 5);
    static final int FIRST_AT = HASH_WORDS;
    static final int FLAGS_AT = FIRST_AT + 8;
    static final int WORDS = FLAGS_AT + 1;
    /** Flags: some anchor is three bytes long; some is two. */
    static final int HAS_THREE = 1;
    static final int HAS_TWO = 2;

    private AnchorGrams() {}

    static int[] of(List<byte[]> anchors) {
        int[] bits = new int[WORDS];
        for (byte[] a : anchors) {
            int h;
            switch (a.length) {
                case 0 -> {
                    continue;
                }
                case 1 -> {
                    int b = a[0] & 0xff;
                    bits[FIRST_AT + (b >>> 5)] |= 1 << (b & 31);
                    continue;
                }
                case 2 -> {
                    h = hash2(a[0] & 0xff, a[1] & 0xff);
                    bits[FLAGS_AT] |= HAS_TWO;
                }
                case 3 -> {
                    h = hash3(a[0] & 0xff, a[1] & 0xff, a[2] & 0xff);
                    bits[FLAGS_AT] |= HAS_THREE;
                }
                default -> h = hash4(a[0] & 0xff, a[1] & 0xff, a[2] & 0xff, a[3] & 0xff);
            }
            bits[h >>> 5] |= 1 << (h & 31);
        }
        return bits;
    }

    /** Multiplicative hashing of four bytes as a little-endian word, top {@value #BITS} bits. */
    static int hash4(int b0, int b1, int b2, int b3) {
        return ((b0 | b1 << 8 | b2 << 16 | b3 << 24) * 0x9E3779B1) >>> (32 - BITS);
    }

    /** As {@link #hash4} for three bytes, with another multiplier. */
    static int hash3(int b0, int b1, int b2) {
        return ((b0 | b1 << 8 | b2 << 16) * 0x85EBCA77) >>> (32 - BITS);
    }

    /** As {@link #hash4} for two bytes, with another multiplier. */
    static int hash2(int b0, int b1) {
        return ((b0 | b1 << 8) * 0xC2B2AE3D) >>> (32 - BITS);
    }

    /**
     * Whether a position whose next four bytes are {@code b0..b3} passes. Bytes past the text's end are
     * the caller's to decide (the kernel keeps every start within three bytes of the readable end).
     */
    static boolean passes(int[] bits, int b0, int b1, int b2, int b3) {
        int flags = bits[FLAGS_AT];
        return set(bits, hash4(b0, b1, b2, b3))
                || (bits[FIRST_AT + (b0 >>> 5)] >>> (b0 & 31) & 1) != 0
                || (flags & HAS_THREE) != 0 && set(bits, hash3(b0, b1, b2))
                || (flags & HAS_TWO) != 0 && set(bits, hash2(b0, b1));
    }

    private static boolean set(int[] bits, int h) {
        return (bits[h >>> 5] >>> (h & 31) & 1) != 0;
    }
}
