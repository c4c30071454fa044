package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.testing.LoghubTemplates;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code gpu:chains}' table and per-record verification ({@link ChainWalk}, {@code chains.cu}'s
 * algorithm in Java) against {@code cpu:pike}'s {@code anyMatch}, record by record, without a GPU:
 * random chain sets (greedy, lazy and mixed gaps, leading and trailing gaps, regexes that match the
 * empty string) over random records with newlines and non-ASCII letters inside, and every loghub
 * template file over its system's log. "Unknown" (a non-ASCII record) is allowed, a wrong yes or no
 * never.
 */
class ChainWalkTest {
    private static final MatcherOptions PIKE = MatcherOptions.defaults().withEngine("cpu:pike").withThreads(1);

    @Test
    void shapesTakenAndRefused() {
        for (String re : List.of("abc.*def", "abc.*?def.*?g", ".*?abc", "abc.*", "a.*b.*?c", ".*", "x\\ny")) {
            assertNull(ChainTable.of(PatternSet.builder().addRegex(re).build()).refusal, re);
        }
        for (String re : List.of("ab[cd].*e", "(?s)abc.*def", "(?i)abc.*def", "a\\n.*b", "a+.*b", "^ab.*c", "a.+b")) {
            assertNotNull(ChainTable.of(PatternSet.builder().addRegex(re).build()).refusal, re);
        }
        assertNotNull(ChainTable.of(PatternSet.of("abc")).refusal, "a literal set");
    }

    @Test
    void anchorsAreTheLongestLiteralsOnce() {
        ChainTable t = ChainTable.of(PatternSet.builder().addRegex("ab.*?cdef.*?g").addRegex("x.*cdef")
                .addRegex("hij").build(), ChainTable.Anchors.LONGEST);
        assertEquals(List.of("cdef", "hij"), t.anchors.stream().map(String::new).toList());
        assertEquals(1, t.chainAnchor[0]);
        assertEquals(4, t.chainAnchor[1]);
        assertEquals(0, t.chainShift[0]);
    }

    @Test
    void factorAnchorsAreRareBytesInsideALiteralWithTheirShift() {
        // "zq" is the rarest pair of "Received zq block" (z and q are rare letters); every chain anchored
        // on it is named once
        ChainTable t = ChainTable.of(PatternSet.builder().addRegex("Received zq block.*?done").addRegex("a.*?Received zq")
                .build(), ChainTable.Anchors.factor(2));
        assertEquals(List.of("zq"), t.anchors.stream().map(String::new).toList());
        assertEquals(0, t.chainAnchor[0]);
        assertEquals(9, t.chainShift[0]);
        assertEquals(3, t.chainAnchor[1]); // the second chain's second literal, counted over all literals
        assertEquals(9, t.chainShift[1]);
        assertEquals(1, ChainWalk.record(t, "x Received zq block then done".getBytes()));
        assertEquals(0, ChainWalk.record(t, "x Received zq block then".getBytes()));
        assertEquals(0, ChainWalk.record(t, "zq block then done".getBytes()), "the literal before the anchor is missing");
        assertEquals(1, ChainWalk.record(t, "a, Received zq".getBytes()));
        assertThrows(IllegalArgumentException.class, () -> ChainTable.Anchors.parse("factor:0"));
        assertThrows(IllegalArgumentException.class, () -> ChainTable.Anchors.parse("widest"));
    }

    @Test
    void randomChainSetsAgreeWithThePikeVm() {
        Random r = new Random(20261125L);
        int[] verdicts = new int[3];
        for (int i = 0; i < 1500; i++) {
            PatternSet.Builder b = PatternSet.builder();
            for (int k = 1 + r.nextInt(5); k > 0; k--) {
                b.addRegex(randomChain(r));
            }
            PatternSet set = b.build();
            List<String> column = new ArrayList<>();
            for (int k = 1 + r.nextInt(12); k > 0; k--) {
                column.add(randomText(r, r.nextInt(8) == 0 ? 120 : 30));
            }
            compare("case " + i + " " + set, set, Records.of(column), verdicts);
        }
        assertTrue(verdicts[1] > 8000 && verdicts[0] > 8000, "matching and not: " + verdicts[1] + ", " + verdicts[0]);
    }

    @Test
    void everyLoghubTemplateFileAgreesWithThePikeVm() {
        int[] verdicts = new int[3];
        LoghubTemplates.forEachSetOverItsLog((csv, set, lines) -> compare(csv.getFileName().toString(), set, lines,
                verdicts));
        assertTrue(verdicts[1] > 80_000, "the templates come from these very lines: " + verdicts[1]);
    }

    /** Each anchor choice: whole longest literals, factors of the default width, and factors short enough to sit inside. */
    private static final List<ChainTable.Anchors> ANCHORINGS = List.of(ChainTable.Anchors.LONGEST,
            ChainTable.Anchors.factor(ChainTable.DEFAULT_FACTOR_BYTES), ChainTable.Anchors.factor(2),
            ChainTable.Anchors.factor(1));

    private static void compare(String what, PatternSet set, Records records, int[] verdicts) {
        Matcher pike = Trawl.compile(set, PIKE);
        boolean[] want = pike.anyMatch(records);
        for (ChainTable.Anchors anchoring : ANCHORINGS) {
            ChainTable t = ChainTable.of(set, anchoring);
            assertNull(t.refusal, what);
            for (int i = 0; i < records.size(); i++) {
                int v = ChainWalk.record(t, records.record(i).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
                verdicts[v]++;
                if (v != 2) {
                    int record = i;
                    assertEquals(want[i], v == 1, () -> what + " anchored on " + t.anchors.size() + " anchors ("
                            + t.anchors.stream().map(String::new).toList() + "): record \"" + records.string(record) + "\"");
                }
            }
        }
    }

    /** Pieces of 1 to 4 letters joined by .* or .*? (mixed at times), sometimes with gaps at the ends. */
    static String randomChain(Random r) {
        if (r.nextInt(60) == 0) {
            return r.nextBoolean() ? ".*" : ".*?.*";
        }
        if (r.nextInt(40) == 0) {
            return piece(r) + "\\n" + piece(r); // one literal holding a newline: taken alone
        }
        StringBuilder re = new StringBuilder();
        if (r.nextInt(5) == 0) {
            re.append(gap(r));
        }
        re.append(piece(r));
        for (int k = r.nextInt(4); k > 0; k--) {
            re.append(gap(r)).append(piece(r));
        }
        if (r.nextInt(5) == 0) {
            re.append(gap(r));
        }
        return re.toString();
    }

    private static String gap(Random r) {
        return r.nextBoolean() ? ".*" : ".*?";
    }

    private static String piece(Random r) {
        StringBuilder p = new StringBuilder();
        for (int k = 1 + r.nextInt(r.nextBoolean() ? 4 : 2); k > 0; k--) {
            p.append("aab x".charAt(r.nextInt(5)));
        }
        return p.toString();
    }

    static String randomText(Random r, int maxLength) {
        StringBuilder s = new StringBuilder();
        for (int c = r.nextInt(maxLength + 1); c > 0; c--) {
            int k = r.nextInt(40);
            s.append(k == 0 ? 'é' : k == 1 ? '\n' : "aab x".charAt(r.nextInt(5)));
        }
        return s.toString();
    }
}
