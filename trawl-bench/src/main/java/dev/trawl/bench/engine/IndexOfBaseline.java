package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.util.List;
import java.util.Optional;

/**
 * {@code base:index-of}: seed 002's CPU baseline, {@code strstr} for every (record, pattern), as
 * {@link String#indexOf(String)} on one thread, standing in for {@code cpu:index-of} while that engine is
 * not registered. For the first-occurrence table it stops at each pattern's first occurrence in a record,
 * as the seed did; for anything else it reports every occurrence. Records are lines.
 */
public final class IndexOfBaseline implements BenchEngine {
    public static final String NAME = "base:index-of";
    private final String note;

    public IndexOfBaseline(String note) {
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
    public int threads(int threads) {
        return 1;
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        return problem.kind() == Problem.Kind.LITERALS ? Optional.empty() : Optional.of("takes literals only");
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        String[] patterns = problem.patterns().toArray(String[]::new);
        return new Compiled() {
            @Override
            public Digest run(Workload w, List<Chunk> chunks, Reduction r) {
                boolean firstOnly = r instanceof Reduction.FirstOccurrence;
                Digest total = Digest.EMPTY;
                for (Chunk c : chunks) {
                    Reduction.Part part = r.part(w, c.from(), c.to());
                    scan(w, c, part, firstOnly);
                    total = total.plus(part.digest());
                }
                return total;
            }

            private void scan(Workload w, Chunk c, Hits hits, boolean firstOnly) {
                for (int line = c.firstLine(); line < c.endLine(); line++) {
                    String record = w.lineString(line);
                    long base = w.lineStart(line);
                    for (int id = 0; id < patterns.length; id++) {
                        String p = patterns[id];
                        for (int at = record.indexOf(p); at >= 0; at = firstOnly ? -1 : record.indexOf(p, at + 1)) {
                            hits.hit(id, base + at + p.length());
                        }
                    }
                }
            }
        };
    }
}
