package dev.trawl.bench.report;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.bench.experiment.Outcome;
import dev.trawl.bench.harness.Row;
import dev.trawl.bench.harness.RunSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes an {@link Outcome} as {@code NAME.md} (what ran, where, and the tables), {@code NAME.csv}
 * (one line per engine and case) and {@code NAME.png} (bars, or for several cases one line per engine),
 * and returns the markdown for the terminal.
 */
public final class ReportWriter {
    private ReportWriter() {}

    public static String markdown(Outcome o, String command, RunSettings s) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ").append(o.title()).append("\n\n");
        sb.append("- command: `").append(command).append("`\n");
        sb.append("- machine: ").append(machine()).append("; ").append(s.threads()).append(" threads; warm-up ")
                .append(s.warmup()).append(", timed runs ").append(s.reps()).append(" (median, ± half the range)")
                .append(String.format(Locale.ROOT, "; up to %s s of timed runs per engine, %s s a run",
                        Table.number(s.secondsPerEngine()), Table.number(s.maxRunSeconds()))).append('\n');
        for (String d : o.description()) {
            sb.append("- ").append(d).append('\n');
        }
        String gpu = gpus();
        sb.append("- GPU engines: ").append(gpu).append('\n');
        sb.append('\n');
        if (o.tables().size() > 1) {
            sb.append(summary(o)).append('\n');
        }
        for (Table t : o.tables()) {
            if (o.tables().size() > 1) {
                sb.append("### ").append(t.spec().title()).append("\n\n");
            }
            sb.append(t.markdown()).append('\n');
        }
        sb.append(o.passed() ? "Cross-check: passed (every row that ran agrees with the baseline).\n"
                : "Cross-check: FAILED (see MISMATCH rows).\n");
        return sb.toString();
    }

    /**
     * Several cases: engine × case, GB/s (lines or records per second where the tables count them) and
     * the ratio to each table's baseline.
     */
    static String summary(Outcome o) {
        String unit = o.tables().getFirst().spec().unit();
        Map<String, List<String>> byEngine = new LinkedHashMap<>();
        List<String> header = new ArrayList<>(List.of("engine"));
        int k = 0;
        for (Table t : o.tables()) {
            header.add(t.spec().title());
            for (Row r : t.rows()) {
                List<String> cells = byEngine.computeIfAbsent(r.engine, e -> new ArrayList<>());
                while (cells.size() < k) {
                    cells.add("—");
                }
                double ratio = t.ratio(r);
                if (!r.ran()) {
                    cells.add(shortStatus(r));
                    continue;
                }
                String rate = unit != null ? Table.rate(r.perSecond(r.lines)) : Table.number(t.mbPerSecond(r) / 1000) + " GB/s";
                cells.add(rate + (Double.isNaN(ratio) || r.baseline ? "" : " (" + Table.ratio(ratio) + ")"));
            }
            k++;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(unit != null ? unit.substring(0, 1).toUpperCase(Locale.ROOT) + unit.substring(1) + " per second by case"
                : "Throughput (GB/s) by dictionary size").append("; in brackets the ratio to ")
                .append(o.tables().getFirst().baseline().engine).append(":\n\n");
        sb.append("| ").append(String.join(" | ", header)).append(" |\n");
        sb.append("|").append(" --- |".repeat(header.size())).append('\n');
        for (var e : byEngine.entrySet()) {
            List<String> cells = e.getValue();
            while (cells.size() < k) {
                cells.add("—");
            }
            sb.append("| ").append(e.getKey()).append(" | ").append(String.join(" | ", cells)).append(" |\n");
        }
        return sb.toString();
    }

    private static String shortStatus(Row r) {
        return switch (r.status) {
            case SKIPPED -> "skipped";
            case UNAVAILABLE -> r.engine.startsWith("gpu:") ? "no GPU" : "unavailable";
            case FAILED -> "failed";
            default -> r.status.name();
        };
    }

    /**
     * Writes the markdown and the CSV, then the chart from the CSV; returns a line about the chart when
     * it could not be drawn here (a runtime without java.desktop), else null.
     */
    public static String write(Outcome o, Path dir, String command, RunSettings s) throws IOException {
        Files.createDirectories(dir);
        String md = "# Trawl bench: " + o.title() + "\n\n" + markdown(o, command, s).replaceFirst("^## [^\n]*\n\n", "");
        Files.writeString(dir.resolve(o.experiment() + ".md"), md);
        StringBuilder csv = new StringBuilder(Csv.line(Table.csvHeader()));
        String machine = machine() + ", " + s.threads() + " threads";
        for (Table t : o.tables()) {
            for (List<String> row : t.csvRows(machine)) {
                csv.append(Csv.line(row));
            }
        }
        Path csvFile = dir.resolve(o.experiment() + ".csv");
        Files.writeString(csvFile, csv.toString());
        try {
            Charts.fromCsv(csvFile);
            return null;
        } catch (LinkageError | RuntimeException e) {
            return "no chart drawn here (" + e + "); draw it where java.desktop is: trawl bench chart --out " + dir;
        }
    }

    /** CPU model, cores, Java. */
    public static String machine() {
        String cpu = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpu = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: keep the generic name
        }
        return cpu + ", " + Runtime.getRuntime().availableProcessors() + " cores, Java " + Runtime.version().feature()
                + " (" + System.getProperty("java.vm.name", "?") + ")";
    }

    private static String gpus() {
        List<String> out = new ArrayList<>();
        for (Engine e : Engines.all()) {
            if (e.name().startsWith("gpu:")) {
                out.add(e.name() + (e.unavailableReason().map(r -> " (no GPU: " + r + ")").orElse("")));
            }
        }
        return out.isEmpty() ? "none registered (no GPU module on the class path): no GPU rows" : String.join(", ", out);
    }
}
