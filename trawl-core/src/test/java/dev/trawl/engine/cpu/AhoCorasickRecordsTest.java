package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.BlockGrams;
import dev.trawl.prefilter.Fdr;
import dev.trawl.prefilter.Fingerprint;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.prefilter.ScalarFingerprint;
import dev.trawl.prefilter.WuManber;
import dev.trawl.testing.Differential;
import dev.trawl.testing.RecordCheck;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The per-record answers of {@code cpu:aho-corasick} ({@link AhoCorasickRecords}) against
 * {@code cpu:naive} on each record alone, on the paths the contract suite may not reach: every
 * prefilter forced, sparse states, tiny windows, long-record limits and give-up thresholds (so that
 * windows of copied records end inside records, long records go to the whole-text searcher and
 * filtered counts switch to the plain walk midway), and the
 * first-match-by-start cases where the first match to end is not the first to start.
 */
class AhoCorasickRecordsTest {

    /** The searcher's matchers: no filter, the scalar fingerprint, what the set chooses, Wu-Manber and block q-grams where they fit, both forms of FDR. */
    private static List<AhoCorasickSearcher> searchers(PatternSet ps, AhoCorasickAutomaton ac, Random r) {
        List<AhoCorasickSearcher> out = new ArrayList<>();
        out.add(AhoCorasickEngine.searcher(ac, null));
        int w = 1 + r.nextInt(Math.min(Fingerprint.MAX_WIDTH, ps.minLength()));
        out.add(AhoCorasickEngine.searcher(ac, new ScalarFingerprint(Fingerprint.of(ps, w))));
        Prefilter chosen = Prefilters.choose(ps);
        if (chosen != null) {
            out.add(AhoCorasickEngine.searcher(ac, chosen));
        }
        WuManber wm = WuManber.forPatterns(ps);
        if (wm != null) {
            out.add(AhoCorasickEngine.searcher(ac, wm));
        }
        BlockGrams grams = BlockGrams.forPatterns(ps);
        if (grams != null) {
            out.add(AhoCorasickEngine.searcher(ac, grams));
        }
        out.add(AhoCorasickEngine.searcher(ac, Fdr.forPatterns(ps)));
        out.add(AhoCorasickEngine.searcher(ac, Fdr.narrow(ps)));
        return out;
    }

