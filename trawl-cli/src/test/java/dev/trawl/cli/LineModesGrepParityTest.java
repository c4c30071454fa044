package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.testing.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's line modes ({@code -c}, {@code -n}, {@code -o}) against {@code grep -P} for regexes
 * that could run from one line into the next if the text were searched whole ({@code [^x]},
 * {@code \s}, {@code (?s).}, {@code $}): every line is searched on its own, so all modes agree with
 * grep and with each other. Skipped where no {@code grep -P} is installed.
 */
class LineModesGrepParityTest {
    /** Regexes whose matches would cross a newline without per-line search, and none matching empty. */
    private static final List<String> REGEXES = List.of("https?://[^ ]+", "[^ ]+ \\d+$", "\\s\\S+\\s", ":\\s*\\S+$",
            "[^,]+,$", "(?s)e.r", "\\w+\\s+$", "^\\S+\\s+\\S+", "[^a-z]{3,}", "\\d+\\s\\w");

    @BeforeAll
    static void grepHasPerlRegexes() {
        assumeTrue(grep(List.of("-P", "-c", "x"), "x\n".getBytes(StandardCharsets.UTF_8)) != null,
                "no grep -P here");
    }

    @Test
    void loghubSamplesAgreeWithGrepInEveryLineMode() throws IOException {
        List<Path> logs;
        try (Stream<Path> s = Files.walk(TestData.dataDir().resolve("loghub"))) {
            logs = s.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList();
        }
        assertEquals(16, logs.size(), "the loghub samples");
        for (Path log : logs) {
            byte[] text = Files.readAllBytes(log);
            for (String re : REGEXES) {
                for (String mode : List.of("-c", "-n", "-o")) {
                    assertSame(text, re, mode, log.getFileName().toString());
                }
            }
        }
    }

    @Test
    void edgeCasesAgreeWithGrep(@TempDir Path dir) throws IOException {
        String[] texts = {
            "see http://x\nhttp://y z\n", // the reported case: [^ ] ran across the newline
            "a b\n\n\nc d", // empty lines, last line without a newline
            "x1 \ny2 \r\nz3\r\n", // \r stays part of a line, as in grep
            "err\nor\ne\nr\n", // (?s). must not take the newline
            "a\tb\n\t\n \n", // tabs and blank lines (non-ASCII is left to the core suites: grep 3.8 -P misreads \\S+ over it)
        };
        for (String t : texts) {
            byte[] text = t.getBytes(StandardCharsets.UTF_8);
            for (String re : REGEXES) {
                for (String mode : List.of("-c", "-n", "-o")) {
                    assertSame(text, re, mode, t.replace("\n", "\\n"));
                }
            }
        }
    }

    private static void assertSame(byte[] text, String regex, String mode, String what) {
        String expected = grep(List.of("-P", mode, "-e", regex), text);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        TrawlCommand.run(new String[] {mode, "-e", regex}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new java.io.ByteArrayInputStream(text));
        assertEquals(expected, out.toString(StandardCharsets.UTF_8),
                "trawl " + mode + " '" + regex + "' vs grep -P on " + what + "; stderr: " + err);
    }

    /** grep's standard output for {@code text} on its standard input, or null when grep cannot run. */
    private static String grep(List<String> args, byte[] text) {
        List<String> cmd = new ArrayList<>(List.of("grep"));
        cmd.addAll(args);
        try {
            Process p = new ProcessBuilder(cmd).start();
            Thread feeder = Thread.ofVirtual().start(() -> {
                try (var in = p.getOutputStream()) {
                    in.write(text);
                } catch (IOException e) {
                    // grep may stop reading early; its output still stands
                }
            });
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() > 1) {
                return null;
            }
            feeder.join();
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
