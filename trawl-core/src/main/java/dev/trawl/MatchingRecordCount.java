package dev.trawl;

import dev.trawl.scan.ChunkedScan;
import java.lang.foreign.MemorySegment;

/**
 * Counts the records that hold a match from a scan's ordered matches: the default
 * {@link Matcher#countMatchingRecords} of engines with no record walk of their own (the GPU engines).
 * A match that starts inside the last counted record is passed over; otherwise, if it holds no
 * separator, its record is counted and its end found (the next separator, eight bytes a step), and
 * the scan stops once the last record is counted. So each counted record costs one search for its
 * end, and each other match a comparison (and a search of its own bytes when it starts past the
 * record).
 *
 * <p>Matches come one call each ({@link MatchSink}), not in batches: on the H200 host, the whole
 * {@code trawl -F -c} of five words over 1 GiB (1.5 million matches) on {@code gpu:pfac} spent 0.60-0.74
 * s scanning with the device's batches unpacked on 16 threads, against 0.31-0.38 s one call a match
 * (session 26, runs 7-9).
 */
final class MatchingRecordCount implements MatchSink {
    private final MemorySegment text;
    private final byte separator;
    private final long size;
    private long counted;
    private long lastEnd = -1; // the separator that ends the last counted record, or the size

    MatchingRecordCount(MemorySegment text, byte separator) {
        this.text = text;
        this.separator = separator;
        this.size = text.byteSize();
    }

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        if (start <= lastEnd) {
            return true; // this record is counted already
        }
        if (ChunkedScan.indexOf(text, start, end, separator) < end) {
            return true; // spans records: counts for none
        }
        lastEnd = ChunkedScan.indexOf(text, end, size, separator);
        counted++;
        return lastEnd < size; // the last record counted: no later match can add one
    }

    long counted() {
        return counted;
    }
}
