package dev.trawl;

/**
 * The front door: compile a {@link PatternSet} into a {@link Matcher}.
 *
 * <pre>{@code
 * Matcher m = Trawl.compile(PatternSet.of("Achilles", "Hector"));
 * long n = m.count(Path.of("iliad.txt"));
 * }</pre>
 */
public final class Trawl {
    private Trawl() {}

    /** Compiles with {@link MatcherOptions#defaults()}: engine {@code auto}, all processors. */
    public static Matcher compile(PatternSet patterns) {
        return compile(patterns, MatcherOptions.defaults());
    }

    public static Matcher compile(PatternSet patterns, MatcherOptions options) {
        return Engines.get(options.engine(), patterns).compile(patterns, options);
    }
}
