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
 * makes them a {@link FirstOccurrences.Block} on its own thread; the table is the parts' blocks, never
 * joined (one pair of arrays for 55 million pairs was 666 MB that one thread zeroed, and a check of
 * every pair on one thread). While matches come record by record
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
    private final java.util.List<FirstOccurrences.Block> blocks; // sparse, or null
    private long size;

    FirstOccurrenceBuilder(Records records, int patterns, FirstOccurrences.Layout layout) {
        this.records = records.size();
        this.patterns = patterns;
        if (FirstOccurrences.layoutFor(records, patterns, layout) == FirstOccurrences.Layout.DENSE) {
            cells = new int[this.records * patterns]; // layoutFor keeps the product below 2^31
            blocks = null;
        } else {
            cells = null;
            blocks = new java.util.ArrayList<>();
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
        size += part.block.size();
        if (size > MAX_ARRAY) {
            throw new TrawlException("firstOccurrence: more than " + MAX_ARRAY + " (record, pattern) pairs occur");
        }
        blocks.add(part.block);
        return true;
    }

    FirstOccurrences build() {
        if (cells != null) {
            return FirstOccurrences.dense(records, patterns, cells);
        }
        return FirstOccurrences.sparse(records, patterns, blocks);
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
        // the map; finish() makes them a block
        private OrderedFirstStarts ordered;
        private FirstStartMap map;
        FirstOccurrences.Block block;

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

        /** Makes a sparse part's pairs its block (checked here, on the part's thread); returns this part. */
        Part finish() {
            if (cells != null) {
                return this;
            }
            Rows rows = map != null ? map.rows(to - from) : ordered.rows();
            int[] rowStart = new int[to - from + 1];
            System.arraycopy(rows.ends, 0, rowStart, 1, to - from);
            block = new FirstOccurrences.Block(from, rowStart, rows.ids, rows.starts);
            ordered = null;
            map = null;
            return this;
        }
    }
}
