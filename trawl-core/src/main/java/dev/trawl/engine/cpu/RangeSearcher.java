package dev.trawl.engine.cpu;

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

    /** True when {@link #search} already reports in the contract's order (start, then pattern id). */
    default boolean reportsInOrder() {
        return false;
    }
}