    private static long check(String what, PatternSet ps, AhoCorasickSearcher s, AhoCorasickRecords answers,
            Records records, MatcherOptions o, RecordCheck.Expected expected) {
        CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, o, s, answers);
        String filter = s.prefilter() == null ? "no filter" : s.prefilter().describe();
        return RecordCheck.check(what + ", " + filter + " (" + o + ")", m, records, expected, true);
    }

    @Test
    void randomColumnsEveryFilterWindowAndBudget() {
        Random r = new Random(20260602L);
        long matches = 0;
        try (Arena arena = Arena.ofShared()) {
            for (int i = 0; i < 250; i++) {
                byte[] alpha = Differential.smallAlphabet(r);
                PatternSet ps = Differential.randomPatterns(r, alpha, 12, 9);
                List<byte[]> column = new ArrayList<>();
                for (int k = r.nextInt(30); k > 0; k--) {
                    int length = r.nextInt(5) == 0 ? 0 : r.nextInt(r.nextInt(8) == 0 ? 300 : 40);
                    column.add(Differential.randomBytes(r, alpha, length));
                }
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps,
                        new long[] {1, 64, AhoCorasickAutomaton.DENSE_BUDGET_BYTES}[r.nextInt(3)]);
                MatcherOptions o = MatcherOptions.defaults().withThreads(1 + r.nextInt(3))
                        .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(200));
                for (Records records : RecordCheck.everyFactory(column, arena, r)) {
                    RecordCheck.Expected expected = RecordCheck.naive(ps, records);
                    for (AhoCorasickSearcher s : searchers(ps, ac, r)) {
                        long longBytes = r.nextInt(4) == 0 ? AhoCorasickRecords.LONG_RECORD_BYTES : r.nextInt(60);
                        long window = longBytes + r.nextInt(100);
                        long giveUp = new long[] {0, 50, AhoCorasickRecords.GIVE_UP_STEPS}[r.nextInt(3)];
                        matches += check("case " + i + " " + ps + " on " + records + ", long " + longBytes + ", window "
                                + window + ", give up after " + giveUp, ps, s,
                                new AhoCorasickRecords(s, longBytes, window, giveUp), records, o, expected);
                    }
                }
            }
        }
        assertTrue(matches > 5_000, "random columns should match often: " + matches);
    }

    /**
     * The first match to end is not always the first to start: a long pattern that starts earlier
     * ends later than a short one inside it ({@code "bc"} in {@code "abcd"}); a long pattern that
     * starts where a short one does has the lower id; a long one that would start earlier runs past
     * the record's end (it does not count); and a short match far after the first one's start never
     * beats it. Each with every filter and with all states sparse (no depth to stop on).
     */
    @Test
    void firstMatchIsTheEarliestToStartNotToEnd() {
        PatternSet ps = PatternSet.builder().add("bc").add("abcde").add("ab").add("cdefgh").add("xabcdefghij").add("e")
                .build();
        String[] column = {"abcd", "abcde", "xabc", "zabcdefghij", "xabcdefghij", "xabcdefghi", "defgh", "cdefgh",
            "ab", "b", "", "zzzzzze", "abcdefgh"};
        // The ids that start first, lowest id on ties: in "cdefgh", "e" ends first, "cdefgh" starts
        // first; in "abcde", "ab" ends first, "abcde" starts with it and has the lower id; in
        // "xabcdefghi", "xabcdefghij" would start first but runs past the end.
        int[] want = {2, 1, 2, 1, 4, 1, 5, 3, 2, -1, -1, 5, 1};
        List<byte[]> bytes = new ArrayList<>();
        for (String s : column) {
            bytes.add(s.getBytes(StandardCharsets.US_ASCII));
        }
        Random r = new Random(5);
        try (Arena arena = Arena.ofShared()) {
            for (long budget : new long[] {1, AhoCorasickAutomaton.DENSE_BUDGET_BYTES}) {
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps, budget);
                for (Records records : RecordCheck.everyFactory(bytes, arena, r)) {
                    RecordCheck.Expected expected = RecordCheck.naive(ps, records);
                    for (int k = 0; k < want.length; k++) {
                        List<dev.trawl.Match> ms = expected.of(k);
                        assertTrue(ms.isEmpty() ? want[k] == -1 : ms.get(0).patternId() == want[k],
                                "the oracle's first match in \"" + column[k] + "\": " + ms);
                    }
                    for (AhoCorasickSearcher s : searchers(ps, ac, r)) {
                        for (long longBytes : new long[] {AhoCorasickRecords.LONG_RECORD_BYTES, 5}) {
                            AhoCorasickRecords answers = new AhoCorasickRecords(s, longBytes, longBytes + 3, 0);
                            CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, MatcherOptions.defaults(), s,
                                    answers);
                            assertArrayEquals(want, m.firstMatch(records), "budget " + budget + ", "
                                    + (s.prefilter() == null ? "no filter" : s.prefilter().describe()) + ", long "
                                    + longBytes + " on " + records);
                            check("first-match cases", ps, s, answers, records, MatcherOptions.defaults(), expected);
                        }
                    }
                }
            }
        }
    }

    /** Lines of English with the hero names, a filter that skips most lines, on and off heap. */
    @Test
    void iliadLinesWithTheHeroNames() {
        byte[] iliad = dev.trawl.testing.TestData.iliadBytes();
        PatternSet ps = PatternSet.of(dev.trawl.testing.TestData.HERO_NAMES);
        try (Arena arena = Arena.ofShared()) {
            java.lang.foreign.MemorySegment off = arena.allocate(iliad.length);
            off.copyFrom(java.lang.foreign.MemorySegment.ofArray(iliad));
            for (Records lines : List.of(Records.lines(java.lang.foreign.MemorySegment.ofArray(iliad), true),
                    Records.lines(off, false))) {
                RecordCheck.Expected expected = RecordCheck.naive(ps, lines);
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
                for (AhoCorasickSearcher s : searchers(ps, ac, new Random(3))) {
                    long n = check("iliad lines", ps, s, new AhoCorasickRecords(s, 4096, 10_000, 1000), lines,
                            MatcherOptions.defaults().withThreads(2), expected);
                    assertTrue(n > 1000, "the Iliad's lines name heroes: " + n);
                }
            }
        }
    }
}
