package dev.trawl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.regex.LiteralAlternatives;
import dev.trawl.regex.Parser;
import dev.trawl.testing.JdkRegex;
import dev.trawl.testing.RandomRegex;
import dev.trawl.testing.TestData;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@code auto} searching regexes that are choices between literals with a literal engine: whether it
 * routes, and, differentially, that the routed matcher reports exactly what the regex engines do
 * ({@code cpu:pike}, {@code cpu:dfa}) and {@code java.util.regex}, match for match and in order, with
 * counts and matching-record counts too.
 */
class LiteralRegexRoutingTest {
    /** Small alphabets: self-overlaps, shared prefixes, both cases, non-ASCII letters (é/É do not fold). */
    private static final String[] ALPHABETS = {"ab", "aab", "abc\n", "aAbB", "a\u00e9\u20acb", "a\u00e9\u00c9A",
        "xy\n\u00e9 "};
    private static final byte[] STRAY = {(byte) 0x80, (byte) 0xA9, (byte) 0xC3, (byte) 0xE2, (byte) 0xFF};

    private static boolean routed(Matcher m) {
        return m.engine().endsWith(LiteralRegexMatcher.SUFFIX);
    }

    private static MatcherOptions engine(String name) {
        return MatcherOptions.defaults().withEngine(name);
    }

