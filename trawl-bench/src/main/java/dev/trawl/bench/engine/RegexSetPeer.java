package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/**
 * A set of regexes tested row by row, one regex at a time, the way a log column is filtered with
 * {@code contains_re} (the GPU regex write-up's reference): java.util.regex ({@code base:java.util.regex},
 * the experiment's baseline) or RE2/J ({@code peer:re2j}). For each regex, a find loop over the chunk that,
 * after a match, jumps to the next line: each (line, regex) pair is reported at most once. {@code .} never
 * crosses a newline (UNIX_LINES for java.util.regex), so a match never spans two rows.
 */
public final class RegexSetPeer extends PeerEngine {
    private final boolean re2j;

    private RegexSetPeer(boolean re2j) {
        super(re2j ? "peer:re2j" : "base:java.util.regex");
        this.re2j = re2j;
    }

    public static RegexSetPeer jdk() {
        return new RegexSetPeer(false);
    }

    public static RegexSetPeer re2j() {
        return new RegexSetPeer(true);
    }

    @Override
    public String kind() {
        return re2j ? "peer" : "baseline";
    }

    @Override
    public String note() {
        return "one regex at a time, find loop per chunk";
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return problem.kind() == Problem.Kind.REGEXES ? Optional.empty() : Optional.of("takes regexes only");
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        int n = problem.size();
        if (re2j) {
            com.google.re2j.Pattern[] ps = new com.google.re2j.Pattern[n];
            for (int i = 0; i < n; i++) {
                ps[i] = com.google.re2j.Pattern.compile(problem.patterns().get(i));
            }
            return ChunkedCompiled.stateless(threads, (w, c, hits) -> {
                String s = w.chunkString(c.index());
                for (int id = 0; id < n; id++) {
                    com.google.re2j.Matcher m = ps[id].matcher(s);
                    hitPerLine(s, id, c.from(), hits, m::find, m::end);
                }
            });
        }
        java.util.regex.Pattern[] ps = new java.util.regex.Pattern[n];
        for (int i = 0; i < n; i++) {
            ps[i] = java.util.regex.Pattern.compile(problem.patterns().get(i), java.util.regex.Pattern.UNIX_LINES);
        }
        return new ChunkedCompiled<java.util.regex.Matcher[]>(threads) {
            @Override
            protected java.util.regex.Matcher[] newWorker() {
                java.util.regex.Matcher[] m = new java.util.regex.Matcher[n];
                for (int i = 0; i < n; i++) {
                    m[i] = ps[i].matcher("");
                }
                return m;
            }

            @Override
            protected void scan(java.util.regex.Matcher[] matchers, Workload w, Chunk c, Hits hits) {
                String s = w.chunkString(c.index());
                for (int id = 0; id < n; id++) {
                    java.util.regex.Matcher m = matchers[id].reset(s);
                    hitPerLine(s, id, c.from(), hits, m::find, m::end);
                }
            }
        };
    }

    /**
     * Reports regex {@code id} at most once per line of {@code s} (a chunk starting at {@code base}):
     * {@code find(from)} searches from an index, {@code end} is where its match ended, and after a
     * match the search goes on at the next line.
     */
    private static void hitPerLine(String s, int id, long base, Hits hits, IntPredicate find, IntSupplier end) {
        int from = 0;
        while (from < s.length() && find.test(from)) {
            hits.hit(id, base + end.getAsInt());
            from = ChunkLines.nextLine(s, end.getAsInt());
        }
    }
}
