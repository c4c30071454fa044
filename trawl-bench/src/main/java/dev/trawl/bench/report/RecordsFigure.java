package dev.trawl.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws the GPU per-record bench's table (RecordsBench, {@code gpu-check.sh records}) in the style of the
 * GPU log-classification write-up's Figure 3: per pattern set, one chart of lines per second by engine,
 * end to end from the mapped file, and one of the kernels alone with the lines on the device, each bar
 * labelled with its ratio to {@code cpu:aho-corasick} on all cores. The device has no java.desktop, so the
 * log comes back and is drawn here.
 *
 * <p>Usage: {@code RecordsFigure LOG OUT_DIR} (one PNG per set and view: {@code records-SET-e2e.png},
 * {@code records-SET-kernel.png}).
 */
public final class RecordsFigure {
    private RecordsFigure() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        Map<String, List<String[]>> sets = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] cells = line.split("\\|", -1);
            // | set | engine | kernel M lines/s | kernel GB/s | kernel count | ratio | e2e M lines/s | ...
            if (cells.length >= 9 && !cells[1].isBlank() && !cells[2].trim().equals("engine") && !cells[1].contains("---")) {
                sets.computeIfAbsent(cells[1].trim(), k -> new ArrayList<>()).add(cells);
            }
        }
        for (Map.Entry<String, List<String[]>> e : sets.entrySet()) {
            String slug = e.getKey().replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-$", "").toLowerCase();
            draw(e.getKey(), e.getValue(), 7, "end to end from the mapped file",
                    out.resolve("records-" + slug + "-e2e.png"));
            draw(e.getKey(), e.getValue(), 3, "kernels only, the lines on the device",
                    out.resolve("records-" + slug + "-kernel.png"));
        }
    }

    private static void draw(String set, List<String[]> rows, int column, String what, Path png) throws IOException {
        double base = Double.NaN;
        for (String[] r : rows) {
            if (r[2].trim().startsWith("cpu:aho-corasick")) {
                base = value(r[7]);
            }
        }
        List<Chart.Bar> bars = new ArrayList<>();
        for (String[] r : rows) {
            double v = value(r[column]);
            if (column == 3 && Double.isNaN(v)) {
                continue; // CPU rows have no kernel-only figure
            }
            String engine = r[2].trim();
            bars.add(new Chart.Bar(engine, engine.startsWith("cpu:aho-corasick"), v, v / base, "", false));
        }
        Chart.bars(bars, "M lines/s", "firstMatch per log line: " + set, what + "; ratios to cpu:aho-corasick on all cores",
                png);
    }

    private static double value(String cell) {
        String t = cell.trim().replace(",", "");
        return t.isEmpty() ? Double.NaN : Double.parseDouble(t);
    }
}
