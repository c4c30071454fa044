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
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.input.CharOffsets;
import dev.trawl.regex.RegexSyntaxException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The differential suite every regex engine must pass, against {@code java.util.regex} (the
 * contract: each regex's {@code find()} spans, literals' every occurrence, ordered by start then
 * id): random sets of random regexes from the supported grammar, mixed with literals and options,
 * over random texts; every input kind; early stop; syntax errors. And the per-record operations
 * ({@link RecordCheck}) against {@code java.util.regex} run on each record alone: regexes that would
 * see or cross a record's edge without records ({@code [^x] \s (?s). $ ^ \A \z \b}), random sets
 * over random columns, the loghub templates as regexes over their logs' lines. Subclass with an
 * engine name.
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
            PatternSet.Builder b = RandomRegex.flaggedBuilder(r);
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
    void wordStartAndEnd() {
        // \b{start} and \b{end} (the command's \< and \>) against Java's lookaround spelling of them.
        String[][] cases = {{"\\b{start}", "(?<!\\w)(?=\\w)"}, {"\\b{end}", "(?<=\\w)(?!\\w)"},
            {"\\b{start}the\\b{end}", "(?<!\\w)the(?!\\w)"}, {"\\b{start}\\w+", "(?<!\\w)\\w+"},
            {"e\\b{end}", "e(?!\\w)"}, {"\\b{start}-", "(?<!\\w)(?=\\w)-"}, {"(?i)\\b{start}TH", "(?i)(?<!\\w)TH"}};
        String text = "the other, the_end theme; \u00e9the the\nthe- -the end_ x1the 1the";
        for (String[] c : cases) {
            PatternSet set = PatternSet.builder().addRegex(c[0]).build();
            assertEquals(JdkRegex.expected(set, new String[] {c[1]}, text), Trawl.compile(set, options()).findAll(text),
                    c[0]);
        }
    }

    @Test
    void unicodeCaseFolding() {
        // (?u) under (?i): letters beyond ASCII fold too, as java.util.regex's UNICODE_CASE (spelled the same
        // inline there); named classes such as \W keep ASCII folding, so k is no \W for the Kelvin sign.
        String[] regexes = {"(?iu)\u00e9t\u00e9", "(?iu)\u03c3+", "(?iu)[\u00e9\u03c9]+", "(?iu)[^\u00e9a-z ]+",
            "(?iu)\u0436|\u00c7a", "(?iu)[\\W\u00e9]+", "(?iu)\\W", "(?iu)\u01c5", "(?i)\u00e9", "(?iu)x(?-u:\u00e9)"};
        String text = "\u00e9t\u00e9 \u00c9T\u00c9 \u03c3\u03a3\u03c2 \u03c9\u03a9 \u0436\u0416 \u00e7a \u00c7A k K s"
                + " \u01c4\u01c5\u01c6 stra\u00dfe x\u00c9 X\u00e9\n\u00c9t\u00e9";
        for (String re : regexes) {
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

    // ---- per record ----

    /** Which loghub systems the per-record template test reads; every one is slow on a Pike VM. */
    protected List<String> perRecordLogSystems() {
        return List.of("Apache", "HDFS", "OpenSSH", "Proxifier", "Spark");
    }

    /**
     * Regexes whose matches would run into the next record, or whose anchors would not hold at a
     * record's edge, if the records were one text; with literals, duplicates and text above 0x7F.
     */
    @Test
    void perRecordRegexesSeeTheRecordsEdges() {
        String[][] regexes = {{"[^x]+"}, {"\\s+"}, {"(?s)b."}, {"b$"}, {"^c"}, {"\\Ac"}, {"b\\z"}, {"\\bcd?\\b"},
            {"b\\s*c"}, {"(?s).*"}, {"d?$"}, {"\u00e9+\\S"}, {"(?m)^\\w$"}, {""}};
        List<String> column = List.of("ab", "cd", "", "x b", "c\u00e9\u00e9 ", "\u20acb\u00e9", " ", "ab\tc", "b", "cd c");
        PatternSet.Builder b = PatternSet.builder().add("b").add("b");
        List<String> spelled = new ArrayList<>();
        spelled.add(null); // the two literals
        spelled.add(null);
        for (String[] re : regexes) {
            b.addRegex(re[0]);
            spelled.add(re[0]);
        }
        PatternSet set = b.build();
        String[] javaRegexes = spelled.toArray(new String[0]);
        try (Arena arena = Arena.ofShared()) {
            List<byte[]> bytes = column.stream().map(x -> x.getBytes(StandardCharsets.UTF_8)).toList();
            for (Records records : RecordCheck.everyFactory(bytes, arena, new Random(5))) {
                RecordCheck.check("edges on " + records, set, records, options().withThreads(2).withChunkBytes(4),
                        RecordCheck.jdk(set, javaRegexes, records));
            }
        }
        for (boolean drop : new boolean[] {true, false}) {
            Records lines = Records.lines(MemorySegment.ofArray("ab\r\n\r\ncd\r\nb\r\r\n b".getBytes(StandardCharsets.US_ASCII)), drop);
            RecordCheck.check("\\r\\n lines, dropCR " + drop, set, lines, options(), RecordCheck.jdk(set, javaRegexes, lines));
        }
        // Each regex alone, so the set's other regexes cannot hide a wrong answer of one.
        Records records = Records.of(column);
        for (String[] re : regexes) {
            PatternSet one = PatternSet.builder().addRegex(re[0]).build();
            RecordCheck.check("alone: " + re[0], one, records, options(), RecordCheck.jdk(one, new String[] {re[0]}, records));
        }
        // Regexes found through a literal they require (cpu:dfa's prefilter) beside ones that are not,
        // and literal patterns, over records whose bytes run on into the next one.
        String[] mixed = {"abc\\w*", "abc", "bcd.*?e", "\\d+ ms$", "[^a]+$", "c(?s).", "d\\b"};
        PatternSet.Builder mb = PatternSet.builder().add("cd");
        for (String re : mixed) {
            mb.addRegex(re);
        }
        mb.add("abc");
        PatternSet mixedSet = mb.build();
        String[] mixedJava = new String[mixed.length + 2];
        System.arraycopy(mixed, 0, mixedJava, 1, mixed.length);
        List<String> mixedColumn = List.of("xxab", "cabcd", "de", "bcdxe", "12 ms", "abc abcabcd", "", "d", "e c\u00e9 ms");
        try (Arena arena = Arena.ofShared()) {
            List<byte[]> bytes = mixedColumn.stream().map(x -> x.getBytes(StandardCharsets.UTF_8)).toList();
            for (Records each : RecordCheck.everyFactory(bytes, arena, new Random(6))) {
                RecordCheck.check("mixed on " + each, mixedSet, each, options().withThreads(2).withChunkBytes(5),
                        RecordCheck.jdk(mixedSet, mixedJava, each));
            }
        }
        // A record of 1 MiB among short ones: $ at its end, not at its lines' ends.
        String iliad = new String(TestData.iliadBytes(), StandardCharsets.ISO_8859_1);
        String big = iliad.repeat(2).substring(0, 1 << 20).replaceAll("[^\\x00-\\x7F]", "?");
        Records column1M = Records.of(List.of("Hector", big, "", "tears of Achilles"));
        PatternSet heroes = PatternSet.builder().addRegex("(Hector|Achilles)$").addRegex("[A-Z][a-z]+ of Troy").add("Ajax").build();
        RecordCheck.check("a record of 1 MiB", heroes, column1M, options().withThreads(2),
                RecordCheck.jdk(heroes, new String[] {"(Hector|Achilles)$", "[A-Z][a-z]+ of Troy", null}, column1M));
    }

    /**
     * The Iliad's lines as records (840 KB): regexes found through the literals they need (cpu:dfa gathers those literals' hits a batch
     * of records at a time, about 128 KiB of them) and literal patterns, over many batches.
     */
    @Test
    void perRecordRegexesOverManyBatchesOfLines() {
        String iliad = new String(TestData.iliadBytes(), StandardCharsets.ISO_8859_1).replaceAll("[^\\x00-\\x7F]", "?");
        Records lines = Records.of(List.of(iliad.split("\n")));
        String[] regexes = {"Hector\\w*", "son of \\w+", "[Ss]hip.*?sea", "Achilles$", "^The ", "e \\w+,", null};
        PatternSet.Builder b = PatternSet.builder();
        for (String re : regexes) {
            if (re == null) {
                b.add("Ajax");
            } else {
                b.addRegex(re);
            }
        }
        PatternSet set = b.build();
        RecordCheck.check("the Iliad's lines", set, lines, options().withThreads(2),
                RecordCheck.jdk(set, regexes, lines));
    }

    /** Random regex sets, options and literals over random columns (records may hold newlines). */
    @Test
    void perRecordRandomRegexSets() {
        Random r = new Random(seed() * 7 ^ engineName().hashCode());
        long matches = 0;
        for (int i = 0; i < 150; i++) {
            String alphabet = RandomRegex.ALPHABETS[r.nextInt(RandomRegex.ALPHABETS.length)];
            PatternSet.Builder b = RandomRegex.flaggedBuilder(r);
            int n = 1 + r.nextInt(4);
            String[] java = new String[n];
            for (int k = 0; k < n; k++) {
                if (r.nextInt(5) == 0) {
                    String lit = RandomRegex.text(r, alphabet.replace("\n", ""), 3);
                    b.add(lit.isEmpty() ? alphabet.substring(0, 1) : lit);
                } else {
                    String[] re = RandomRegex.generate(r, alphabet, 2);
                    b.addRegex(re[0]);
                    java[k] = re[1];
                }
            }
            PatternSet set = b.build();
            List<String> column = new ArrayList<>();
            for (int k = r.nextInt(10); k > 0; k--) {
                column.add(RandomRegex.text(r, alphabet, 15));
            }
            Records records = Records.of(column);
            RecordCheck.Expected expected = RecordCheck.jdk(set, java, records);
            if (expected == null) {
                continue; // the backtracking oracle took too long
            }
            matches += RecordCheck.check("case " + i + " " + set + " on " + column, set, records,
                    options().withThreads(1 + r.nextInt(3)).withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(30)), expected);
        }
        assertTrue(matches > 300, "random columns should match: " + matches);
    }

    /** The loghub templates as regexes over their logs' lines ({@code mapLines}, {@code '\r'} dropped). */
    @Test
    void perRecordLogTemplates() throws Exception {
        long total = 0;
        for (String system : perRecordLogSystems()) {
            List<String> templates = LoghubTemplates.templates(LoghubTemplates.log(system).resolveSibling(system + "_2k.log_templates.csv"));
            PatternSet.Builder b = PatternSet.builder();
            String[] java = new String[templates.size()];
            for (int k = 0; k < templates.size(); k++) {
                java[k] = LoghubTemplates.toRegex(templates.get(k));
                b.addRegex(java[k]);
            }
            PatternSet set = b.build();
            try (Records lines = Records.mapLines(LoghubTemplates.log(system), true)) {
                RecordCheck.Expected expected = templateOracle(templates, lines);
                total += RecordCheck.check(system + " templates", Trawl.compile(set, options().withThreads(2)), lines,
                        expected, false);
            }
        }
        assertTrue(total > 5_000, "the templates come from these very lines: " + total);
    }

    /** {@code java.util.regex} per line, skipping lines that lack a template's longest literal piece. */
    private static RecordCheck.Expected templateOracle(List<String> templates, Records lines) {
        java.util.regex.Pattern[] ps = new java.util.regex.Pattern[templates.size()];
        for (int k = 0; k < ps.length; k++) {
            ps[k] = java.util.regex.Pattern.compile(LoghubTemplates.toRegex(templates.get(k)), java.util.regex.Pattern.UNIX_LINES);
        }
        List<List<Match>> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.string(i);
            if (line.getBytes(StandardCharsets.UTF_8).length != line.length()) {
                throw new IllegalStateException("the template oracle takes ASCII lines: line " + i);
            }
            List<Match> ms = new ArrayList<>();
            for (int k = 0; k < ps.length; k++) {
                if (line.contains(LoghubTemplates.longestPiece(templates.get(k)))) {
                    ms.addAll(JdkRegex.find(ps[k], k, line));
                }
            }
            java.util.Collections.sort(ms);
            out.add(ms);
        }
        return RecordCheck.of(out);
    }
}
