package dev.trawl.cuda.engine;

import java.util.List;

/**
 * The anchors of a chain set as {@code chains.cu}'s {@code indexStarts} finds them without a PFAC walk:
 * by {@link AnchorGrams#hash4} of their first four bytes, and those shorter than four by their first
 * byte. Each position the start filter lets through is compared with the few anchors of its bucket.
 *
 * <p>Layout ({@link #ints}; {@code A} anchors): bucket starts ({@code 2^BITS + 1}), short-anchor starts
 * by first byte (257), anchor byte offsets into {@link #bytes} ({@code A + 1}), then, from the next
 * multiple of four ({@link #entriesAt}), the entries the starts index (each bucket's, then each first
 * byte's), four ints each ({@link #ENTRY_INTS}): the anchor's id, its length, and its first eight bytes
 * as two little-endian words, zero past its end. The kernel compares a position's eight bytes with an
 * entry in two masked word compares (one 16-byte load), and only the bytes past the eighth one by one:
 * comparing byte by byte from the anchors' bytes took a third of the kernel's instructions over the
 * loghub templates (Nsight Compute's source view, H200). Keep it in step with {@code chains::Index}.
 */
final class AnchorIndex {
    static final int BUCKETS = 1 << AnchorGrams.BITS;
    static final int SHORT_AT = BUCKETS + 1;
    static final int BYTES_AT = SHORT_AT + 257;
    /** Ints an entry takes: id, length, bytes 0-3, bytes 4-7. */
    static final int ENTRY_INTS = 4;

    /**
     * The index is used when an anchor occurrence meets at most this many anchors in its bucket on
     * average ({@link #comparesPerOccurrence}). Measured on the H200 over 20M loghub lines, kernels alone,
     * the warp-shared index against PFAC's walk (session 9, docs/results/h200-session9 run13): all
     * templates anchored on their longest literals, which share their opening bytes (3.5 anchors an
     * occurrence), 51.9 against 34.1 GB/s; on their factors (1.4), 69.5 against 47.7; HDFS' 14 templates
     * on their longest literals, 183 against 116. Before the warp shared its starts, the walk won the
     * first case (28.6 against 21.5), and the bound was 2. Above 4 it is not measured.
     */
    static final double MAX_COMPARES = 4;

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

    /** Where the entries start for {@code anchors} anchors: past the byte offsets, at a 16-byte boundary. */
    static int entriesAt(int anchors) {
        return (BYTES_AT + anchors + 1 + 3) & ~3;
    }

    static AnchorIndex of(List<byte[]> anchors) {
        int n = anchors.size();
        int entriesAt = entriesAt(n);
        int[] ints = new int[entriesAt + ENTRY_INTS * n];
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
        // starts: buckets first, then the short anchors by first byte, as prefix sums over the entries
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
            byte[] s = anchors.get(a);
            int e = entriesAt + ENTRY_INTS * next[keys[a]]++;
            ints[e] = a;
            ints[e + 1] = s.length;
            ints[e + 2] = word(s, 0, 0);
            ints[e + 3] = word(s, 0, 4);
            System.arraycopy(s, 0, bytes, ints[BYTES_AT + a], s.length);
        }
        long squares = 0;
        for (int c : counts) {
            squares += (long) c * c;
        }
        return new AnchorIndex(ints, bytes, n, n == 0 ? 0 : (double) squares / n);
    }


    /**
     * Whether the anchor of the entry {@code i} (an index into the entries) lies at {@code text[p ..]}, as
     * {@code chains::indexStarts} decides it: the two masked word compares, then the bytes past the
     * eighth from {@link #bytes}.
     */
    boolean entryLiesAt(int i, byte[] text, int p) {
        int e = entriesAt(anchors) + ENTRY_INTS * i;
        int len = ints[e + 1];
        if (p + len > text.length) {
            return false;
        }
        int m0 = len >= 4 ? -1 : (1 << (8 * len)) - 1;
        int m1 = len >= 8 ? -1 : len <= 4 ? 0 : (1 << (8 * (len - 4))) - 1;
        if (((word(text, p, 0) ^ ints[e + 2]) & m0) != 0 || ((word(text, p, 4) ^ ints[e + 3]) & m1) != 0) {
            return false;
        }
        int from = ints[BYTES_AT + ints[e]];
        for (int j = 8; j < len; j++) {
            if (text[p + j] != bytes[from + j]) {
                return false;
            }
        }
        return true;
    }

    /** Bytes {@code [p + from, p + from + 4)} of {@code text} as a little-endian word, zero past its end. */
    static int word(byte[] text, int p, int from) {
        int w = 0;
        for (int k = 3; k >= 0; k--) {
            int q = p + from + k;
            w = w << 8 | (q < text.length ? text[q] & 0xff : 0);
        }
        return w;
    }

    /** The entries (indexes into them, not ids) compared at {@code text[p ..]}: the short ones, then the bucket's. */
    int[] entries(byte[] text, int p) {
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
            out[k++] = i;
        }
        for (int i = from; i < to; i++) {
            out[k++] = i;
        }
        return out;
    }

    /** The anchors that may lie at {@code text[p ..]}: those the kernel compares there (for tests). */
    int[] candidates(byte[] text, int p) {
        int[] entries = entries(text, p);
        int[] ids = new int[entries.length];
        for (int k = 0; k < entries.length; k++) {
            ids[k] = ints[entriesAt(anchors) + ENTRY_INTS * entries[k]];
        }
        return ids;
    }
}
