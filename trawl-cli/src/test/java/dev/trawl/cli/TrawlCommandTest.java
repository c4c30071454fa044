package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrawlCommandTest {

    record Result(int code, String out, String err) {}

    static Result trawl(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TrawlCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new ByteArrayInputStream(stdin));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Result trawl(String... args) {
        return trawl(new byte[0], args);
    }

    private static Path heroes(Path dir) throws Exception {
        Path names = dir.resolve("names.txt");
        Files.write(names, TestData.HERO_NAMES);
        return names;
    }

    /**
     * A literal set of 10,000+ patterns keeps its tables in $TRAWL_CACHE_DIR and answers the same
     * from them; "off" keeps none; without the variable the XDG cache, then the home's, is used.
     */
    @Test
    void largeSetsKeepTheirTablesWhereTheEnvironmentSays(@TempDir Path dir) throws Exception {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 12_000; i++) {
            words.add("@@" + Integer.toString(i * 7919, 36)); // distinct, and absent from the Iliad
        }
        words.addAll(TestData.HERO_NAMES);
        Path patterns = dir.resolve("words.txt");
        Files.write(patterns, words);
        String iliad = TestData.iliad().toString();
        Path cache = dir.resolve("cache");
        String[] args = {"-F", "-c", "-f", patterns.toString(), iliad};
        List<String> outs = new ArrayList<>();
        for (String where : List.of(cache.toString(), cache.toString(), "off")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = TrawlCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err,
                    new ByteArrayInputStream(new byte[0]), java.util.Map.of("TRAWL_CACHE_DIR", where));
            assertEquals(0, code);
            outs.add(out.toString(StandardCharsets.UTF_8));
            try (var files = Files.list(cache)) {
                assertEquals(1, files.filter(f -> f.toString().endsWith(".tables")).count(), "after " + where);
            }
        }
        assertEquals(outs.get(0), outs.get(1), "read back from the cache");
        assertEquals(outs.get(0), outs.get(2), "without a cache");
        assertEquals(String.valueOf(trawl("-F", "-c", "-f", heroes(dir).toString(), iliad).out()), outs.get(0),
                "none of the generated words is in the Iliad: the heroes' lines alone");
        assertEquals(Path.of("/x/trawl"), TrawlCommand.compileCache(java.util.Map.of("XDG_CACHE_HOME", "/x", "HOME", "/h")));
        assertEquals(Path.of("/h/.cache/trawl"), TrawlCommand.compileCache(java.util.Map.of("HOME", "/h")));
        assertEquals(null, TrawlCommand.compileCache(java.util.Map.of("TRAWL_CACHE_DIR", "off", "HOME", "/h")));
        assertEquals(null, TrawlCommand.compileCache(java.util.Map.of()));
    }

    @Test
    void onlyMatchingEqualsGrep(@TempDir Path dir) throws Exception {
        Path names = heroes(dir);
        String iliad = TestData.iliad().toString();
        for (String opt : List.of("-o", "-n", "-c", "-i", "-on")) {
            Result r = trawl("-F", opt, "-f", names.toString(), iliad);
            assertEquals(0, r.code(), r.err());
            assertFalse(r.out().isBlank(), opt);
            String grep = grep("-F", opt, "-f", names.toString(), iliad);
            if (grep != null) {
                assertEquals(grep, r.out(), "trawl " + opt + " vs grep " + opt);
            }
        }
    }

    @Test
    void onlyMatchingPrintsEveryOccurrence(@TempDir Path dir) throws Exception {
        Path names = heroes(dir);
        Result r = trawl("-F", "-o", "-f", names.toString(), TestData.iliad().toString());
        String text = Files.readString(TestData.iliad(), StandardCharsets.ISO_8859_1);
        int expected = 0;
        for (String n : TestData.HERO_NAMES) {
            expected += text.split(Pattern.quote(n), -1).length - 1;
        }
        assertEquals(expected, r.out().lines().count());
    }

    private static String grep(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("grep"));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        } catch (java.io.IOException e) {
            return null; // no grep here: the other assertions still hold
        }
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void badInputGivesOneLineAndStatusTwo(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.txt");
        Files.write(bad, new byte[] {'o', 'k', '\n', (byte) 0xC3, '(', '\n'});
        Path text = dir.resolve("t.txt");
        Files.writeString(text, "hello\n");
        String[][] cases = {
            {"-F", "-e", "x", dir.resolve("missing.txt").toString()},
            {"-F", "-e", "x", dir.toString()},
            {"-f", bad.toString(), text.toString()},
            {"-F", "-f", dir.resolve("nope").toString(), text.toString()},
            {"-F", "--threads", "0", "-e", "x", text.toString()},
            {"-F", "--engine", "cpu:nonsense", "-e", "x", text.toString()},
            {"-e", "a(b", text.toString()},
            {"-F", "-E", "x", text.toString()},
            {"-e", "a{1001}", text.toString()},
            {"--engine", "cpu:aho-corasick", "-e", "a+", text.toString()},
            {"-C", "x", "y", text.toString()},
            {"--binary-files=maybe", "x", text.toString()},
            {"-x", "-e", "a)(b", text.toString()},
            {"-e", "\\<a(b", text.toString()},
        };
        String[] expect = {"missing.txt: No such file or directory", dir + ": Is a directory",
            "pattern 2 is not valid UTF-8", "nope: No such file or directory", "--threads must be a number from 1",
            "unknown engine", "a(b", "conflicting matchers specified", "above the limit of 1000", "literal patterns only",
            "x: invalid context length argument", "unknown binary-files type",
            "unmatched ')' at position 1 in regex 'a)(b'", "at position 3 in regex '\\<a(b'"};
        for (int i = 0; i < cases.length; i++) {
            Result r = trawl(cases[i]);
            String what = String.join(" ", cases[i]) + " -> " + r.err();
            assertEquals(2, r.code(), what);
            assertEquals(1, r.err().strip().lines().count(), what);
            assertTrue(r.err().startsWith("trawl: ") && r.err().contains(expect[i]), what);
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), what);
        }
        // getopt's errors add grep's two usage lines
        Result r = trawl("-F", "--no-such-option", "x");
        assertEquals(2, r.code());
        assertEquals("trawl: unrecognized option '--no-such-option'\nUsage: trawl [OPTION]... PATTERNS [FILE]...\n"
                + "Try 'trawl --help' for more information.\n", r.err());
    }

    @Test
    void regexesByDefaultAndWordAndLineModesAgreeWithGrep() throws Exception {
        String iliad = TestData.iliad().toString();
        String[][] cases = {
            {"-c", "Hect[a-z]r|Achil+es"},
            {"-c", "-i", "^the .*gods"},
            {"-n", "[0-9]{3,}"},
            {"-c", "-w", "-F", "Hector"},
            {"-c", "-w", "the"},
            {"-c", "-x", "-F", "BOOK I."},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of(c));
            args.add(iliad);
            Result r = trawl(args.toArray(String[]::new));
            assertEquals(0, r.code(), String.join(" ", c) + ": " + r.err());
            List<String> grepArgs = new ArrayList<>(List.of(c.length > 0 && List.of(c).contains("-F") ? new String[0] : new String[] {"-E"}));
            grepArgs.addAll(args);
            String grep = grep(grepArgs.toArray(String[]::new));
            if (grep != null) {
                assertEquals(grep, r.out(), "trawl " + String.join(" ", c) + " vs grep");
            }
        }
    }

    @Test
    void exitStatusAndStdin() {
        byte[] in = "alpha\nbeta\ngamma beta\n".getBytes(StandardCharsets.UTF_8);
        Result hit = trawl(in, "-F", "-n", "beta");
        assertEquals(0, hit.code());
        assertEquals("2:beta\n3:gamma beta\n", hit.out());
        Result miss = trawl(in, "-F", "delta");
        assertEquals(1, miss.code());
        assertEquals("", miss.out());
        Result count = trawl(in, "-F", "-c", "-e", "a", "-e", "beta");
        assertEquals("3\n", count.out());
    }

    @Test
    void filesWithMatchesAndNames(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.txt");
        Path b = dir.resolve("b.txt");
        Files.writeString(a, "one two\nthree\n");
        Files.writeString(b, "nothing here\n");
        Result l = trawl("-F", "-l", "two", a.toString(), b.toString());
        assertEquals(a + "\n", l.out());
        Result lines = trawl("-F", "t", a.toString(), b.toString());
        assertEquals(a + ":one two\n" + a + ":three\n" + b + ":nothing here\n", lines.out());
    }

    @Test
    void jsonIsRipgrepsFormatWithPatternIds() {
        byte[] in = "first line\nsecond Hector line Hector\n".getBytes(StandardCharsets.UTF_8);
        Result r = trawl(in, "-F", "--json", "-e", "Hector", "-e", "line");
        List<String> rows = r.out().lines().toList();
        assertEquals(5, rows.size(), r.out());
        assertEquals("{\"type\":\"begin\",\"data\":{\"path\":{\"text\":\"<stdin>\"}}}", rows.get(0));
        assertEquals("{\"type\":\"match\",\"data\":{\"path\":{\"text\":\"<stdin>\"},\"lines\":{\"text\":\"first line\\n\"},"
                + "\"line_number\":1,\"absolute_offset\":0,\"submatches\":[{\"match\":{\"text\":\"line\"},\"start\":6,\"end\":10,"
                + "\"pattern_id\":1}]}}", rows.get(1));
        assertTrue(rows.get(2).contains("\"absolute_offset\":11,\"submatches\":[{\"match\":{\"text\":\"Hector\"},\"start\":7,"
                + "\"end\":13,\"pattern_id\":0},{\"match\":{\"text\":\"line\"},\"start\":14,\"end\":18,\"pattern_id\":1},"), rows.get(2));
        assertTrue(rows.get(3).startsWith("{\"type\":\"end\",\"data\":{\"path\":{\"text\":\"<stdin>\"},\"binary_offset\":null,"
                + "\"stats\":{\"elapsed\":{\"secs\":0,"), rows.get(3));
        assertTrue(rows.get(3).endsWith("\"searches\":1,\"searches_with_match\":1,\"bytes_searched\":37,\"bytes_printed\":"
                + (rows.get(0).length() + rows.get(1).length() + rows.get(2).length() + 3) + ",\"matched_lines\":2,\"matches\":4}}}"),
                rows.get(3));
        assertTrue(rows.get(4).startsWith("{\"data\":{\"elapsed_total\":{\"human\":"), rows.get(4));
        assertTrue(rows.get(4).endsWith("\"matched_lines\":2,\"matches\":4,\"searches\":1,\"searches_with_match\":1}},"
                + "\"type\":\"summary\"}"), rows.get(4));
    }

    @Test
    void listEnginesShowsEveryEngine() {
        Result r = trawl("--list-engines");
        assertEquals(0, r.code());
        for (Engine e : Engines.all()) {
            assertTrue(r.out().contains(e.name() + " "), e.name());
            assertTrue(r.out().contains(e.description()), e.name());
        }
        assertTrue(r.out().startsWith("auto"));
    }

    @Test
    void everyEngineAnswersAlike(@TempDir Path dir) throws Exception {
        Path names = heroes(dir);
        String reference = trawl("-F", "-o", "-n", "-f", names.toString(), TestData.iliad().toString()).out();
        for (Engine e : Engines.all()) {
            if (e.unavailableReason().isPresent()) {
                Result r = trawl("-F", "--engine", e.name(), "-f", names.toString(), TestData.iliad().toString());
                assertEquals(2, r.code(), e.name());
                continue;
            }
            Result r = trawl("-F", "--engine", e.name(), "--threads", "2", "-o", "-n", "-f", names.toString(),
                    TestData.iliad().toString());
            assertEquals(reference, r.out(), e.name());
        }
    }

    @Test
    void statsGoToStderrWithTheCountsOfEveryMode() {
        byte[] in = "abc\nxbx\nzzz\n".getBytes(StandardCharsets.UTF_8);
        Result r = trawl(in, "-F", "--stats", "b");
        assertEquals("abc\nxbx\n", r.out());
        assertTrue(r.err().contains("1 files (1 with a selected line), 12 bytes, 1 patterns, engine "), r.err());
        assertTrue(r.err().contains("2 selected lines"), r.err());
        assertTrue(r.err().matches("(?s).*start-up [^,]+, compile \\d+\\.\\d{3} s, scan \\d+\\.\\d{3} s \\([0-9.]+ [kMG]B/s\\).*"),
                r.err());
        Result c = trawl(in, "-F", "--stats", "-c", "b");
        assertEquals("2\n", c.out());
        assertTrue(c.err().contains("2 selected lines, matches not counted (-c counts lines)"), c.err());
        Result o = trawl(in, "-F", "--stats", "-o", "b");
        assertTrue(o.err().contains("2 selected lines, 2 matches"), o.err());
        Result l = trawl(in, "-F", "--stats", "-l", "b");
        assertTrue(l.err().contains("1 files (1 with a selected line)"), l.err());
        assertEquals("2.50 GB/s", Stats.rate(2_500_000_000L, 1_000_000_000L));
        assertEquals("250.0 MB/s", Stats.rate(250_000_000L, 1_000_000_000L));
    }

    @Test
    void literalRegexesRunOnALiteralEngineAndSaySo() {
        String iliad = TestData.iliad().toString();
        for (String[] mode : new String[][] {{"-o", "-n"}, {"-c"}, {"-i", "-o"}}) {
            List<String> routed = new ArrayList<>(List.of(mode));
            routed.addAll(List.of("--stats", "-e", "Hector|Achilles|son of", "-e", "Zeus", iliad));
            List<String> dfa = new ArrayList<>(List.of(mode));
            dfa.addAll(List.of("--engine", "cpu:dfa", "-e", "Hector|Achilles|son of", "-e", "Zeus", iliad));
            Result r = trawl(routed.toArray(new String[0]));
            assertTrue(r.err().contains("(regexes as literals)"), r.err());
            assertFalse(r.out().isBlank());
            assertEquals(trawl(dfa.toArray(new String[0])).out(), r.out(), String.join(" ", mode));
        }
    }
}
