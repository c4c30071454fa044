package dev.trawl.cuda.engine;

import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import java.util.Arrays;
import java.util.Locale;

/**
 * The pattern side of {@code gpu:rabin-karp} ({@code rabinkarp.cu}), built on the host and copied to
 * the device unchanged.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li><b>Entries</b>, one per pattern (duplicates too: each id gets its answer), sorted by window
 *       width, then id. A pattern of length {@code n} is hashed over its first {@code w} bytes, {@code w}
 *       the largest of {@link #WIDTHS} not above {@code n}: ten widths at most serve every length, and
 *       a hit is verified over the whole pattern. {@link #keys}{@code [e]} is entry {@code e}'s key,
 *       {@link #entryPattern}{@code [e]} its pattern id.
 *   <li><b>Groups</b>, one per width in use, ascending: four ints each, {@code (w, first entry, end
 *       entry, B^w)}, the last the weight of the byte that leaves a window as it rolls.
 *   <li><b>Patterns</b>: their bytes end to end ({@link #bytes}, folded to lower case for a
 *       case-insensitive set), pattern {@code id} at {@code [patStart[id], patStart[id + 1])}.
 *   <li><b>Batches</b> of {@value #BATCH} consecutive entries: what constant memory holds at once for the
 *       first-occurrence kernels ({@link #batchGroups}: the groups cut to one batch, entries counted from
 *       its start). 16 KiB of keys, the C++ AMP sample's "fewer than 4,096 patterns".
 *   <li><b>Lookup tables</b>, one per batch ({@link #lookupTable}), for the kernels that look a window's
 *       key up rather than compare it with every key of its width: per group of the batch, a bitmap
 *       filter of at least 8 bits per entry (bit: the top bits of {@code key * FILTER_MUL}) and
 *       buckets (the top bits of {@code key * BUCKET_MUL}, at least one per two entries). Within a
 *       batch, each group's entries are sorted by bucket (then id), so a bucket is a run of entries and
 *       the table holds only its bounds. Words: per group {@code (bucket bits, first bucket word,
 *       filter bits, first filter word)}, the batch's keys, then per group its filter and its
 *       {@code 2^bits + 1} bucket bounds (entries counted from the batch's first). At most about 40 KiB
 *       for a full batch; a thousand patterns take a few.
 * </ul>
 *
 * <p>The hash of {@code b[0..w)} is the polynomial {@code sum b[k] * B^(w-1-k)} mod 2^32 with
 * {@code B = 0x01000193}, as {@code cpu:rabin-karp}'s; {@value #HASH_PROPERTY}{@code =weak} takes
 * {@code B = 1} and keeps two bits of it, so that tests see a collision in most windows.
 */
final class RabinKarpPatterns {
    /** The window widths a pattern's prefix may have: it takes the largest not above its length. */
    static final int[] WIDTHS = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
    /** Entries whose keys constant memory holds at once ({@code RK_BATCH} in {@code rabinkarp.cu}). */
    static final int BATCH = 4096;
    /** {@code polynomial} (the default) or {@code weak}: a test hook that forces hash collisions. */
    static final String HASH_PROPERTY = "trawl.gpu.rabinkarp.hash";
    private static final int POLYNOMIAL_BASE = 0x01000193;
    /** {@code RK_BUCKET_MUL} and {@code RK_FILTER_MUL} in {@code rabinkarp.cu}. */
    static final int BUCKET_MUL = 0x9E3779B1;
    static final int FILTER_MUL = 0x85EBCA77;

    final int base;
    final int keyMask;
    final boolean fold;
    final int[] keys;
    final int[] entryPattern;
    /** Four ints per group: width, first entry, end entry, {@code B^width}. */
    final int[] groups;
    final int[] patStart;
    final byte[] bytes;

    RabinKarpPatterns(PatternSet patterns) {
        boolean weak = "weak".equals(System.getProperty(HASH_PROPERTY, "").trim().toLowerCase(Locale.ROOT));
        this.base = weak ? 1 : POLYNOMIAL_BASE;
        this.keyMask = weak ? 3 : -1;
        this.fold = patterns.caseInsensitive();
        int n = patterns.size();
        byte[] foldTable = AsciiCase.table(fold);
        patStart = new int[n + 1];
        for (int id = 0; id < n; id++) {
            patStart[id + 1] = Math.addExact(patStart[id], patterns.length(id));
        }
        bytes = new byte[patStart[n]];
        long[] order = new long[n]; // width index << 32 | id: sorted, the entries
        for (int id = 0; id < n; id++) {
            byte[] p = patterns.bytes(id);
            for (int k = 0; k < p.length; k++) {
                bytes[patStart[id] + k] = foldTable[p[k] & 0xFF];
            }
            order[id] = (long) widthIndex(p.length) << 32 | id;
        }
        Arrays.sort(order);
        keys = new int[n];
        entryPattern = new int[n];
        int[] widthOf = new int[n];
        int groupCount = 0;
        for (int e = 0; e < n; e++) {
            int id = (int) order[e];
            int w = WIDTHS[(int) (order[e] >>> 32)];
            entryPattern[e] = id;
            widthOf[e] = w;
            keys[e] = hash(bytes, patStart[id], w) & keyMask;
            if (e == 0 || w != widthOf[e - 1]) {
                groupCount++;
            }
        }
        groups = new int[4 * groupCount];
        for (int e = 0, g = -1; e < n; e++) {
            if (e == 0 || widthOf[e] != widthOf[e - 1]) {
                g++;
                groups[4 * g] = widthOf[e];
                groups[4 * g + 1] = e;
                groups[4 * g + 3] = power(widthOf[e]);
            }
            groups[4 * g + 2] = e + 1;
        }
        for (int b = 0; b < batches(); b++) {
            sortBatchByBucket(b);
        }
    }

