package dev.trawl.scan;

import dev.trawl.MatchSink;
import java.lang.foreign.MemorySegment;

/**
 * The single-threaded heart of a CPU engine: find the matches that start in one range of the text.
 * {@link ChunkedScan} splits the input into ranges, runs them on threads and puts the results in
 * order, so a searcher never deals with threads, ordering or offsets translation.
 */
public interface RangeSearcher {

    /**
     * Reports every match whose start lies in {@code [from, to)}, reading on past {@code to} by at
     * most the longest pattern minus one. Offsets are absolute in {@code text}.
     *
     * @return {@code false} as soon as {@code sink} asked to stop
     */
    boolean search(MemorySegment text, long from, long to, MatchSink sink);

    /** The number of matches starting in {@code [from, to)}. Override when counting can be cheaper. */
    default long count(MemorySegment text, long from, long to) {
        long[] n = new long[1];
        search(text, from, to, (id, s, e) -> {
            n[0]++;
            return true;
        });
        return n[0];
    }

    /**
     * The end of the earliest-ending match that lies wholly in {@code [from, limit)}, or -1 when none
     * does: what "does this line, record or file match?" needs, without finding every match. Reads
     * nothing outside {@code [from, limit)}. Engines that can stop at the first match override it;
     * this default scans the whole range.
     */
    default long firstMatchEnd(MemorySegment text, long from, long limit) {
        long[] best = {Long.MAX_VALUE};
        search(text.asSlice(0, limit), from, limit, (id, s, e) -> {
            if (e < best[0]) {
                best[0] = e;
            }
            return true;
        });
        return best[0] == Long.MAX_VALUE ? -1 : best[0];
    }

    /**
     * Reports, in order, each record (a run of bytes ended by {@code separator}, reported without
     * it) among the whole records of {@code [from, to)} that holds a match, for a set where no
     * pattern holds the separator, and returns how many it reported; {@code sink} null: only
     * counts. Stops when the sink returns false. Returns -1, having reported nothing, when this
     * searcher has no way cheaper than one {@link #firstMatchEnd} per record (the default).
     * {@code from} is a record's start; {@code to} is one too, or the text's end.
     */
    default long matchingRecords(MemorySegment text, long from, long to, byte separator, RecordSink sink) {
        return -1;
    }

    /** True when {@link #search} already reports in the contract's order (start, then pattern id). */
    default boolean reportsInOrder() {
        return false;
    }
}
