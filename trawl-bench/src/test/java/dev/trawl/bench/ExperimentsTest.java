package dev.trawl.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engine;
import dev.trawl.Engines;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every experiment at a tiny size, through the command line: the table has a row for the baseline,
 * every registered Trawl engine and every peer, the cross-check passed (exit status 0), and the
 * markdown, CSV and PNG were written.
 */
class ExperimentsTest {
    static final List<String> LITERAL_PEERS = List.of("peer:hyperscan", "peer:hyperscan-java", "peer:hankcs-ac-dat",
            "peer:ahocorasick", "peer:re2j", "peer:java.util.regex");

    @TempDir
    Path out;

    /** The literal experiments: every row against the baseline, which {@code records} pins to one thread. */
    @ParameterizedTest
    @CsvSource({"iliad, 512k, cpu:jdk-regex, false", "logs, 512k, cpu:jdk-regex, false",
            "records, 256k, cpu:index-of, true"})
    void literalExperiment(String experiment, String size, String baseline, boolean pinned) throws Exception {
        List<String> rows = run(experiment, "--size", size);
        expectRows(rows, experiment, literalLineup(baseline, pinned));
    }

    @Test
    void regexLogs() throws Exception {
        List<String> rows = run("regex-logs", "--size", "256k");
        List<String> lineup = new ArrayList<>(List.of("base:java.util.regex"));
        Engines.all().stream().filter(Engine::supportsRegex).forEach(e -> lineup.add(e.name()));
        lineup.addAll(List.of("peer:re2j", "peer:hyperscan", "peer:hyperscan-java", "peer:java.util.regex-alternation"));
        expectRows(rows, "regex-logs", lineup);
    }

    /**
     * Every loghub template: the same rows as regex-logs, in small chunks so that the slow rows (about
     * 10 KB/s per thread for java.util.regex with 1,734 regexes) are timed on a prefix; the baseline ran
     * and every other row agreed with it, the alternation on matching lines.
     */
    @Test
    void regexTemplates() throws Exception {
        List<String> rows = run("regex-templates", "--size", "64k", "--chunk", "4k");
        List<String> lineup = new ArrayList<>(List.of("base:java.util.regex"));
        Engines.all().stream().filter(Engine::supportsRegex).forEach(e -> lineup.add(e.name()));
        lineup.addAll(List.of("peer:re2j", "peer:hyperscan", "peer:hyperscan-java", "peer:java.util.regex-alternation"));
        expectRows(rows, "regex-templates", lineup);
        assertTrue(row(rows, "base:java.util.regex").contains("| ok: reference |"), row(rows, "base:java.util.regex"));
        assertTrue(row(rows, "peer:java.util.regex-alternation").contains("| ok: matching lines"),
                row(rows, "peer:java.util.regex-alternation"));
        for (String engine : List.of("cpu:dfa", "cpu:pike", "peer:re2j")) {
            assertTrue(row(rows, engine).contains("| ok: (line, pattern) hits"), row(rows, engine));
        }
    }

    /**
     * Per-line answers: a table per (problem, operation) with per-line Hyperscan (the baseline), the
     * Trawl rows (literal-only ones skipped on the templates) and java.util.regex line by line (skipped
     * on the words), and the whole-text count with Hyperscan and the literal engines; all checked.
     */
    @Test
    void lines() throws Exception {
        List<String> rows = run("lines", "--lines", "3000", "--chunk", "16k");
        List<String> perLine = new ArrayList<>(List.of("peer:hyperscan"));
        List<String> counting = new ArrayList<>(List.of("peer:hyperscan"));
        for (String e : List.of("cpu:aho-corasick", "cpu:dfa", "gpu:pfac", "cpu:jdk-regex")) {
            if (Engines.all().stream().anyMatch(x -> x.name().equals(e))) {
                perLine.add(e);
                if (e.equals("cpu:aho-corasick") || e.equals("gpu:pfac")) {
                    counting.add(e);
                }
            }
        }
        perLine.add("peer:java.util.regex-lines");
        for (String engine : perLine) {
            long n = rows.stream().filter(r -> r.startsWith("| " + engine + " |")).count();
            assertEquals((counting.contains(engine) ? 5 : 4) + 1, n,
                    engine + ": a row per table and one in the summary\n" + String.join("\n", rows));
        }
        for (String r : rows) {
            if (r.startsWith("| cpu:dfa |") && r.split("\\|").length > 8) { // a table's row, not the summary's
                assertTrue(r.contains("| ok: "), "cpu:dfa takes both problems: " + r);
            }
        }
        for (String ext : List.of(".md", ".csv", ".png")) {
            assertTrue(Files.size(out.resolve("lines" + ext)) > 100, "lines" + ext + " written");
        }
        assertEquals(1 + 4 * perLine.size() + counting.size(), Files.readString(out.resolve("lines.csv")).lines().count(),
                "a CSV line per row of the five tables");
    }

    @Test
    void dictionary() throws Exception {
        List<String> rows = run("dictionary", "--size", "256k", "--dictionary-sizes", "10,long");
        List<String> lineup = literalLineup("peer:hyperscan", false);
        // one table per dictionary size
        for (String engine : lineup) {
            long n = rows.stream().filter(r -> r.startsWith("| " + engine + " |")).count();
            assertTrue(n >= 2, engine + " should have a row per dictionary size (2), found " + n + " in\n" + rows);
        }
        assertTrue(Files.size(out.resolve("dictionary.png")) > 1000);
    }

    /** The baseline, every Trawl engine (the baseline again only when it is pinned to other threads), every peer. */
    private static List<String> literalLineup(String baseline, boolean pinned) {
        List<String> names = new ArrayList<>();
        names.add(baseline);
        for (Engine e : Engines.all()) {
            if (pinned || !e.name().equals(names.getFirst())) {
                names.add(e.name());
            }
        }
        names.addAll(LITERAL_PEERS);
        return names;
    }

    private static String row(List<String> rows, String engine) {
        return rows.stream().filter(r -> r.startsWith("| " + engine + " |")).findFirst().orElseThrow();
    }

    private void expectRows(List<String> rows, String experiment, List<String> engines) throws Exception {
        for (String engine : engines) {
            assertTrue(rows.stream().anyMatch(r -> r.startsWith("| " + engine + " |")),
                    "no row for " + engine + " in\n" + String.join("\n", rows));
        }
        for (String ext : List.of(".md", ".csv", ".png")) {
            assertTrue(Files.size(out.resolve(experiment + ext)) > 100, experiment + ext + " written");
        }
        String csv = Files.readString(out.resolve(experiment + ".csv"));
        assertEquals(engines.size() + 1, csv.lines().count(), "a CSV line per engine:\n" + csv);
    }

    /** Runs the command; asserts exit 0 and the passed line; returns the table rows. */
    private List<String> run(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        // A second per engine: slow engines are timed on a prefix or skipped (their rows say so) to keep this quick.
        a.addAll(List.of("--out", out.toString(), "--reps", "2", "--warmup", "1", "--threads", "2", "--quiet",
                "--seconds-per-engine", "1", "--max-run-seconds", "3"));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int rc = BenchMain.run(a.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        String text = stdout.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, "exit status; stdout:\n" + text + "\nstderr:\n" + stderr.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("Cross-check: passed"), text);
        assertTrue(!text.contains("MISMATCH") && !text.contains("failed:"), text);
        return text.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| engine")).toList();
    }
}
