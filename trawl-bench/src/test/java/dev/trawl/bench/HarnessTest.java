package dev.trawl.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.harness.Row;
import dev.trawl.bench.harness.RunSettings;
import dev.trawl.bench.harness.Runner;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.engine.RegexSyntax;
import dev.trawl.bench.engine.TrawlEngine;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The harness pieces: sizes, workload cutting, reductions' independence of cuts and order, the cross-check. */
class HarnessTest {

    @Test
    void sizesParse() {
        assertEquals(64L << 20, Sizes.parse("64MiB"));
        assertEquals(1L << 30, Sizes.parse("1GiB"));
        assertEquals(256L << 10, Sizes.parse("256k"));
        assertEquals(4096, Sizes.parse("4096"));
        assertEquals(10L << 20, Sizes.parse("10MB"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("lots"));
        assertEquals(1_000_000, Sizes.parseCount("1M"));
        assertEquals("10K", Sizes.formatCount(10_000));
    }

    @Test
    void chunksCoverTheTextAtLineEnds() {
        byte[] text = randomLines(200_000, 1);
        try (Workload w = Workload.of("t", text, 5000, 2)) {
            long at = 0;
            for (Chunk c : w.chunks()) {
                assertEquals(at, c.from());
                assertTrue(c.to() == text.length || text[(int) c.to() - 1] == '\n', "chunk ends at a line end");
                at = c.to();
            }
            assertEquals(text.length, at);
            assertTrue(w.chunks().size() > 10);
            for (int probe : new int[] {0, 1, 777, text.length - 1}) {
                int line = w.lineOf(probe);
                assertTrue(w.lineStart(line) <= probe && probe < w.lineStart(line + 1));
            }
        }
    }

    /** Every reduction gives one digest for the same matches, whatever the cut and the order. */
    @Test
    void reductionsIgnoreCutsAndOrder() {
        byte[] text = randomLines(100_000, 2);
        int[] lengths = {2, 3, 5};
        List<long[]> hits = new ArrayList<>(); // (id, end)
        Random r = new Random(3);
        for (int i = 0; i < 20_000; i++) {
            int id = r.nextInt(lengths.length);
            int start = r.nextInt(text.length - 5);
            hits.add(new long[] {id, start + lengths[id]});
        }
        hits.removeIf(h -> crossesLine(text, h[1] - lengths[(int) h[0]], h[1]));
        List<Reduction> reductions = List.of(new Reduction.AllMatches(), new Reduction.MatchingLines(),
                new Reduction.FirstMatchPerLine(lengths), new Reduction.FirstOccurrence(lengths),
                new Reduction.LinePatternPairs(lengths.length));
        try (Workload whole = Workload.of("t", text, Long.MAX_VALUE / 4, 1);
                Workload cut = Workload.of("t", text, 3000, 1)) {
            for (Reduction red : reductions) {
                Digest a = feed(whole, red, hits);
                List<long[]> shuffled = new ArrayList<>(hits);
                Collections.shuffle(shuffled, new Random(4));
                Digest b = feed(cut, red, shuffled);
                assertTrue(a.sameAs(b), red.label() + ": " + a + " vs " + b);
                assertTrue(a.count() > 0);
                if (red instanceof Reduction.AllMatches) {
                    assertNotEquals(a, feed(whole, red, hits.subList(1, hits.size())), "a missing match shows");
                }
            }
        }
    }

    /**
     * Trawl's engines answer the per-line reductions with trawl-core's record operations; each gives
     * the digest the reduction builds from the same engine's match stream (how they were computed
     * before), over several runs of chunks, for literal sets (every reduction) and regex sets (the
     * reductions that need no literal lengths). Lines end in '\r' now and then and may be empty.
     */
    @Test
    void recordOperationsGiveTheMatchStreamsDigests() throws Exception {
        byte[] text = randomLines(200_000, 6);
        Random r = new Random(7);
        for (int i = 0; i < text.length; i += 1 + r.nextInt(300)) {
            if (text[i] == '\n' && i > 0) {
                text[i - 1] = r.nextBoolean() ? (byte) '\r' : (byte) '\n';
            }
        }
        Problem literals = Problem.literals(List.of("ab", "abc", "b", "cab", "ab", "dd\r", "acbd"), "overlapping");
        Problem regexes = Problem.regexes(List.of("ab.*c", "b+a", "c[ab]d", "(ab|ba)c", "d.*d.*a"), "template-like");
        int[] lengths = literals.lengths();
        List<Reduction> literalReductions = List.of(new Reduction.MatchingLines(), new Reduction.FirstMatchPerLine(lengths),
                new Reduction.FirstOccurrence(lengths), new Reduction.LinePatternPairs(literals.size()));
        List<Reduction> regexReductions = List.of(new Reduction.MatchingLines(),
                new Reduction.LinePatternPairs(regexes.size()));
        try (Workload w = Workload.of("t", text, 7000, 2)) {
            List<List<Chunk>> runs = List.of(w.chunks(), w.chunks().subList(3, 9), w.chunks().subList(0, 1));
            for (String engine : List.of("cpu:aho-corasick", "cpu:dfa", "cpu:index-of", "cpu:jdk-regex")) {
                expectStreamDigests(engine, literals, literalReductions, w, runs);
            }
            for (String engine : List.of("cpu:dfa", "cpu:pike")) {
                expectStreamDigests(engine, regexes, regexReductions, w, runs);
            }
        }
    }

    private static void expectStreamDigests(String engine, Problem p, List<Reduction> reductions, Workload w,
            List<List<Chunk>> runs) throws Exception {
        PatternSet ps = TrawlEngine.patternSet(p);
        Matcher m = Engines.get(engine, ps).compile(ps, MatcherOptions.defaults().withEngine(engine).withThreads(2));
        try (BenchEngine.Compiled c = new TrawlEngine(Engines.get(engine, ps)).compile(p, 2)) {
            for (List<Chunk> run : runs) {
                for (Reduction red : reductions) {
                    long from = run.getFirst().from();
                    Reduction.Part stream = red.part(w, from, run.getLast().to());
                    m.scan(Input.of(w.text().asSlice(from, run.getLast().to() - from)), (id, s, e) -> {
                        stream.hit(id, from + e);
                        return true;
                    });
                    Digest expected = stream.digest();
                    Digest got = c.run(w, run, red);
                    assertTrue(expected.count() > 0, engine + " " + red.label() + ": nothing found");
                    assertTrue(expected.sameAs(got), engine + " " + red.label() + " over chunks " + run.getFirst().index()
                            + ".." + run.getLast().index() + ": " + got + ", the match stream gives " + expected);
                }
            }
        }
    }

    /** A wrong engine is caught: its row says MISMATCH and the table does not pass. */
    @Test
    void crossCheckCatchesAWrongEngine() {
        byte[] text = "the cat sat on the mat\nthe dog\n".repeat(2000).getBytes(StandardCharsets.ISO_8859_1);
        try (Workload w = Workload.of("t", text, 4096, 2)) {
            Problem p = Problem.literals(List.of("the", "at"), "two");
            Spec spec = new Spec("t", w, p, null, List.of(fake("good", false), fake("bad", true)), null);
            List<Row> rows = new Runner(new RunSettings(2, 0, 1, 10, 60, new PrintStream(PrintStream.nullOutputStream())))
                    .measure(spec);
            assertEquals(Row.Status.OK, rows.get(0).status, rows.get(0).detail);
            assertEquals(Row.Status.MISMATCH, rows.get(1).status);
            assertEquals(12_000, rows.get(0).result); // per repeat: "the" 3 times, "at" 3 times (cat, sat, mat)
        }
    }

    /**
     * A baseline slow enough to be timed on a prefix: a fast engine timed on everything is checked over
     * that prefix rather than waiting for the baseline to cover the whole input, and its row says so.
     */
    @Test
    void fastEnginesAreCheckedOnASlowBaselinesPrefix() {
        byte[] text = "the cat sat on the mat\nthe dog\n".repeat(20_000).getBytes(StandardCharsets.ISO_8859_1);
        try (Workload w = Workload.of("t", text, 4096, 2)) {
            Problem p = Problem.literals(List.of("the", "at"), "two");
            Spec spec = new Spec("t", w, p, null, List.of(fake("slow", false, 10), fake("fast", false, 0)), null);
            List<Row> rows = new Runner(new RunSettings(2, 0, 1, 0.4, 60, new PrintStream(PrintStream.nullOutputStream())))
                    .measure(spec);
            assertEquals(Row.Status.OK, rows.get(0).status, rows.get(0).detail);
            assertTrue(rows.get(0).sampled, "the slow baseline is timed on a prefix");
            assertEquals(Row.Status.OK, rows.get(1).status, rows.get(1).detail);
            assertTrue(!rows.get(1).sampled && rows.get(1).checkedOn.startsWith("all matches on the first "),
                    rows.get(1).checkedOn);
        }
    }

    /** A peer that cannot compile the set gets a FAILED row saying why; the run goes on and passes. */
    @Test
    void aCompileFailureIsARow() {
        byte[] text = "the cat sat on the mat\n".repeat(100).getBytes(StandardCharsets.ISO_8859_1);
        try (Workload w = Workload.of("t", text, 4096, 2)) {
            BenchEngine failing = peer("failing", (problem, threads) -> {
                throw new IllegalStateException("hs_compile failed (-1): expression 7: too large");
            });
            Spec spec = new Spec("t", w, Problem.literals(List.of("the"), "one"), null,
                    List.of(fake("good", false), failing, fake("good2", false)), null);
            List<Row> rows = new Runner(new RunSettings(2, 0, 1, 10, 60, new PrintStream(PrintStream.nullOutputStream())))
                    .measure(spec);
            assertEquals(Row.Status.FAILED, rows.get(1).status);
            assertEquals("compile failed: IllegalStateException: hs_compile failed (-1): expression 7: too large",
                    rows.get(1).detail);
            assertEquals(Row.Status.OK, rows.get(2).status, rows.get(2).detail);
            assertTrue(new dev.trawl.bench.report.Table("t", spec, rows).passed());
        }
    }

    @Test
    void regexSyntaxEscapesEverythingButWordCharacters() {
        assertEquals("a\\x2eb\\x20c_1", RegexSyntax.literal("a.b c_1", false));
        assertEquals("\\xc3\\xa9", RegexSyntax.literal("\u00e9", true));
        assertEquals("\\xe9", RegexSyntax.literal("\u00e9", false));
        assertEquals("Served\\x20block\\x20blk_.*\\x20to\\x20\\x2f", RegexSyntax.template("<*>Served block blk_<*> to /<*>", false));
        String lit = "x+y (z)?";
        assertTrue(java.util.regex.Pattern.compile(RegexSyntax.literal(lit, false)).matcher("a " + lit).find());
        assertTrue(com.google.re2j.Pattern.compile(RegexSyntax.literal(lit, false)).matcher("a " + lit).find());
    }

    /** Reports "the" and "at" by scanning with indexOf; the bad one drops every tenth match. */
    private static BenchEngine fake(String name, boolean drop) {
        return fake(name, drop, 0);
    }

    /** As above, sleeping {@code sleepMs} per chunk. */
    private static BenchEngine fake(String name, boolean drop, int sleepMs) {
        return peer(name, (problem, threads) -> ChunkedCompiled.stateless(threads, (w, c, hits) -> {
            Thread.sleep(sleepMs);
            String s = w.chunkString(c.index());
            int n = 0;
            for (int id = 0; id < problem.size(); id++) {
                String p = problem.patterns().get(id);
                for (int at = s.indexOf(p); at >= 0; at = s.indexOf(p, at + 1)) {
                    if (!drop || ++n % 10 != 0) {
                        hits.hit(id, c.from() + at + p.length());
                    }
                }
            }
        }));
    }

    /** A peer of that name that takes every problem and compiles it with {@code compile}. */
    private static BenchEngine peer(String name, BiFunction<Problem, Integer, BenchEngine.Compiled> compile) {
        return new BenchEngine() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String kind() {
                return "peer";
            }

            @Override
            public Optional<String> rejects(Problem problem) {
                return Optional.empty();
            }

            @Override
            public Compiled compile(Problem problem, int threads) {
                return compile.apply(problem, threads);
            }
        };
    }

    private static Digest feed(Workload w, Reduction red, List<long[]> hits) {
        Digest total = Digest.EMPTY;
        for (Chunk c : w.chunks()) {
            Reduction.Part part = red.part(w, c.from(), c.to());
            for (long[] h : hits) {
                if (h[1] > c.from() && h[1] <= c.to()) {
                    part.hit((int) h[0], h[1]);
                }
            }
            total = total.plus(part.digest());
        }
        return total;
    }

    private static boolean crossesLine(byte[] text, long start, long end) {
        for (long i = start; i < end; i++) {
            if (text[(int) i] == '\n') {
                return true;
            }
        }
        return false;
    }

    private static byte[] randomLines(int n, long seed) {
        Random r = new Random(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextInt(40) == 0 ? (byte) '\n' : (byte) ('a' + r.nextInt(4));
        }
        b[n - 1] = '\n';
        return b;
    }
}
