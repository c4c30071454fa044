package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.JdkRegex;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code (?u)}: case-insensitive matching of letters beyond ASCII, against {@code java.util.regex} with
 * {@code CASE_INSENSITIVE | UNICODE_CASE}. Java applies its rule differently inside classes for a few
 * code points (the Kelvin sign, long s, dotless i and the like, whose groups hold an ASCII letter, and
 * Latin-1 letters whose other case lies above U+00FF), so the texts and classes here avoid those.
 */
class UnicodeCaseTest {
    private static final String ALPHABET = "aAzZkKsS09 _.\u00e9\u00c9\u00e7\u00c7\u03c3\u03a3\u03c2\u03c9\u03a9\u0436\u0416"
            + "\u01c4\u01c5\u01c6\u00df\u1e9e\u3042\n";

    private static final String[] REGEXES = {"\u00e9t\u00e9", "\u00c9T\u00c9", "\u03c3+", "\u03a3\u03c9", "\u03c2",
        "[\u00e9\u03c9]+", "[\u03b1-\u03c9]+", "[^\u00e9a-z ]+", "\u0436|\u00c7a", "\u01c5", "\u00df", "\u1e9e",
        "(?-u:\u00e9)", "\u00e9(?-i:\u00e9)", "[\u00e0-\u00fe]+", "\\x{e9}Z", "a\u00e7", "\\W", "[\\W\u00e9]+", "\\w+",
        "\\p{Upper}", "[^\\w\u03c3]+"};

    @Test
    void agreesWithJavaOnRandomText() {
        Random rnd = new Random(8);
        int[] cps = ALPHABET.codePoints().toArray();
        List<String> texts = new ArrayList<>();
        for (int t = 0; t < 60; t++) {
            StringBuilder sb = new StringBuilder();
            for (int i = rnd.nextInt(40); i > 0; i--) {
                sb.appendCodePoint(cps[rnd.nextInt(cps.length)]);
            }
            texts.add(sb.toString());
        }
        texts.add("\u00c9t\u00e9 \u00e9T\u00c9 \u03a3\u03bf\u03c6\u03af\u03b1 \u03c3\u03bf\u03c6\u03af\u03c2 STRA\u1e9eE stra\u00dfe");
        for (String engine : List.of("cpu:dfa", "cpu:pike")) {
            for (String re : REGEXES) {
                Matcher m = Trawl.compile(PatternSet.builder().addRegex("(?iu)" + re).build(),
                        MatcherOptions.defaults().withEngine(engine).withThreads(1));
                Pattern java = Pattern.compile(re, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNIX_LINES);
                for (String text : texts) {
                    List<Match> expected = JdkRegex.find(java, 0, text);
                    assertEquals(expected, m.findAll(text), engine + " (?iu)" + re + " on '" + text + "'");
                }
            }
        }
    }

    @Test
    void withoutTheFlagOnlyAsciiFolds() {
        Matcher m = Trawl.compile(PatternSet.builder().addRegex("(?i)\u00e9t\u00e9").build());
        assertEquals(List.of(new Match(0, 0, 3)), m.findAll("\u00e9t\u00e9 \u00c9T\u00c9"));
        Matcher u = Trawl.compile(PatternSet.builder().addRegex("(?iu)\u00e9t\u00e9").build());
        assertEquals(List.of(new Match(0, 0, 3), new Match(0, 4, 7)), u.findAll("\u00e9t\u00e9 \u00c9T\u00c9"));
    }

    @Test
    void groupsFollowTheUpperCaseOfTheLowerCase() {
        assertArrayEquals(new int[] {0xC9, 0xE9}, CaseFolding.orbit(0xE9));
        assertArrayEquals(new int[] {0x3A3, 0x3C2, 0x3C3}, CaseFolding.orbit(0x3C2));
        assertArrayEquals(new int[] {'K', 'k', 0x212A}, CaseFolding.orbit('k'), "the Kelvin sign lowers to k");
        assertArrayEquals(new int[] {0xDF}, CaseFolding.orbit(0xDF), "sharp s has no upper case of its own");
        assertArrayEquals(new int[] {0xDF, 0x1E9E}, CaseFolding.orbit(0x1E9E));
        assertArrayEquals(new int[] {'7'}, CaseFolding.orbit('7'));
        int members = 0;
        for (int[] g : CaseFolding.groups()) {
            int key = CaseFolding.key(g[0]);
            for (int cp : g) {
                assertEquals(key, CaseFolding.key(cp), "group of U+" + Integer.toHexString(g[0]));
                members++;
            }
        }
        assertTrue(members > 2_500, "Unicode has thousands of cased letters: " + members);
        assertArrayEquals(new int[] {'A', 'C', 'a', 'c'}, CaseFolding.fold(new int[] {'a', 'c'}));
        assertArrayEquals(new int[] {0xC9, 0xC9, 0xE9, 0xE9}, CaseFolding.fold(new int[] {0xC9, 0xC9}));
    }

    @Test
    void spellingsForALiteralEngineThatFoldsAscii() {
        assertEquals(List.of("caf\u00c9", "caf\u00e9"), Regexes.caseSpellings("caf\u00e9", 64), "c, a, f fold in the engine");
        assertEquals(List.of("ss", "s\u017f"), Regexes.caseSpellings("s\u017f", 64), "long s: s and itself");
        assertEquals(List.of("\u03a3", "\u03c2", "\u03c3"), Regexes.caseSpellings("\u03c3", 64));
        assertEquals(List.of("stra\u00dfe"), Regexes.caseSpellings("stra\u00dfe", 64), "sharp s has no other case");
        assertEquals(8, Regexes.caseSpellings("\u00e9\u00e9\u00e9", 8).size());
        assertEquals(List.of(), Regexes.caseSpellings("\u00e9\u00e9\u00e9\u00e9", 8), "16 spellings, past the limit");
    }

    @Test
    void literalsWithOtherCasesBeyondAscii() {
        assertTrue(Regexes.hasOtherCasesBeyondAscii("caf\u00e9"));
        assertEquals(false, Regexes.hasOtherCasesBeyondAscii("cafe stra\u00dfe 123"));
    }
}
