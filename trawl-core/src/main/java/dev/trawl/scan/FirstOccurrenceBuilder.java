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
 * part keeps only the pairs that occur, memory in proportion to them, not to the rows' width, and
 * hands them back sorted; the builder appends them to the rows. While matches come record by record
 * (most searchers) a part keeps them in order as they come ({@link OrderedFirstStarts}); from the
 * first match for an earlier record on, in a hash map sorted at the end ({@link FirstStartMap}).
 * The hash map and its sort for every part were most of Aho-Corasick's table of 6.6 million pairs
 * (128 MiB of log lines against a thousand templates: 1.15 s for a 0.15 s scan on 2 threads); in
 * order, 9.5 million matches make 6.3 million pairs in 0.27 s of one thread where the map took 1.06 s.
 */
final class FirstOccurrenceBuilder {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final int records;
    private final int patterns;
    private final int[] cells; // dense, or null
    private final int[] rowStart; // sparse, or null
    // sparse: the parts' rows as they came, joined only at build() (in parallel, into arrays of the
    // exact size: growing one pair of arrays part by part copied 55 million pairs three times on one
    // thread)
    private final java.util.List<Rows> parts = new java.util.ArrayList<>();
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
        Rows rows = part.rows;
        int n = rows.size();
        int at = rowStart[part.from];
        if ((long) at + n > MAX_ARRAY) {
            throw new TrawlException("firstOccurrence: more than " + MAX_ARRAY + " (record, pattern) pairs occur");
        }
        size = at + n;
        if (n > 0) {
            parts.add(rows);
        }
        for (int r = part.from; r < part.to; r++) {
            rowStart[r + 1] = at + rows.ends[r - part.from];
        }
        return true;
    }

    FirstOccurrences build() {
        if (cells != null) {
            return FirstOccurrences.dense(records, patterns, cells);
        }
        int[] ids = new int[size];
        long[] offsets = new long[size];
        int[] at = new int[parts.size() + 1];
        for (int k = 0; k < parts.size(); k++) {
            at[k + 1] = at[k] + parts.get(k).size();
        }
        java.util.stream.IntStream.range(0, parts.size()).parallel().forEach(k -> {
            Rows rows = parts.get(k);
            System.arraycopy(rows.ids, 0, ids, at[k], rows.size());
            System.arraycopy(rows.starts, 0, offsets, at[k], rows.size());
        });
        parts.clear();
        return FirstOccurrences.sparse(records, patterns, rowStart, ids, offsets);
    }

    /**
     * A sparse part's pairs, sorted by record, then pattern: record {@code from + k}'s are
     * {@code [ends[k - 1], ends[k])} ({@code [0, ends[0])} for the first) of {@code ids} (pattern ids)
     * and {@code starts}; the arrays may be longer than the pairs.
     */
    record Rows(int[] ids, long[] starts, int[] ends) {
        int size() {
            return ends.length == 0 ? 0 : ends[ends.length - 1];
        }
    }

    /** The first occurrences of one range of records, from its matches or from an engine's own search. */
    final class Part implements RecordVisitor, FirstOccurrenceSearcher.Sink {
        final int from;
        final int to;
        int found; // dense: the cells set
        // the record of the last new pair, and how many new pairs it has had: once every pattern has
        // one, the record needs no more matches
        private int current = -1;
        private int inCurrent;
        // sparse: the pairs while they come in record order, then (after one for an earlier record)
        // the map; finish() makes them rows
        private OrderedFirstStarts ordered;
        private FirstStartMap map;
        Rows rows;

        Part(int from, int to) {
            this.from = from;
            this.to = to;
            if (cells != null) {
                Arrays.fill(cells, from * patterns, to * patterns, -1);
            } else {
                ordered = new OrderedFirstStarts(from, to, patterns);
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
            if (map == null) {
                if (record >= ordered.record()) {
                    return ordered.keep(record, patternId, start);
                }
                map = ordered.toMap(); // once: the rest of the range may come in any order
                ordered = null;
            }
            return map.keep(record - from, patternId, start);
        }

        /** Makes a sparse part's pairs rows; returns this part. */
        Part finish() {
            if (cells != null) {
                return this;
            }
            rows = map != null ? map.rows(to - from) : ordered.rows();
            ordered = null;
            map = null;
            return this;
        }
    }
}
