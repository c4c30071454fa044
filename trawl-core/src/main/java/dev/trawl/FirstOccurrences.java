package dev.trawl;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The records x patterns first-occurrence table ({@link Matcher#firstOccurrence}): for record
 * {@code r} and pattern {@code p}, the byte offset inside the record where {@code p}'s first match
 * starts, or -1 when {@code p} does not match in it.
 *
 * <pre>{@code
 * try (Records lines = Records.mapLines(Path.of("app.log"), true)) {
 *     FirstOccurrences first = matcher.firstOccurrence(lines);
 *     long at = first.get(17, 2);                  // where pattern 2 first starts in line 17, or -1
 *     first.forEach((line, pattern, offset) -> System.out.println(line + " " + pattern + " " + offset));
 * }
 * }</pre>
 *
 * <h2>Layout</h2>
 * Two layouts hold the same table; {@link #get}, {@link #forEach} and {@link #size} answer alike,
 * and {@link #equals} compares contents, not layouts.
 * <ul>
 *   <li><b>{@link Layout#DENSE}</b>: one {@code int} per cell, row-major ({@code cells[r * patterns + p]}),
 *       -1 for none: 4 bytes per record and pattern, {@code get} one array read. It needs
 *       {@code records x patterns} below 2^31 and every record shorter than 2^31 bytes (so that an
 *       offset fits an {@code int}).
 *   <li><b>{@link Layout#SPARSE}</b>: only the pairs that occur, sorted by record then pattern, as
 *       compressed sparse rows: {@code rowStart} ({@code records + 1} ints; record {@code r}'s pairs are
 *       {@code [rowStart[r], rowStart[r + 1])}), then per pair its pattern id (an {@code int}) and
 *       offset (a {@code long}): 12 bytes a pair plus 4 a record, {@code get} a binary search in
 *       the record's row. At most 2^31 - 9 pairs.
 * </ul>
 * A sparse table may also be held in {@linkplain Block blocks}, each the rows of a run of records
 * with their own arrays ({@link #sparse(int, int, List)}): an engine that finds the pairs of many
 * runs of records on many threads builds each block on the thread that found it, and nothing is
 * joined or copied afterwards (a single pair of arrays for 55 million pairs is 666 MB that one thread
 * must zero and fill). A block holds its pairs as ids and offsets, or packed one to a {@code long}
 * ({@link Block#packed}), the form a device hands over in one copy.
 *
 * <p>{@link Layout#AUTO} takes the dense layout up to {@value #DENSE_MAX_CELLS} cells (256 MB) and the
 * sparse one beyond, where most cells would be -1 anyway (a million log lines against a thousand
 * templates is 10^9 cells, of which a few million occur).
 *
 * <p>Immutable once built; {@link #dense} and {@link #sparse} wrap the arrays they are given without
 * copying (for engines that compute the table elsewhere, a GPU say), so their caller must not change
 * them afterwards.
 */
public final class FirstOccurrences {
    /** The most cells {@link Layout#AUTO} gives the dense layout: 64 Mi, 256 MB of {@code int}s. */
    public static final long DENSE_MAX_CELLS = 64L << 20;
    /** The largest heap array the JVM reliably gives. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** How the table is stored; see the class comment. */
    public enum Layout {
        /** Dense up to {@link #DENSE_MAX_CELLS} cells (and offsets that fit an {@code int}), sparse beyond. */
        AUTO,
        /** One {@code int} per (record, pattern). */
        DENSE,
        /** The occurring (record, pattern, offset) triples, sorted by record then pattern. */
        SPARSE
    }

    /** Receives the table's occurring cells, by {@link #forEach}. */
    @FunctionalInterface
    public interface Occurrence {
        void accept(int record, int pattern, long offset);
    }

    /**
     * The rows of records {@code [firstRecord, firstRecord + records())} of a sparse table, with arrays
     * of their own: record {@code firstRecord + k}'s pairs are {@code [rowStart[k], rowStart[k + 1])}
     * of {@code ids} (ascending within the record) and {@code offsets}; the arrays may be longer than
     * the pairs. They are wrapped, not
     * copied. Checked when made (rows in order, ids ascending and not negative, offsets not negative),
     * so blocks made on many threads are checked on them.
     */
    public static final class Block {
        private final int firstRecord;
        private final int[] rowStart;
        private final int[] ids; // or null when packed
        private final int[] offsets;
        private final long[] longOffsets; // the single-array sparse layout's, or null
        private final long[] packed; // id << 32 | offset, or null
        private final int[] packedInts; // id << offsetBits | offset, or null
        private final int offsetBits;
        private final int maxId;

        /**
         * @throws IllegalArgumentException when the rows are malformed, ids unsorted or negative, or an
         *     offset negative
         */
        public Block(int firstRecord, int[] rowStart, int[] ids, int[] offsets) {
            this(firstRecord, rowStart, Objects.requireNonNull(ids, "ids"), Objects.requireNonNull(offsets, "offsets"),
                    null, null);
        }

        /** The same with {@code long} offsets, for records longer than 2^31 - 1 bytes. */
        public Block(int firstRecord, int[] rowStart, int[] ids, long[] offsets) {
            this(firstRecord, rowStart, Objects.requireNonNull(ids, "ids"), null, Objects.requireNonNull(offsets, "offsets"),
                    null);
        }

        /**
         * The same with each pair packed in one {@code long}, {@code pattern id << 32 | offset}: the form
         * a device or a native library can hand over in one copy.
         */
        public static Block packed(int firstRecord, int[] rowStart, long[] pairs) {
            return new Block(firstRecord, rowStart, null, null, null, Objects.requireNonNull(pairs, "pairs"), null, 0);
        }

        /**
         * The same packed in an {@code int} each, {@code pattern id << offsetBits | offset}: half the
         * bytes, where every offset fits below {@code offsetBits} bits and every id above them.
         *
         * @throws IllegalArgumentException also when {@code offsetBits} is not in {@code [1, 31]}
         */
        public static Block packed(int firstRecord, int[] rowStart, int[] pairs, int offsetBits) {
            if (offsetBits < 1 || offsetBits > 31) {
                throw new IllegalArgumentException("sparse first occurrences: " + offsetBits + " offset bits");
            }
            return new Block(firstRecord, rowStart, null, null, null, null, Objects.requireNonNull(pairs, "pairs"),
                    offsetBits);
        }

        private Block(int firstRecord, int[] rowStart, int[] ids, int[] offsets, long[] longOffsets, long[] packed) {
            this(firstRecord, rowStart, ids, offsets, longOffsets, packed, null, 0);
        }

        private Block(int firstRecord, int[] rowStart, int[] ids, int[] offsets, long[] longOffsets, long[] packed,
                int[] packedInts, int offsetBits) {
            Objects.requireNonNull(rowStart, "rowStart");
            this.firstRecord = firstRecord;
            this.rowStart = rowStart;
            this.ids = ids;
            this.offsets = offsets;
            this.longOffsets = longOffsets;
            this.packed = packed;
            this.packedInts = packedInts;
            this.offsetBits = offsetBits;
            int n = rowStart.length - 1;
            int idCount = packed != null ? packed.length : packedInts != null ? packedInts.length : ids.length;
            int offsetCount = packed != null ? packed.length : packedInts != null ? packedInts.length
                    : offsets != null ? offsets.length : longOffsets.length;
            if (firstRecord < 0 || n < 0 || rowStart[0] != 0 || idCount < rowStart[n] || offsetCount < rowStart[n]) {
                throw new IllegalArgumentException("sparse first occurrences: bad rows from record " + firstRecord + " ("
                        + rowStart.length + " row starts, " + idCount + " ids, " + offsetCount + " offsets)");
            }
            for (int r = 0; r < n; r++) {
                if (rowStart[r + 1] < rowStart[r]) {
                    throw new IllegalArgumentException("sparse first occurrences: row " + (firstRecord + r + 1)
                            + " starts before row " + (firstRecord + r));
                }
            }
            int bad = packedInts != null ? checkPackedInts() : checkPairs();
            if (bad >= 0) {
                int r = Math.max(0, java.util.Arrays.binarySearch(rowStart, bad));
                while (r < n && rowStart[r + 1] <= bad) {
                    r++;
                }
                throw new IllegalArgumentException("sparse first occurrences: record " + (firstRecord + r) + ", pattern "
                        + id(bad) + " at " + offset(bad) + ": ids must ascend within a record, offsets not negative");
            }
            this.maxId = largestId(rowStart[n]);
        }

        /**
         * The first pair out of order in its row (an id not above the one before it, where no row
         * starts) or with a negative offset, or -1. The packed ints, the form tens of millions of pairs
         * come in, in one pass over the pairs rather than a loop per row.
         */
        private int checkPackedInts() {
            int size = rowStart[rowStart.length - 1];
            int r = 0;
            for (int k = 1; k < size; k++) {
                if (packedInts[k] >>> offsetBits <= packedInts[k - 1] >>> offsetBits) {
                    while (rowStart[r] < k) {
                        r++;
                    }
                    if (rowStart[r] != k) {
                        return k;
                    }
                }
            }
            return -1;
        }

        /** The largest of the first {@code size} pairs' ids, or -1 (a loop per form). */
        private int largestId(int size) {
            int max = -1;
            if (packedInts != null) {
                for (int k = 0; k < size; k++) {
                    max = Math.max(max, packedInts[k] >>> offsetBits);
                }
            } else if (packed != null) {
                for (int k = 0; k < size; k++) {
                    max = Math.max(max, (int) (packed[k] >>> 32));
                }
            } else {
                for (int k = 0; k < size; k++) {
                    max = Math.max(max, ids[k]);
                }
            }
            return max;
        }

        private int checkPairs() {
            int previous = -1;
            for (int r = 0, k = 0; r < rowStart.length - 1; r++) {
                previous = -1;
                for (; k < rowStart[r + 1]; k++) {
                    int id = id(k);
                    if (id <= previous || offset(k) < 0) {
                        return k;
                    }
                    previous = id;
                }
            }
            return -1;
        }

        /** The first record this block holds. */
        public int firstRecord() {
            return firstRecord;
        }

        /** How many records (rows) this block holds. */
        public int records() {
            return rowStart.length - 1;
        }

        /** How many pairs occur in this block's rows. */
        public int size() {
            return rowStart[rowStart.length - 1];
        }

        private int id(int k) {
            return packed != null ? (int) (packed[k] >>> 32) : packedInts != null ? packedInts[k] >>> offsetBits : ids[k];
        }

        private long offset(int k) {
            return packed != null ? (int) packed[k] : packedInts != null ? packedInts[k] & ((1 << offsetBits) - 1)
                    : offsets != null ? offsets[k] : longOffsets[k];
        }

        /** Pattern {@code pattern}'s offset in the block's row {@code r}, or -1. */
        private long find(int r, int pattern) {
            int lo = rowStart[r];
            int hi = rowStart[r + 1] - 1;
            while (lo <= hi) {
                int m = (lo + hi) >>> 1;
                int id = id(m);
                if (id < pattern) {
                    lo = m + 1;
                } else if (id > pattern) {
                    hi = m - 1;
                } else {
                    return offset(m);
                }
            }
            return -1;
        }
    }

    private final int records;
    private final int patterns;
    private final int size;
    private final int[] cells; // dense, or null
    private final Block[] blocks; // sparse, or null
    private final int[] blockFirst; // sparse: each block's first record, for the bisection of get()

    private FirstOccurrences(int records, int patterns, int size, int[] cells, Block[] blocks) {
        this.records = records;
        this.patterns = patterns;
        this.size = size;
        this.cells = cells;
        this.blocks = blocks;
        if (blocks == null) {
            this.blockFirst = null;
        } else {
            this.blockFirst = new int[blocks.length];
            for (int b = 0; b < blocks.length; b++) {
                blockFirst[b] = blocks[b].firstRecord;
            }
        }
    }

    /**
     * The layout a table of {@code records} against {@code patterns} patterns gets when
     * {@code asked}: {@code asked} itself unless it is {@link Layout#AUTO}.
     *
     * @throws TrawlException when {@link Layout#DENSE} is asked and cannot hold the table
     */
    public static Layout layoutFor(Records records, int patterns, Layout asked) {
        Objects.requireNonNull(asked, "layout");
        long cellCount = (long) records.size() * patterns;
        if (asked == Layout.SPARSE) {
            return asked;
        }
        boolean offsetsFit = records.totalBytes() <= Integer.MAX_VALUE || longestRecord(records) <= Integer.MAX_VALUE;
        if (asked == Layout.AUTO) {
            return cellCount <= DENSE_MAX_CELLS && offsetsFit ? Layout.DENSE : Layout.SPARSE;
        }
        if (cellCount > MAX_ARRAY) {
            throw new TrawlException("firstOccurrence: " + records.size() + " records x " + patterns + " patterns = "
                    + cellCount + " cells, more than a dense table holds (" + MAX_ARRAY + "); ask for the sparse layout");
        }
        if (!offsetsFit) {
            throw new TrawlException("firstOccurrence: a record is longer than 2^31 - 1 bytes, past the int offsets of"
                    + " the dense layout; ask for the sparse layout");
        }
        return asked;
    }

    private static long longestRecord(Records records) {
        long max = 0;
        for (int i = 0; i < records.size(); i++) {
            max = Math.max(max, records.length(i));
        }
        return max;
    }

    /**
     * The dense layout over {@code cells} (no copy): {@code cells[r * patterns + p]} is pattern
     * {@code p}'s first offset in record {@code r}, or -1.
     *
     * @throws IllegalArgumentException when {@code cells} is too short or holds a value below -1
     */
    public static FirstOccurrences dense(int records, int patterns, int[] cells) {
        Objects.requireNonNull(cells, "cells");
        long n = (long) records * patterns;
        if (records < 0 || patterns < 0 || cells.length < n) {
            throw new IllegalArgumentException("dense first occurrences: " + records + " x " + patterns + " cells, the"
                    + " array has " + cells.length);
        }
        int size = 0;
        for (int i = 0; i < n; i++) {
            if (cells[i] >= 0) {
                size++;
            } else if (cells[i] != -1) {
                throw new IllegalArgumentException("dense first occurrences: cell " + i + " is " + cells[i]);
            }
        }
        return new FirstOccurrences(records, patterns, size, cells, null);
    }

    /**
     * The sparse layout over the arrays (no copy): record {@code r}'s pairs are
     * {@code [rowStart[r], rowStart[r + 1])}, each a pattern id in {@code ids} (ascending within the
     * record) and its first offset in {@code offsets}.
     *
     * @throws IllegalArgumentException when the rows are malformed, ids unsorted or out of range,
     *     or an offset negative
     */
    public static FirstOccurrences sparse(int records, int patterns, int[] rowStart, int[] ids, long[] offsets) {
        Objects.requireNonNull(rowStart, "rowStart");
        Objects.requireNonNull(offsets, "offsets");
        if (records < 0 || patterns < 0 || rowStart.length < records + 1) {
            throw new IllegalArgumentException("sparse first occurrences: bad rows for " + records + " records ("
                    + rowStart.length + " row starts)");
        }
        int[] rows = rowStart.length == records + 1 ? rowStart : Arrays.copyOf(rowStart, records + 1);
        return sparse(records, patterns, List.of(new Block(0, rows, ids, offsets)));
    }

    /**
     * The sparse layout over blocks of rows (no copy), in record order, that together hold records
     * {@code [0, records)}, each once.
     *
     * @throws IllegalArgumentException when the blocks leave a gap or overlap, or a pattern id is not
     *     below {@code patterns}
     */
    public static FirstOccurrences sparse(int records, int patterns, List<Block> blocks) {
        Objects.requireNonNull(blocks, "blocks");
        if (records < 0 || patterns < 0) {
            throw new IllegalArgumentException("sparse first occurrences: " + records + " x " + patterns);
        }
        long size = 0;
        int next = 0;
        for (Block b : blocks) {
            if (b.firstRecord != next) {
                throw new IllegalArgumentException("sparse first occurrences: a block starts at record " + b.firstRecord
                        + " where record " + next + " is due");
            }
            if (b.maxId >= patterns) {
                throw new IllegalArgumentException("sparse first occurrences: pattern " + b.maxId + " of " + patterns);
            }
            next += b.records();
            size += b.size();
        }
        if (next != records || size > MAX_ARRAY) {
            throw new IllegalArgumentException("sparse first occurrences: blocks hold " + next + " records and " + size
                    + " pairs for " + records + " records");
        }
        return new FirstOccurrences(records, patterns, (int) size, null,
                blocks.stream().filter(b -> b.records() > 0).toArray(Block[]::new));
    }

    /** The number of records (rows). */
    public int records() {
        return records;
    }

    /** The number of patterns (columns). */
    public int patterns() {
        return patterns;
    }

    /** How this table is stored: {@link Layout#DENSE} or {@link Layout#SPARSE}. */
    public Layout layout() {
        return cells != null ? Layout.DENSE : Layout.SPARSE;
    }

    /** The number of (record, pattern) pairs that occur: the cells that are not -1, what {@link #forEach} visits. */
    public int size() {
        return size;
    }

    /** Where pattern {@code pattern}'s first match starts in record {@code record}, or -1. */
    public long get(int record, int pattern) {
        Objects.checkIndex(record, records);
        Objects.checkIndex(pattern, patterns);
        if (cells != null) {
            return cells[record * patterns + pattern];
        }
        int at = Arrays.binarySearch(blockFirst, record);
        Block b = blocks[at >= 0 ? at : -at - 2];
        return b.find(record - b.firstRecord, pattern);
    }

    /**
     * The sparse layout's blocks, in record order (one for a table made from single arrays); empty for
     * the dense layout. For a caller that walks a large table on several threads, a block each.
     */
    public List<Block> blocks() {
        return blocks == null ? List.of() : List.of(blocks);
    }

    /** Visits every occurring (record, pattern, offset), by record, then pattern. */
    public void forEach(Occurrence action) {
        Objects.requireNonNull(action, "action");
        if (cells != null) {
            for (int r = 0, at = 0; r < records; r++) {
                for (int p = 0; p < patterns; p++, at++) {
                    if (cells[at] >= 0) {
                        action.accept(r, p, cells[at]);
                    }
                }
            }
            return;
        }
        for (Block b : blocks) {
            for (int r = 0; r < b.records(); r++) {
                for (int k = b.rowStart[r]; k < b.rowStart[r + 1]; k++) {
                    action.accept(b.firstRecord + r, b.id(k), b.offset(k));
                }
            }
        }
    }

    /** Same dimensions and the same occurrences, whatever the layouts. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FirstOccurrences f) || f.records != records || f.patterns != patterns || f.size != size) {
            return false;
        }
        long[] mine = triples();
        return Arrays.equals(mine, f.triples());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(triples()) * 31 + records * 17 + patterns;
    }

    /** The occurrences as (record, pattern, offset) in one array, in {@link #forEach}'s order. */
    private long[] triples() {
        long[] out = new long[3 * size];
        int[] at = {0};
        forEach((r, p, off) -> {
            out[at[0]++] = r;
            out[at[0]++] = p;
            out[at[0]++] = off;
        });
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(records).append(" records x ").append(patterns)
                .append(" patterns, ").append(size).append(" occurring, ").append(layout().name().toLowerCase())
                .append(": [");
        int[] shown = {0};
        forEach((r, p, off) -> {
            if (shown[0]++ < 20) {
                sb.append(shown[0] == 1 ? "" : ", ").append(r).append('/').append(p).append('@').append(off);
            }
        });
        return sb.append(size > 20 ? ", ...]" : "]").toString();
    }
}
