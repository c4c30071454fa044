package dev.trawl.cuda.engine;

import java.util.List;

/**
 * The start filter of {@code chains.cu}: which text positions may begin an anchor, tested from three
 * bytes before any PFAC walk. Log-template anchors begin with most letters, so about four positions in
 * five leave the PFAC root; far fewer begin an anchor's first three bytes.
 *
 * <p>Layout ({@link #WORDS} ints): {@value #BITS}-bit hash set of the anchors' first three bytes
 * ({@link #hash}), then 256 bits for the first bytes of anchors shorter than three (their starts pass
 * on that byte alone). A position passes when either bit is set: every occurrence of an anchor does,
 * and others only on a hash collision, so the filter changes no answer. Keep {@link #hash} and
 * {@link #passes} in step with {@code chains::Cursor::filter}.
 */
final class AnchorGrams {
    /** Bits of the trigram hash set: 32K bits (4 KiB of shared memory), a few percent full for a thousand anchors. */
    static final int BITS = 15;
    static final int TRIGRAM_WORDS = 1 << (BITS - 5);
    static final int WORDS = TRIGRAM_WORDS + 8;

    private AnchorGrams() {}

    static int[] of(List<byte[]> anchors) {
        int[] bits = new int[WORDS];
        for (byte[] a : anchors) {
            if (a.length >= 3) {
                int h = hash(a[0] & 0xff, a[1] & 0xff, a[2] & 0xff);
                bits[h >>> 5] |= 1 << (h & 31);
            } else if (a.length > 0) {
                int b = a[0] & 0xff;
                bits[TRIGRAM_WORDS + (b >>> 5)] |= 1 << (b & 31);
            }
        }
        return bits;
    }

    /** Multiplicative hashing of the three bytes, top {@value #BITS} bits. */
    static int hash(int b0, int b1, int b2) {
        return ((b0 << 16 | b1 << 8 | b2) * 0x9E3779B1) >>> (32 - BITS);
    }

    static boolean passes(int[] bits, int b0, int b1, int b2) {
        int h = hash(b0, b1, b2);
        return (bits[h >>> 5] >>> (h & 31) & 1) != 0 || (bits[TRIGRAM_WORDS + (b0 >>> 5)] >>> (b0 & 31) & 1) != 0;
    }
}
