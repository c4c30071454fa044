package dev.trawl.engine.cpu;

import dev.trawl.scan.RangeSearcher;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The first-match primitive and the per-record modes built on it ({@code -l}, {@code -c}, matching
 * lines), for every CPU engine, against what the oracle's full match list implies.
 */
class RecordScanTest {

    private static List<String> engines() {
        List<String> names = new ArrayList<>();
        // Every CPU engine built on RangeSearcher (the regex engines have matchers of their own).
        for (Engine e : Engines.all()) {
            if (e.name().startsWith("cpu:")
                    && Trawl.compile(PatternSet.of("x"), MatcherOptions.defaults().withEngine(e.name())) instanceof CpuMatcher) {
                names.add(e.name());
            }
        }
        return names;
    }

    /** Records [start, end) holding a match that contains no separator, from the oracle's matches. */
    private static List<long[]> expectedRecords(List<Match> matches, byte[] text, byte sep) {
        TreeSet<Long> starts = new TreeSet<>();
        for (Match m : matches) {
            boolean spans = false;
            for (long i = m.start(); i < m.end(); i++) {
                spans |= text[(int) i] == sep;
            }
            if (!spans) {
                long s = m.start();
                while (s > 0 && text[(int) s - 1] != sep) {
                    s--;
                }
                starts.add(s);
            }
        }
        List<long[]> out = new ArrayList<>();
        for (long s : starts) {
            long e = s;
            while (e < text.length && text[(int) e] != sep) {
                e++;
            }
            out.add(new long[] {s, e});
        }
        return out;
    }

