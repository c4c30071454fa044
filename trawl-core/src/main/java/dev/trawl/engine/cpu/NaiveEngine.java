package dev.trawl.engine.cpu;

import dev.trawl.scan.RangeSearcher;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code cpu:naive}, the oracle every other engine is tested against: at each start position, try
 * every pattern in id order, byte by byte. O(text x patterns x length); no cleverness on purpose, so
 * that it is obviously right. Reports in order without sorting.
 */
public final class NaiveEngine extends SearcherEngine {
    public static final String NAME = "cpu:naive";

    public NaiveEngine() {
        super(NAME, "the test oracle: every pattern tried at every position (slow, obviously correct)", Searcher::new);
    }

    private static final class Searcher implements RangeSearcher {
        private final PatternSet patterns;
        private final byte[] fold;

        Searcher(PatternSet patterns) {
            this.patterns = patterns;
            this.fold = AsciiCase.table(patterns.caseInsensitive());
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            long size = text.byteSize();
            for (long i = from; i < to; i++) {
                for (int id = 0; id < patterns.size(); id++) {
                    byte[] p = patterns.bytes(id);
                    if (i + p.length <= size && matchesAt(text, i, p) && !sink.onMatch(id, i, i + p.length)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean matchesAt(MemorySegment text, long at, byte[] p) {
            for (int k = 0; k < p.length; k++) {
                if (fold[text.get(ValueLayout.JAVA_BYTE, at + k) & 0xFF] != fold[p[k] & 0xFF]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean reportsInOrder() {
            return true;
        }
    }
}
