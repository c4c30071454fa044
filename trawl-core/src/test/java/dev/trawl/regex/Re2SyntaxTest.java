package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.JdkRegex;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * RE2's syntax beyond the ASCII classes: Unicode general categories and scripts ({@code \pN},
 * {@code \p{Nd}}, {@code \p{Greek}}, {@code \P{..}}, {@code \p{^..}}, {@code \p{Any}}), {@code \x{..}}
 * with leading zeros, RE2's octal escapes and {@code \C}; checked against {@code java.util.regex} where
 * Java has the construct (in Java's spelling), and RE2's own test regexes must all be accepted.
 */
class Re2SyntaxTest {
    /** RE2 spelling, then Java's. */
    private static final String[][] PAIRS = {
        {"\\pN+", "\\pN+"}, {"\\p{N}+", "\\p{N}+"}, {"\\p{Nd}+", "\\p{Nd}+"}, {"\\P{Nd}+", "\\P{Nd}+"},
        {"\\p{^Nd}+", "\\P{Nd}+"}, {"\\P{^Nd}+", "\\p{Nd}+"}, {"\\p{Greek}+", "\\p{IsGreek}+"},
        {"\\P{Greek}+", "\\P{IsGreek}+"}, {"\\p{^Greek}+", "\\P{IsGreek}+"}, {"\\p{Lu}\\p{Ll}+", "\\p{Lu}\\p{Ll}+"},
        {"\\pL+", "\\pL+"}, {"[\\p{Han}\\p{Hiragana}]+", "[\\p{IsHan}\\p{IsHiragana}]+"}, {"\\p{Cyrillic}", "\\p{IsCyrillic}"},
        {"\\p{Sc}\\d+", "\\p{Sc}[0-9]+"}, {"\\p{P}+", "\\p{P}+"}, {"\\p{Zs}", "\\p{Zs}"}, {"\\p{Any}", "(?s:.)"},
        {"[^\\p{L}\\p{N}]+", "[^\\p{L}\\p{N}]+"}, {"\\p{IsLatin}+", "\\p{IsLatin}+"}, {"\\x{000003B1}+", "\\x{3B1}+"},
        {"\\x{0041}\\x{00000062}", "Ab"}, {"\\141\\142", "ab"}, {"\\608", "08"},
    };

    private static final String ALPHABET = "aZ09 \u00e9\u00c9\u03b1\u0391\u03c9\u0436\u0416\u0663\u0969\u65e5\u3042"
            + "$\u20ac\u00a3!.,-_\t\n\u2028\u00a0\ud83d\ude00";

    @Test
    void unicodeClassesAgreeWithJavaOnRandomText() {
        Random rnd = new Random(24);
        List<String> texts = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            StringBuilder sb = new StringBuilder();
            int len = rnd.nextInt(60);
            int[] cps = ALPHABET.codePoints().toArray();
            for (int i = 0; i < len; i++) {
                sb.appendCodePoint(cps[rnd.nextInt(cps.length)]);
            }
            texts.add(sb.toString());
        }
        texts.add("Όμηρος Ἰλιάς 123 ٣٤ ३ Ünïcödé $5 €7 日本語 ひらがな");
        for (String engine : List.of("cpu:dfa", "cpu:pike")) {
            for (String[] pair : PAIRS) {
                PatternSet set = PatternSet.builder().addRegex(pair[0]).build();
                Matcher m = Trawl.compile(set, MatcherOptions.defaults().withEngine(engine).withThreads(1));
                Pattern java = Pattern.compile(pair[1], Pattern.UNIX_LINES);
                for (String text : texts) {
                    List<Match> expected = JdkRegex.find(java, 0, text);
                    assertEquals(expected, m.findAll(text), engine + " " + pair[0] + " on '" + text + "'");
                }
            }
        }
    }

    @Test
    void anyByteMatchesSingleBytesOfByteInputs() {
        byte[] text = "a\u00e9b".getBytes(StandardCharsets.UTF_8); // a, C3 A9, b
        for (String engine : List.of("cpu:dfa", "cpu:pike")) {
            MatcherOptions o = MatcherOptions.defaults().withEngine(engine).withThreads(1);
            assertEquals(List.of(new Match(0, 0, 2)), Trawl.compile(PatternSet.builder().addRegex("a\\C").build(), o)
                    .findAll(text), engine + ": a\\C takes one byte of the two-byte \u00e9");
            assertEquals(List.of(new Match(0, 0, 4)), Trawl.compile(PatternSet.builder().addRegex("^\\C*$").build(), o)
                    .findAll(text), engine);
            assertEquals(List.of(new Match(0, 1, 4)), Trawl.compile(PatternSet.builder().addRegex("\\C\\Cb").build(), o)
                    .findAll(text), engine);
        }
    }

    @Test
    void unknownPropertiesAreRefusedByName() {
        RegexSyntaxException e = assertThrows(RegexSyntaxException.class,
                () -> PatternSet.builder().addRegex("\\p{Klingon}").build());
        assertTrue(e.getMessage().contains("\\p{Klingon}"), e.getMessage());
        assertThrows(RegexSyntaxException.class, () -> PatternSet.builder().addRegex("\\x{110000}").build());
    }

    /** Every regex of RE2's search tests (re2/testing/search_test.cc); the target is at least 98%. */
    @Test
    void re2SearchTestRegexesAreAccepted() throws IOException {
        List<String> regexes;
        try (InputStream in = Re2SyntaxTest.class.getResourceAsStream("/re2/search_test_regexes.txt")) {
            regexes = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        List<String> refused = new ArrayList<>();
        for (String re : regexes) {
            try {
                Trawl.compile(PatternSet.builder().addRegex(re).build(),
                        MatcherOptions.defaults().withEngine("cpu:pike").withThreads(1));
            } catch (RegexSyntaxException e) {
                refused.add(re + ": " + e.getMessage());
            }
        }
        assertEquals(236, regexes.size());
        assertTrue(refused.size() <= regexes.size() * 2 / 100, "refused: " + refused);
    }
}
