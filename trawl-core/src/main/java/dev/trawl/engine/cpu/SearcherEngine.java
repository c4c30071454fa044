package dev.trawl.engine.cpu;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.scan.RangeSearcher;

/**
 * A literal engine whose whole algorithm is a {@link RangeSearcher}: {@link CpuMatcher} gives it the
 * chunked, threaded scan, the counting and the record operations, so a subclass only builds its searcher.
 */
abstract class SearcherEngine extends NamedEngine {
    SearcherEngine(String name, String description) {
        super(name, description);
    }

    /** The searcher over {@code patterns}, shared by every thread of the matcher. */
    abstract RangeSearcher searcher(PatternSet patterns);

    @Override
    public final Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new CpuMatcher(name(), patterns, options, searcher(patterns));
    }
}
