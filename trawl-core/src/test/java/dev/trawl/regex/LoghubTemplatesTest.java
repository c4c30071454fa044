package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.LoghubTemplates;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every loghub template file, converted to regexes ({@link LoghubTemplates#toRegex}), as one set
 * over its system's 2k log, against {@code java.util.regex} run per line. The templates never match
 * across a newline, so a line's find() spans are the whole text's within that line; the oracle
 * skips lines that lack the template's longest literal piece (no match can exist there).
 */
class LoghubTemplatesTest {

    static List<Match> oracle(List<String> templates, String text) {
        List<Match> all = new ArrayList<>();
        for (int id = 0; id < templates.size(); id++) {
            Pattern p = Pattern.compile(LoghubTemplates.toRegex(templates.get(id)), Pattern.UNIX_LINES);
            String piece = LoghubTemplates.longestPiece(templates.get(id));
            int lineStart = 0;
            while (lineStart <= text.length()) {
                int nl = text.indexOf('\n', lineStart);
                int lineEnd = nl < 0 ? text.length() : nl;
                String line = text.substring(lineStart, lineEnd);
                if (line.contains(piece)) {
                    java.util.regex.Matcher m = p.matcher(line);
                    while (m.find()) {
                        all.add(new Match(id, lineStart + m.start(), lineStart + m.end()));
                    }
                }
                if (nl < 0) {
                    break;
                }
                lineStart = nl + 1;
            }
        }
        Collections.sort(all);
        return all;
    }

    @Test
    void everyTemplateFileOverItsLog() throws IOException {
        int systems = 0;
        long matches = 0;
        for (String system : LoghubTemplates.systems()) {
            String log = Files.readString(LoghubTemplates.log(system), StandardCharsets.UTF_8);
            for (Path csv : LoghubTemplates.templateFiles(system)) {
                List<String> templates = LoghubTemplates.templates(csv);
                PatternSet.Builder b = PatternSet.builder();
                templates.forEach(t -> b.addRegex(LoghubTemplates.toRegex(t)));
                PatternSet set = b.build();
                List<Match> expected = oracle(templates, log);
                String what = csv.getFileName() + " (" + templates.size() + " templates)";
                assertEquals(expected, Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa")).findAll(log),
                        what + " on cpu:dfa");
                // Line-aligned chunks of about 4 KiB on 3 threads (the templates stay within a line).
                assertEquals(expected, Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(3)
                        .withChunkBytes(4096)).findAll(log), what + " on cpu:dfa, 3 threads");
                // The Pike VM runs one pass per template: check it on the first 150 lines.
                int cut = nthNewline(log, 150);
                String head = log.substring(0, cut);
                assertEquals(oracle(templates, head),
                        Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:pike")).findAll(head),
                        what + " on cpu:pike");
                matches += expected.size();
            }
            systems++;
        }
        assertEquals(16, systems);
        assertTrue(matches > 32_000, "every log line matches some template: " + matches);
    }

    private static int nthNewline(String s, int n) {
        int at = -1;
        for (int i = 0; i < n; i++) {
            at = s.indexOf('\n', at + 1);
            if (at < 0) {
                return s.length();
            }
        }
        return at + 1;
    }
}
