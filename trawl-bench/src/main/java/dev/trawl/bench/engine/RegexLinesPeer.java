package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code peer:java.util.regex-lines}: a regex set answered line by line with java.util.regex, one
 * {@code Pattern} per regex ({@code UNIX_LINES}, so {@code .} stops only at {@code '\n'}, as Trawl's
 * and Hyperscan's do). Each line is a {@linkplain Matcher#region region} of its chunk's string (with
 * the default opaque, anchoring bounds a region is searched as if it were the whole input), the chunk
 * decoded as Latin-1 in the timed run: at this peer's speed the decoding is noise, and strings for
 * every line of 50 million would not fit the heap. For {@link #anyMatch()} a line's regexes are tried
 * in turn until one finds; for {@link #firstMatch()} each regex's first {@code find()} (its leftmost
 * start) is taken and the least (start, id) kept. What a Java service without a multi-pattern engine
 * writes; takes regexes only (literal sets have {@code cpu:jdk-regex}).
 */
public final class RegexLinesPeer extends PeerEngine {
    private final boolean first;

    private RegexLinesPeer(boolean first) {
        super("peer:java.util.regex-lines");
        this.first = first;
    }

    public static RegexLinesPeer anyMatch() {
        return new RegexLinesPeer(false);
    }

    public static RegexLinesPeer firstMatch() {
        return new RegexLinesPeer(true);
    }

    @Override
    public String note() {
        return "one Pattern per regex, line by line" + (first ? ", least (start, id)" : ", until one finds");
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return problem.kind() == Problem.Kind.REGEXES ? Optional.empty()
                : Optional.of("takes regexes only (literals: cpu:jdk-regex)");
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        int n = problem.size();
        Pattern[] ps = new Pattern[n];
        for (int i = 0; i < n; i++) {
            ps[i] = Pattern.compile(problem.patterns().get(i), Pattern.UNIX_LINES);
        }
        return new ChunkedCompiled<Matcher[]>(threads) {
            @Override
            protected Matcher[] newWorker() {
                Matcher[] m = new Matcher[n];
                for (int i = 0; i < n; i++) {
                    m[i] = ps[i].matcher("");
                }
                return m;
            }

            @Override
            protected Digest reduce(Matcher[] m, Workload w, Chunk c, Reduction r) {
                int lines = c.endLine() - c.firstLine();
                String text = new String(w.text().asSlice(c.from(), c.length()).toArray(ValueLayout.JAVA_BYTE),
                        StandardCharsets.ISO_8859_1);
                for (Matcher x : m) {
                    x.reset(text);
                }
                int[] bounds = new int[lines + 1]; // line i: [bounds[i], bounds[i + 1]), less its '\n'
                for (int i = 0; i <= lines; i++) {
                    bounds[i] = (int) (w.lineStart(c.firstLine() + i) - c.from());
                }
                if (r instanceof Reduction.FirstMatchPerLine && first) {
                    int[] ids = new int[lines];
                    for (int i = 0; i < lines; i++) {
                        ids[i] = firstMatch(m, bounds[i], lineEnd(text, bounds[i + 1]));
                    }
                    return Reduction.FirstMatchPerLine.digest(lines, c.firstLine(), i -> ids[i]);
                }
                if (r instanceof Reduction.MatchingLines) {
                    boolean[] hit = new boolean[lines];
                    for (int i = 0; i < lines; i++) {
                        hit[i] = anyMatch(m, bounds[i], lineEnd(text, bounds[i + 1]));
                    }
                    return Reduction.MatchingLines.digest(lines, c.firstLine(), i -> hit[i]);
                }
                throw new UnsupportedOperationException(name() + " (" + (first ? "firstMatch" : "anyMatch")
                        + ") does not answer " + r.label());
            }

            @Override
            protected void scan(Matcher[] m, Workload w, Chunk c, Hits hits) {
                throw new UnsupportedOperationException(name() + " answers per line, it reports no matches");
            }
        };
    }

    /** Where a line ends before its {@code '\n'}, given where the next one starts. */
    private static int lineEnd(String text, int next) {
        return next > 0 && text.charAt(next - 1) == '\n' ? next - 1 : next;
    }

    private static boolean anyMatch(Matcher[] m, int from, int to) {
        for (Matcher x : m) {
            if (x.region(from, to).find()) {
                return true;
            }
        }
        return false;
    }

    /** The id of the regex whose match starts first in the line (ties to the lowest id), or -1. */
    private static int firstMatch(Matcher[] m, int from, int to) {
        int best = -1;
        int bestStart = Integer.MAX_VALUE;
        for (int id = 0; id < m.length && bestStart > from; id++) {
            if (m[id].region(from, to).find() && m[id].start() < bestStart) {
                best = id;
                bestStart = m[id].start();
            }
        }
        return best;
    }
}
