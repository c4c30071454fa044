package dev.trawl.scan;

import dev.trawl.TrawlException;
import java.util.Arrays;

/**
 * The first start of each (record, pattern) pair of one range of records, for matches in any order:
 * an open-addressing map (linear probing, at most half full) from the key
 * {@code (record - from) << 32 | pattern} to the smallest start seen. Memory in proportion to the
 * pairs that occur; {@link #rows} sorts the keys once at the end. The way of searchers that report
 * pattern by pattern ({@link OrderedFirstStarts} is the faster way for those that report record by
 * record).
 */
final class FirstStartMap {
    private static final int MIN_BITS = 6;
    private static final int MAX_BITS = 30;

    private long[] keys;
    private long[] values;
    private int shift;
    private int size;

    /** A map with room for {@code expected} pairs before it grows. */
    FirstStartMap(int expected) {
        int bits = MIN_BITS;
        while (bits <= MAX_BITS && (1L << bits) < 2L * expected + 2) {
            bits++;
        }
        grow(bits);
    }

    /** Keeps the smaller start for pair ({@code record}, {@code pattern}), {@code record} counted from the range's start; true when the pair is new. */
    boolean keep(int record, int pattern, long start) {
        long key = (long) record << 32 | pattern;
        int mask = keys.length - 1;
        int slot = slot(key);
        long k;
        while ((k = keys[slot]) != -1 && k != key) {
            slot = (slot + 1) & mask;
        }
        if (k == key) {
            values[slot] = Math.min(values[slot], start);
            return false;
        }
        keys[slot] = key;
        values[slot] = start;
        if (++size * 2 > keys.length) {
            grow(Integer.numberOfTrailingZeros(keys.length) + 1);
        }
        return true;
    }

    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void grow(int bits) {
        if (bits > MAX_BITS) {
            throw new TrawlException("firstOccurrence: too many (record, pattern) pairs in one range of records");
        }
        long[] oldKeys = keys;
        long[] oldValues = values;
        keys = new long[1 << bits];
        values = new long[1 << bits];
        shift = 64 - bits;
        Arrays.fill(keys, -1);
        if (oldKeys != null) {
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != -1) {
                    int slot = slot(oldKeys[i]);
                    while (keys[slot] != -1) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[i];
                    values[slot] = oldValues[i];
                }
            }
        }
    }

    /** The pairs of a range of {@code records} records, sorted by record, then pattern. */
    FirstOccurrenceBuilder.Rows rows(int records) {
        long[] pairs = new long[size];
        int n = 0;
        for (long k : keys) {
            if (k != -1) {
                pairs[n++] = k;
            }
        }
        Arrays.sort(pairs);
        int[] ids = new int[n];
        long[] starts = new long[n];
        int[] ends = new int[records];
        int mask = keys.length - 1;
        int r = 0;
        for (int i = 0; i < n; i++) {
            int slot = slot(pairs[i]);
            while (keys[slot] != pairs[i]) {
                slot = (slot + 1) & mask;
            }
            ids[i] = (int) pairs[i];
            starts[i] = values[slot];
            for (int record = (int) (pairs[i] >>> 32); r < record; r++) {
                ends[r] = i;
            }
        }
        Arrays.fill(ends, r, records, n);
        return new FirstOccurrenceBuilder.Rows(ids, starts, ends);
    }
}
