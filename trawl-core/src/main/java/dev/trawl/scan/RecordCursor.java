package dev.trawl.scan;

import dev.trawl.Records;

/**
 * Puts positions of a column's data in records: {@link #recordOf} gives the last record of a range
 * that starts at or before a position. Matches come mostly in order, so the cursor moves forward
 * from its last answer and searches back by bisection only when a position comes back.
 */
public final class RecordCursor {
    private final Records records;
    private final int from;
    private final int to;
    private int at;

    /** A cursor over records {@code [from, to)} (not empty). */
    public RecordCursor(Records records, int from, int to) {
        this.records = records;
        this.from = from;
        this.to = to;
        this.at = from;
    }

    /**
     * The last record of the range that starts at or before {@code pos} (the first one when none
     * does). The position may still lie past that record's end, in a separator: check the end.
     */
    public int recordOf(long pos) {
        if (records.start(at) > pos) {
            int lo = from; // start(lo) <= pos, or lo is the range's first record
            int hi = at; // start(hi) > pos
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (records.start(mid) <= pos) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            at = lo;
            return at;
        }
        while (at + 1 < to && records.start(at + 1) <= pos) {
            at++;
        }
        return at;
    }
}
