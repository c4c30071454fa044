package dev.trawl.scan;

/**
 * Receives the matches of records from a {@link RecordScan.RecordFinder}, offsets inside the record.
 * Called from one thread.
 */
@FunctionalInterface
public interface RecordVisitor {
    /** @return {@code false} when this record needs no more matches (its later ones may be skipped) */
    boolean onMatch(int record, int patternId, long start, long end);
}
