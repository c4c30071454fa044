package dev.trawl.bench.engine;

import com.gliwka.hyperscan.wrapper.Database;
import com.gliwka.hyperscan.wrapper.Expression;
import com.gliwka.hyperscan.wrapper.ExpressionFlag;
import com.gliwka.hyperscan.wrapper.Match;
import com.gliwka.hyperscan.wrapper.Scanner;
import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * {@code peer:hyperscan-java}: Hyperscan through the {@code com.gliwka.hyperscan} wrapper, as its users
 * call it: {@code Scanner.scan(Database, String)} per chunk string, which encodes the string to UTF-8,
 * scans it and returns a {@code List<Match>} with char offsets. With many matches this measures the
 * wrapper (an upcall and an object per match), not Hyperscan: {@code peer:hyperscan} is the native row.
 * Literals are compiled as escaped regexes (this wrapper version has no literal API).
 */
public final class HyperscanJavaPeer extends PeerEngine {
    private static volatile Optional<String> unavailable;

    public HyperscanJavaPeer() {
        super("peer:hyperscan-java");
    }

    @Override
    public String note() {
        return "wrapper: List<Match> per chunk string; end offsets only";
    }

    @Override
    public Optional<String> unavailable() {
        Optional<String> u = unavailable;
        if (u == null) {
            try {
                u = Scanner.getIsValidPlatform() ? Optional.empty()
                        : Optional.of("hyperscan-java: this CPU is not supported");
            } catch (Throwable e) {
                u = Optional.of("hyperscan-java failed to load: " + e);
            }
            unavailable = u;
        }
        return u;
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return Optional.empty();
    }

    @Override
    public Compiled compile(Problem problem, int threads) throws Exception {
        List<Expression> exprs = new ArrayList<>(problem.size());
        for (int i = 0; i < problem.size(); i++) {
            String p = problem.patterns().get(i);
            String regex = problem.kind() == Problem.Kind.LITERALS ? RegexSyntax.literal(p, true)
                    : RegexSyntax.toUtf8Escapes(p);
            exprs.add(new Expression(regex, EnumSet.noneOf(ExpressionFlag.class), i));
        }
        Database db = Database.compile(exprs);
        return new ChunkedCompiled<Scanner>(threads) {
            @Override
            protected Scanner newWorker() {
                Scanner s = new Scanner();
                s.allocScratch(db);
                return s;
            }

            @Override
            protected void scan(Scanner scanner, Workload w, Chunk c, Hits hits) {
                long base = c.from() + 1; // getEndPosition() is the last char, inclusive
                for (Match m : scanner.scan(db, w.chunkString(c.index()))) {
                    hits.hit(m.getMatchedExpression().getId(), base + m.getEndPosition());
                }
            }

            @Override
            protected void closeWorker(Scanner s) {
                s.close();
            }

            @Override
            public void close() {
                super.close();
                db.close();
            }
        };
    }
}
