package dev.trawl.cuda.engine;

import java.util.List;

/**
 * The start filter of {@code chains.cu}: which text positions may begin an anchor, tested from four
 * bytes before any PFAC walk or index lookup. Log-template anchors begin with most letters, so about
 * four positions in five leave the PFAC root; far fewer begin an anchor's first four bytes.
 *
 * <p>Layout ({@link #WORDS} ints): a {@value #BITS}-bit hash set of the first four bytes of the anchors
 * of four bytes or more ({@link #hash4}), then a direct 64K-bit table of byte pairs ({@link #PAIRS_AT},
 * bit {@code b0 | b1 << 8}) holding two-byte anchors exactly, the first two bytes of three-byte ones,
 * and every pair a one-byte anchor begins. A position passes when its hash bit or its pair bit is set:
 * every occurrence of an anchor does, and others only on a hash collision or a shared pair, so the
 * filter changes no answer. Two table loads a position, whatever the anchors' lengths.
 *
 * <p>Why four bytes: over the loghub samples, with all 1,363 templates' anchors, 17% of positions
 * passed a three-byte filter that keyed two-byte anchors by their first byte (one anchor, {@code " ("},
 * let every space through); four bytes, with the short anchors' pairs exact, let 6.7% through. An
 * earlier layout hashed two- and three-byte anchors into the four-byte set: 8.1% passed, and the kernel
 * needed a second pass over its starts for the shorter hashes. Keep {@link #passes} in step with
 * {@code chains::Cursor::filter}.
 */
final class AnchorGrams {
    /** Bits of the hash set: 64K bits (8 KiB of shared memory), about 2% full for a thousand anchors. */
    static final int BITS = 16;
    static final int HASH_WORDS = 1 << (BITS - 5);
    /** Where the byte-pair table starts: 64K bits, one per (first byte, second byte). */
    static final int PAIRS_AT = HASH_WORDS;
    static final int WORDS = PAIRS_AT + (1 << 16) / 32;

    private AnchorGrams() {}

    static int[] of(List<byte[]> anchors) {
        int[] bits = new int[WORDS];
        for (byte[] a : anchors) {
            switch (a.length) {
                case 0 -> {}
                case 1 -> {
                    for (int b1 = 0; b1 < 256; b1++) {
                        set(bits, PAIRS_AT * 32 + pair(a[0] & 0xff, b1));
                    }
                }
                case 2, 3 -> set(bits, PAIRS_AT * 32 + pair(a[0] & 0xff, a[1] & 0xff));
                default -> set(bits, hash4(a[0] & 0xff, a[1] & 0xff, a[2] & 0xff, a[3] & 0xff));
            }
        }
        return bits;
    }

    /** Multiplicative hashing of four bytes as a little-endian word, top {@value #BITS} bits. */
    static int hash4(int b0, int b1, int b2, int b3) {
        return ((b0 | b1 << 8 | b2 << 16 | b3 << 24) * 0x9E3779B1) >>> (32 - BITS);
    }

    /** A byte pair's bit in the pair table: the two bytes as a little-endian 16-bit word. */
    static int pair(int b0, int b1) {
        return b0 | b1 << 8;
    }

    /**
     * Whether a position whose next four bytes are {@code b0..b3} passes. Bytes past the text's end are
     * the caller's to decide (the kernel keeps every start within three bytes of the readable end).
     */
    static boolean passes(int[] bits, int b0, int b1, int b2, int b3) {
        return isSet(bits, hash4(b0, b1, b2, b3)) || isSet(bits, PAIRS_AT * 32 + pair(b0, b1));
    }

    private static void set(int[] bits, int bit) {
        bits[bit >>> 5] |= 1 << (bit & 31);
    }

    private static boolean isSet(int[] bits, int bit) {
        return (bits[bit >>> 5] >>> (bit & 31) & 1) != 0;
    }
}
