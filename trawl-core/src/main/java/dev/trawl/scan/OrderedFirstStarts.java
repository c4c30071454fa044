package dev.trawl.scan;

import dev.trawl.TrawlException;
import java.util.Arrays;

/**
 * The first start of each (record, pattern) pair of one range of records, for matches that arrive
 * record by record (Aho-Corasick reports in text order, the GPU searchers record by record; within a
 * record, any order, repeats included). Only the current record's pairs are open: when the record
 * changes they are sorted by pattern and stay where they are, so the output grows in the table's
 * final order and needs neither a hash map nor a sort of all the range's pairs at the end. A match
 * for an earlier record is the caller's to notice ({@link #record}) and hand to a
 * {@link FirstStartMap} ({@link #toMap}).
 *
 * <p>Layout: {@code ids[0, done)} and {@code starts[0, done)} are the closed records' pairs,
 * {@code ends[k]} the end of record {@code from + k}'s (set up to the current record). The current
 * record's pattern ids follow, {@code ids[done, done + open)} in the order they came, their smallest
 * starts in {@code openStarts[0, open)}. A pattern is found among them by a linear look while the
 * record has at most {@value #LINEAR} pairs (most log lines have a few), and past that by a
 * per-pattern index, allocated on the first record that needs it: {@code index[2p]} is 1 + the
 * record (counted from {@code from}) when {@code p} is in it, {@code index[2p + 1]} its slot. Records
 * only grow, so an old stamp never equals the current one and nothing is cleared between records.
 * The index costs 8 bytes a pattern (8 MB for a million patterns) for each range in flight; the
 * two ints of a pattern sit side by side, one cache miss where two arrays would take two.
 */
final class OrderedFirstStarts {
    private static final int LINEAR = 8;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final int from;
    private final int patterns;
    private final int[] ends;
    private int[] ids = new int[64];
    private long[] starts = new long[64];
    private int done;
    private int filled; // ends[0, filled) are set
    private int record = -1; // the current record, counted from from; -1 before the first match
    private int open;
    private long[] openStarts = new long[16];
    private boolean indexed; // the current record's pairs are in index
    private int[] index;

    OrderedFirstStarts(int from, int to, int patterns) {
        this.from = from;
        this.patterns = patterns;
        this.ends = new int[to - from];
    }

    /** The current record (the last match's), or {@code from - 1} before any. */
    int record() {
        return from + record;
    }

    /** Keeps the smaller start for the pair; {@code record} is at least {@link #record()}. True when the pair is new. */
    boolean keep(int record, int pattern, long start) {
        int k = record - from;
        if (k != this.record) {
            close();
            this.record = k;
        }
        int slot = slotOf(pattern);
        if (slot >= 0) {
            if (start < openStarts[slot]) {
                openStarts[slot] = start;
            }
            return false;
        }
        append(pattern, start);
        return true;
    }

    private int slotOf(int pattern) {
        if (indexed) {
            return index[2 * pattern] == record + 1 ? index[2 * pattern + 1] : -1;
        }
        for (int i = 0; i < open; i++) {
            if (ids[done + i] == pattern) {
                return i;
            }
        }
        return -1;
    }

    private void append(int pattern, long start) {
        if (done + open == ids.length) {
            if (ids.length == MAX_ARRAY) {
                throw new TrawlException("firstOccurrence: too many (record, pattern) pairs in one range of records");
            }
            int grown = (int) Math.min(MAX_ARRAY, 2L * ids.length);
            ids = Arrays.copyOf(ids, grown);
            starts = Arrays.copyOf(starts, grown);
        }
        if (open == openStarts.length) {
            openStarts = Arrays.copyOf(openStarts, 2 * open);
        }
        ids[done + open] = pattern;
        openStarts[open] = start;
        if (indexed) {
            index[2 * pattern] = record + 1;
            index[2 * pattern + 1] = open;
        }
        if (++open > LINEAR && !indexed) {
            indexOpen();
        }
    }

    /** Puts the current record's pairs in the index, from now on the way to find them. */
    private void indexOpen() {
        if (index == null) {
            index = new int[2 * patterns];
        }
        for (int i = 0; i < open; i++) {
            index[2 * ids[done + i]] = record + 1;
            index[2 * ids[done + i] + 1] = i;
        }
        indexed = true;
    }

    /** Sorts the current record's pairs by pattern and closes them: ends is set up to the record. */
    private void close() {
        if (record < 0) {
            return;
        }
        if (indexed) {
            Arrays.sort(ids, done, done + open);
            for (int i = done; i < done + open; i++) {
                starts[i] = openStarts[index[2 * ids[i] + 1]];
            }
        } else {
            insertionSort();
        }
        Arrays.fill(ends, filled, record, done);
        done += open;
        ends[record] = done;
        filled = record + 1;
        open = 0;
        indexed = false;
    }

    /** At most {@value #LINEAR} pairs: sorted in place, ids and starts together. */
    private void insertionSort() {
        for (int i = 0; i < open; i++) {
            int id = ids[done + i];
            long start = openStarts[i];
            int j = done + i;
            while (j > done && ids[j - 1] > id) {
                ids[j] = ids[j - 1];
                starts[j] = starts[j - 1];
                j--;
            }
            ids[j] = id;
            starts[j] = start;
        }
    }

    /** The pairs so far, in a map, for matches that no longer come in record order. */
    FirstStartMap toMap() {
        close();
        FirstStartMap map = new FirstStartMap(done);
        int k = 0;
        for (int i = 0; i < done; i++) {
            while (ends[k] <= i) {
                k++;
            }
            map.keep(k, ids[i], starts[i]);
        }
        return map;
    }

    /** The range's pairs, sorted by record, then pattern. */
    FirstOccurrenceBuilder.Rows rows() {
        close();
        Arrays.fill(ends, filled, ends.length, done);
        return new FirstOccurrenceBuilder.Rows(ids, starts, ends);
    }
}
