package dev.trawl.engine.cpu;

import dev.trawl.engine.NamedEngine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.scan.RangeSearcher;
import java.util.function.Function;

/**
 * A literal engine whose whole algorithm is a {@link RangeSearcher}: {@link CpuMatcher} gives it the
 * chunked, threaded scan, the counting and the record operations, so a subclass only names the
 * searcher it builds.
 */
abstract class SearcherEngine extends NamedEngine {
    private final Function<PatternSet, RangeSearcher> searcher;

    /** {@code searcher} builds the searcher over a set, shared by every thread of the matcher. */
    SearcherEngine(String name, String description, Function<PatternSet, RangeSearcher> searcher) {
        super(name, description);
        this.searcher = searcher;
    }

    @Override
    public final Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new CpuMatcher(name(), patterns, options, searcher.apply(patterns));
    }
}
