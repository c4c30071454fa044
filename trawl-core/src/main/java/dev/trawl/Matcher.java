package dev.trawl;

import dev.trawl.scan.RecordScan;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A pattern set compiled for one engine: compile once, scan many times. Implementations are
 * immutable and safe to share between threads.
 *
 * <p>The contract every engine meets: every occurrence of every pattern, overlapping ones included;
 * duplicate patterns each report; matches arrive ordered by start, then pattern id.
 *
 * <h2>Records</h2>
 * The per-record operations answer once per record of a {@link Records} column (log lines, rows of
 * a string column), each record searched as if it were the whole input: a match never crosses from
 * one record into the next, and {@code ^ $ \A \z} hold at a record's edges, so every answer is the
 * one a scan of that record alone would give. Answers are columnar, one array slot per record (or
 * {@link RecordPatterns}' two arrays, {@link FirstOccurrences}' matrix or rows), never an object per
 * record; each comes as a new array or into one the caller provides (and reuses). Records are spread over the matcher's threads.
 *
 * <pre>{@code
 * Matcher m = Trawl.compile(PatternSet.builder().add("ERROR").addRegex("timeout after \\d+ms$").build());
 * try (Records lines = Records.mapLines(Path.of("app.log"), true)) {
 *     boolean[] hit = m.anyMatch(lines);          // does line i match at all?
 *     int[] first = m.firstMatch(lines);          // which pattern matches first in line i (-1: none)
 *     long[] n = m.countPerRecord(lines);         // how many matches in line i
 *     RecordPatterns which = m.matchedPatterns(lines); // which patterns match in line i
 *     FirstOccurrences at = m.firstOccurrence(lines); // where pattern p first matches in line i (-1: not)
 *     m.scanRecords(lines, (line, id, start, end) -> true); // every match, offsets inside the line
 * }
 * }</pre>
 * A runnable version is {@code examples/RecordsExample.java} in the repository.
 */
public interface Matcher {

    /** The engine that compiled this matcher, e.g. {@code cpu:aho-corasick}. */
    String engine();

    PatternSet patterns();

    /**
     * Streams every match to {@code sink}, in order, without materialising them.
     *
     * @return {@code true} when the scan ran to the end, {@code false} when the sink stopped it
     */
    boolean scan(Input input, MatchSink sink);

    /** The number of matches; engines count without materialising or ordering them. */
    long count(Input input);

    /**
     * Scans {@code input} and hands its matches to {@code sink} in batches of parallel arrays, in the
     * contract's order. This default collects the per-match stream into batches of
     * {@link MatchBatchSink#DEFAULT_BATCH}; the GPU engines hand on each block of matches the device
     * wrote, without a call per match.
     *
     * @return {@code false} when the sink stopped the scan
     */
    default boolean scan(Input input, MatchBatchSink sink) {
        MatchBatcher batcher = new MatchBatcher(sink, MatchBatchSink.DEFAULT_BATCH);
        return scan(input, batcher) && batcher.flush();
    }

    /**
     * The number of records (lines, for {@code '\n'}) holding at least one match that contains no
     * separator; byte offsets. This default counts from the ordered matches ({@link MatchingRecordCount});
     * engines that can stop a record at its first match without materialising matches override it.
     */
    default long countMatchingRecords(Input input, byte separator) {
        MemorySegment text = input.segment();
        MatchingRecordCount records = new MatchingRecordCount(text, separator);
        scan(Input.of(text), (MatchSink) records);
        return records.counted();
    }

    /** All matches, in order. */
    default List<Match> findAll(Input input) {
        List<Match> out = new ArrayList<>();
        scan(input, (id, s, e) -> out.add(new Match(id, s, e)));
        return out;
    }

    default List<Match> findAll(byte[] bytes) {
        return findAll(Input.of(bytes));
    }

    default List<Match> findAll(CharSequence text) {
        return findAll(Input.of(text));
    }

    default List<Match> findAll(ByteBuffer buffer) {
        return findAll(Input.of(buffer));
    }

    default List<Match> findAll(MemorySegment segment) {
        return findAll(Input.of(segment));
    }

    default List<Match> findAll(Path file) {
        try (Input in = Input.map(file)) {
            return findAll(in);
        }
    }

    default long count(byte[] bytes) {
        return count(Input.of(bytes));
    }

    default long count(CharSequence text) {
        return count(Input.of(text));
    }

