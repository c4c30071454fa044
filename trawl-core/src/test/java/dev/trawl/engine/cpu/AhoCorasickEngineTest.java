package dev.trawl.engine.cpu;

import dev.trawl.scan.RangeSearcher;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.BlockGrams;
import dev.trawl.prefilter.Fdr;
import dev.trawl.prefilter.Fingerprint;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.prefilter.ScalarFingerprint;
import dev.trawl.prefilter.WuManber;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The paths of {@code cpu:aho-corasick} that the shared contract suite may not reach: sparse states
 * (tiny dense budgets, deep patterns), each prefilter forced on sets it would not choose, the switch
 * from a filter that does not pay to the plain walk, off-heap input (the copying window), and the
 * output buffer's fallback to a sort.
 */
class AhoCorasickEngineTest {

    /** Checks a searcher against the oracle: findAll, count, on heap and off heap, with varied chunking. */
    private static void check(String what, PatternSet ps, RangeSearcher searcher, byte[] text, Random r) {
        List<Match> expected = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
        MatcherOptions o = MatcherOptions.defaults().withThreads(1 + r.nextInt(3))
                .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(Math.max(1, text.length)));
        CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, o, searcher);
        assertEquals(expected, m.findAll(text), what + " (" + o + ")");
        assertEquals(expected.size(), m.count(text), what + ": count (" + o + ")");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment off = arena.allocate(Math.max(1, text.length)).asSlice(0, text.length);
            off.copyFrom(MemorySegment.ofArray(text));
            assertEquals(expected, m.findAll(Input.of(off)), what + ": off heap");
            assertEquals(expected.size(), m.count(Input.of(off)), what + ": off-heap count");
        }
    }

    @Test
    void tinyDenseBudgetsPutStatesInSparseRecords() {
        Random r = new Random(56);
        for (int i = 0; i < 400; i++) {
            byte[] alpha = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alpha, 30, 12);
            byte[] text = Differential.randomBytes(r, alpha, r.nextInt(3000));
            long budget = new long[] {1, 64, 400, 4000}[r.nextInt(4)];
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, budget);
            assertTrue(ac.denseCount() >= 1);
            check("case " + i + " budget " + budget, ps, AhoCorasickEngine.searcher(ac, null), text, r);
        }
    }

    @Test
    void deepPatternsWithManyChildren() {
        Random r = new Random(78);
        // Wide fan-out (every byte value) and deep chains, all beyond a one-state dense budget.
        PatternSet.Builder b = PatternSet.builder();
        for (int v = 0; v < 256; v++) {
            b.add(new byte[] {'q', (byte) v, (byte) v});
        }
        for (int k = 0; k < 20; k++) {
            b.add(Differential.randomBytes(r, new byte[] {'q', 'r', 's'}, 50 + r.nextInt(250)));
        }
        PatternSet ps = b.build();
        byte[] text = Differential.randomBytes(r, new byte[] {'q', 'r', 's', 0, (byte) 0xFF}, 20_000);
        for (int k = 0; k < 60; k++) {
            byte[] p = ps.bytes(r.nextInt(ps.size()));
            System.arraycopy(p, 0, text, r.nextInt(text.length - p.length), p.length);
        }
        for (long budget : new long[] {1, 1 << 12, AhoCorasickAutomaton.DENSE_BUDGET_BYTES}) {
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, budget);
            check("deep, budget " + budget, ps, AhoCorasickEngine.searcher(ac, null), text, r);
        }
    }

    @Test
    void everyPrefilterForcedOnRandomSets() {
        Random r = new Random(90);
        for (int i = 0; i < 300; i++) {
            byte[] alpha = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alpha, 20, 8);
            byte[] text = Differential.randomBytes(r, alpha, r.nextInt(2000));
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, r.nextBoolean() ? 64 : AhoCorasickAutomaton.DENSE_BUDGET_BYTES);
            int w = 1 + r.nextInt(Math.min(Fingerprint.MAX_WIDTH, ps.minLength()));
            Fingerprint fp = Fingerprint.of(ps, w);
            check("case " + i + " scalar", ps, AhoCorasickEngine.searcher(ac, new ScalarFingerprint(fp)), text, r);
            Prefilter chosen = Prefilters.choose(ps);
            if (chosen != null) {
                check("case " + i + " " + chosen.describe(), ps, AhoCorasickEngine.searcher(ac, chosen), text, r);
            }
        }
    }

    @Test
    void filterThatDoesNotPayGivesWayMidBlock() {
        Random r = new Random(11);
        for (int i = 0; i < 12; i++) {
            // Patterns whose fingerprints fire nearly everywhere in this text.
            byte[] alpha = {'a', 'b'};
            PatternSet ps = Differential.randomPatterns(r, alpha, 10, 5);
            byte[] text = Differential.randomBytes(r, alpha, 40_000 + r.nextInt(40_000));
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
            Prefilter f = new ScalarFingerprint(Fingerprint.of(ps, 1));
            check("dense " + i, ps, AhoCorasickEngine.searcher(ac, f), text, r);
            Prefilter chosen = Prefilters.choose(ps);
            if (chosen != null) {
                check("dense chosen " + i, ps, AhoCorasickEngine.searcher(ac, chosen), text, r);
            }
        }
    }

    /**
     * Counts over text outside the heap take the vector filter's candidates one at a time, then, where
     * they come densely, in runs of masks ({@link AhoCorasickSearcher#MASK_STEPS} steps a run): texts
     * of several runs, matches planted across the runs' and the chunks' edges, sparse and dense.
     */
    @Test
    void maskRunsCountEveryMatchOffHeap() {
        Random r = new Random(57);
        int run = AhoCorasickSearcher.MASK_STEPS * 64;
        byte[] alpha = "etaoin shrdlu\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < 6; i++) {
            // ASCII fingerprints (byte tables where the CPU has them), then one of 0x80 and up (nibbles).
            PatternSet ps = i < 3 ? PatternSet.of("error", "user", "block", "connection", "Failed")
                    : PatternSet.of("error", "user", "block", "connection", "Failed", "\u00e9t\u00e9");
            byte[] text = Differential.randomBytes(r, alpha, 2 * run + r.nextInt(2 * run));
            int planted = i % 2 == 0 ? 40 : 20_000;
            for (int k = 0; k < planted; k++) {
                byte[] p = ps.bytes(r.nextInt(ps.size()));
                int at = k < 16 ? Math.max(0, Math.min(text.length - p.length, (k / 4 + 1) * run - r.nextInt(p.length + 1)))
                        : r.nextInt(text.length - p.length);
                System.arraycopy(p, 0, text, at, p.length);
            }
            Prefilter chosen = Prefilters.choose(ps);
            if (Prefilters.vectorAvailable()) {
                assertTrue(chosen instanceof dev.trawl.prefilter.MaskingPrefilter, chosen.describe());
            }
            check("mask runs " + i, ps, AhoCorasickEngine.searcher(AhoCorasickAutomaton.compile(ps), chosen), text, r);
        }
    }

    /** The two filters for long patterns, Wu-Manber and block q-grams, on the same sets. */
    @Test
    void longPatternFiltersDriveTheAutomaton() {
        Random r = new Random(13);
        for (int i = 0; i < 60; i++) {
            byte[] alpha = r.nextBoolean() ? new byte[] {'a', 'b', 'c', 'A', ' '} : new byte[] {'x', (byte) 0x80, (byte) 0xE9, 'y'};
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
            int min = 8 + r.nextInt(12);
            for (int k = 0, n = 1 + r.nextInt(30); k < n; k++) {
                b.add(Differential.randomBytes(r, alpha, min + r.nextInt(10)));
            }
            PatternSet ps = b.build();
            byte[] text = plant(r, ps, alpha, 3_000 + r.nextInt(5_000));
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, r.nextBoolean() ? 200 : AhoCorasickAutomaton.DENSE_BUDGET_BYTES);
            check("case " + i, ps, AhoCorasickEngine.searcher(ac, WuManber.forPatterns(ps)), text, r);
            check("case " + i, ps, AhoCorasickEngine.searcher(ac, BlockGrams.forPatterns(ps)), text, r);
            Prefilter vector = vectorBlockGrams(ps);
            if (vector != null) {
                check("case " + i + " " + vector.describe(), ps, AhoCorasickEngine.searcher(ac, vector), text, r);
            }
        }
    }

    /** Block q-grams with eight looks a vector ({@code -Dtrawl.blockgrams=vector}), where this CPU has them. */
    private static Prefilter vectorBlockGrams(PatternSet ps) {
        String was = System.getProperty("trawl.blockgrams");
        System.setProperty("trawl.blockgrams", "vector");
        try {
            Prefilter f = Prefilters.blockGrams(ps);
            return f != null && f.describe().contains("a vector") ? f : null;
        } finally {
            if (was == null) {
                System.clearProperty("trawl.blockgrams");
            } else {
                System.setProperty("trawl.blockgrams", was);
            }
        }
    }

    /** The shift-or filter (either form) forced on sets of 100 to 5,000 mixed literals, chunked at random. */
    @Test
    void fdrDrivesTheAutomaton() {
        Random r = new Random(24);
        for (int i = 0; i < 25; i++) {
            byte[] alpha = Differential.smallAlphabet(r);
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
            for (int k = 100 + r.nextInt(4901); k > 0; k--) {
                int shape = r.nextInt(10);
                b.add(Differential.randomBytes(r, alpha, shape == 0 ? 1 + r.nextInt(3) : 4 + r.nextInt(shape < 5 ? 5 : 20)));
            }
            PatternSet ps = b.build();
            byte[] text = plant(r, ps, alpha, 2_000 + r.nextInt(6_000));
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, r.nextBoolean() ? 4000 : AhoCorasickAutomaton.DENSE_BUDGET_BYTES);
            Prefilter f = r.nextBoolean() ? Fdr.forPatterns(ps) : Fdr.narrow(ps);
            check("case " + i + " " + f.describe(), ps, AhoCorasickEngine.searcher(ac, f), text, r);
        }
    }

    @Test
    void longRunsOfOverlapsFallBackToOneSort() {
        // a, aa, ..., a^100 over a^3000: each end reports 100 matches that start before many buffered
        // ones, more than the buffer's insertion allows.
        List<String> ps = new ArrayList<>();
        for (int k = 1; k <= 100; k++) {
            ps.add("a".repeat(k));
        }
        byte[] text = new byte[3000];
        Arrays.fill(text, (byte) 'a');
        int n = Differential.check("a^k", PatternSet.of(ps), text,
                MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(2).withChunkBytes(700));
        assertEquals(100 * 3000 - 99 * 100 / 2, n);
    }

    @Test
    void aMillionWordsStayCompact() {
        PatternSet ps = PatternSet.of(TestData.words(1_000_000, 4));
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
        double perPattern = (double) ac.memoryBytes() / ps.size();
        assertTrue(perPattern < 150, "bytes per pattern: " + perPattern);
        // And it still finds every occurrence in a slice of English. The naive oracle would try a
        // million patterns per byte; a hash of the patterns answers the same question per substring.
        byte[] text = Arrays.copyOfRange(TestData.iliadBytes(), 200_000, 210_000);
        java.util.Map<String, List<Integer>> ids = new java.util.HashMap<>();
        for (int id = 0; id < ps.size(); id++) {
            ids.computeIfAbsent(ps.pattern(id), k -> new ArrayList<>()).add(id);
        }
        List<Match> expected = new ArrayList<>();
        for (int st = 0; st < text.length; st++) {
            List<Match> here = new ArrayList<>();
            for (int len = 1; len <= ps.maxLength() && st + len <= text.length; len++) {
                for (int id : ids.getOrDefault(new String(text, st, len, java.nio.charset.StandardCharsets.ISO_8859_1), List.of())) {
                    here.add(new Match(id, st, st + len));
                }
            }
            here.sort(java.util.Comparator.comparingInt(Match::patternId));
            expected.addAll(here);
        }
        CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, MatcherOptions.defaults().withThreads(2),
                AhoCorasickEngine.searcher(ac));
        assertEquals(expected, m.findAll(text));
        assertEquals(expected.size(), m.count(text));
        assertTrue(expected.size() > 5000, "a million words match English text densely: " + expected.size());
    }

    /**
     * The plain count walks in rounds, each by the loop that suits how densely the last round's matches
     * came (a branching one over flagged rows, when the set has them, or the branch-free one over
     * the int table): a text of long stretches where matches are rare and where
     * they come on nearly every byte makes every loop run and hand its states to the next.
     */
    @Test
    void countRoundsSwitchBetweenRareAndDenseMatches() {
        Random r = new Random(91);
        byte[] dense = {'a', 'b', 'c', 'd'};
        byte[] rare = {'x', 'y', 'z', 'b', (byte) 0x80, (byte) 0xFF};
        for (int size : new int[] {300, 14_000}) {
            java.util.Set<String> words = new java.util.LinkedHashSet<>(List.of("a", "ab", "bcd", "xyz", "z\u0080"));
            while (words.size() < size) {
                int len = 6 + r.nextInt(7);
                StringBuilder w = new StringBuilder();
                for (int k = 0; k < len; k++) {
                    w.append((char) (dense[r.nextInt(dense.length)] & 0xFF));
                }
                words.add(w.toString());
            }
            // A long pattern that stretches of its own repeats match once per 64 bytes (rare, so the
            // branching loops take them): a state handed on wrongly between rounds loses matches there.
            byte[] period = Differential.randomBytes(r, new byte[] {'x', 'y', (byte) 0x80, (byte) 0xFF}, 64);
            words.add(new String(period, java.nio.charset.StandardCharsets.ISO_8859_1));
            PatternSet.Builder b = PatternSet.builder();
            words.forEach(w -> b.add(w.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
            PatternSet ps = b.build();
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
            assertTrue(ac.allDense(), "all dense: " + size);
            assertEquals(size < 1000, ac.flaggedRows() != null, "flagged rows for " + size + " words, "
                    + ac.stateCount() + " states");
            for (int layout = 0; layout < 3; layout++) {
            java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
            for (int seg = 0; text.size() < 900_000; seg++) {
                int length = 20_000 + r.nextInt(100_000);
                // Dense stretches are kept few: a round is judged on all four streams' matches.
                if (seg % 2 == 1) {
                    for (int k = 0; k < length; k += period.length) {
                        text.writeBytes(period);
                    }
                } else {
                    text.writeBytes(Differential.randomBytes(r, seg % 6 == 4 ? dense : rare, length));
                }
            }
            byte[] t = text.toByteArray();
            long want = hashCount(ps, t);
            assertTrue(want > 20_000, "dense stretches match often: " + want);
            // The searcher itself, over the whole text (a matcher would cut it into chunks of a round or
            // less), with each loop for the rare-match rounds.
            for (boolean flaggedRows : new boolean[] {true, false}) {
                RangeSearcher searcher = new AhoCorasickSearcher(ac, null, flaggedRows);
                String what = size + " words, " + (flaggedRows ? "flagged rows" : "table") + " in rare rounds";
                assertEquals(want, searcher.count(MemorySegment.ofArray(t), 0, t.length), what + ", on heap");
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment off = arena.allocateFrom(java.lang.foreign.ValueLayout.JAVA_BYTE, t);
                    assertEquals(want, searcher.count(off, 0, t.length), what + ", off heap");
                }
            }
            if (layout == 0) {
                check(size + " words, chunked", ps, AhoCorasickEngine.searcher(ac, null), Arrays.copyOf(t, 150_000), r);
            }
            }
        }
    }

    /**
     * A set where every state but the start reports: the flagged rows' ids of states with outputs start
     * at a power of two no smaller than their number (8 for 5), not just past the one plain state.
     */
    @Test
    void flaggedRowsWhereOnlyTheStartReportsNothing() {
        Random r = new Random(17);
        PatternSet ps = PatternSet.of("a", "aa", "aaa", "b", "ab");
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
        assertEquals(8 << ac.flaggedRows().shift(), ac.flaggedRows().matchBit());
        byte[] text = Differential.randomBytes(r, new byte[] {'a', 'b', 'c', 'x'}, 300_000);
        long want = Trawl.compile(ps, Differential.oracleOptions()).count(text);
        for (boolean flaggedRows : new boolean[] {true, false}) {
            assertEquals(want, new AhoCorasickSearcher(ac, null, flaggedRows).count(MemorySegment.ofArray(text), 0, text.length),
                    flaggedRows ? "flagged rows" : "table");
        }
    }

    /** Every occurrence of the set's patterns in {@code text}, counted by looking each substring up. */
    private static long hashCount(PatternSet ps, byte[] text) {
        java.util.Map<String, Integer> ids = new java.util.HashMap<>();
        for (int id = 0; id < ps.size(); id++) {
            ids.merge(new String(ps.bytes(id), java.nio.charset.StandardCharsets.ISO_8859_1), 1, Integer::sum);
        }
        int[] lengths = ids.keySet().stream().mapToInt(String::length).distinct().toArray();
        long n = 0;
        for (int st = 0; st < text.length; st++) {
            for (int len : lengths) {
                if (st + len <= text.length) {
                    n += ids.getOrDefault(new String(text, st, len, java.nio.charset.StandardCharsets.ISO_8859_1), 0);
                }
            }
        }
        return n;
    }

    static byte[] plant(Random r, PatternSet ps, byte[] alpha, int length) {
        return Differential.planted(r, ps, alpha, length, 60);
    }
}
