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
        Path emptyLine = dir.resolve("empty-line.txt");
        Files.writeString(emptyLine, "a\n\nb\n");
        Path text = dir.resolve("t.txt");
        Files.writeString(text, "hello\n");
        String[][] cases = {
            {"-F", "-e", "", text.toString()},
            {"-F", "-e", "x", dir.resolve("missing.txt").toString()},
            {"-F", "-e", "x", dir.toString()},
            {"-F", "-f", bad.toString(), text.toString()},
            {"-F", "-f", emptyLine.toString(), text.toString()},
            {"-F", "-f", dir.resolve("nope").toString(), text.toString()},
            {"-F", "--threads", "0", "-e", "x", text.toString()},
            {"-F", "--engine", "cpu:nonsense", "-e", "x", text.toString()},
            {"-F", "--no-such-option", "x"},
            {"-e", "a(b", text.toString()},
            {"-F", "-E", "x", text.toString()},
            {"-e", "a{1001}", text.toString()},
            {"--engine", "cpu:aho-corasick", "-e", "a+", text.toString()},
        };
        String[] expect = {"empty", "missing.txt", "directory", "bad.txt:2", "empty-line.txt:2", "nope", "at least 1",
            "unknown engine", "no-such-option", "a(b", "-F and -E", "above the limit of 1000", "literal patterns only"};
        for (int i = 0; i < cases.length; i++) {
            Result r = trawl(cases[i]);
            String what = String.join(" ", cases[i]) + " -> " + r.err();
            assertEquals(2, r.code(), what);
            assertEquals(1, r.err().strip().lines().count(), what);
            assertTrue(r.err().contains(expect[i]), what);
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), what);
        }
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
    void jsonGivesOffsetsThatPointAtTheMatch() {
        byte[] in = "first line\nsecond Hector line Hector\n".getBytes(StandardCharsets.UTF_8);
        Result r = trawl(in, "-F", "--json", "-e", "Hector", "-e", "line");
        List<String> rows = r.out().lines().toList();
        assertEquals(4, rows.size(), r.out());
        assertEquals("{\"pattern_id\":1,\"pattern\":\"line\",\"file\":\"(standard input)\",\"line\":1,"
                + "\"start_in_line\":6,\"end_in_line\":10,\"start\":6,\"end\":10,\"line_text\":\"first line\"}", rows.get(0));
        assertTrue(rows.get(1).contains("\"pattern\":\"Hector\",\"file\":\"(standard input)\",\"line\":2,"
                + "\"start_in_line\":7,\"end_in_line\":13,\"start\":18,\"end\":24"), rows.get(1));
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
    void statsGoToStderr() {
        Result r = trawl("abc".getBytes(StandardCharsets.UTF_8), "-F", "--stats", "b");
        assertEquals("abc\n", r.out());
        assertTrue(r.err().contains("3 bytes") && r.err().contains("MB/s"), r.err());
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
