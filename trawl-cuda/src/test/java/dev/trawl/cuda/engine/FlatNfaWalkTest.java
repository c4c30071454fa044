package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.regex.FlatNfa;
import dev.trawl.testing.LoghubTemplates;
import dev.trawl.testing.RandomRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The flattened NFA and the kernels' walk ({@link NfaWalk}, {@code nfa.cu}'s in Java) against
 * {@code cpu:pike}'s {@code anyMatch}, record by record, without a GPU: random regex sets over random
 * columns (anchors, word boundaries, options, newlines inside records), and every loghub template file
 * over its system's log. A walk may say "unknown" (the GPU engines then ask the CPU) but never a wrong
 * yes or no.
 */
class FlatNfaWalkTest {
    private static final MatcherOptions PIKE = MatcherOptions.defaults().withEngine("cpu:pike").withThreads(1);

    @Test
    void randomRegexSetsAgreeWithThePikeVm() {
        Random r = new Random(20261124L);
        int[] verdicts = new int[3];
        for (int i = 0; i < 1500; i++) {
            String alphabet = RandomRegex.ALPHABETS[r.nextInt(RandomRegex.ALPHABETS.length)];
            PatternSet set = RandomRegex.regexSet(r, alphabet);
            List<String> column = new ArrayList<>();
            for (int k = 1 + r.nextInt(12); k > 0; k--) {
                column.add(RandomRegex.text(r, alphabet, 20));
            }
            compare("case " + i + " " + set, FlatNfa.of(set.regexes().compile()).words(), Trawl.compile(set, PIKE), Records.of(column),
                    verdicts);
        }
        assertTrue(verdicts[1] > 1000 && verdicts[0] > 1000, "matching and not: " + verdicts[1] + ", " + verdicts[0]);
        assertTrue(verdicts[2] < (verdicts[0] + verdicts[1]) / 100, "unknown: " + verdicts[2]);
    }

    /**
     * Empty matches only at code point boundaries: between the two bytes of "é" no word character is
     * on either side, so {@code \\B} would hold there for a byte walk; the CPU engines (and Java, over
     * chars) never start a match inside a character. Found by the GPU suite (a random case-insensitive set).
     */
    @Test
    void noMatchStartsInsideACharacter() {
        int[] verdicts = new int[3];
        for (String regex : List.of(".??\\B", "\\B", "(?i)x*\\B", "\\B.")) {
            PatternSet set = PatternSet.builder().addRegex(regex).build();
            compare(regex, FlatNfa.of(set.regexes().compile()).words(), Trawl.compile(set, PIKE),
                    Records.of(List.of("yéy", "é", "aé€b", "日本", "y😀y")), verdicts);
        }
        assertTrue(verdicts[0] > 0, "some records hold no match: " + verdicts[0]);
    }

    @Test
    void everyLoghubTemplateFileAgreesWithThePikeVm() {
        int[] verdicts = new int[3];
        LoghubTemplates.forEachSetOverItsLog((csv, set, lines) -> compare(csv.getFileName().toString(),
                FlatNfa.of(set.regexes().compile()).words(), Trawl.compile(set, PIKE), lines, verdicts));
        assertTrue(verdicts[1] > 20_000, "the templates come from these very lines: " + verdicts[1]);
        // Mac's templates overflow a frontier on about 5% of its lines; the engines verify those on the CPU.
        assertTrue(verdicts[2] < (verdicts[0] + verdicts[1]) / 100, "unknown answers on log lines: " + verdicts[2]);
    }

    /** Asserts each record's walk verdict against the matcher's {@code anyMatch}; counts the verdicts. */
    private static void compare(String what, int[] words, Matcher oracle, Records records, int[] verdicts) {
        boolean[] expected = oracle.anyMatch(records);
        for (int k = 0; k < records.size(); k++) {
            int v = NfaWalk.record(words, records.record(k).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            verdicts[v]++;
            if (v != 2) {
                assertEquals(expected[k], v == 1, what + ", record " + k + ": \"" + records.string(k) + "\"");
            }
        }
    }
}
