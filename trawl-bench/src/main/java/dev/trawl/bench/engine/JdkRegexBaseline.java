package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code base:jdk-regex}: the bench's stand-in for {@code cpu:jdk-regex} while that engine is not
 * registered. One {@link java.util.regex.Pattern} per literal (quoted) and a find loop that restarts one
 * past each match's start, so overlapping occurrences are all found: Trawl's contract, at the cost of
 * one pass over the text per pattern. Threads over chunks.
 */
public final class JdkRegexBaseline implements BenchEngine {
    public static final String NAME = "base:jdk-regex";
    private final String note;

    public JdkRegexBaseline(String note) {
        this.note = note;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String kind() {
        return "baseline";
    }

    @Override
    public String note() {
        return note;
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return problem.kind() == Problem.Kind.LITERALS ? Optional.empty() : Optional.of("takes literals only");
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        Pattern[] patterns = new Pattern[problem.size()];
        for (int i = 0; i < patterns.length; i++) {
            patterns[i] = Pattern.compile(problem.patterns().get(i), Pattern.LITERAL);
        }
        return new ChunkedCompiled<Matcher[]>(threads) {
            @Override
            protected Matcher[] newWorker() {
                Matcher[] m = new Matcher[patterns.length];
                for (int i = 0; i < m.length; i++) {
                    m[i] = patterns[i].matcher("");
                }
                return m;
            }

            @Override
            protected void scan(Matcher[] matchers, Workload w, Chunk c, Hits hits) {
                String s = w.chunkString(c.index());
                long base = c.from();
                for (int id = 0; id < matchers.length; id++) {
                    Matcher m = matchers[id].reset(s);
                    int from = 0;
                    while (from < s.length() && m.find(from)) {
                        hits.hit(id, base + m.end());
                        from = m.start() + 1;
                    }
                }
            }
        };
    }
}
