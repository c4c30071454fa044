package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.testing.JdkRegex;
import dev.trawl.testing.RecordCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code cpu:dfa}'s prefilter drops a filter literal's hits on a line (or record) where it already
 * queued its regexes, and verifies some chains found through one byte on every line, hits or not. Regexes that share one filter literal (one-byte {@code :} among them, as in the
 * loghub template {@code :.* .*:.* .*:}) over lines that hold it many times, against
 * {@code java.util.regex}: whole texts, more than one prefilter window long, on one range and cut into
 * small chunks, and per record; one matcher serves both, so a scanner's stamps carry over calls.
 */
class PrefilterRepeatedHitsTest {
    private static final String[] FIXED = {":.* .*:.* .*:", ":.* .*:", ": .*=", ":x", "x.*:.*x", "ab:.*x",
            "ab:[xy]+=", "(ab:|ab=)y", "=.*ab:", ":.*:", "=.*:.*=", "x.*y", ":.*y.*:", ":.*:.*:", ":.*:.*:.*:"};
    private static final String[] FEW_ONE_BYTE = {":.* .*:.* .*:", ":.* .*:", ":x", "ab:.*x", "ab:[xy]+=", "(ab:|ab=)y"};
    private static final String[] TOKENS = {":", ":", ":", " ", "::", "ab:", "ab=", "x", "y", "=", "é", ": "};

    @Test
    void sharedLiteralsOverRepeatedHits() {
        Random r = new Random(20261124L);
        long matches = 0;
        for (int trial = 0; trial < 60; trial++) {
            // In odd trials no byte is searched for alone, so lines of ':' and ' ' have no hit at all,
            // yet their every-line chains match.
            List<String> regexes = new ArrayList<>(Arrays.asList(trial % 2 == 0 ? FIXED : FEW_ONE_BYTE));
            for (int k = 0, n = r.nextInt(4); k < n; k++) {
                regexes.add(TOKENS[r.nextInt(3)] + ".*" + TOKENS[r.nextInt(TOKENS.length)].trim() + "y?");
            }
            PatternSet.Builder b = PatternSet.builder();
            regexes.forEach(b::addRegex);
            PatternSet set = b.build();
            assertShareOneLiteral(set, trial % 2 == 0);
            // Mostly short lines, some empty, some long: runs of lines that hold ':' again after a matching one.
            StringBuilder text = new StringBuilder();
            int lines = trial < 2 ? 120_000 : 1 + r.nextInt(400);
            for (int line = 0; line < lines; line++) {
                int tokens = r.nextInt(10) == 0 ? 0 : r.nextInt(50) == 0 ? 200 : r.nextInt(12);
                for (int k = 0; k < tokens; k++) {
                    text.append(TOKENS[r.nextInt(TOKENS.length)]);
                }
                text.append('\n');
            }
            String t = text.toString();
            String[] res = regexes.toArray(new String[0]);
            List<Match> expected = JdkRegex.expected(set, res, t, Long.MAX_VALUE);
            Records records = Records.of(List.of(t.substring(0, t.length() - 1).split("\n", -1)));
            RecordCheck.Expected perRecord = RecordCheck.jdk(set, res, records);
            for (MatcherOptions o : List.of(MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(1),
                    MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(3).withChunkBytes(64))) {
                Matcher m = Trawl.compile(set, o);
                assertEquals(expected, m.findAll(t), "trial " + trial + " " + o);
                matches += RecordCheck.check("trial " + trial + " " + o, m, records, perRecord, true);
                assertEquals(expected, m.findAll(t), "trial " + trial + " again " + o);
            }
            matches += expected.size();
        }
        assertTrue(matches > 100_000, "matches " + matches);
    }

    /**
     * The point of the test: some chains found through one byte are verified on every line
     * ({@link PrefilterScanner.Plan#everyLine}), more of them than that takes stay on the literal
     * search, where some one-byte literal is shared by several regexes, and some literal by three or
     * more; in the smaller set, no one-byte literal is searched for (one regex, {@code (ab:|ab=)y}, has no literal long enough and runs on the combined DFA).
     */
    private static void assertShareOneLiteral(PatternSet set, boolean full) {
        PrefilterScanner.Plan plan = new PrefilterScanner.Plan(set);
        int shared = 0;
        boolean oneByte = false;
        boolean anyOneByte = false;
        int[] lengths = plan.literals.patternLengths();
        for (int lit = 0; lit < plan.regexesOfLiteral.length; lit++) {
            shared = Math.max(shared, plan.regexesOfLiteral[lit].length);
            oneByte |= lengths[lit] == 1 && plan.regexesOfLiteral[lit].length > 1;
            anyOneByte |= lengths[lit] == 1;
        }
        assertTrue(full ? plan.everyLine.length == PrefilterScanner.MAX_EVERY_LINE && shared >= 3 && oneByte
                : plan.everyLine.length > 0 && !anyOneByte,
                "every line " + plan.everyLine.length + ", shared " + shared + ", one-byte shared " + oneByte);
    }
}
