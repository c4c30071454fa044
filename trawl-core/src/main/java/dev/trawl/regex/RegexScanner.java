package dev.trawl.regex;

import dev.trawl.MatchSink;

/**
 * Finds the matches of every regex of a {@link Prog} in one text, each regex's the sequence
 * {@code Matcher.find()} gives, all of them delivered ordered by start, then pattern id. The
 * {@link Text}'s range is what the assertions see: a whole input, or one record. An instance holds
 * scratch state: one per scanning thread.
 */
public interface RegexScanner {
    /** @return {@code false} when the sink stopped the scan */
    boolean scan(Text text, MatchSink sink);
}
