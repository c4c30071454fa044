package dev.trawl.bench.engine;

import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Problem;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a Java user writes first for many literals: one alternation {@code (?:a|b|c)} and a find loop,
 * in java.util.regex ({@code peer:java.util.regex}) or RE2/J ({@code peer:re2j}). Matches are
 * non-overlapping and leftmost-first, so such rows are checked on matching lines where Trawl's
 * all-matches result differs. The matched text names the pattern (through a hash map).
 */
public final class AlternationPeer extends PeerEngine {
    /** Alternations past this size are not built: both libraries try alternatives one by one. */
    static final int MAX_PATTERNS = 20_000;

    private final boolean re2j;

    private AlternationPeer(boolean re2j) {
        super(re2j ? "peer:re2j" : "peer:java.util.regex");
        this.re2j = re2j;
    }

    public static AlternationPeer jdk() {
        return new AlternationPeer(false);
    }

    public static AlternationPeer re2j() {
        return new AlternationPeer(true);
    }

    @Override
    public Semantics semantics() {
        return Semantics.LEFTMOST_FIRST;
    }

    @Override
    public String note() {
        return "one alternation, find loop: non-overlapping leftmost-first matches";
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        if (problem.kind() != Problem.Kind.LITERALS) {
            return Optional.of("literal alternation; regex sets use the per-pattern rows");
        }
        if (problem.size() > MAX_PATTERNS) {
            return Optional.of("skipped: an alternation of " + problem.size() + " literals (limit " + MAX_PATTERNS + ")");
        }
        return Optional.empty();
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        StringBuilder alt = new StringBuilder("(?:");
        Map<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < problem.size(); i++) {
            String p = problem.patterns().get(i);
            alt.append(i == 0 ? "" : "|").append(RegexSyntax.literal(p, false));
            ids.putIfAbsent(p, i);
        }
        String regex = alt.append(')').toString();
        if (re2j) {
            com.google.re2j.Pattern pattern = com.google.re2j.Pattern.compile(regex);
            return ChunkedCompiled.stateless(threads, (w, c, hits) -> {
                com.google.re2j.Matcher m = pattern.matcher(w.chunkString(c.index()));
                while (m.find()) {
                    hits.hit(ids.get(m.group()), c.from() + m.end());
                }
            });
        }
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(regex);
        return ChunkedCompiled.stateless(threads, (w, c, hits) -> {
            java.util.regex.Matcher m = pattern.matcher(w.chunkString(c.index()));
            while (m.find()) {
                hits.hit(ids.get(m.group()), c.from() + m.end());
            }
        });
    }
}
