package dev.trawl.engine.cpu;

import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.regex.RegexScanner;
import dev.trawl.regex.Text;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The matcher of the regex engines: the set's regexes go to a {@link RegexScanner} (one per scan),
 * its literals to an Aho-Corasick automaton, and the two ordered streams are merged. Literal matches
 * are found a window at a time just ahead of the regex matches, so memory stays bounded by the
 * matches of one window. Scans run on the calling thread (regex matches of one pattern depend on the
 * previous one's end, so chunks cannot simply be split across threads; records can, later).
 */
final class RegexMatcher implements Matcher {
    private static final long WINDOW = 1 << 20;

    private final String engine;
    private final PatternSet patterns;
    private final Supplier<RegexScanner> scanners;
    private final java.util.concurrent.ConcurrentLinkedQueue<RegexScanner> pool = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final AhoCorasickEngine.Searcher literals; // null when the set has no literal
    private final int[] literalIds; // literal-subset index -> pattern id
    private final int[] literalLengths;

    RegexMatcher(String engine, PatternSet patterns, java.util.function.Function<PatternSet, Supplier<RegexScanner>> scanner) {
        this.engine = engine;
        this.patterns = patterns;
        this.scanners = patterns.hasRegex() ? scanner.apply(patterns) : null;
        int nLit = patterns.size() - patterns.regexCount();
        if (nLit > 0) {
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(patterns.caseInsensitive());
            literalIds = new int[nLit];
            literalLengths = new int[nLit];
            int k = 0;
            for (int id = 0; id < patterns.size(); id++) {
                if (!patterns.isRegex(id)) {
                    b.add(patterns.bytes(id));
                    literalIds[k] = id;
                    literalLengths[k++] = patterns.length(id);
                }
            }
            literals = new AhoCorasickEngine.Searcher(AhoCorasickAutomaton.compile(b.build()));
        } else {
            literals = null;
            literalIds = null;
            literalLengths = null;
        }
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
        return run(input.segment(), input.translate(sink));
    }

    @Override
    public long count(Input input) {
        long[] n = new long[1];
        run(input.segment(), (id, s, e) -> {
            n[0]++;
            return true;
        });
        return n[0];
    }

    private boolean run(MemorySegment text, MatchSink sink) {
        LiteralStream lits = literals == null ? null : new LiteralStream(text);
        if (scanners != null) {
            MatchSink merged = lits == null ? sink : (id, s, e) -> lits.drainBefore(s, id, sink) && sink.onMatch(id, s, e);
            RegexScanner s = pool.poll();
            if (s == null) {
                s = scanners.get();
            }
            try {
                if (!s.scan(Text.of(text), merged)) {
                    return false;
                }
            } finally {
                pool.add(s); // keeps its DFA states warm for the next scan
            }
        }
        return lits == null || lits.drainBefore(Long.MAX_VALUE, Integer.MAX_VALUE, sink);
    }

    /** The literal matches in order, found a window of start positions at a time. */
    private final class LiteralStream {
        private final MemorySegment text;
        private long windowEnd; // starts below this are in the buffer or delivered
        private long[] packed = new long[64]; // start << 24 | subset index, sorted
        private int size;
        private int next;

        LiteralStream(MemorySegment text) {
            this.text = text;
            if (literalIds.length >= 1 << 24) {
                throw new dev.trawl.TrawlException("too many literal patterns beside regexes: " + literalIds.length);
            }
        }

        /** Delivers the literal matches ordered before (start, id); false when the sink stopped. */
        boolean drainBefore(long start, int id, MatchSink sink) {
            while (true) {
                while (next < size) {
                    long v = packed[next];
                    long s = v >>> 24;
                    int k = (int) (v & 0xFFFFFF);
                    int pid = literalIds[k];
                    if (s > start || (s == start && pid >= id)) {
                        return true;
                    }
                    next++;
                    if (!sink.onMatch(pid, s, s + literalLengths[k])) {
                        return false;
                    }
                }
                if (windowEnd >= text.byteSize() || windowEnd > start) {
                    return true;
                }
                fill();
            }
        }

        private void fill() {
            long from = windowEnd;
            long to = Math.min(text.byteSize(), from + WINDOW);
            size = 0;
            next = 0;
            literals.search(text, from, to, (k, s, e) -> {
                if (size == packed.length) {
                    packed = Arrays.copyOf(packed, size * 2);
                }
                packed[size++] = s << 24 | k;
                return true;
            });
            Arrays.sort(packed, 0, size);
            windowEnd = to;
        }
    }
}
