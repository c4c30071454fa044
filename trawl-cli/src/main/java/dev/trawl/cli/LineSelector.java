package dev.trawl.cli;

import dev.trawl.Matcher;
import dev.trawl.Records;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Which lines of a batch grep would select: a line matches when the engine finds a match in it
 * that the {@code -w}/{@code -x} filters keep ({@link Patterns}), or when the empty pattern matches
 * it; {@code -v} selects the others. Lines are records searched one by one
 * ({@link Matcher#scanRecords}, {@link Matcher#anyMatch(Records, boolean[])}), so no match runs from
 * one line into the next. Shared by the threads that search files; holds no state of its own.
 */
final class LineSelector {
    private final Patterns patterns;
    private final Matcher matcher; // null when only the empty pattern was given
    private final WordRule words;
    private final boolean invert;

    LineSelector(Patterns patterns, Matcher matcher, WordRule words, boolean invert) {
        this.patterns = patterns;
        this.matcher = matcher;
        this.words = words;
        this.invert = invert;
    }

    boolean invert() {
        return invert;
    }

    /** Whether the matches must be filtered, so counting lines needs them one by one. */
    boolean filters() {
        return patterns.wordFilter || patterns.spanFilter || patterns.empty;
    }

    /**
     * Sets {@code selected[r]} for each record of {@code lines} grep selects and returns how many;
     * collects the kept matches into {@code matches} when it is not null. With
     * {@code firstOnly}, the answer need only say whether some line is selected.
     */
    int select(Records lines, boolean[] selected, Matches matches, boolean firstOnly) {
        int n = lines.size();
        Arrays.fill(selected, 0, n, false);
        boolean emptyMatchesAll = patterns.empty && !patterns.lineRegexp && !patterns.wordFilter;
        if (emptyMatchesAll && matches == null) {
            Arrays.fill(selected, 0, n, true);
        } else if (matcher != null) {
            boolean filtered = patterns.wordFilter || patterns.spanFilter;
            boolean stopEarly = firstOnly && !invert && !patterns.empty;
            if (matches == null && !filtered && !stopEarly) {
                matcher.anyMatch(lines, selected);
            } else {
                MemorySegment text = lines.data();
                matcher.scanRecords(lines, (r, id, s, e) -> {
                    if (filtered && !keep(lines, text, r, s, e)) {
                        return true;
                    }
                    selected[r] = true;
                    if (matches != null) {
                        matches.add(r, id, s, e);
                    }
                    return !stopEarly;
                });
            }
        }
        if (patterns.empty && !emptyMatchesAll) {
            MemorySegment text = lines.data();
            for (int r = 0; r < n; r++) {
                if (!selected[r]) {
                    selected[r] = emptyMatches(text, lines.start(r), lines.end(r));
                }
            }
        } else if (emptyMatchesAll) {
            Arrays.fill(selected, 0, n, true);
        }
        int count = 0;
        for (int r = 0; r < n; r++) {
            boolean s = selected[r] != invert;
            selected[r] = s;
            count += s ? 1 : 0;
        }
        return count;
    }

    /** The kept matches of one line on its own (a context line outside the batch whose matches are wanted for colour). */
    void matchesOf(MemorySegment line, Matches into) {
        into.clear();
        if (matcher == null || line.byteSize() == 0) {
            return;
        }
        try (Records one = Records.lines(line, false)) {
            MemorySegment text = one.data();
            boolean filtered = patterns.wordFilter || patterns.spanFilter;
            matcher.scanRecords(one, (r, id, s, e) -> {
                if (!filtered || keep(one, text, r, s, e)) {
                    into.add(r, id, s, e);
                }
                return true;
            });
        }
    }

    private boolean keep(Records lines, MemorySegment text, int r, long s, long e) {
        long ls = lines.start(r);
        long le = lines.end(r);
        if (patterns.spanFilter) {
            return s == 0 && ls + e == le;
        }
        return words.isWord(text, ls, le, ls + s, ls + e);
    }

    /** The empty pattern under -x (an empty line) or -w (an empty word: a gap between two non-word characters or edges). */
    private boolean emptyMatches(MemorySegment text, long ls, long le) {
        if (patterns.lineRegexp) {
            return ls == le;
        }
        for (long i = ls; i <= le; i++) {
            if (!words.wordBefore(text, ls, i) && !words.wordAt(text, i, le)) {
                return true;
            }
        }
        return false;
    }
}
