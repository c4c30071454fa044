package dev.trawl.cli;

import java.lang.foreign.MemorySegment;

/**
 * Finds the matches of one output line, as colour, {@code -o} and {@code --json} walk them. A line
 * of a batch that collected its matches takes them from there; any other line (a context line, or a
 * batch searched without collecting) is searched again on its own through the {@link LineSelector}.
 */
final class LineMatches {
    /** A line's matches: indexes {@code [first, last)} into {@code matches}. */
    record Range(Matches matches, int first, int last) {}

    private final LineSelector selector;
    private final Matches scratch = new Matches();
    private MemorySegment buf;
    private Matches collected;

    LineMatches(LineSelector selector) {
        this.selector = selector;
    }

    /** A new batch: its buffer, and the matches it collected by record ({@code null} when it collected none). */
    void batch(MemorySegment buf, Matches collected) {
        this.buf = buf;
        this.collected = collected;
    }

    /**
     * The matches of the line {@code [start, end)} of the batch's buffer, record {@code record} of the
     * batch (-1 when it is none); a line searched again overwrites the previous such line's matches.
     */
    Range find(long start, long end, int record) {
        if (record >= 0 && collected != null) {
            return new Range(collected, collected.firstOf(record), collected.firstOf(record + 1));
        }
        selector.matchesOf(buf.asSlice(start, end - start), scratch);
        return new Range(scratch, 0, scratch.size());
    }
}
