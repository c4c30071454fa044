package dev.trawl.engine;

import dev.trawl.Matcher;
import dev.trawl.PatternSet;

/**
 * The engine name and the pattern set a matcher answers with, fixed when it is made (as
 * {@link NamedEngine} for engines): the base of the CPU and GPU matchers.
 */
public abstract class NamedMatcher implements Matcher {
    private final String engine;
    private final PatternSet patterns;

    protected NamedMatcher(String engine, PatternSet patterns) {
        this.engine = engine;
        this.patterns = patterns;
    }

    @Override
    public final String engine() {
        return engine;
    }

    @Override
    public final PatternSet patterns() {
        return patterns;
    }
}
