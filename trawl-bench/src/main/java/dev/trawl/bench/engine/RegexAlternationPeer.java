package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code peer:java.util.regex-alternation}: what a Java user writes first for a regex set, one
 * {@link Pattern} of all the regexes as alternatives {@code (r1)|(r2)|...} ({@code UNIX_LINES}, so
 * {@code .} never crosses a row), and a find loop per chunk that, after a match, jumps to the next line.
 * The alternation is leftmost-first: for each line it tells the first regex (in set order) matching at
 * the leftmost position where any does, not every regex that matches in the line. So it reports at most
 * one (line, regex) pair per line, and the harness checks it on the set of matching lines, which every
 * other row also produces. The groups capture only so that the matching alternative (the first group
 * set) names the regex; the regexes themselves hold no groups ({@link RegexSyntax} escapes brackets).
 * The literal sets' alternation row is {@link AlternationPeer}.
 */
public final class RegexAlternationPeer extends PeerEngine {
    public static final String NAME = "peer:java.util.regex-alternation";

    public RegexAlternationPeer() {
        super(NAME);
    }

    @Override
    public Semantics semantics() {
        return Semantics.LEFTMOST_FIRST;
    }

    @Override
    public String note() {
        return "one alternation (r1)|(r2)|... of all regexes, find loop per chunk, next line after a match: one"
                + " leftmost-first template per line, so checked on matching lines";
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return problem.kind() == Problem.Kind.REGEXES ? Optional.empty()
                : Optional.of("regex sets only; literal sets have peer:java.util.regex");
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        int n = problem.size();
        StringBuilder alt = new StringBuilder();
        for (int i = 0; i < n; i++) {
            alt.append(i == 0 ? "(" : "|(").append(problem.patterns().get(i)).append(')');
        }
        Pattern pattern = Pattern.compile(alt.toString(), Pattern.UNIX_LINES);
        if (pattern.matcher("").groupCount() != n) {
            throw new IllegalArgumentException("the regexes hold groups of their own: " + pattern.matcher("").groupCount()
                    + " groups for " + n + " regexes");
        }
        return new ChunkedCompiled<Matcher>(threads) {
            @Override
            protected Matcher newWorker() {
                return pattern.matcher("");
            }

            @Override
            protected void scan(Matcher matcher, Workload w, Chunk c, Hits hits) {
                String s = w.chunkString(c.index());
                Matcher m = matcher.reset(s);
                int from = 0;
                while (from < s.length() && m.find(from)) {
                    int g = 1;
                    while (m.start(g) < 0) {
                        g++;
                    }
                    hits.hit(g - 1, c.from() + m.end());
                    from = ChunkLines.nextLine(s, m.end());
                }
            }
        };
    }
}
