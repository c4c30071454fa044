package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.input.CharOffsets;
import dev.trawl.testing.JdkRegex;
import dev.trawl.testing.RandomRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Pike VM alone against java.util.regex, before any engine plumbing. */
class PikeVmTest {

    static List<Match> pike(String regex, String text) {
        Prog prog = Compiler.compile(regex, 0);
        CharOffsets co = CharOffsets.of(text);
        Text t = Text.of(co.bytes());
        PikeVm vm = new PikeVm(prog);
        List<Match> out = new ArrayList<>();
        long from = 0;
        while (from <= t.end() && vm.search(0, t, from)) {
            long s = vm.matchStart();
            long e = vm.matchEnd();
            out.add(new Match(0, co.toChar(s), co.toChar(e)));
            from = e == s ? e + 1 : e;
        }
        return out;
    }

    @Test
    void handPicked() {
        String[][] cases = {
            {"a*", "baaa"}, {"a|ab", "abab"}, {"(a|ab)(c|bcd)(d*)", "abcd"}, {"(|a)*", "aa"}, {"(|a)+", "aa"},
            {"(a|)*b", "aab"}, {"x*", "\u00e9x\u00e9"}, {"\\b", "ab cd"}, {"\\B", "ab \u00e9"}, {"$", "a\n"},
            {"(?m)^", "a\nb\n"}, {"(?m)$", "a\nb\n"}, {"\\Z", "a\n"}, {"(a*)*b", "aaab"}, {"(a*)+", "b"},
            {"(a|b)*?c", "abc"}, {"[^a]", "a\u00e9\u20acb"}, {"(?i)A[b-c]", "aB aC"}, {"a{2,3}?", "aaaaa"},
            {"(?s).+", "a\nb"}, {".+", "a\nb"}, {"[[:alpha:]]+", "ab1cd"}, {"(a?){3}", "aa"}, {"(a|){2}b", "ab"},
        };
        for (String[] c : cases) {
            String java = c[0].replace("[[:alpha:]]", "\\p{Alpha}");
            assertEquals(JdkRegex.find(JdkRegex.compile(java, false), 0, c[1]), pike(c[0], c[1]), c[0] + " on " + c[1]);
        }
    }

    @Test
    void randomAgainstJdk() {
        Random r = new Random(Long.getLong("seed", 7));
        int matches = 0;
        for (int i = 0; i < Integer.getInteger("cases", 3000); i++) {
            String alphabet = RandomRegex.ALPHABETS[r.nextInt(RandomRegex.ALPHABETS.length)];
            String[] re = RandomRegex.generate(r, alphabet, 2);
            Pattern p = JdkRegex.compile(re[1], false);
            for (int k = 0; k < 3; k++) {
                String text = RandomRegex.text(r, alphabet, 20);
                List<Match> expected;
                try {
                    expected = JdkRegex.findBounded(p, 0, text, 200_000);
                } catch (JdkRegex.TooSlow e) {
                    continue;
                }
                assertEquals(expected, pike(re[0], text), "case " + i + ": /" + re[0] + "/ on \"" + text + "\"");
                matches += expected.size();
            }
        }
        assertTrue(matches > 5000, "matches: " + matches);
    }
}
