package dev.trawl.regex;

import dev.trawl.TrawlException;

/**
 * A regular expression Trawl cannot compile: bad syntax, a construct it does not support
 * (backreferences, lookaround, possessive quantifiers, atomic groups), a repetition count above
 * {@link Parser#MAX_REPEAT}, or loops that can match empty nested too deep. No engine takes it. The
 * message names the construct and its position (a {@code char} index into the pattern). A set whose
 * program passes the size limit is a {@link dev.trawl.PatternLimitException} instead.
 */
public final class RegexSyntaxException extends TrawlException {
    private static final long serialVersionUID = 1L;
    private final String pattern;
    private final int index;

    public RegexSyntaxException(String problem, String pattern, int index) {
        super(problem + (index >= 0 ? " at position " + index : "") + " in regex '" + pattern + "'");
        this.pattern = pattern;
        this.index = index;
    }

    /** The regex as given. */
    public String pattern() {
        return pattern;
    }

    /** The {@code char} index of the problem in the pattern, or -1 when it concerns the whole pattern. */
    public int index() {
        return index;
    }
}
