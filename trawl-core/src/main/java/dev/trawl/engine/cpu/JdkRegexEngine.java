package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.Latin1View;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RangeBytes;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * {@code cpu:jdk-regex}: the regular-expression baseline ({@code std::regex}) of the C++ AMP PFAC
 * write-up and of the GPU log-classification papers, on {@code java.util.regex}. Kept to be measured
 * against, not to be used.
 *
 * <p><b>Algorithm.</b> Each pattern is compiled on its own as a quoted literal
 * ({@link Pattern#quote}), with {@link Pattern#CASE_INSENSITIVE} and without {@code UNICODE_CASE}
 * for the ASCII-only folding. The text is seen through a {@link Latin1View} (byte {@code i} is char
 * {@code i}), and each pattern's matcher is re-run with {@code find(start + 1)} after every hit, which
 * is what it takes to get overlapping matches out of a regex engine. One alternation of all patterns
 * would be those write-ups' setup, but a backtracking alternation reports only the first alternative
 * that matches at a position and then skips past it, so it cannot give every pattern at every position;
 * re-trying each pattern at each of its positions is the honest way to meet the contract with it.
 *
 * <p><b>Cost.</b> O(patterns x text) scans (the JDK's Boyer-Moore prefilter helps case-sensitive
 * literals of four chars or more), plus one sorted buffer of the range's matches. Ranges run on
 * {@code --threads} threads through {@link ChunkedScan}. <b>Limits:</b> none on set size beyond
 * time: 100,000 patterns take one regex each.
 */
public final class JdkRegexEngine extends SearcherEngine {
    public static final String NAME = "cpu:jdk-regex";

    public JdkRegexEngine() {
        super(NAME, "baseline: java.util.regex, one quoted-literal regex per pattern, re-searched for overlaps",
                Searcher::new);
    }

    private static final class Searcher implements RangeSearcher {
        private final Pattern[] regexes;
        private final int maxLength;

        Searcher(PatternSet patterns) {
            int flags = patterns.caseInsensitive() ? Pattern.CASE_INSENSITIVE : 0;
            regexes = new Pattern[patterns.size()];
            for (int id = 0; id < regexes.length; id++) {
                String latin1 = new String(patterns.bytes(id), StandardCharsets.ISO_8859_1);
                regexes[id] = Pattern.compile(Pattern.quote(latin1), flags);
            }
            maxLength = patterns.maxLength();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            long end = RangeBytes.readEnd(text, to, maxLength);
            Latin1View view = new Latin1View(text, from, Math.toIntExact(end - from));
            int starts = (int) (to - from);
            java.util.regex.Matcher m = null;
            for (int id = 0; id < regexes.length; id++) {
                m = m == null ? regexes[id].matcher(view) : m.usePattern(regexes[id]);
                int at = 0;
                while (at < starts && m.find(at)) {
                    int s = m.start();
                    if (s >= starts) {
                        break;
                    }
                    if (!sink.onMatch(id, from + s, from + m.end())) {
                        return false;
                    }
                    at = s + 1;
                }
            }
            return true;
        }
    }
}