    @Test
    void recordsAndFirstMatchAgreeWithTheOracle() {
        Random r = new Random(321);
        for (String engine : engines()) {
            for (int i = 0; i < 300; i++) {
                byte[] alpha = r.nextBoolean() ? new byte[] {'a', 'b', '\n'} : new byte[] {'a', 'b', 'c', 'A', '\n', (byte) 0xC3};
                PatternSet ps = Differential.randomPatterns(r, alpha, 8, 5);
                byte[] text = Differential.randomBytes(r, alpha, r.nextInt(600));
                MatcherOptions o = MatcherOptions.defaults().withEngine(engine).withThreads(1 + r.nextInt(3))
                        .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(50));
                CpuMatcher m = (CpuMatcher) Trawl.compile(ps, o);
                List<Match> all = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
                String what = engine + " case " + i;
                assertEquals(!all.isEmpty(), m.anyMatch(Input.of(text)), what + ": any");
                List<long[]> expected = expectedRecords(all, text, (byte) '\n');
                List<long[]> actual = new ArrayList<>();
                m.scanMatchingRecords(Input.of(text), (byte) '\n', (s, e) -> actual.add(new long[] {s, e}));
                assertEquals(expected.size(), actual.size(), what + ": records");
                for (int k = 0; k < expected.size(); k++) {
                    assertEquals(expected.get(k)[0], actual.get(k)[0], what + ": record " + k + " start");
                    assertEquals(expected.get(k)[1], actual.get(k)[1], what + ": record " + k + " end");
                }
                assertEquals(expected.size(), m.countMatchingRecords(Input.of(text), (byte) '\n'), what + ": count");
                // The primitive itself, over a random range.
                int from = text.length == 0 ? 0 : r.nextInt(text.length);
                int limit = from + r.nextInt(text.length - from + 1);
                long best = -1;
                for (Match x : all) {
                    if (x.start() >= from && x.end() <= limit && (best < 0 || x.end() < best)) {
                        best = x.end();
                    }
                }
                RangeSearcher s = searcherOf(engine, ps);
                assertEquals(best, s.firstMatchEnd(MemorySegment.ofArray(text), from, limit), what + ": first in ["
                        + from + ", " + limit + ")");
            }
        }
    }

    @Test
    void iliadLinesNamingHeroes() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        List<Match> all = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME)).findAll(iliad);
        int expected = expectedRecords(all, iliad, (byte) '\n').size();
        for (int threads : new int[] {1, 3}) {
            CpuMatcher m = (CpuMatcher) Trawl.compile(ps,
                    MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(threads).withChunkBytes(10_000));
            assertEquals(expected, m.countMatchingRecords(Input.of(iliad), (byte) '\n'));
        }
        assertTrue(expected > 1000 && expected < all.size(), "lines " + expected + " of " + all.size() + " matches");
    }

    /**
     * Line counts over memory outside the heap, which the automaton's own record count walks a block
     * at a time: lines of the Iliad, near-miss lines that make a prefilter give up, and lines longer
     * than a block (with a match at their start, at their end, or none), against a line-by-line
     * search, for sets on each of the count's paths (a prefilter, long words, the plain walk).
     */
    @Test
    void lineCountsOverNativeMemoryAcrossBlocks() {
        Random r = new Random(77);
        byte[] iliad = TestData.iliadBytes();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int block = (int) AhoCorasickSearcher.BLOCK_BYTES;
        while (out.size() < 6 * block) {
            switch (r.nextInt(8)) {
                case 0 -> { // a line longer than a block, or than two
                    byte[] line = new byte[block / 2 + r.nextInt(3 * block)];
                    java.util.Arrays.fill(line, (byte) 'x');
                    String name = TestData.HERO_NAMES.get(r.nextInt(TestData.HERO_NAMES.size()));
                    int at = switch (r.nextInt(3)) {
                        case 0 -> 0;
                        case 1 -> line.length - name.length();
                        default -> -1;
                    };
                    if (at >= 0) {
                        System.arraycopy(name.getBytes(), 0, line, at, name.length());
                    }
                    out.writeBytes(line);
                    out.write('\n');
                }
                case 1 -> { // near misses of the names, thousands of them on a few lines
                    for (int k = 0; k < 2000; k++) {
                        out.writeBytes((k % 3 == 0 ? "Hecto Achille " : "Helle Hect ").getBytes());
                        if (k % 500 == 499) {
                            out.write('\n');
                        }
                    }
                }
                default -> {
                    int from = r.nextInt(iliad.length - 100_000);
                    out.write(iliad, from, 20_000 + r.nextInt(80_000));
                }
            }
        }
        if (r.nextBoolean()) {
            out.write('\n');
        }
        byte[] text = out.toByteArray();
        List<List<String>> sets = List.of(TestData.HERO_NAMES, TestData.dictionary(300),
                List.of("Agamemnon", "Patroclus", "Menelaus", "xxxxxxxxxxxxxxxxxxxxHector"));
        for (List<String> words : sets) {
            PatternSet ps = PatternSet.of(words);
            List<long[]> lines = new ArrayList<>();
            for (int s = 0, e; s < text.length; s = e + 1) {
                e = s;
                while (e < text.length && text[e] != '\n') {
                    e++;
                }
                String line = new String(text, s, e - s, java.nio.charset.StandardCharsets.ISO_8859_1);
                if (words.stream().anyMatch(line::contains)) {
                    lines.add(new long[] {s, e});
                }
            }
            long expected = lines.size();
            MemorySegment native_ = java.lang.foreign.Arena.ofAuto().allocate(text.length);
            MemorySegment.copy(MemorySegment.ofArray(text), 0, native_, 0, text.length);
            for (int threads : new int[] {1, 3}) {
                CpuMatcher m = (CpuMatcher) Trawl.compile(ps,
                        MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(threads));
                String what = words.size() + " words, " + threads + " threads";
                assertEquals(expected, m.countMatchingRecords(Input.of(native_), (byte) '\n'), what + ", native");
                assertEquals(expected, m.countMatchingRecords(Input.of(text), (byte) '\n'), what + ", heap");
                for (Input in : List.of(Input.of(native_), Input.of(text))) {
                    List<long[]> got = new ArrayList<>();
                    m.scanMatchingRecords(in, (byte) '\n', (s, e) -> got.add(new long[] {s, e}));
                    assertEquals(lines.size(), got.size(), what + ": records");
                    for (int k = 0; k < lines.size(); k++) {
                        assertArrayEquals(lines.get(k), got.get(k), what + ": record " + k);
                    }
                }
            }
            assertTrue(expected > 100, "lines " + expected);
        }
    }

    private static RangeSearcher searcherOf(String engine, PatternSet ps) {
        return switch (engine) {
            case AhoCorasickEngine.NAME -> AhoCorasickEngine.searcher(dev.trawl.automaton.AhoCorasickAutomaton.compile(ps));
            case NaiveEngine.NAME -> {
                // The oracle keeps RangeSearcher's default first-match scan.
                CpuMatcher m = (CpuMatcher) Trawl.compile(ps, Differential.oracleOptions());
                yield m.searcher();
            }
            default -> ((CpuMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine))).searcher();
        };
    }
}
