package dev.trawl;

/**
 * A pattern set, or one regex of it, is beyond a limit of the structure an engine builds from it:
 * table entries, automaton size, trie bytes, regex program instructions, GPU memory. The patterns
 * themselves are fine: a smaller set, or another engine, can take them (unlike a
 * {@link dev.trawl.regex.RegexSyntaxException}, which no engine takes). The message names the limit
 * and both numbers on one line; {@link #needed()} and {@link #limit()} give them to callers that
 * split the set or pick another engine.
 */
public final class PatternLimitException extends TrawlException {
    private static final long serialVersionUID = 1L;
    private final long needed;
    private final long limit;

    /**
     * @param message one line naming the structure, what it would need and the limit
     * @param needed what the set needs, in the limit's unit; a lower bound when the build stopped at the limit
     * @param limit the most that structure can hold
     */
    public PatternLimitException(String message, long needed, long limit) {
        super(message);
        this.needed = needed;
        this.limit = limit;
    }

    /** What the set needs, in the limit's unit; a lower bound where the build stopped on passing the limit. */
    public long needed() {
        return needed;
    }

    /** The most the structure can hold, in the same unit. */
    public long limit() {
        return limit;
    }
}
