package dev.trawl.scan;

/**
 * Receives records (lines, when the separator is {@code '\n'}) that hold at least one match, in input
 * order: {@code [start, end)}, the separator excluded. Called from one thread at a time.
 */
@FunctionalInterface
public interface RecordSink {
    /** @return {@code true} to go on, {@code false} to stop the scan */
    boolean onRecord(long start, long end);
}
