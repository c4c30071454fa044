package dev.trawl.cuda.engine;

import java.util.List;

/**
 * The anchors of a chain set as {@code chains.cu}'s {@code indexStarts} finds them without a PFAC walk:
 * by {@link AnchorGrams#hash4} of their first four bytes, and those shorter than four by their first
 * byte. Each position the start filter lets through is compared with the few anchors of its bucket.
 *
 * <p>Layout ({@link #ints}; {@code A} anchors): bucket starts ({@code 2^BITS + 1}), short-anchor starts
 * by first byte (257), anchor byte offsets into {@link #bytes} ({@code A + 1}), then the anchor ids the
 * starts index (each bucket's, then each first byte's). Keep it in step with {@code chains::Index}.
 */
final class AnchorIndex {
    static final int BUCKETS = 1 << AnchorGrams.BITS;
    static final int SHORT_AT = BUCKETS + 1;
    static final int BYTES_AT = SHORT_AT + 257;

    /**
     * The index is used when an anchor occurrence meets at most this many anchors in its bucket on
     * average ({@link #comparesPerOccurrence}). Measured on the H200 over 20M loghub lines (kernels
     * alone, buckets then keyed by three bytes): HDFS' 13 anchors, all in buckets of their own, 155 GB/s
     * against 109 for PFAC's walk; all 1,298 loghub anchors, many sharing their first bytes, 21.5 against
     * 28.6. Between the two the bound is a guess.
     */
    static final double MAX_COMPARES = 2;

    final int[] ints;
    final byte[] bytes;
    final int anchors;
    /** The mean size of the bucket an anchor occurrence is compared in: sum of n^2 over sum of n. */
    final double comparesPerOccurrence;

    private AnchorIndex(int[] ints, byte[] bytes, int anchors, double comparesPerOccurrence) {
        this.ints = ints;
        this.bytes = bytes;
        this.anchors = anchors;
        this.comparesPerOccurrence = comparesPerOccurrence;
    }

    /** Whether the kernels should find anchors with the index rather than PFAC's walk ({@link #MAX_COMPARES}). */
    boolean pays() {
        return comparesPerOccurrence <= MAX_COMPARES;
    }

    static AnchorIndex of(List<byte[]> anchors) {
        int n = anchors.size();
        int idsAt = BYTES_AT + n + 1;
        int[] ints = new int[idsAt + n];
        int[] keys = new int[n]; // bucket, or BUCKETS + first byte for an anchor shorter than four
        int[] counts = new int[BUCKETS + 256];
        int byteCount = 0;
        for (int a = 0; a < n; a++) {
            byte[] s = anchors.get(a);
            keys[a] = s.length >= 4 ? AnchorGrams.hash4(s[0] & 0xff, s[1] & 0xff, s[2] & 0xff, s[3] & 0xff)
                    : BUCKETS + (s[0] & 0xff);
            counts[keys[a]]++;
            ints[BYTES_AT + a] = byteCount;
            byteCount += s.length;
        }
        ints[BYTES_AT + n] = byteCount;
        // starts: buckets first, then the short anchors by first byte, as prefix sums over the ids
        int[] next = new int[BUCKETS + 256];
        int at = 0;
        for (int k = 0; k < BUCKETS + 256; k++) {
            int slot = k < BUCKETS ? k : SHORT_AT + (k - BUCKETS);
            ints[slot] = at;
            next[k] = at;
            at += counts[k];
        }
        ints[BUCKETS] = next[BUCKETS]; // the buckets' end
        ints[SHORT_AT + 256] = at;
        byte[] bytes = new byte[byteCount];
        for (int a = 0; a < n; a++) {
            ints[idsAt + next[keys[a]]++] = a;
            byte[] s = anchors.get(a);
            System.arraycopy(s, 0, bytes, ints[BYTES_AT + a], s.length);
        }
        long squares = 0;
        for (int c : counts) {
            squares += (long) c * c;
        }
        return new AnchorIndex(ints, bytes, n, n == 0 ? 0 : (double) squares / n);
    }

    /** The anchors that may lie at {@code text[p ..]}: those the kernel compares there (for tests). */
    int[] candidates(byte[] text, int p) {
        int idsAt = BYTES_AT + anchors + 1;
        int b0 = text[p] & 0xff;
        int shortFrom = ints[SHORT_AT + b0];
        int shortTo = ints[SHORT_AT + b0 + 1];
        int from = 0;
        int to = 0;
        if (p + 4 <= text.length) {
            int h = AnchorGrams.hash4(b0, text[p + 1] & 0xff, text[p + 2] & 0xff, text[p + 3] & 0xff);
            from = ints[h];
            to = ints[h + 1];
        }
        int[] out = new int[(shortTo - shortFrom) + (to - from)];
        int k = 0;
        for (int i = shortFrom; i < shortTo; i++) {
            out[k++] = ints[idsAt + i];
        }
        for (int i = from; i < to; i++) {
            out[k++] = ints[idsAt + i];
        }
        return out;
    }
}
