package dev.trawl.engine.cpu;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The pattern side of {@code cpu:rabin-karp}: the patterns hashed over a prefix of one of a few
 * window widths, and looked up by the hash of a text window.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li><b>Groups</b>, one per width in use (ascending): the width {@code w}, {@code B^w} (the weight
 *       of the byte that leaves the window as it rolls), an open-addressing table from a prefix's
 *       key to its bucket (load at most 1/2, slot from the Fibonacci-mixed key), and a bit filter
 *       over the same mixed key, 64 bits or more per key, so that most windows cost one bit test.
 *   <li><b>Buckets</b>: bucket {@code b} holds the distinct patterns
 *       {@code [bucketStart[b], bucketStart[b + 1])}, whose prefixes share one key, sorted by their
 *       bytes, so that those with the same {@code w}-byte prefix (the usual case; different prefixes
 *       only on a collision) sit together: {@code prefixHead[d]} is the first of {@code d}'s run, and
 *       a window's prefix is compared once per run.
 *   <li><b>Distinct patterns</b>: duplicates are verified once, as one entry {@code d}: its bytes
 *       (folded for case-insensitive sets), its smallest period ({@code period[d]}, from the
 *       Knuth-Morris-Pratt failure function) and its ids {@code ids[idStart[d] .. idStart[d + 1])},
 *       ascending.
 * </ul>
 * Memory is linear in the set: a few ints per pattern, two per table slot, the filter's bits.
 */
final class RabinKarpTable {
    /** The window widths a prefix may have: a pattern takes the largest not above its length. */
    static final int[] WIDTHS = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
    /** Fibonacci hashing: the top bits of {@code k * MIX} depend on every bit of {@code k}. */
    static final int MIX = 0x9E3779B9;

    final RabinKarpEngine.RollingHash hash;
    final Group[] groups;
    final int[] bucketStart;
    final byte[][] distinct;
    final int[] groupOf;
    final int[] prefixHead;
    final int[] period;
    final int[] idStart;
    final int[] ids;
    /** How many distinct patterns each group holds. */
    final int[] distinctPerGroup;
    /** Each pattern's length, by id. */
    final int[] lengths;

    /** {@code patterns[id]}: the set's bytes, already folded for a case-insensitive set. */
    RabinKarpTable(byte[][] patterns, RabinKarpEngine.RollingHash hash) {
        this.hash = hash;
        int n = patterns.length;
        lengths = new int[n];
        for (int id = 0; id < n; id++) {
            lengths[id] = patterns[id].length;
        }
        int[] widthIndex = new int[n];
        int[] key = new int[n];
        for (int id = 0; id < n; id++) {
            widthIndex[id] = widthIndexFor(patterns[id].length);
            key[id] = hash.key(patterns[id], 0, WIDTHS[widthIndex[id]]);
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.<Integer>comparingInt(id -> widthIndex[id]).thenComparingInt(id -> key[id])
                .thenComparing((a, b) -> Arrays.compare(patterns[a], patterns[b])).thenComparingInt(id -> id));

        ids = new int[n];
        int[] starts = new int[n + 1];
        int[] heads = new int[n];
        int[] groupOfD = new int[n];
        byte[][] bytes = new byte[n][];
        int[] firstBucket = new int[n + 1];
        int[] bucketKey = new int[n];
        int[] groupOfBucket = new int[n];
        int d = -1;
        int buckets = 0;
        for (int k = 0; k < n; k++) {
            int id = order[k];
            ids[k] = id;
            boolean newBucket = k == 0 || widthIndex[id] != widthIndex[order[k - 1]] || key[id] != key[order[k - 1]];
            if (newBucket) {
                bucketKey[buckets] = key[id];
                groupOfBucket[buckets] = widthIndex[id];
                firstBucket[buckets++] = d + 1;
            }
            if (newBucket || !Arrays.equals(patterns[id], patterns[order[k - 1]])) {
                d++;
                starts[d] = k;
                bytes[d] = patterns[id];
                groupOfD[d] = widthIndex[id];
                int w = WIDTHS[widthIndex[id]];
                heads[d] = !newBucket && Arrays.equals(bytes[d], 0, w, bytes[d - 1], 0, w) ? heads[d - 1] : d;
            }
        }
        int distinctCount = d + 1;
        starts[distinctCount] = n;
        firstBucket[buckets] = distinctCount;
        idStart = Arrays.copyOf(starts, distinctCount + 1);
        distinct = Arrays.copyOf(bytes, distinctCount);
        prefixHead = Arrays.copyOf(heads, distinctCount);
        groupOf = new int[distinctCount];
        period = new int[distinctCount];
        bucketStart = Arrays.copyOf(firstBucket, buckets + 1);

        // Groups: widths in use, ascending; a distinct pattern's group index replaces its width index.
        int[] groupOfWidth = new int[WIDTHS.length];
        Arrays.fill(groupOfWidth, -1);
        int groupCount = 0;
        for (int x = 0; x < distinctCount; x++) {
            if (groupOfWidth[groupOfD[x]] < 0) {
                groupOfWidth[groupOfD[x]] = groupCount++;
            }
        }
        distinctPerGroup = new int[groupCount];
        for (int x = 0; x < distinctCount; x++) {
            groupOf[x] = groupOfWidth[groupOfD[x]];
            distinctPerGroup[groupOf[x]]++;
            period[x] = smallestPeriod(distinct[x]);
        }
        groups = new Group[groupCount];
        for (int wi = 0; wi < WIDTHS.length; wi++) {
            int g = groupOfWidth[wi];
            if (g < 0) {
                continue;
            }
            int from = 0;
            while (groupOfBucket[from] != wi) {
                from++;
            }
            int to = from;
            while (to < buckets && groupOfBucket[to] == wi) {
                to++;
            }
            groups[g] = new Group(WIDTHS[wi], hash.base(), bucketKey, from, to);
        }
    }

