package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code trawl --json} beside {@code rg --json} over the loghub samples and the license texts: the
 * same messages, byte for byte, once the parts that cannot agree are set aside: trawl's extra
 * {@code pattern_id}, the times, and {@code bytes_printed} (which counts the pattern ids). Pattern
 * sets are chosen whose occurrences cannot overlap (ripgrep's submatches do not; trawl reports every
 * occurrence). ripgrep runs on one thread so files come in the order given. Skipped without rg.
 */
class RipgrepParityTest {
    private static Oracle rg;
    private static List<String> logs;
    private static List<String> licenses;

    @BeforeAll
    static void setUp() throws IOException {
        rg = Oracle.find("rg", "ripgrep");
        assumeTrue(rg != null, "no ripgrep here");
        logs = Oracle.loghubLogs();
        licenses = Oracle.licenseTexts();
    }

    @Test
    void jsonMessagesMatchRipgrep() throws IOException {
        String[][] sets = {{"-F", "-e", "Failed"}, {"-F", "-e", "INFO", "-e", "WARN"}, {"-F", "-i", "-e", "kernel"},
            {"-e", "fail(ed|ure)"}, {"-e", "[0-9]+ms"}, {"-F", "-e", "é"}};
        String[][] options = {{}, {"-C", "1"}, {"-A", "2"}, {"-B", "1"}, {"-v"}, {"-m", "3"}, {"-n"}};
        for (String[] set : sets) {
            for (String[] opt : options) {
                List<String> args = new ArrayList<>(List.of(set));
                args.addAll(List.of(opt));
                args.addAll(logs);
                same(args);
            }
        }
        if (!licenses.isEmpty()) {
            List<String> args = new ArrayList<>(List.of("-F", "-e", "License", "-C", "2"));
            args.addAll(licenses);
            same(args);
        }
    }

    @Test
    void standardInputIsStdin() throws IOException {
        byte[] text = Files.readAllBytes(Path.of(logs.get(9)));
        List<String> args = List.of("--json", "-F", "sshd");
        Oracle.Run r = rg.run(withJ(args), text, Oracle.baseEnv(), null);
        Oracle.Run t = Oracle.trawl(args, text, Oracle.baseEnv());
        assertEquals(normalize(r.text()), normalize(t.text()));
    }

    private static void same(List<String> args) throws IOException {
        List<String> json = new ArrayList<>(List.of("--json"));
        json.addAll(args);
        Oracle.Run r = rg.run(withJ(json), new byte[0], Oracle.baseEnv(), null);
        Oracle.Run t = Oracle.trawl(json, new byte[0], Oracle.baseEnv());
        String what = "trawl " + String.join(" ", args);
        assertEquals(r.code(), t.code(), what + ": exit status; " + t.err());
        String rgJson = normalize(r.text());
        String trawlJson = normalize(t.text());
        if (args.contains("-m")) {
            // ripgrep stops reading a few buffers after the last match; trawl after its batch
            rgJson = rgJson.replaceAll("\"bytes_searched\":\\d+", "\"bytes_searched\":0");
            trawlJson = trawlJson.replaceAll("\"bytes_searched\":\\d+", "\"bytes_searched\":0");
        }
        assertEquals(rgJson, trawlJson, what);
    }

    private static List<String> withJ(List<String> args) {
        List<String> a = new ArrayList<>(List.of("-j1", "--no-config"));
        a.addAll(args);
        return a;
    }

    private static String normalize(String json) {
        return json.replaceAll(",\"pattern_id\":\\d+", "")
                .replaceAll("\"(elapsed|elapsed_total)\":\\{[^}]*\\}", "\"$1\":{}")
                .replaceAll("\"bytes_printed\":\\d+", "\"bytes_printed\":0");
    }
}
