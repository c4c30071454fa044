package dev.trawl.scan;

import dev.trawl.Records;

/**
 * Puts positions of a column's data in records: {@link #recordOf} gives the last record of a range
 * that starts at or before a position. Matches come mostly in order, so the cursor moves forward
 * from its last answer (galloping, for long jumps) and searches back by bisection only when a
 * position comes back. It keeps
 * the bounds of the record it is at ({@link #start()}, {@link #end()}): a scan asks for them once
 * per match, and a line's end costs a look at its last byte.
 */
public final class RecordCursor {
    private final Records records;
    private final int from;
    private final int to;
    private int at = -1;
    private long start;
    private long end;

    /** A cursor over records {@code [from, to)} (not empty). */
    public RecordCursor(Records records, int from, int to) {
        this.records = records;
        this.from = from;
        this.to = to;
        moveTo(from);
    }

    /**
     * The last record of the range that starts at or before {@code pos} (the first one when none
     * does). The position may still lie past that record's end, in a separator: check the end.
     */
    public int recordOf(long pos) {
        if (start > pos) {
            int lo = from; // start(lo) <= pos, or lo is the range's first record
            int hi = at; // start(hi) > pos
            moveTo(lastStartAtOrBefore(pos, lo, hi));
            return at;
        }
        int next = at + 1;
        if (next < to && records.start(next) <= pos) {
            // Gallop: the next record costs two reads, as a plain step would; a jump over many (a
            // prefilter that skipped records without candidates) costs their logarithm.
            int lo = next; // start(lo) <= pos; start(hi) > pos, or hi is the range's end
            int step = 1;
            int hi = lo + 1;
            while (hi < to && records.start(hi) <= pos) {
                lo = hi;
                step <<= 1;
                hi = (int) Math.min(to, (long) lo + step);
            }
            moveTo(lastStartAtOrBefore(pos, lo, hi));
        }
        return at;
    }

    /**
     * Binary search: the last record in {@code [lo, hi)} that starts at or before {@code pos}, given
     * that {@code lo} does (or is the range's first) and {@code hi} does not (or is the range's end).
     */
    private int lastStartAtOrBefore(long pos, int lo, int hi) {
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (records.start(mid) <= pos) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Where the record of the last answer starts. */
    public long start() {
        return start;
    }

    /** Where the record of the last answer ends. */
    public long end() {
        return end;
    }

    private void moveTo(int record) {
        at = record;
        start = records.start(record);
        end = records.end(record);
    }
}
