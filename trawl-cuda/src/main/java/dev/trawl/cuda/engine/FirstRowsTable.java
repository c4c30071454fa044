package dev.trawl.cuda.engine;

import dev.trawl.FirstOccurrences;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.PfacTable;
import dev.trawl.engine.cpu.PfacEngine;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.cuda.engine.RecordPipeline.IntList;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The host half of {@code gpu:pfac}'s first-occurrence table ({@link PfacFirstRows}): turns the rows
 * a chunk's kernel wrote into the table, the sparse layout's {@link FirstOccurrences.Block}s or the
 * dense layout's cells, in pieces of records on {@link HostCopier}'s threads, each piece's block made
 * (and checked) on its own thread. Nothing is joined at the end: 55 million pairs would be 666 MB for
 * one thread to zero and fill.
 *
 * <p>A chunk comes as, per record {@code k}, {@code rowLen[k]} and {@code rowStart[k]} (ints: the first
 * {@code count}, then the next {@code count}) and the rows themselves in record order, one long per
 * pair, {@code pattern << 32 | offset in record}, sorted by pattern within a row, so that a piece's
 * rows become its {@link FirstOccurrences.Block#packed} block with one copy. A row of length -1 was
 * left to the host (a record over 64 KiB, or with too many patterns); it is found here by
 * {@code cpu:pfac}'s walk over the same {@link PfacTable} ({@link #walk}), as are the records longer
 * than a chunk ({@link #alone}).
 */
final class FirstRowsTable {
    // Unaligned layouts: the aligned ones check each access's alignment, which profiled as the most of
    // a piece's time (H200 host, JFR); the pinned buffers are aligned anyway.
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    /**
     * Records per piece (a block each); a chunk's pieces are shared among HostCopier's threads. On an
     * H200 host, 1 GiB of loghub lines (55 million pairs): 0.093 s end to end with pieces of 2,048
     * records, 0.090 with 8,192, 0.075 with 16,384; with 75,000 (arrays of 4 MB and more, which G1 puts
     * in regions of their own) 0.166.
     */
    static final int PIECE_RECORDS = Integer.getInteger("trawl.gpu.firstRows.pieceRecords", 1 << 14);

    private final Records records;
    private final int patterns;
    private final RangeSearcher walker; // cpu:pfac's, over gpu:pfac's table
    private final int[] cells; // dense, or null
    private final List<FirstOccurrences.Block> blocks = new ArrayList<>(); // sparse; guarded by itself
    private final int pieceRecords;
    private final boolean shareable;

    FirstRowsTable(Records records, PatternSet patterns, PfacTable table, FirstOccurrences.Layout layout) {
        this(records, patterns, table, layout, PIECE_RECORDS);
    }

    /** As above with {@code pieceRecords} records a piece (tests cut small chunks into several pieces). */
    FirstRowsTable(Records records, PatternSet patterns, PfacTable table, FirstOccurrences.Layout layout,
            int pieceRecords) {
        this.records = records;
        this.patterns = patterns.size();
        this.walker = PfacEngine.searcher(table, patterns);
        this.cells = layout == FirstOccurrences.Layout.DENSE ? new int[records.size() * this.patterns] : null;
        // the host walks read the column, which only its owner may do when it is confined
        this.shareable = HostCopier.shareable(records.data());
        this.pieceRecords = shareable ? pieceRecords : Integer.MAX_VALUE;
    }

    /**
     * Takes the rows of records {@code [first, first + count)} from a chunk: {@code info} holds each
     * record's {@code rowLen}, then its {@code rowStart}, as ints; {@code rows} the chunk's {@code pairs}
     * pairs in record order, longs ({@code shift} 0) or ints of {@code pattern << shift | offset}.
     * Returns when they are all in the table.
     */
    void take(int first, int count, MemorySegment info, MemorySegment rows, long pairs, int shift) {
        int per = Math.min(pieceRecords, Math.max(1, count));
        int pieces = (count + per - 1) / per;
        Rows chunk = new Rows(rows, shift);
        HostCopier.inPieces(pieces, 1, (p0, p1) -> {
            for (int p = p0; p < p1; p++) {
                piece(first, count, p * per, Math.min(count, (p + 1) * per), info, chunk, pairs);
            }
        });
    }

    /**
     * Whether chunks may be taken on other threads: the host walks read the column, which only its
     * owner may do when it is confined.
     */
    boolean shareable() {
        return shareable;
    }

    /** A record longer than a chunk: its row is found by a walk on this thread. */
    void alone(int record) {
        Row row = walk(record);
        if (cells != null) {
            Arrays.fill(cells, record * patterns, (record + 1) * patterns, -1);
            for (int i = 0; i < row.size; i++) {
                cells[record * patterns + row.ids[i]] = (int) row.offsets[i];
            }
            return;
        }
        long[] offsets = Arrays.copyOf(row.offsets, row.size);
        add(new FirstOccurrences.Block(record, new int[] {0, row.size}, Arrays.copyOf(row.ids, row.size), offsets));
    }

    /** The table, once every chunk's rows and every record alone have been taken. */
    FirstOccurrences build() {
        if (cells != null) {
            return FirstOccurrences.dense(records.size(), patterns, cells);
        }
        synchronized (blocks) {
            blocks.sort(Comparator.comparingInt(FirstOccurrences.Block::firstRecord));
            return FirstOccurrences.sparse(records.size(), patterns, blocks);
        }
    }

    private void add(FirstOccurrences.Block block) {
        synchronized (blocks) {
            blocks.add(block);
        }
    }

    /**
     * Records {@code first + [from, to)} of a chunk of {@code count}: a block, or their cells. Their
     * rows from the device are one run of {@code rows}, copied at once; a row left to the host is
     * walked here and put in its place.
     */
    private void piece(int first, int count, int from, int to, MemorySegment info, Rows rows, long pairs) {
        long lo = info.getAtIndex(INT, count + from);
        long hi = to == count ? pairs : info.getAtIndex(INT, count + to);
        List<Row> walked = null; // the rows left to the host, in record order
        IntList walkedAt = null;
        long extra = 0;
        for (int k = from; k < to; k++) {
            if (info.getAtIndex(INT, k) < 0) {
                if (walked == null) {
                    walked = new ArrayList<>();
                    walkedAt = new IntList();
                }
                Row w = walk(first + k);
                walked.add(w);
                walkedAt.add(k);
                extra += w.size;
            }
        }
        if (cells != null) {
            fillCells(first, count, from, to, info, rows, walked, walkedAt);
            return;
        }
        int[] rowStart = new int[to - from + 1];
        if (walked == null && rows.shift != 0) {
            int[] packed = new int[Math.toIntExact(hi - lo)];
            MemorySegment.copy(rows.pairs, ValueLayout.JAVA_INT, 4 * lo, packed, 0, packed.length);
            fillRowStarts(info, count, from, to, lo, hi, rowStart);
            add(FirstOccurrences.Block.packed(first + from, rowStart, packed, rows.shift));
            return;
        }
        long[] packed = new long[Math.toIntExact(hi - lo + extra)];
        if (walked == null) {
            MemorySegment.copy(rows.pairs, ValueLayout.JAVA_LONG, 8 * lo, packed, 0, (int) (hi - lo));
            fillRowStarts(info, count, from, to, lo, hi, rowStart);
        } else {
            int at = 0;
            int w = 0;
            for (int k = from; k < to; k++) {
                rowStart[k - from] = at;
                if (w < walked.size() && walkedAt.get(w) == k) {
                    Row row = walked.get(w++);
                    for (int i = 0; i < row.size; i++) {
                        packed[at++] = (long) row.ids[i] << 32 | row.offsets[i];
                    }
                } else {
                    int len = info.getAtIndex(INT, k);
                    long src = info.getAtIndex(INT, count + k);
                    for (int i = 0; i < len; i++) {
                        packed[at++] = rows.pair(src + i);
                    }
                }
            }
            rowStart[to - from] = at;
        }
        add(FirstOccurrences.Block.packed(first + from, rowStart, packed));
    }

    /** The rows of a chunk from the device: longs, or ints of {@code pattern << shift | offset}. */
    private record Rows(MemorySegment pairs, int shift) {
        /** Pair {@code i} as {@code pattern << 32 | offset}. */
        long pair(long i) {
            if (shift == 0) {
                return pairs.getAtIndex(LONG, i);
            }
            int v = pairs.getAtIndex(INT, i);
            return (long) (v >>> shift) << 32 | (v & ((1 << shift) - 1));
        }
    }

    /** The piece's row starts, from the device's, made relative to its first pair {@code lo}; {@code hi} ends the last. */
    private static void fillRowStarts(MemorySegment info, int count, int from, int to, long lo, long hi, int[] rowStart) {
        for (int k = from + 1; k < to; k++) {
            rowStart[k - from] = (int) (info.getAtIndex(INT, count + k) - lo);
        }
        rowStart[to - from] = (int) (hi - lo);
    }

    private void fillCells(int first, int count, int from, int to, MemorySegment info, Rows rows, List<Row> walked,
            IntList walkedAt) {
        Arrays.fill(cells, (first + from) * patterns, (first + to) * patterns, -1);
        int w = 0;
        for (int k = from; k < to; k++) {
            int base = (first + k) * patterns;
            if (walked != null && w < walked.size() && walkedAt.get(w) == k) {
                Row row = walked.get(w++);
                for (int i = 0; i < row.size; i++) {
                    cells[base + row.ids[i]] = (int) row.offsets[i];
                }
                continue;
            }
            long src = info.getAtIndex(INT, count + k);
            int len = info.getAtIndex(INT, k);
            for (int i = 0; i < len; i++) {
                long v = rows.pair(src + i);
                cells[base + (int) (v >>> 32)] = (int) v;
            }
        }
    }

    /** A record's first occurrences, sorted by pattern. */
    record Row(int[] ids, long[] offsets, int size) {}

    /**
     * Record {@code record}'s row, found on the host with {@code cpu:pfac}'s walk over the same table:
     * the record's slice as the whole text, matches in start order, so each pattern's first is its first
     * occurrence.
     */
    Row walk(int record) {
        java.util.TreeMap<Integer, Long> seen = new java.util.TreeMap<>(); // rare: rows the kernel left
        MemorySegment text = records.record(record);
        walker.search(text, 0, text.byteSize(), (id, start, end) -> {
            seen.putIfAbsent(id, start);
            return true;
        });
        int n = seen.size();
        int[] ids = new int[n];
        long[] offsets = new long[n];
        int i = 0;
        for (var e : seen.entrySet()) {
            ids[i] = e.getKey();
            offsets[i++] = e.getValue();
        }
        return new Row(ids, offsets, n);
    }
}
