package dev.trawl.scan;

import dev.trawl.FirstOccurrences;
import dev.trawl.Records;
import dev.trawl.TrawlException;
import java.util.Arrays;

/**
 * Builds a {@link FirstOccurrences} from parts, each the records of one contiguous range, found on
 * any thread and handed back in record order. A part takes matches in any order and keeps the
 * smallest start per (record, pattern): literal searchers that do not report in order hand a range's
 * matches over pattern by pattern.
 *
 * <p>Dense: each part writes its own rows of the one matrix, so parts need no merging. Sparse: each
 * part keeps its pairs in an open-addressing map (key {@code (record - from) << 32 | pattern}, value
 * the smallest start), memory in proportion to the pairs that occur, not to the rows' width; it
 * hands them back sorted and the builder appends them to the rows.
 */
final class FirstOccurrenceBuilder {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final int records;
    private final int patterns;
    private final int[] cells; // dense, or null
    private final int[] rowStart; // sparse, or null
    private int[] ids;
    private long[] offsets;
    private int size;

    FirstOccurrenceBuilder(Records records, int patterns, FirstOccurrences.Layout layout) {
        this.records = records.size();
        this.patterns = patterns;
        if (FirstOccurrences.layoutFor(records, patterns, layout) == FirstOccurrences.Layout.DENSE) {
            cells = new int[this.records * patterns]; // layoutFor keeps the product below 2^31
            rowStart = null;
        } else {
            cells = null;
            rowStart = new int[this.records + 1];
            ids = new int[16];
            offsets = new long[16];
        }
    }

    /** A part for records {@code [from, to)}; each part is used on one thread. */
    Part part(int from, int to) {
        return new Part(from, to);
    }

    /** Appends a finished part; parts come in record order, each once. */
    boolean add(Part part) {
        if (cells != null) {
            size += part.found;
            return true;
        }
        int n = part.pairs.length;
        int at = rowStart[part.from];
        if ((long) at + n > MAX_ARRAY) {
            throw new TrawlException("firstOccurrence: more than " + MAX_ARRAY + " (record, pattern) pairs occur");
        }
        size = at + n;
        if (at + n > ids.length) {
            int grown = (int) Math.min(MAX_ARRAY, Math.max(2L * ids.length, (long) at + n));
            ids = Arrays.copyOf(ids, grown);
            offsets = Arrays.copyOf(offsets, grown);
        }
        int k = 0;
        for (int r = part.from; r < part.to; r++) {
            while (k < n && (int) (part.pairs[k] >>> 32) == r - part.from) {
                ids[at] = (int) part.pairs[k];
                offsets[at++] = part.starts[k++];
            }
            rowStart[r + 1] = at;
        }
        return true;
    }

    FirstOccurrences build() {
        if (cells != null) {
            return FirstOccurrences.dense(records, patterns, cells);
        }
        return FirstOccurrences.sparse(records, patterns, rowStart, Arrays.copyOf(ids, size), Arrays.copyOf(offsets, size));
    }

    /** The first occurrences of one range of records, from its matches or from an engine's own search. */
    final class Part implements RecordVisitor, FirstOccurrenceSearcher.Sink {
        final int from;
        final int to;
        int found;
        // the record of the last new pair, and how many new pairs it has had: once every pattern has
        // one, the record needs no more matches
        private int current = -1;
        private int inCurrent;
        // sparse: the open-addressing map, then the sorted pairs
        private long[] keys;
        private long[] values;
        private int shift;
        long[] pairs;
        long[] starts;

        Part(int from, int to) {
            this.from = from;
            this.to = to;
            if (cells != null) {
                Arrays.fill(cells, from * patterns, to * patterns, -1);
            } else {
                grow(6);
            }
        }

        @Override
        public boolean onMatch(int record, int patternId, long start, long end) {
            if (!keep(record, patternId, start)) {
                return true;
            }
            if (record != current) {
                current = record;
                inCurrent = 0;
            }
            return ++inCurrent < patterns;
        }

        /** Whether every pattern has matched in {@code record}, the record of the last new pair. */
        boolean complete(int record) {
            return patterns == 0 || record == current && inCurrent == patterns;
        }

        @Override
        public void first(int record, int patternId, long offset) {
            keep(record, patternId, offset);
        }

        /** Keeps the smaller start; true when the pair is new. */
        private boolean keep(int record, int patternId, long start) {
            if (cells != null) {
                int at = record * patterns + patternId;
                int old = cells[at];
                if (old < 0 || start < old) {
                    cells[at] = (int) start;
                }
                if (old < 0) {
                    found++;
                }
                return old < 0;
            }
            long key = (long) (record - from) << 32 | patternId;
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
            if (++found * 2 > keys.length) {
                grow(Integer.numberOfTrailingZeros(keys.length) + 1);
            }
            return true;
        }

        private int slot(long key) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
        }

        private void grow(int bits) {
            if (bits > 30) {
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

        /** Sorts a sparse part's pairs by record, then pattern; returns this part. */
        Part finish() {
            if (cells != null) {
                return this;
            }
            pairs = new long[found];
            int n = 0;
            for (long k : keys) {
                if (k != -1) {
                    pairs[n++] = k;
                }
            }
            Arrays.sort(pairs);
            starts = new long[n];
            int mask = keys.length - 1;
            for (int i = 0; i < n; i++) {
                int slot = slot(pairs[i]);
                while (keys[slot] != pairs[i]) {
                    slot = (slot + 1) & mask;
                }
                starts[i] = values[slot];
            }
            keys = null;
            values = null;
            return this;
        }
    }
}
