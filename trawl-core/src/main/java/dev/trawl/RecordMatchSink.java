package dev.trawl;

/**
 * Receives the matches of {@link Matcher#scanRecords}: ordered by record, then start, then pattern
 * id; offsets inside the record. Called from one thread at a time.
 */
@FunctionalInterface
public interface RecordMatchSink {
    /**
     * @param record the record's index in the {@link Records}
     * @param start the match's start, counted from the record's first byte
     * @param end the match's end (exclusive), counted likewise
     * @return {@code true} to go on, {@code false} to stop the scan
     */
    boolean onMatch(int record, int patternId, long start, long end);
}
