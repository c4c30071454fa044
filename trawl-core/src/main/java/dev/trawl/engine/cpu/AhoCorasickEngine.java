package dev.trawl.engine.cpu;

import dev.trawl.Engine;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code cpu:aho-corasick}: one pass over the text through a full Aho-Corasick automaton (see
 * {@link AhoCorasickAutomaton} for the table layout). Cost: one table load per byte plus the matches;
 * memory near 100 bytes per pattern for large sets. Handles any set size; the default engine.
 */
public final class AhoCorasickEngine implements Engine {
    public static final String NAME = "cpu:aho-corasick";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Aho-Corasick automaton (dense rows near the root, sparse below), threads over chunks";
    }

    @Override
    public int autoPreference() {
        return 100;
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new CpuMatcher(NAME, patterns, options, new Searcher(AhoCorasickAutomaton.compile(patterns)));
    }

    /** The scan loop; package-visible so tests can run it over automata with tiny dense budgets. */
    static final class Searcher implements RangeSearcher {
        private final AhoCorasickAutomaton ac;
        private final int[] classOf;
        private final int[] dense;
        private final int denseCount;
        private final int classCount;
        private final int[] outIds;
        private final int[] lengths;

        Searcher(AhoCorasickAutomaton ac) {
            this.ac = ac;
            this.classOf = ac.classTable();
            this.dense = ac.dense();
            this.denseCount = ac.denseCount();
            this.classCount = ac.classCount();
            this.outIds = ac.outIds();
            this.lengths = ac.patternLengths();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            return run(text, from, to, sink) >= 0;
        }

        @Override
        public long count(MemorySegment text, long from, long to) {
            return run(text, from, to, null);
        }

        /** Counts (sink null) or reports; returns the count, or -1 when the sink stopped. */
        private long run(MemorySegment text, long from, long to, MatchSink sink) {
            if (ac.maxLength() == 0) {
                return 0;
            }
            long limit = Math.min(text.byteSize(), to + ac.maxLength() - 1);
            int[] classOf = this.classOf;
            int[] dense = this.dense;
            int denseCount = this.denseCount;
            int nc = this.classCount;
            long count = 0;
            int s = 0;
            for (long i = from; i < limit; i++) {
                int c = classOf[text.get(ValueLayout.JAVA_BYTE, i) & 0xFF];
                int v = s < denseCount ? dense[s * nc + c] : ac.step(s, c);
                s = v & AhoCorasickAutomaton.STATE_MASK;
                if (v < 0) {
                    long n = report(s, i + 1, to, sink);
                    if (n < 0) {
                        return -1;
                    }
                    count += n;
                }
            }
            return count;
        }

        /** Walks the state's output list and its dictionary links. */
        private long report(int state, long end, long to, MatchSink sink) {
            long n = 0;
            int i = ac.outStart(state);
            while (true) {
                int id = outIds[i];
                if (id >= 0) {
                    long start = end - lengths[id];
                    if (start < to) {
                        if (sink != null && !sink.onMatch(id, start, end)) {
                            return -1;
                        }
                        n++;
                    }
                    i++;
                } else if (id == -1) {
                    return n;
                } else {
                    i = -id - 2;
                }
            }
        }
    }
}
