package dev.trawl;

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
     * The number of records (lines, for {@code '\n'}) holding at least one match that contains no
     * separator; byte offsets. This default walks the ordered match stream; engines that can stop a
     * record at its first match without materialising matches override it.
     */
    default long countMatchingRecords(Input input, byte separator) {
        MemorySegment text = input.segment();
        long size = text.byteSize();
        long[] state = {0, -1}; // records counted, end of the last counted record
        scan(Input.of(text), (id, start, end) -> {
            if (start <= state[1]) {
                return true; // this record is counted already
            }
            for (long i = start; i < end; i++) {
                if (text.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) == separator) {
                    return true; // spans records: counts for none
                }
            }
            long recordEnd = end;
            while (recordEnd < size && text.get(java.lang.foreign.ValueLayout.JAVA_BYTE, recordEnd) != separator) {
                recordEnd++;
            }
            state[0]++;
            state[1] = recordEnd;
            return true;
        });
        return state[0];
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
}
