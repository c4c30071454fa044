package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.JdkRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Regexes shaped like converted log templates ({@code L1 .* L2 ...}, greedy or lazy, sometimes mixed
 * or with other atoms so they take the automaton instead), through {@code cpu:dfa}, against
 * {@code java.util.regex}: texts of short lines over a small alphabet, so literals recur, overlap
 * and run into each other; some lines hold a non-ASCII letter (then the automaton searches them).
 */
class LiteralChainTest {

    @Test
    void shapes() {
        assertTrue(chain("abc.*def").isPresent());
        assertTrue(chain("abc.*?def.*?g").isPresent());
        assertTrue(chain("abc.*").isPresent());
        assertTrue(chain("abc").isPresent());
        assertTrue(chain(".*abc").isPresent(), "a leading gap");
        assertTrue(chain(".*?abc.*?d.*?").isPresent(), "gaps at both ends (the lazy tail is trimmed)");
        assertFalse(chain(".*abc.*?d").isPresent(), "a greedy leading gap before a lazy one");
        assertFalse(chain("abc.*def.*?g").isPresent(), "greedy and lazy mixed");
        assertFalse(chain("ab[cd].*e").isPresent(), "a class");
        assertFalse(chain("(?s)abc.*def").isPresent(), "dot-all");
        assertFalse(chain("(?i)abc.*def").isPresent(), "case folding");
    }

    private static java.util.Optional<LiteralChain> chain(String re) {
        return LiteralChain.of(Simplify.trimLazyTail(Parser.parse(re, 0)));
    }

    @Test
    void randomChainsAgainstJdk() {
        Random r = new Random(20261123L);
        long matches = 0;
        for (int i = 0; i < 600; i++) {
            List<String> regexes = new ArrayList<>();
            PatternSet.Builder b = PatternSet.builder();
            for (int k = 0, n = 1 + r.nextInt(6); k < n; k++) {
                String re = randomChain(r);
                regexes.add(re);
                b.addRegex(re);
            }
            PatternSet set = b.build();
            StringBuilder text = new StringBuilder();
            for (int line = 0, lines = 1 + r.nextInt(12); line < lines; line++) {
                for (int c = 0, len = r.nextInt(50); c < len; c++) {
                    text.append(r.nextInt(60) == 0 ? 'é' : "aab x".charAt(r.nextInt(5)));
                }
                text.append('\n');
            }
            List<Match> expected = JdkRegex.expected(set, regexes.toArray(new String[0]), text.toString());
            for (MatcherOptions o : List.of(MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(1),
                    MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(3).withChunkBytes(16))) {
                assertEquals(expected, Trawl.compile(set, o).findAll(text), regexes + " on " + text);
            }
            matches += expected.size();
        }
        assertTrue(matches > 2000, "matches " + matches);
    }

    /**
     * Literal pieces of 1 to 4 letters joined by .* or .*?; half start with at least 3 letters, and a
     * quarter open with a gap (a template starting with {@code <*>}).
     */
    private static String randomChain(Random r) {
        boolean greedy = r.nextBoolean();
        StringBuilder re = new StringBuilder();
        if (r.nextInt(4) == 0) {
            re.append(r.nextInt(8) == 0 ? (greedy ? ".*?" : ".*") : greedy ? ".*" : ".*?");
        }
        re.append(piece(r, r.nextBoolean() ? 3 : 1));
        for (int k = 0, gaps = r.nextInt(4); k < gaps; k++) {
            boolean g = r.nextInt(8) == 0 ? !greedy : greedy; // sometimes mixed: the automaton's case
            re.append(g ? ".*" : ".*?");
            if (k < gaps - 1 || r.nextInt(4) != 0) {
                re.append(piece(r, 1));
            }
        }
        if (r.nextInt(10) == 0) {
            re.append("[ab]"); // not a chain
        }
        return re.toString();
    }

    private static String piece(Random r, int min) {
        StringBuilder p = new StringBuilder();
        for (int i = 0, n = min + r.nextInt(2); i < n; i++) {
            p.append("aab".charAt(r.nextInt(3)));
        }
        return p.toString();
    }
}