    @Test
    void randomRoutableSetsAgreeWithThePikeVmAndJava() {
        Random r = new Random(Long.getLong("trawl.regexSeed", 20260716L));
        int cases = Integer.getInteger("trawl.regexCases", 2000);
        int routed = 0;
        int overlapping = 0;
        int disjoint = 0;
        long matches = 0;
        for (int i = 0; i < cases; i++) {
            String alphabet = ALPHABETS[r.nextInt(ALPHABETS.length)];
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextInt(3) == 0).multiline(r.nextBoolean());
            List<String> java = new ArrayList<>(); // null for literal patterns
            int n = 1 + r.nextInt(r.nextBoolean() ? 2 : 6);
            for (int k = 0; k < n; k++) {
                int kind = r.nextInt(10);
                if (kind == 0) {
                    String lit = RandomRegex.text(r, alphabet, 3);
                    b.add(lit.isEmpty() ? alphabet.substring(0, 1) : lit);
                    java.add(null);
                } else if (kind == 1 && java.stream().anyMatch(x -> x != null)) {
                    String earlier;
                    do {
                        earlier = java.get(r.nextInt(java.size()));
                    } while (earlier == null);
                    b.addRegex(earlier); // the same regex twice: each reports
                    java.add(earlier);
                } else {
                    String re = RandomRegex.literalChoice(r, alphabet, 2);
                    if (r.nextInt(15) == 0) {
                        re = (r.nextBoolean() ? "(?i)" : "(?-i)") + re; // routable only where it changes nothing
                    }
                    b.addRegex(re);
                    java.add(re);
                }
            }
            PatternSet set = b.build();
            MatcherOptions auto = MatcherOptions.defaults().withThreads(1 + r.nextInt(3))
                    .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(16));
            Matcher m = Trawl.compile(set, auto);
            String text = RandomRegex.text(r, alphabet, 80);
            String what = "case " + i + " " + java + " " + set + " on \"" + text.replace("\n", "\\n") + "\" ("
                    + m.engine() + ")";
            if (routed(m)) {
                routed++;
                if (LiteralRegexPlan.of(set).orElseThrow().mayOverlap()) {
                    overlapping++;
                } else {
                    disjoint++;
                }
            }
            Matcher pike = Trawl.compile(set, engine("cpu:pike"));
            List<Match> expected = pike.findAll(text);
            assertSameMatches(what, expected, m.findAll(text));
            assertEquals(JdkRegex.expected(set, java.toArray(new String[0]), text), expected, what + ": pike vs Java");
            byte[] bytes = withStrayBytes(r, text);
            byte[] separators = alphabet.getBytes(StandardCharsets.UTF_8);
            assertSame(what + " as bytes " + Arrays.toString(bytes), pike, m, bytes,
                    separators[r.nextInt(separators.length)]);
            matches += expected.size();
        }
        assertTrue(routed > cases * 3 / 4, "routed " + routed + " of " + cases);
        assertTrue(overlapping > cases / 10 && disjoint > cases / 10, "overlapping " + overlapping + ", disjoint " + disjoint);
        assertTrue(matches > cases * 3L, "matches " + matches);
    }

    /** Matches, counts and matching-record counts (two separators) equal. */
    private static void assertSame(String what, Matcher expected, Matcher actual, byte[] text, byte otherSeparator) {
        List<Match> want = expected.findAll(text);
        assertSameMatches(what, want, actual.findAll(text));
        assertEquals(want.size(), actual.count(Input.of(text)), what + ": count");
        for (byte sep : new byte[] {'\n', otherSeparator}) {
            assertEquals(expected.countMatchingRecords(Input.of(text), sep), actual.countMatchingRecords(Input.of(text), sep),
                    what + ": records split at " + sep);
        }
    }

    /** Equal lists, or a failure that shows where they part (the lists may be long). */
    private static void assertSameMatches(String what, List<Match> want, List<Match> got) {
        if (!want.equals(got)) {
            int d = 0;
            while (d < want.size() && d < got.size() && want.get(d).equals(got.get(d))) {
                d++;
            }
            fail(what + ": " + want.size() + " matches expected, " + got.size() + " found; from index " + d
                    + " expected " + want.subList(d, Math.min(want.size(), d + 5)) + " but was "
                    + got.subList(d, Math.min(got.size(), d + 5)));
        }
    }

    /** The text as UTF-8, now and then with bytes that break its sequences. */
    private static byte[] withStrayBytes(Random r, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (r.nextInt(3) != 0) {
            return utf8;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte x : utf8) {
            if (r.nextInt(6) == 0) {
                out.write(STRAY[r.nextInt(STRAY.length)]);
            }
            out.write(x);
        }
        return out.toByteArray();
    }

    @Test
    void prefixesAndSelfOverlaps() {
        String[][] cases = {{"ab|abc|b", "ababcabcb"}, {"abc|ab|b", "ababcabcb"}, {"aa", "aaaaa"}, {"aba", "abababa"},
            {"a|aa|aaa", "aaaa"}, {"aaa|aa|a", "aaaaaaa"}, {"(?:a|ab)(?:c|bcd)", "abcdabcacabc"}, {"a(?:|b)c", "acabcabbc"},
            {"\u00e9|\u00e9t\u00e9", "\u00e9t\u00e9\u00e9"}};
        for (String[] c : cases) {
            for (boolean ci : new boolean[] {false, true}) {
                PatternSet set = PatternSet.builder().caseInsensitive(ci).addRegex(c[0]).add("a").addRegex(c[0]).build();
                Matcher m = Trawl.compile(set);
                assertTrue(routed(m), c[0] + ": " + m.engine());
                String text = ci ? c[1].toUpperCase(java.util.Locale.ROOT) : c[1];
                assertEquals(JdkRegex.expected(set, new String[] {c[0], null, c[0]}, text), m.findAll(text), c[0] + " on " + text);
                assertSame(c[0] + " on " + text, Trawl.compile(set, engine("cpu:dfa")), m,
                        text.getBytes(StandardCharsets.UTF_8), (byte) 'b');
            }
        }
    }

    @Test
    void wordListsAndAlternationsOnTheIliad() {
        byte[] iliad = Arrays.copyOf(TestData.iliadBytes(), 400_000);
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(true);
        b.addRegex(String.join("|", TestData.HERO_NAMES)).addRegex("the|then|he|e").addRegex("son of|of").add("the");
        TestData.words(300, 7).forEach(b::addRegex);
        PatternSet set = b.build();
        Matcher m = Trawl.compile(set, MatcherOptions.defaults().withThreads(2));
        assertTrue(routed(m), m.engine());
        assertSame("iliad", Trawl.compile(set, engine("cpu:dfa")), m, iliad, (byte) 'e');
    }

    @Test
    void autoRoutesChoicesBetweenLiteralsOnly() {
        String literalEngine = Engines.auto(PatternSet.of("x")).name();
        for (String re : new String[] {"error", "foo|bar", "(?:foo|bar)baz", "ab(?:c)", "error.*?", "caf\u00e9",
            "a\\.b\\n", "[.]x"}) {
            PatternSet set = PatternSet.builder().addRegex(re).build();
            assertEquals(literalEngine + LiteralRegexMatcher.SUFFIX, Engines.auto(set).name(), re);
            assertEquals(literalEngine + LiteralRegexMatcher.SUFFIX, Trawl.compile(set).engine(), re);
        }
        assertTrue(routed(Trawl.compile(PatternSet.builder().caseInsensitive(true).addRegex("Abc|\u00e9").add("x").build())));
        assertTrue(routed(Trawl.compile(PatternSet.builder().caseInsensitive(true).addRegex("(?-i:12)").build())));
        Consumer<PatternSet> notRouted = set -> {
            assertEquals("cpu:dfa", Engines.auto(set).name(), set.pattern(0));
            assertFalse(routed(Trawl.compile(set)), set.pattern(0));
        };
        for (String re : new String[] {"fo+", "(?i)abc", "a|", "^abc", "\\bfoo", "abc$", "[ab]c", "a.c", "[aA]b", "",
            "(?:)", "a{2}", "(?:|a)"}) {
            notRouted.accept(PatternSet.builder().addRegex(re).build());
        }
        notRouted.accept(PatternSet.builder().caseInsensitive(true).addRegex("(?-i)abc").build());
        notRouted.accept(PatternSet.builder().addRegex("error").addRegex("warn(ing)?").build());
        PatternSet words = PatternSet.builder().addRegex("error").build();
        assertEquals("cpu:dfa", Trawl.compile(words, engine("cpu:dfa")).engine(), "a named engine is used as it is");
    }

    @Test
    void alternativesComeInPriorityOrder() {
        assertEquals(List.of("ac", "ad", "abc", "abd"), alternatives("(?:a|ab)(?:c|d)", 0));
        assertEquals(List.of("ab", "b"), alternatives("ab|abc|b", 0), "abc can never be chosen");
        assertEquals(List.of("abc", "ab", "b"), alternatives("abc|ab|b", 0));
        assertEquals(List.of("ac", "abc"), alternatives("a(?:|b)c", 0));
        assertEquals(List.of("ab.\u00e9"), alternatives("(?i)A[b]\\.\u00e9", Parser.CASE_INSENSITIVE));
        assertEquals(List.of("error"), alternatives("error.*?", 0));
    }

    private static List<String> alternatives(String regex, int flags) {
        return LiteralAlternatives.of(regex, flags, 100).orElseThrow().stream()
                .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    @Test
    void productsAreCapped() {
        String big = "(?:a|b)".repeat(13) + "(?:c|d)"; // 16,384 alternatives
        assertTrue(LiteralRegexPlan.of(PatternSet.builder().addRegex(big).build()).isEmpty());
        String ok = "(?:a|b)".repeat(13); // 8,192
        assertTrue(LiteralRegexPlan.of(PatternSet.builder().addRegex(ok).build()).isPresent());
        assertTrue(LiteralRegexPlan.of(PatternSet.builder().addRegex(ok).addRegex(ok).build()).isEmpty(),
                "the cap is for the whole set");
    }

    /**
     * {@link LiteralRegexPlan#mayOverlap} against brute force: over every text of up to twice the
     * longest alternative, whether two different occurrences (alternative, start) overlap.
     */
    @Test
    void overlapCheckAgreesWithBruteForce() {
        Random r = new Random(99);
        byte[] alphabet = {'a', 'b', 'A'};
        for (int i = 0; i < 3000; i++) {
            boolean ci = r.nextBoolean();
            List<byte[]> alts = new ArrayList<>();
            int k = 1 + r.nextInt(3);
            for (int j = 0; j < k; j++) {
                byte[] a = new byte[1 + r.nextInt(3)];
                for (int x = 0; x < a.length; x++) {
                    a[x] = alphabet[r.nextInt(2 + (ci ? 1 : 0))];
                }
                alts.add(a);
            }
            boolean brute = false;
            int maxLen = alts.stream().mapToInt(a -> a.length).max().orElseThrow();
            for (int len = 1; len <= 2 * maxLen && !brute; len++) {
                for (int code = 0; code < 1 << len && !brute; code++) {
                    byte[] text = new byte[len];
                    for (int x = 0; x < len; x++) {
                        text[x] = (byte) ((code >> x & 1) == 0 ? 'a' : 'b');
                    }
                    brute = overlaps(alts, text, ci);
                }
            }
            List<String> shown = alts.stream().map(a -> new String(a, StandardCharsets.US_ASCII)).toList();
            assertEquals(brute, LiteralRegexPlan.mayOverlap(alts, ci), shown + (ci ? " (?i)" : ""));
        }
    }

    private static boolean overlaps(List<byte[]> alts, byte[] text, boolean ci) {
        List<long[]> occ = new ArrayList<>(); // {start, end}
        for (byte[] a : alts) {
            for (int s = 0; s + a.length <= text.length; s++) {
                boolean hit = true;
                for (int x = 0; x < a.length && hit; x++) {
                    hit = text[s + x] == a[x] || ci && Character.toLowerCase(text[s + x]) == Character.toLowerCase(a[x]);
                }
                if (hit) {
                    occ.add(new long[] {s, s + a.length});
                }
            }
        }
        for (int x = 0; x < occ.size(); x++) {
            for (int y = x + 1; y < occ.size(); y++) {
                if (occ.get(x)[0] < occ.get(y)[1] && occ.get(y)[0] < occ.get(x)[1]) {
                    return true;
                }
            }
        }
        return false;
    }
}
