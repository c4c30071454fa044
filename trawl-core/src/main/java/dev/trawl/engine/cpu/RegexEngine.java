package dev.trawl.engine.cpu;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;

/**
 * A regex engine on {@link RegexMatcher}: literals on Aho-Corasick, regexes on the scanners a subclass
 * names, merged in order. Subclasses differ only in those scanners.
 */
abstract class RegexEngine extends NamedEngine {
    RegexEngine(String name, String description) {
        super(name, description);
    }

    /** The scanners for the regexes of {@code set} (called once per compile, when the set has regexes). */
    abstract RegexMatcher.Scanners scanners(PatternSet set);

    @Override
    public final boolean supportsRegex() {
        return true;
    }

    @Override
    public final Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new RegexMatcher(name(), patterns, options, this::scanners);
    }
}
