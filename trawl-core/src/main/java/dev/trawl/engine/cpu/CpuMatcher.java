package dev.trawl.engine.cpu;

import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;

/** The one {@link Matcher} every CPU engine returns: a {@link RangeSearcher} run by {@link ChunkedScan}. */
public final class CpuMatcher implements Matcher {
    private final String engine;
    private final PatternSet patterns;
    private final ChunkedScan scan;

    public CpuMatcher(String engine, PatternSet patterns, MatcherOptions options, RangeSearcher searcher) {
        this.engine = engine;
        this.patterns = patterns;
        int[] lengths = new int[patterns.size()];
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
        }
        this.scan = new ChunkedScan(searcher, lengths, options);
    }

    @Override
    public String engine() {
        return engine;
    }

    @Override
    public PatternSet patterns() {
        return patterns;
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return scan.scan(input.segment(), input.translate(sink));
    }

    @Override
    public long count(Input input) {
        return scan.count(input.segment());
    }
}
