package dev.trawl.bench.engine;

import dev.trawl.Engine;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;

/**
 * A registered Trawl engine ({@code cpu:*}, {@code gpu:*}) as a bench row, for literal sets, and for
 * regex sets where it {@linkplain Engine#supportsRegex() supports them}. It gets the whole run of
 * chunks as one {@link Input} and does its own threading; counts go through {@link Matcher#count} (its
 * fastest path), reductions through {@link Matcher#scan}, whose in-order matches feed one part.
 */
public final class TrawlEngine implements BenchEngine {
    private final Engine engine;
    private final int fixedThreads;
    private final String note;

    public TrawlEngine(Engine engine) {
        this(engine, 0, "");
    }

    /** {@code fixedThreads} > 0 pins the thread count (the single-threaded baselines of the write-ups). */
    public TrawlEngine(Engine engine, int fixedThreads, String note) {
        this.engine = engine;
        this.fixedThreads = fixedThreads;
        this.note = note;
    }

    @Override
    public String name() {
        return engine.name();
    }

    @Override
    public String kind() {
        return "trawl";
    }

    @Override
    public String note() {
        return note;
    }

    @Override
    public int threads(int threads) {
        return fixedThreads > 0 ? fixedThreads : threads;
    }

    @Override
    public boolean ownThreading() {
        return true;
    }

    @Override
    public Optional<String> unavailable() {
        return engine.unavailableReason();
    }

    @Override
    public Optional<String> rejects(Problem problem) {
        if (problem.kind() == Problem.Kind.REGEXES && !engine.supportsRegex()) {
            return Optional.of("takes literals only");
        }
        return engine.rejects(patternSet(problem));
    }

    @Override
    public Compiled compile(Problem problem, int threads) {
        PatternSet ps = patternSet(problem);
        Matcher m = engine.compile(ps, MatcherOptions.defaults().withEngine(engine.name()).withThreads(threads(threads)));
        return new Compiled() {
            @Override
            public Digest run(Workload w, List<Chunk> chunks, Reduction r) {
                long from = chunks.getFirst().from();
                long to = chunks.getLast().to();
                Reduction.Part part = r.part(w, from, to);
                m.scan(Input.of(slice(w, from, to)), (id, start, end) -> {
                    part.hit(id, from + end);
                    return true;
                });
                return part.digest();
            }

            @Override
            public long count(Workload w, List<Chunk> chunks) {
                return m.count(Input.of(slice(w, chunks.getFirst().from(), chunks.getLast().to())));
            }

            @Override
            public boolean fastCount() {
                return true;
            }
        };
    }

    private static MemorySegment slice(Workload w, long from, long to) {
        return w.text().asSlice(from, to - from);
    }

    private static PatternSet patternSet(Problem problem) {
        PatternSet.Builder b = PatternSet.builder();
        for (int i = 0; i < problem.size(); i++) {
            if (problem.kind() == Problem.Kind.REGEXES) {
                b.addRegex(problem.patterns().get(i));
            } else {
                b.add(problem.bytes(i));
            }
        }
        return b.build();
    }
}
