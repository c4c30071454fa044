package dev.trawl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.EngineUnavailableException;
import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.input.CharOffsets;
import dev.trawl.regex.RegexSyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The differential suite every regex engine must pass, against {@code java.util.regex} (the
 * contract: each regex's {@code find()} spans, literals' every occurrence, ordered by start then
 * id): random sets of random regexes from the supported grammar, mixed with literals and options,
 * over random texts; every input kind; early stop; syntax errors. Subclass with an engine name.
 */
public abstract class RegexEngineContract {

    protected abstract String engineName();

    /** Random cases; reproducible from {@link #seed()}. */
    protected int randomCases() {
        return Integer.getInteger("trawl.regexCases", 1500);
    }

    protected long seed() {
        return Long.getLong("trawl.regexSeed", 20261124L);
    }

    protected MatcherOptions options() {
        return MatcherOptions.defaults().withEngine(engineName());
    }

    @Test
    void randomRegexSetsAgainstJdk() {
        randomRegexSets(new Random(seed() ^ engineName().hashCode()), r -> options());
    }

    /**
     * The same on several threads with chunks of 1 to 24 bytes, so line-aligned chunks (taken when no
     * regex can match across a newline) cut almost every line and every text has many.
     */
    @Test
    void randomRegexSetsInSmallChunksOnThreads() {
        randomRegexSets(new Random(seed() * 31 ^ engineName().hashCode()),
                r -> options().withThreads(1 + r.nextInt(4)).withChunkBytes(1 + r.nextInt(24)));
    }

    private void randomRegexSets(Random r, java.util.function.Function<Random, MatcherOptions> options) {
        int matches = 0;
        int compared = 0;
        for (int i = 0; i < randomCases(); i++) {
            String alphabet = RandomRegex.ALPHABETS[r.nextInt(RandomRegex.ALPHABETS.length)];
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextInt(4) == 0)
                    .multiline(r.nextInt(4) == 0).dotAll(r.nextInt(4) == 0);
            int n = 1 + r.nextInt(r.nextBoolean() ? 2 : 5);
            List<String> java = new ArrayList<>();
            List<String> ours = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                if (r.nextInt(5) == 0) {
                    String lit = RandomRegex.text(r, alphabet.replace("\n", ""), 3);
                    if (lit.isEmpty()) {
                        lit = alphabet.substring(0, 1);
                    }
                    b.add(lit);
                    java.add(null);
                    ours.add("lit:" + lit);
                } else {
                    String[] re = RandomRegex.generate(r, alphabet, 2);
                    b.addRegex(re[0]);
                    java.add(re[1]);
                    ours.add(re[0]);
                }
            }
            PatternSet set = b.build();
            String text = RandomRegex.text(r, alphabet, 60);
            List<Match> expected = JdkRegex.expected(set, java.toArray(new String[0]), text);
            if (expected == null) {
                continue;
            }
            Matcher m = Trawl.compile(set, options.apply(r));
            String what = "case " + i + " " + ours + " " + set + " on \"" + text.replace("\n", "\\n") + "\"";
            assertEquals(expected, m.findAll(text), what);
            assertEquals(expected.size(), m.count(text), what + ": count");
            matches += expected.size();
            compared++;
        }
        assertTrue(compared > randomCases() * 9 / 10, "compared " + compared);
        assertTrue(matches > randomCases() * 3, "matches: " + matches);
    }

    @Test
    void byteInputsReportByteOffsets() {
        PatternSet set = PatternSet.builder().addRegex("h[ée]ros?").addRegex("\\w+").add("€").addRegex("").build();
        String text = "héros € heros\nµ";
        Matcher m = Trawl.compile(set, options());
        List<Match> chars = m.findAll(text);
        assertEquals(JdkRegex.expected(set, new String[] {"h[ée]ros?", "\\w+", null, ""}, text), chars);
        CharOffsets co = CharOffsets.of(text);
        List<Match> bytes = m.findAll(text.getBytes(StandardCharsets.UTF_8));
        List<Match> mapped = new ArrayList<>();
        for (Match x : bytes) {
            mapped.add(new Match(x.patternId(), co.toChar(x.start()), co.toChar(x.end())));
        }
        assertEquals(chars, mapped);
        assertEquals(chars.size(), m.count(Input.of(text.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void supplementaryCharactersAreOneCodePoint() {
        String text = "a\uD83D\uDE00b\uD83D\uDE00\uD83D\uDE01";
        for (String re : new String[] {".", "[^a]+", "\\x{1F600}", "[\\x{1F600}-\\x{1F601}]{2}", "\\W"}) {
            PatternSet set = PatternSet.builder().addRegex(re).build();
            assertEquals(JdkRegex.expected(set, new String[] {re}, text), Trawl.compile(set, options()).findAll(text), re);
        }
    }

    @Test
    void emptyInputAndEmptyMatches() {
        for (String re : new String[] {"", "a*", "^", "$", "(?m)^", "(?m)$", "\\b", "x?"}) {
            PatternSet set = PatternSet.builder().addRegex(re).build();
            Matcher m = Trawl.compile(set, options());
            for (String text : new String[] {"", "\n", "ab\n", "\u00e9\n\u00e9"}) {
                assertEquals(JdkRegex.expected(set, new String[] {re}, text), m.findAll(text), re + " on " + text);
            }
        }
    }

    @Test
    void sinkCanStopTheScan() {
        PatternSet set = PatternSet.builder().addRegex("[A-Z][a-z]+").add("the").build();
        Matcher m = Trawl.compile(set, options());
        byte[] iliad = TestData.iliadBytes();
        byte[] part = java.util.Arrays.copyOf(iliad, 200_000);
        List<Match> all = m.findAll(part);
        assertTrue(all.size() > 1000);
        List<Match> first = new ArrayList<>();
        assertFalse(m.scan(Input.of(part), (id, s, e) -> {
            first.add(new Match(id, s, e));
            return first.size() < 7;
        }));
        assertEquals(all.subList(0, 7), first);
    }

    @Test
    void unsupportedConstructsAreNamedWithTheirPosition() {
        String[][] cases = {{"(a)\\1", "backreference", "3"}, {"a(?=b)", "lookahead", "1"}, {"(?<=a)b", "lookbehind", "0"},
            {"a*+", "possessive", "1"}, {"(?>a)", "atomic", "0"}, {"a{1001}", "limit", "1"}, {"x(", "missing ')'", "1"},
            {"[a&&b]", "intersection", "2"}};
        for (String[] c : cases) {
            RegexSyntaxException e = assertThrows(RegexSyntaxException.class, () -> PatternSet.builder().addRegex(c[0]));
            assertTrue(e.getMessage().contains(c[1]) && e.index() == Integer.parseInt(c[2]), c[0] + ": " + e.getMessage());
        }
    }

    @Test
    void literalOnlyEnginesRefuseRegexSets() {
        PatternSet set = PatternSet.builder().add("abc").addRegex("a+").build();
        EngineUnavailableException e = assertThrows(EngineUnavailableException.class,
                () -> Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:aho-corasick")));
        assertTrue(e.getMessage().contains("literal"), e.getMessage());
        assertTrue(Trawl.compile(set, MatcherOptions.defaults()).engine().startsWith("cpu:"));
    }
}