    default long count(ByteBuffer buffer) {
        return count(Input.of(buffer));
    }

    default long count(MemorySegment segment) {
        return count(Input.of(segment));
    }

    default long count(Path file) {
        try (Input in = Input.map(file)) {
            return count(in);
        }
    }

    default boolean scan(byte[] bytes, MatchSink sink) {
        return scan(Input.of(bytes), sink);
    }

    default boolean scan(CharSequence text, MatchSink sink) {
        return scan(Input.of(text), sink);
    }

    default boolean scan(ByteBuffer buffer, MatchSink sink) {
        return scan(Input.of(buffer), sink);
    }

    default boolean scan(MemorySegment segment, MatchSink sink) {
        return scan(Input.of(segment), sink);
    }

    default boolean scan(Path file, MatchSink sink) {
        try (Input in = Input.map(file)) {
            return scan(in, sink);
        }
    }

    // ---- per record ----

    /** Whether each record holds a match: {@code [i]} for record {@code i}. */
    default boolean[] anyMatch(Records records) {
        return anyMatch(records, new boolean[records.size()]);
    }

    /** {@link #anyMatch(Records)} into {@code out} (at least {@code records.size()} long), returned. */
    default boolean[] anyMatch(Records records, boolean[] out) {
        return recordScan().anyMatch(records, out);
    }

    /**
     * For each record, the id of the pattern whose match starts first in it, the lowest id among
     * those starting there; -1 for a record without a match.
     */
    default int[] firstMatch(Records records) {
        return firstMatch(records, new int[records.size()]);
    }

    /** {@link #firstMatch(Records)} into {@code out} (at least {@code records.size()} long), returned. */
    default int[] firstMatch(Records records, int[] out) {
        return recordScan().firstMatch(records, out);
    }

    /** For each record, the distinct ids of the patterns that match in it, ascending. */
    default RecordPatterns matchedPatterns(Records records) {
        return matchedPatterns(records, new int[records.size() + 1]);
    }

    /**
     * {@link #matchedPatterns(Records)} with the rows' offsets written to {@code offsets} (at least
     * {@code records.size() + 1} long), which the result wraps; its ids are a new array.
     */
    default RecordPatterns matchedPatterns(Records records, int[] offsets) {
        return recordScan().matchedPatterns(records, offsets);
    }

    /** The number of matches in each record (as {@link #count} on the record alone). */
    default long[] countPerRecord(Records records) {
        return countPerRecord(records, new long[records.size()]);
    }

    /** {@link #countPerRecord(Records)} into {@code out} (at least {@code records.size()} long), returned. */
    default long[] countPerRecord(Records records, long[] out) {
        return recordScan().countPerRecord(records, out);
    }

    /**
     * The records x patterns first-occurrence table: for record {@code r} and pattern {@code p},
     * the offset inside {@code r} where {@code p}'s first match starts (as {@link #scanRecords}
     * would report it first), or -1; dense for small tables and sparse for large ones
     * ({@link FirstOccurrences.Layout#AUTO}).
     *
     * <pre>{@code
     * FirstOccurrences first = m.firstOccurrence(lines);
     * long at = first.get(17, 2);          // where pattern 2 first starts in line 17, or -1
     * first.forEach((line, id, offset) -> System.out.println(line + ": " + id + " at " + offset));
     * }</pre>
     */
    default FirstOccurrences firstOccurrence(Records records) {
        return firstOccurrence(records, FirstOccurrences.Layout.AUTO);
    }

    /**
     * {@link #firstOccurrence(Records)} in the layout asked for.
     *
     * @throws TrawlException when {@link FirstOccurrences.Layout#DENSE} is asked for a table it cannot hold
     */
    default FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        return recordScan().firstOccurrence(records, patterns().size(), layout);
    }

    /**
     * Streams every match of every record to {@code sink}, ordered by record, then start, then
     * pattern id, with offsets inside the record.
     *
     * @return {@code true} when the scan ran to the end, {@code false} when the sink stopped it
     */
    default boolean scanRecords(Records records, RecordMatchSink sink) {
        return recordScan().scanRecords(records, sink);
    }

    /**
     * How this matcher's per-record operations run: by default the generic way over its own
     * {@link #scan}; an engine with record paths of its own returns its {@link RecordScan} here, once,
     * instead of overriding each operation.
     */
    default RecordScan recordScan() {
        return RecordScan.of(patterns(), (text, sink) -> scan(Input.of(text), sink));
    }
}
