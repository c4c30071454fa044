package dev.trawl.engine;

import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.PatternSet;
import dev.trawl.RecordMatchSink;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;

/**
 * A set whose regexes are all choices between literal strings, searched by a literal engine's
 * matcher over the {@linkplain LiteralRegexPlan#literals() derived set} and filtered back to the
 * regex contract. It wraps whatever matcher the literal engine makes, CPU or GPU, which is why it
 * lives here and not in {@code engine.cpu}.
 *
 * <h2>The filter</h2>
 * Literal patterns pass through unchanged (every occurrence). For a regex with alternatives {@code
 * a1|a2|...}, {@code find()} takes, from where its last match ended, the leftmost start where some
 * alternative occurs, there the first alternative that does, and resumes at its end. The inner
 * stream holds every occurrence of every alternative ordered by (start, derived id), and derived ids
 * follow (original id, alternative index); so the first occurrence of a regex's alternatives seen
 * at a start is the one {@code find()} chooses there, and it is a match exactly when it starts at or
 * after where the regex's previous match ended. Each kept occurrence is reported with the original
 * pattern id.
 *
 * <h2>Order</h2>
 * Derived ids map to original ids without ever going down, so a stream ordered by (start, derived
 * id) is still ordered by (start, original id) once mapped, and a filter only removes elements. Two
 * kept matches never share a start and an original id: a literal pattern has one derived id, and a
 * regex's kept match moves its resume point past its start. So the output keeps the contract's order.
 *
 * <h2>Counts</h2>
 * When no two occurrences of one regex's alternatives can overlap ({@link LiteralRegexPlan#mayOverlap()}),
 * the filter drops nothing and {@link #count} is the inner matcher's count. Matching records
 * ({@link #countMatchingRecords}) are the inner matcher's then too, and also whenever no regex
 * alternative can hold the separator: every regex match then lies inside one record, and an
 * occurrence the filter drops overlaps a kept match of the same regex that starts no later and covers
 * the dropped one's start, so that kept match lies in the dropped one's record, which counts anyway.
 * Otherwise they go through the filter.
 *
 * <h2>Records</h2>
 * Per record, the inner matcher answers for the derived literals (each record searched alone) and
 * the filter runs afresh in each record: a regex's first choice in a record is never filtered, so a
 * record holds a match of a regex exactly when it holds an occurrence of one of its alternatives.
 * Hence {@link #anyMatch} is the inner one, {@link #firstMatch} and {@link #matchedPatterns} are
 * the inner ones with ids mapped back (ascending ids stay ascending), and only
 * {@link #countPerRecord} (when occurrences may overlap) and {@link #scanRecords} filter.
 */
public final class LiteralRegexMatcher implements Matcher {
    /** What {@link #engine()} adds to the literal engine's name. */
    public static final String SUFFIX = " (regexes as literals)";

    private final LiteralRegexPlan plan;
    private final Matcher literals;

    /** {@code literals} must be a matcher of {@code plan.literals()}. */
    public LiteralRegexMatcher(LiteralRegexPlan plan, Matcher literals) {
        if (literals.patterns().size() != plan.literals().size()) {
            throw new IllegalArgumentException("the literal matcher is not one of the plan's derived set");
        }
        this.plan = plan;
        this.literals = literals;
    }

    /** The literal engine's name plus {@value #SUFFIX}, e.g. {@code cpu:aho-corasick (regexes as literals)}. */
    @Override
    public String engine() {
        return literals.engine() + SUFFIX;
    }

    @Override
    public PatternSet patterns() {
        return plan.original();
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return literals.scan(input, new Filter(sink));
    }

    @Override
    public long count(Input input) {
        if (!plan.mayOverlap()) {
            return literals.count(input);
        }
        long[] n = {0};
        literals.scan(input, new Filter((id, s, e) -> {
            n[0]++;
            return true;
        }));
        return n[0];
    }

    @Override
    public long countMatchingRecords(Input input, byte separator) {
        if (plan.mayOverlap() && plan.regexAlternativesMayHold(separator)) {
            return Matcher.super.countMatchingRecords(input, separator);
        }
        return literals.countMatchingRecords(input, separator);
    }

    @Override
    public boolean[] anyMatch(Records records, boolean[] out) {
        return literals.anyMatch(records, out);
    }

    @Override
    public int[] firstMatch(Records records, int[] out) {
        literals.firstMatch(records, out);
        for (int i = 0; i < records.size(); i++) {
            if (out[i] >= 0) {
                out[i] = plan.patternOf(out[i]);
            }
        }
        return out;
    }

    @Override
    public RecordPatterns matchedPatterns(Records records, int[] offsets) {
        RecordPatterns derived = literals.matchedPatterns(records, offsets);
        int[] ids = derived.ids();
        int size = 0;
        int from = 0;
        for (int i = 0; i < records.size(); i++) {
            int to = offsets[i + 1];
            int rowStart = size;
            for (int k = from; k < to; k++) {
                int id = plan.patternOf(ids[k]);
                if (size == rowStart || ids[size - 1] != id) {
                    ids[size++] = id;
                }
            }
            offsets[i + 1] = size;
            from = to;
        }
        return new RecordPatterns(records.size(), offsets, java.util.Arrays.copyOf(ids, size));
    }

    @Override
    public long[] countPerRecord(Records records, long[] out) {
        if (!plan.mayOverlap()) {
            return literals.countPerRecord(records, out);
        }
        if (out.length < records.size()) {
            throw new IllegalArgumentException("countPerRecord: the array has " + out.length + " slots for "
                    + records.size() + " records");
        }
        java.util.Arrays.fill(out, 0, records.size(), 0);
        scanRecords(records, (r, id, s, e) -> {
            out[r]++;
            return true;
        });
        return out;
    }

    @Override
    public boolean scanRecords(Records records, RecordMatchSink sink) {
        Filter[] filter = {null};
        int[] current = {-1};
        return literals.scanRecords(records, (r, derivedId, s, e) -> {
            if (r != current[0]) {
                current[0] = r;
                filter[0] = new Filter((id, start, end) -> sink.onMatch(current[0], id, start, end));
            }
            return filter[0].onMatch(derivedId, s, e);
        });
    }

    /** One scan's filter: per regex, where its last match ended. */
    private final class Filter implements MatchSink {
        private final MatchSink out;
        private final long[] resume = new long[plan.regexCount()];

        Filter(MatchSink out) {
            this.out = out;
        }

        @Override
        public boolean onMatch(int derivedId, long start, long end) {
            int slot = plan.regexSlot(derivedId);
            if (slot >= 0) {
                if (start < resume[slot]) {
                    return true; // inside this regex's previous match, or not its first choice here
                }
                resume[slot] = end;
            }
            return out.onMatch(plan.patternOf(derivedId), start, end);
        }
    }
}