    /** Sorts each group's entries within batch {@code b} by bucket, then id (see {@link #lookupTable}). */
    private void sortBatchByBucket(int b) {
        int[] g = batchGroups(b);
        int lo = b * BATCH;
        for (int k = 0; k < g.length / 4; k++) {
            int from = lo + g[4 * k + 1];
            int to = lo + g[4 * k + 2];
            int bits = bucketBits(to - from);
            long[] order = new long[to - from];
            for (int e = from; e < to; e++) {
                order[e - from] = (long) top(keys[e], BUCKET_MUL, bits) << 32 | entryPattern[e];
            }
            Arrays.sort(order);
            int w = g[4 * k];
            for (int e = from; e < to; e++) {
                entryPattern[e] = (int) order[e - from];
                keys[e] = hash(bytes, patStart[entryPattern[e]], w) & keyMask;
            }
        }
    }

    /** The top {@code bits} bits of {@code key * multiplier} (mod 2^32), as the kernels take them. */
    static int top(int key, int multiplier, int bits) {
        return (key * multiplier) >>> (32 - bits);
    }

    /** Bucket bits for a group of {@code n} entries in a batch: at least one bucket per two entries, two at least. */
    static int bucketBits(int n) {
        int bits = 1;
        while (2L << bits < n) {
            bits++;
        }
        return bits;
    }

    /** Filter bits for a group of {@code n} entries in a batch: at least 8 bits per entry, a word at least. */
    static int filterBits(int n) {
        int bits = 5;
        while (1L << bits < 8L * n) {
            bits++;
        }
        return bits;
    }

    /** Batch {@code b}'s lookup table, as {@code rabinkarp.cu}'s {@code TableLookup} reads it (see the layout). */
    int[] lookupTable(int b) {
        int[] g = batchGroups(b);
        int groupCount = g.length / 4;
        int lo = b * BATCH;
        int n = Math.min(entries(), lo + BATCH) - lo;
        long words = 4L * groupCount + n;
        for (int k = 0; k < groupCount; k++) {
            int size = g[4 * k + 2] - g[4 * k + 1];
            words += (1L << filterBits(size) >> 5) + (1L << bucketBits(size)) + 1;
        }
        int[] t = new int[Math.toIntExact(words)];
        int keysAt = 4 * groupCount;
        System.arraycopy(keys, lo, t, keysAt, n);
        int at = keysAt + n;
        for (int k = 0; k < groupCount; k++) {
            int from = g[4 * k + 1];
            int to = g[4 * k + 2];
            int filterBits = filterBits(to - from);
            int bucketBits = bucketBits(to - from);
            t[4 * k + 2] = filterBits;
            t[4 * k + 3] = at;
            for (int e = from; e < to; e++) {
                int bit = top(keys[lo + e], FILTER_MUL, filterBits);
                t[at + (bit >>> 5)] |= 1 << (bit & 31);
            }
            at += 1 << filterBits >> 5;
            t[4 * k] = bucketBits;
            t[4 * k + 1] = at;
            int buckets = 1 << bucketBits;
            int e = from;
            for (int bucket = 0; bucket <= buckets; bucket++) {
                while (e < to && top(keys[lo + e], BUCKET_MUL, bucketBits) < bucket) {
                    e++;
                }
                t[at + bucket] = e; // the first entry of bucket `bucket` or later (sorted by bucket)
            }
            at += buckets + 1;
        }
        return t;
    }

    private static int widthIndex(int length) {
        int i = WIDTHS.length - 1;
        while (WIDTHS[i] > length) {
            i--;
        }
        return i;
    }

    int hash(byte[] b, int from, int width) {
        int h = 0;
        for (int k = 0; k < width; k++) {
            h = h * base + (b[from + k] & 0xFF);
        }
        return h;
    }

    private int power(int w) {
        int p = 1;
        for (int k = 0; k < w; k++) {
            p *= base;
        }
        return p;
    }

    int entries() {
        return keys.length;
    }

    int groupCount() {
        return groups.length / 4;
    }

    int batches() {
        return (entries() + BATCH - 1) / BATCH;
    }

    /** Batch {@code b}'s groups, cut to its entries and counted from its first (four ints each, as {@link #groups}). */
    int[] batchGroups(int b) {
        int lo = b * BATCH;
        int hi = Math.min(entries(), lo + BATCH);
        int[] out = new int[groups.length];
        int k = 0;
        for (int g = 0; g < groupCount(); g++) {
            int from = Math.max(lo, groups[4 * g + 1]);
            int to = Math.min(hi, groups[4 * g + 2]);
            if (from < to) {
                out[4 * k] = groups[4 * g];
                out[4 * k + 1] = from - lo;
                out[4 * k + 2] = to - lo;
                out[4 * k + 3] = groups[4 * g + 3];
                k++;
            }
        }
        return Arrays.copyOf(out, 4 * k);
    }

    int length(int id) {
        return patStart[id + 1] - patStart[id];
    }
}
