package dev.trawl.scan;

import dev.trawl.Records;

/**
 * A {@link RangeSearcher} that also finds first occurrences per record itself, better than the
 * generic way ({@link RecordScan#firstOccurrence}: every match of a range of records, keeping the
 * first per record and pattern): it can stop a pattern at its first hit in a record, and a record
 * once every pattern has one. {@link RecordScan} runs it on ranges of records, on the options'
 * threads, and builds the table.
 */
public interface FirstOccurrenceSearcher {

    /** Receives first occurrences, on the searching thread. */
    @FunctionalInterface
    interface Sink {
        /** Pattern {@code patternId} first matches in {@code record} at {@code offset}, counted from the record's start. */
        void first(int record, int patternId, long offset);
    }

    /**
     * Reports, for records {@code [from, to)} (not empty), each pattern that matches in a record,
     * once, with the offset of its first match inside the record, each record searched as if it were
     * the whole input; in any order.
     */
    void firstOccurrences(Records records, int from, int to, Sink sink);
}
