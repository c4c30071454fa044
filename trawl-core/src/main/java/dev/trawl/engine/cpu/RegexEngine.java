package dev.trawl.engine.cpu;

import dev.trawl.engine.NamedEngine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import java.util.function.Function;

/**
 * A regex engine on {@link RegexMatcher}: literals on Aho-Corasick, regexes on the scanners a subclass
 * names, merged in order. Subclasses differ only in those scanners.
 */
abstract class RegexEngine extends NamedEngine {
    private final Function<PatternSet, RegexMatcher.Scanners> scanners;

    /**
     * {@code scanners} gives the scanners for the regexes of a set (called once per compile, when the
     * set has regexes).
     */
    RegexEngine(String name, String description, Function<PatternSet, RegexMatcher.Scanners> scanners) {
        super(name, description);
        this.scanners = scanners;
    }

    @Override
    public final boolean supportsRegex() {
        return true;
    }

    @Override
    public final Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new RegexMatcher(name(), patterns, options, scanners);
    }
}