    /** The index in {@link #WIDTHS} of the hash width for a pattern of that length. */
    static int widthIndexFor(int length) {
        int i = 0;
        while (i + 1 < WIDTHS.length && WIDTHS[i + 1] <= length) {
            i++;
        }
        return i;
    }

    /** The smallest {@code q > 0} with {@code p[k] == p[k + q]} for every {@code k}: its length less its longest border. */
    static int smallestPeriod(byte[] p) {
        int[] border = new int[p.length + 1];
        border[0] = -1;
        for (int i = 1, k = -1; i <= p.length; i++) {
            while (k >= 0 && p[k] != p[i - 1]) {
                k = border[k];
            }
            border[i] = ++k;
        }
        return p.length - border[p.length];
    }

    /** The patterns hashed at one width: an open-addressing table from key to bucket, and its filter. */
    static final class Group {
        final int width;
        /** {@code B^width}: the weight of the byte about to leave the window. */
        final int out;
        final int shift;
        final int[] keys;
        final int[] bucketOf; // slot -> bucket, -1 when the slot is empty
        final long[] filter; // one bit per value of the mixed key's top filterShift bits
        final int filterShift;

        /** Buckets {@code [from, to)}, their keys in {@code bucketKey}. */
        Group(int width, int base, int[] bucketKey, int from, int to) {
            this.width = width;
            int pow = 1;
            for (int k = 0; k < width; k++) {
                pow *= base;
            }
            out = pow;
            int count = to - from;
            int bits = 1;
            while ((1 << bits) < 2 * count) {
                bits++;
            }
            shift = 32 - bits;
            keys = new int[1 << bits];
            bucketOf = new int[1 << bits];
            Arrays.fill(bucketOf, -1);
            // The filter: 64 bits per key or more, from the same mixed key's top bits.
            int filterBits = Math.min(Math.max(bits + 6, 12), 26);
            filterShift = 32 - filterBits;
            filter = new long[Math.max(1, (1 << filterBits) >>> 6)];
            for (int b = from; b < to; b++) {
                int slot = slot(bucketKey[b]);
                while (bucketOf[slot] >= 0) {
                    slot = (slot + 1) & (keys.length - 1);
                }
                keys[slot] = bucketKey[b];
                bucketOf[slot] = b;
                int bit = (bucketKey[b] * MIX) >>> filterShift;
                filter[bit >>> 6] |= 1L << bit;
            }
        }

        int slot(int key) {
            return (key * MIX) >>> shift;
        }

        /** The bucket of the patterns whose prefix has {@code key}, or -1. */
        int bucket(int key) {
            int slot = slot(key);
            int b;
            while ((b = bucketOf[slot]) >= 0 && keys[slot] != key) {
                slot = (slot + 1) & (keys.length - 1);
            }
            return b;
        }
    }
}
