package dev.trawl.cli;

import dev.trawl.Records;

/** Where {@link Printer} sends the lines it decides to output: grep's format or ripgrep's JSON. */
interface LineSink {
    /** The batch being printed, its lines and (when collected) their matches. */
    void batch(Batch b, Records lines, long firstLine, Matches matches);

    /**
     * Writes the line {@code buf[start, end)} of the current batch ({@code end} at its newline, or
     * at the input's end); {@code record} is its index in the batch's lines, or -1 for a line kept
     * from before the batch. Returns false when the line was held back (grep: an encoding error),
     * which leaves grep's "last output" where it was.
     */
    boolean line(long start, long end, long lineNumber, boolean selected, int record);

    /** The group separator between non-adjacent groups of context ({@code --}). */
    void groupSeparator();
}
