package dev.trawl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.FirstOccurrences;
import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential suite every engine must pass: random sets over small alphabets, the Iliad with the
 * hero names, 100,000 generated words, real log lines with their templates' literal parts,
 * one-byte patterns, patterns that are prefixes, suffixes or duplicates of others, ASCII-only case
 * folding next to bytes above 0x7F, patterns longer than the text, dense matches, every input kind,
 * chunk boundaries inside matches, early stop. And the per-record operations ({@link RecordCheck}),
 * against {@code cpu:naive} run on each record alone, over every factory of {@link Records}: empty
 * records, a record of 1 MiB, literals that would match across a record's end, {@code \r\n} lines,
 * the loghub logs' lines. Subclass it (or parameterise it) with an engine name.
 */
public abstract class EngineContract {
    /**
     * The oracle's answers for the fixed cases, computed once per JVM and shared by every engine's
     * run of the suite: the oracle is the slow part. Keys name the pattern set and the text.
     */
    private static final Map<String, List<Match>> ORACLE = new ConcurrentHashMap<>();
    /** The same for per-record cases: each record's matches, by the oracle on the record alone. */
    private static final Map<String, RecordCheck.Expected> RECORD_ORACLE = new ConcurrentHashMap<>();

    /** The oracle's matches for a fixed case, cached under {@code key}. */
    protected static List<Match> oracle(String key, PatternSet patterns, byte[] text) {
        return ORACLE.computeIfAbsent(key, k -> Trawl.compile(patterns, Differential.oracleOptions()).findAll(text));
    }

    /** Checks a fixed case against the cached oracle; returns the number of matches. */
    protected int checkFixed(String key, PatternSet patterns, byte[] text, MatcherOptions o) {
        return Differential.check(key, patterns, text, o, oracle(key, patterns, text));
    }

    protected abstract String engineName();

    /** Cases for the random test; engines slow by design may lower it. */
    protected int randomCases() {
        return 1500;
    }

    /** Whether the engine takes 100,000 patterns (say in the engine's docs why not). */
    protected boolean copesWithLargeSets() {
        return true;
    }

    protected MatcherOptions options() {
        return MatcherOptions.defaults().withEngine(engineName());
    }

