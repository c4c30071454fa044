package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.JdkRegex;
import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Inputs larger than the DFA's blocks (so checkpoints, walks across block ends and delayed delivery
 * all run), the fallback when the state cache thrashes, and the pathological patterns of the issue
 * on 1 MiB inputs within a generous time bound.
 */
class LargeInputTest {
    static final String[] ILIAD_REGEXES = {
        "[A-Z][a-z]+ (?:son|the) of [A-Z]\\w+", "\\b\\w{12,}\\b", "(?m)^\\s*$", "(?s)Achilles.{0,300}?Hector",
        "\\d+", "o+", "(?i)\\bthe\\b", "[^\\x00-\\x7F]+", "(?s)\\A.{0,10}", "\\z", "(?m)^BOOK [IVXL]+\\.?$",
    };

    @Test
    void iliadAgainstJdkOnBothEngines() {
        String iliad = new String(TestData.iliadBytes(), StandardCharsets.UTF_8);
        assertTrue(iliad.length() > 3 * DfaScanner.BLOCK, "several blocks");
        PatternSet.Builder b = PatternSet.builder().add("Hector").add("Achilles");
        for (String re : ILIAD_REGEXES) {
            b.addRegex(re);
        }
        PatternSet set = b.build();
        String[] java = new String[set.size()];
        for (int i = 0; i < ILIAD_REGEXES.length; i++) {
            java[i + 2] = ILIAD_REGEXES[i];
        }
        List<Match> expected = JdkRegex.expected(set, java, iliad, Long.MAX_VALUE);
        assertTrue(expected.size() > 50_000, "matches: " + expected.size());
        for (String engine : new String[] {"cpu:dfa", "cpu:pike"}) {
            var m = Trawl.compile(set, MatcherOptions.defaults().withEngine(engine));
            assertEquals(expected, m.findAll(iliad), engine);
            assertEquals(expected.size(), m.count(iliad), engine + " count");
        }
    }

    @Test
    void thrashingCacheFallsBackToThePikeVm() {
        // Many regexes whose progress is independent: the DFA states multiply.
        List<String> res = new ArrayList<>();
        for (char c = 'a'; c <= 'z'; c++) {
            res.add(c + "[^\\n]{0,20}?" + (char) ('a' + (c - 'a' + 7) % 26) + "[^\\n]*?" + (char) ('a' + (c - 'a' + 3) % 26));
        }
        PatternSet set = PatternSet.builder().addAllRegex(res).build();
        Prog prog = set.regexes().compile();
        byte[] text = Arrays.copyOf(TestData.iliadBytes(), 200_000);
        DfaScanner small = new DfaScanner(prog, 64 << 10);
        List<Match> viaDfa = collect(small, text);
        assertTrue(small.fellBack(), "a 64 KiB cache thrashes here (" + small.cacheClears() + " clears)");
        DfaScanner big = new DfaScanner(prog);
        List<Match> viaBig = collect(big, text);
        assertFalse(big.fellBack());
        List<Match> viaPike = collect(new PikeScanner(prog), text);
        assertEquals(viaPike, viaDfa);
        assertEquals(viaPike, viaBig);
        assertTrue(viaPike.size() > 1000);
    }

    static List<Match> collect(RegexScanner s, byte[] text) {
        List<Match> out = new ArrayList<>();
        s.scan(Text.of(text), (id, st, e) -> out.add(new Match(id, st, e)));
        return out;
    }

    @Test
    void pathologicalPatternsRunInLinearTime() {
        int mib = 1 << 20;
        String as = "a".repeat(mib);
        String xs = "x".repeat(mib);
        StringBuilder lines = new StringBuilder();
        java.util.Random r = new java.util.Random(3);
        while (lines.length() < mib) {
            lines.append("word").append(r.nextInt(1000)).append(r.nextInt(9) == 0 ? '\n' : ' ');
        }
        Object[][] cases = {
            {"(a*)*b", as, 0}, {"(a*)*b", as + "b", 1}, {"(x+x+)+y", xs, 0}, {"(a|aa)*c", as, 0},
            {"(.*){20}", lines.toString(), -1}, {"(?:a|aa)*?b", as, 0},
        };
        StringBuilder report = new StringBuilder();
        for (Object[] c : cases) {
            String re = (String) c[0];
            String text = (String) c[1];
            long expected = ((Integer) c[2]).longValue();
            long[] counts = new long[2];
            int k = 0;
            for (String engine : new String[] {"cpu:dfa", "cpu:pike"}) {
                var m = Trawl.compile(PatternSet.builder().addRegex(re).build(), MatcherOptions.defaults().withEngine(engine));
                long t0 = System.nanoTime();
                counts[k++] = m.count(text);
                double s = (System.nanoTime() - t0) / 1e9;
                report.append(String.format("%s %s %.2fs; ", engine, re, s));
                assertTrue(s < 10, engine + " on " + re + " took " + s + " s on 1 MiB");
            }
            assertEquals(counts[0], counts[1], re);
            if (expected >= 0) {
                assertEquals(expected, counts[0], re);
            } else {
                long nl = text.chars().filter(ch -> ch == '\n').count();
                assertEquals(2 * (nl + 1), counts[0], re + ": each line and the empty match at its end");
            }
        }
        System.out.println("pathological, 1 MiB: " + report);
    }
}
