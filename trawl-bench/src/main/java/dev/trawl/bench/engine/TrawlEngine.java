package dev.trawl.bench.engine;

import dev.trawl.Engine;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A registered Trawl engine ({@code cpu:*}, {@code gpu:*}) as a bench row, for literal sets, and for
 * regex sets where it {@linkplain Engine#supportsRegex() supports them}. It gets the whole run of
 * chunks at once and does its own threading: counts go through {@link Matcher#count} (its fastest
 * path), every match through {@link Matcher#scan}, and the per-line reductions through trawl-core's
 * record operations over the run's lines ({@link Workload#lines}, made once before timing):
 *
 * <table>
 *   <caption>Reduction and the record operation that answers it</caption>
 *   <tr><th>reduction</th><th>operation</th></tr>
 *   <tr><td>matching lines</td><td>{@link Matcher#anyMatch(Records)}</td></tr>
 *   <tr><td>first match per line</td><td>{@link Matcher#firstMatch(Records)}</td></tr>
 *   <tr><td>first-occurrence table</td><td>{@link Matcher#scanRecords}: a line's first match of each pattern</td></tr>
 *   <tr><td>(line, pattern) pairs</td><td>{@link Matcher#matchedPatterns(Records)}</td></tr>
 * </table>
 *
 * <p>Each answer is folded into the digest the reduction builds from a match stream (its static
 * {@code digest} and {@code item} methods), so the check against peers stays exact.
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
                int firstLine = chunks.getFirst().firstLine();
                return switch (r) {
                    case Reduction.AllMatches _ -> {
                        Reduction.Part part = r.part(w, from, to);
                        m.scan(Input.of(slice(w, from, to)), (id, start, end) -> {
                            part.hit(id, from + end);
                            return true;
                        });
                        yield part.digest();
                    }
                    case Reduction.MatchingLines _ -> {
                        boolean[] hit = m.anyMatch(w.lines(from, to));
                        yield Reduction.MatchingLines.digest(hit.length, firstLine, i -> hit[i]);
                    }
                    case Reduction.FirstMatchPerLine _ -> {
                        int[] first = m.firstMatch(w.lines(from, to));
                        yield Reduction.FirstMatchPerLine.digest(first.length, firstLine, i -> first[i]);
                    }
                    case Reduction.LinePatternPairs _ ->
                            Reduction.LinePatternPairs.digest(m.matchedPatterns(w.lines(from, to)), firstLine);
                    case Reduction.FirstOccurrence _ -> firstOccurrences(m, w.lines(from, to), firstLine, ps.size());
                };
            }

            @Override
            public void prepare(Workload w, List<Chunk> chunks, Reduction r) {
                if (r != null && !(r instanceof Reduction.AllMatches)) {
                    w.lines(chunks.getFirst().from(), chunks.getLast().to());
                }
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

    /**
     * The first-occurrence table's digest from {@link Matcher#scanRecords}, whose matches come by line,
     * then start: a (line, pattern) cell's first match is its first occurrence, so a stamp per pattern
     * (the line it was last seen in) tells new cells without a map.
     */
    private static Digest firstOccurrences(Matcher m, Records lines, int firstLine, int patterns) {
        int[] seenIn = new int[patterns];
        Arrays.fill(seenIn, -1);
        long[] cells = {0, 0}; // count, hash
        m.scanRecords(lines, (line, id, start, end) -> {
            if (seenIn[id] != line) {
                seenIn[id] = line;
                cells[0]++;
                cells[1] += Reduction.FirstOccurrence.item(id, firstLine + line, start);
            }
            return true;
        });
        return new Digest(cells[0], cells[1], cells[0]);
    }

    private static MemorySegment slice(Workload w, long from, long to) {
        return w.text().asSlice(from, to - from);
    }

    /** The problem as Trawl's engines take it: its literals as bytes, or its regexes. */
    public static PatternSet patternSet(Problem problem) {
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