    @Test
    void randomSetsOverSmallAlphabets() {
        Random r = new Random(20261123L ^ engineName().hashCode());
        int total = 0;
        for (int i = 0; i < randomCases(); i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alphabet, 12, 6);
            byte[] text = Differential.randomBytes(r, alphabet, r.nextInt(400));
            MatcherOptions o = options().withThreads(1 + r.nextInt(3)).withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(40));
            total += Differential.check("case " + i + " seed-case " + i, ps, text, o);
        }
        assertTrue(total > 10_000, "random cases should produce many matches, got " + total);
    }

    @Test
    void iliadHeroNames() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        int n = checkFixed("iliad", names, iliad, options());
        assertTrue(n > 1000, "the Iliad names its heroes often: " + n);
        checkFixed("iliad", names, iliad, options().withThreads(3).withChunkBytes(4096));
        checkFixed("iliad", names, iliad, options().withThreads(1));
        int ci = checkFixed("iliad, case-insensitive", names.withCaseInsensitive(true), iliad, options());
        assertTrue(ci >= n);
    }

    @Test
    void hundredThousandWords() {
        assumeTrue(copesWithLargeSets(), "the engine's algorithm does not take 100,000 patterns");
        List<String> words = TestData.words(100_000, 7);
        PatternSet ps = PatternSet.of(words);
        byte[] text = Arrays.copyOfRange(TestData.iliadBytes(), 100_000, 102_000);
        int n = checkFixed("100k words", ps, text, options().withThreads(2).withChunkBytes(333));
        assertTrue(n > 500, "English-like words should hit English text: " + n);
        checkFixed("100k words, case-insensitive", ps.withCaseInsensitive(true), text, options().withThreads(1));
    }

    @Test
    void logLinesWithTheirTemplatesLiteralParts() throws Exception {
        int total = 0;
        for (String system : List.of("Apache", "HDFS", "Linux", "OpenSSH", "Windows")) {
            Path dir = TestData.dataDir().resolve("loghub").resolve(system);
            byte[] log = Files.readAllBytes(dir.resolve(system + "_2k.log"));
            PatternSet literals = PatternSet.of(TestData.templateLiterals(dir.resolve(system + "_2k.log_templates.csv")));
            total += checkFixed(system + " templates", literals, log, options().withThreads(2).withChunkBytes(50_000));
        }
        assertTrue(total > 10_000, "the templates' literal parts come from these very logs: " + total);
        Path dir = TestData.dataDir().resolve("loghub").resolve("OpenSSH");
        PatternSet ci = PatternSet.builder().addAll(TestData.templateLiterals(dir.resolve("OpenSSH_2k.log_templates.csv")))
                .caseInsensitive(true).build();
        checkFixed("OpenSSH templates, case-insensitive", ci, Files.readAllBytes(dir.resolve("OpenSSH_2k.log")), options());
    }

    @Test
    void oneBytePatterns() {
        byte[] text = Arrays.copyOfRange(TestData.iliadBytes(), 0, 200_000);
        PatternSet mixed = PatternSet.of("e", "the", "T", "\n", "Hector", ",");
        int n = checkFixed("one-byte patterns", mixed, text, options().withThreads(2).withChunkBytes(7_000));
        assertTrue(n > 20_000, "'e' alone is common: " + n);
        checkFixed("one-byte patterns, case-insensitive", mixed.withCaseInsensitive(true), text, options());
        checkFixed("a single one-byte pattern", PatternSet.of("a"), text, options().withThreads(1));
        Differential.check("one byte, one-byte text", PatternSet.of("x"), new byte[] {'x'}, options());
        Differential.check("one byte, other one-byte text", PatternSet.of("x"), new byte[] {'y'}, options());
    }

    @Test
    void patternsThatArePrefixesSuffixesOrDuplicatesOfOthers() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.of("Hector", "Hect", "He", "H", "ector", "tor", "r", "Hector", "Hector's",
                "son", "Atreus", "Atr", "s", "Atreus", "rr");
        int n = checkFixed("nested patterns", ps, iliad, options().withThreads(2).withChunkBytes(10_000));
        assertTrue(n > 50_000, "nested patterns match often: " + n);
        checkFixed("nested patterns, case-insensitive", ps.withCaseInsensitive(true), iliad, options());
        PatternSet runs = PatternSet.of("aaaa", "a", "aa", "aaa", "aa", "b", "ab", "ba", "aab", "baa");
        byte[] text = "aaaabaaaaaabaabbbaaaaAAAAbaaa".getBytes(StandardCharsets.US_ASCII);
        Differential.check("runs", runs, text, options().withThreads(2).withChunkBytes(3));
        Differential.check("runs, case-insensitive", runs.withCaseInsensitive(true), text, options());
    }

    @Test
    void caseFoldingIsAsciiOnly() {
        // Latin-1 and UTF-8 letters that Unicode would fold (É/é, Ý/ý) and bytes a regex might fold.
        byte[][] pats = {
            {(byte) 0xC9}, {(byte) 0xE9}, {(byte) 0xC3, (byte) 0x89}, {(byte) 0xC3, (byte) 0xA9}, {'k'}, {'S', 's'},
            {(byte) 0xDF}, {(byte) 0xB5}, {(byte) 0xFF}, {'a', (byte) 0xDD}, {'A', (byte) 0xFD}, {'@'}, {'`'}, {'['},
            {'{'},
        };
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(true);
        for (byte[] p : pats) {
            b.add(p);
        }
        PatternSet ps = b.build();
        byte[] text = {(byte) 0xC9, (byte) 0xE9, 'K', 'k', 's', 'S', 'S', 's', (byte) 0xC3, (byte) 0x89, (byte) 0xC3,
            (byte) 0xA9, (byte) 0xDF, 's', 's', (byte) 0xB5, (byte) 0xFF, 'A', (byte) 0xFD, 'a', (byte) 0xDD, 'a',
            (byte) 0xFD, '@', '`', '[', '{', 'k'};
        int n = Differential.check("ASCII-only folding", ps, text, options());
        assertTrue(n >= 20, "every pattern occurs in its own case: " + n);
        Random r = new Random(77);
        byte[] alphabet = {'a', 'A', 'k', 'K', (byte) 0xC9, (byte) 0xE9, (byte) 0xDF, (byte) 0xB5, (byte) 0xFF, '@', '`'};
        for (int i = 0; i < 150; i++) {
            PatternSet rp = Differential.randomPatterns(r, alphabet, 8, 4).withCaseInsensitive(true);
            byte[] t = Differential.randomBytes(r, alphabet, r.nextInt(300));
            Differential.check("ASCII-only folding, case " + i, rp, t, options().withThreads(1 + r.nextInt(2))
                    .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(30)));
        }
    }

    @Test
    void everyPatternLongerThanTheText() {
        PatternSet ps = PatternSet.of("Achilles", "Agamemnon", "Andromache");
        for (String t : List.of("", "A", "Achille", "Agamemno", "Andromach")) {
            assertEquals(0, Differential.check("longer than '" + t + "'", ps, t.getBytes(StandardCharsets.US_ASCII),
                    options().withThreads(2).withChunkBytes(2)));
        }
        assertEquals(1, Differential.check("just fits", ps, "Achilles".getBytes(StandardCharsets.US_ASCII), options()));
    }

    @Test
    void denseOverlapsOfOneLetter() {
        byte[] text = new byte[10_000];
        Arrays.fill(text, (byte) 'a');
        PatternSet ps = PatternSet.of("a", "aa", "aaa");
        int n = Differential.check("all a", ps, text, options().withThreads(2).withChunkBytes(1000));
        assertEquals(10_000 + 9_999 + 9_998, n);
    }

    @Test
    void edgeCases() {
        PatternSet ps = PatternSet.of("abc", "abc", "b", "abcdefghijklmnopqrstuvwxyz0123456789", "bc", "c");
        Differential.check("empty input", ps, new byte[0], options());
        Differential.check("pattern longer than text", ps, "xabcx".getBytes(StandardCharsets.US_ASCII), options());
        Differential.check("duplicates and suffixes", ps, "abcabcbcb".getBytes(StandardCharsets.US_ASCII), options());
        Differential.check("one byte", PatternSet.of("\u00e9"), "é é e".getBytes(StandardCharsets.UTF_8), options());
        Differential.check("bytes above 0x7F", PatternSet.builder().add(new byte[] {(byte) 0xFF, (byte) 0x80}).build(),
                new byte[] {(byte) 0xFF, (byte) 0x80, (byte) 0xFF, (byte) 0x80, (byte) 0x80}, options());
    }

    @Test
    void everyInputKindGivesTheSameMatches(@TempDir Path dir) throws Exception {
        PatternSet ps = PatternSet.of("Hector", "Achilles", "héros", "ü");
        String text = "Hector and Achilles, héros of Troy, über Hector";
        Matcher m = Trawl.compile(ps, options());
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        List<Match> bytes = m.findAll(utf8);
        assertEquals(Trawl.compile(ps, Differential.oracleOptions()).findAll(utf8), bytes);
        assertEquals(5, bytes.size());

        ByteBuffer direct = ByteBuffer.allocateDirect(utf8.length + 3);
        direct.put(new byte[] {'x', 'y', 'z'}).put(utf8).flip().position(3);
        assertEquals(bytes, m.findAll(direct));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(utf8.length);
            seg.copyFrom(MemorySegment.ofArray(utf8));
            assertEquals(bytes, m.findAll(seg));
        }
        Path f = dir.resolve("t.txt");
        Files.write(f, utf8);
        assertEquals(bytes, m.findAll(f));
        assertEquals(5, m.count(f));

        // Text inputs report char offsets.
        List<Match> chars = m.findAll(text);
        List<String> found = new ArrayList<>();
        for (Match x : chars) {
            found.add(text.substring((int) x.start(), (int) x.end()));
        }
        assertEquals(List.of("Hector", "Achilles", "héros", "ü", "Hector"), found);
        Path empty = dir.resolve("empty");
        Files.write(empty, new byte[0]);
        assertEquals(List.of(), m.findAll(empty));
    }

    @Test
    void sinkCanStopTheScan() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        Matcher m = Trawl.compile(ps, options().withThreads(2).withChunkBytes(8192));
        List<Match> all = m.findAll(iliad);
        List<Match> firstFive = new ArrayList<>();
        boolean completed = m.scan(Input.of(iliad), (id, s, e) -> {
            firstFive.add(new Match(id, s, e));
            return firstFive.size() < 5;
        });
        assertFalse(completed);
        assertEquals(all.subList(0, 5), firstFive);
    }

    // ---- per record ----

    /** Random columns over small alphabets (empty records, {@code '\n'}, bytes above 0x7F), every factory. */
    @Test
    void perRecordAnswersOnRandomColumns() {
        Random r = new Random(20260601L ^ engineName().hashCode());
        long matches = 0;
        try (Arena arena = Arena.ofShared()) {
            for (int i = 0; i < 150; i++) {
                byte[] alphabet = Differential.smallAlphabet(r);
                PatternSet ps = Differential.randomPatterns(r, alphabet, 8, 4);
                List<byte[]> column = new ArrayList<>();
                for (int k = r.nextInt(14); k > 0; k--) {
                    column.add(Differential.randomBytes(r, alphabet, r.nextInt(4) == 0 ? 0 : r.nextInt(40)));
                }
                MatcherOptions o = options().withThreads(1 + r.nextInt(3)).withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(60));
                for (Records records : RecordCheck.everyFactory(column, arena, r)) {
                    matches += RecordCheck.check("case " + i + " " + ps + " on " + records, ps, records, o,
                            RecordCheck.naive(ps, records));
                }
            }
        }
        assertTrue(matches > 2_000, "random columns should match often: " + matches);
    }

    /**
     * Literals that would match across a record's end (they must not), duplicates, bytes above 0x7F,
     * empty records, {@code \r\n} lines with the {@code '\r'} dropped or kept, a last line without a
     * newline, and a record of 1 MiB among short ones.
     */
    @Test
    void perRecordEdgeCases() {
        PatternSet ps = PatternSet.builder().add("bc").add("b").add("b").add("abcd").add(new byte[] {(byte) 0xFF, (byte) 0x80})
                .add("\u00e9").add("\r").add("\n").add("d\r").add("c").build();
        List<byte[]> column = new ArrayList<>();
        for (String s : new String[] {"ab", "cd", "", "abcd", "", "", "b\u00e9", "x\rd", "c"}) {
            column.add(s.getBytes(StandardCharsets.UTF_8));
        }
        column.add(new byte[] {(byte) 0xFF});
        column.add(new byte[] {(byte) 0x80, (byte) 0xFF, (byte) 0x80});
        try (Arena arena = Arena.ofShared()) {
            for (Records records : RecordCheck.everyFactory(column, arena, new Random(1))) {
                RecordCheck.check("edge cases on " + records, ps, records, options().withThreads(2).withChunkBytes(3),
                        RecordCheck.naive(ps, records));
            }
        }
        Records none = Records.of(new byte[0][]);
        RecordCheck.check("no records", ps, none, options(), RecordCheck.naive(ps, none));

        byte[] crlf = "ab\r\ncd\r\n\r\nd\r\r\nb".getBytes(StandardCharsets.US_ASCII);
        for (boolean drop : new boolean[] {true, false}) {
            Records lines = Records.lines(MemorySegment.ofArray(crlf), drop);
            assertEquals(5, lines.size());
            RecordCheck.check("\\r\\n lines, dropCR " + drop, ps, lines, options(), RecordCheck.naive(ps, lines));
        }
        // Without records, these patterns match across the separators; with them, never.
        Records arrow = Records.of("ab".getBytes(StandardCharsets.US_ASCII), "cd".getBytes(StandardCharsets.US_ASCII));
        assertEquals(0, RecordCheck.naive(PatternSet.of("bc", "abcd"), arrow).matches());
        assertEquals(0, Trawl.compile(PatternSet.of("bc", "abcd"), options()).countPerRecord(arrow)[0]);
        assertFalse(Trawl.compile(PatternSet.of("b\nc"), options()).anyMatch(Records.lines(
                MemorySegment.ofArray("ab\ncd".getBytes(StandardCharsets.US_ASCII)), false))[0]);

        byte[] iliad = TestData.iliadBytes();
        byte[] mib = new byte[1 << 20]; // the Iliad, and its start again
        for (int at = 0; at < mib.length; at += iliad.length) {
            System.arraycopy(iliad, 0, mib, at, Math.min(iliad.length, mib.length - at));
        }
        List<byte[]> big = List.of("Hector".getBytes(StandardCharsets.US_ASCII), mib, new byte[0],
                Arrays.copyOfRange(iliad, 5000, 5500), "Ajax".getBytes(StandardCharsets.US_ASCII));
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        Records column1M = Records.of(big.toArray(new byte[0][]));
        RecordCheck.Expected expected = RECORD_ORACLE.computeIfAbsent("1 MiB record", k -> RecordCheck.naive(names, column1M));
        long n = RecordCheck.check("a record of 1 MiB", names, column1M, options().withThreads(2), expected);
        assertTrue(n > 100, "the Iliad's first MiB names heroes: " + n);
    }

    /**
     * The first-occurrence table (checked in both layouts by every {@link RecordCheck} case) where it
     * is easy to get wrong: patterns longer than every record, empty records, duplicates, a pattern
     * matching only across a record's end, runs of zeros against patterns of zeros (every window a
     * candidate, every pattern's first occurrence at 0 or nowhere), many records per task on three
     * threads, and a log's lines in the sparse layout (thousands of pairs per task).
     */
    @Test
    void firstOccurrenceTable() {
        PatternSet ps = PatternSet.builder().add("abcdefghij").add("ab").add("cd").add("ab").add("b").add("da")
                .add(new byte[3]).add(new byte[8]).add(new byte[8]).add(new byte[40]).add(new byte[] {0, 0, 'x'})
                .build();
        List<byte[]> column = new ArrayList<>();
        for (String s : new String[] {"", "ab", "abcd", "", "cdab", "bbbbab", "abcdefghi", "abcdefghij", "d", "a"}) {
            column.add(s.getBytes(StandardCharsets.US_ASCII));
        }
        for (int len : new int[] {0, 1, 2, 3, 7, 8, 9, 39, 40, 41, 1000}) {
            column.add(new byte[len]);
        }
        byte[] mixed = new byte[300];
        mixed[100] = 'x';
        mixed[200] = 'a';
        mixed[201] = 'b';
        column.add(mixed);
        try (Arena arena = Arena.ofShared()) {
            for (Records records : RecordCheck.everyFactory(column, arena, new Random(3))) {
                for (MatcherOptions o : List.of(options().withThreads(1), options().withThreads(3).withChunkBytes(5))) {
                    RecordCheck.check("first occurrences on " + records, ps, records, o, RecordCheck.naive(ps, records));
                }
            }
        }
        PatternSet longer = PatternSet.of("abcdefghijk", "abcdefghijkl");
        Records shortOnes = Records.of(List.of("", "abc", "abcdefghij"));
        FirstOccurrences none = Trawl.compile(longer, options()).firstOccurrence(shortOnes);
        assertEquals(0, none.size());
        assertEquals(-1, none.get(2, 1));

        Path dir = LoghubTemplates.root().resolve("Apache");
        PatternSet literals = PatternSet.of(TestData.templateLiterals(dir.resolve("Apache_2k.log_templates.csv")));
        try (Records lines = Records.mapLines(LoghubTemplates.log("Apache"), true)) {
            RecordCheck.Expected expected = RECORD_ORACLE.computeIfAbsent("Apache lines", k -> RecordCheck.naive(literals, lines));
            Matcher m = Trawl.compile(literals, options().withThreads(3).withChunkBytes(20_000));
            for (FirstOccurrences.Layout layout : FirstOccurrences.Layout.values()) {
                RecordCheck.checkFirstOccurrence("Apache lines", m, lines, expected, layout);
            }
            assertTrue(m.firstOccurrence(lines, FirstOccurrences.Layout.SPARSE).size() > 2_000);
        }
    }

    /**
     * The loghub systems whose lines the per-record log test reads: all of them, by default.
     * Engines that scan the text once per pattern may take fewer (the 1,325 literal parts of the Mac
     * templates alone take them seconds per scan).
     */
    protected List<String> perRecordLogSystems() {
        return LoghubTemplates.systems();
    }

    /** Every loghub log's lines ({@code mapLines}, carriage returns dropped) with its templates' literal parts. */
    @Test
    void perRecordAnswersOnLogLines() {
        long total = 0;
        for (String system : perRecordLogSystems()) {
            Path dir = LoghubTemplates.root().resolve(system);
            PatternSet literals = PatternSet.of(TestData.templateLiterals(dir.resolve(system + "_2k.log_templates.csv")));
            try (Records lines = Records.mapLines(LoghubTemplates.log(system), true)) {
                assertTrue(lines.size() >= 1999, system + ": " + lines.size());
                RecordCheck.Expected expected = RECORD_ORACLE.computeIfAbsent(system + " lines",
                        k -> RecordCheck.naive(literals, lines));
                total += RecordCheck.check(system + " lines", Trawl.compile(literals, options().withThreads(2)), lines,
                        expected, false);
            }
        }
        assertTrue(total > 2_000, "the templates' literal parts come from these very lines: " + total);
    }
}
