package dev.trawl.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws an experiment's chart from its CSV: bars for one case, a line per engine for several
 * (dictionary sizes). Working from the CSV means charts can be drawn later, elsewhere
 * ({@code trawl bench chart DIR}), when the machine that measured has a Java runtime without
 * {@code java.desktop} (the GPU machine's slim one).
 */
public final class Charts {
    private Charts() {}

    /** Draws {@code NAME.png} beside {@code NAME.csv}. */
    public static Path fromCsv(Path csv) throws IOException {
        List<List<String>> records = Csv.parse(Files.readString(csv));
        List<String> header = records.getFirst();
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> r : records.subList(1, records.size())) {
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < header.size() && i < r.size(); i++) {
                m.put(header.get(i), r.get(i));
            }
            rows.add(m);
        }
        if (rows.isEmpty()) {
            throw new IOException(csv + ": no rows");
        }
        String experiment = rows.getFirst().get("experiment");
        String name = csv.getFileName().toString().replaceFirst("\\.csv$", "");
        Path png = csv.resolveSibling(name + ".png");
        // The JVM's name in parentheses makes the line too long to sit under the plot.
        String machine = rows.getFirst().getOrDefault("machine", "").replaceAll(" \\([^)]*\\)", "");
        String subtitle = machine + "; " + LocalDate.now();
        Map<String, List<Map<String, String>>> byCase = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            byCase.computeIfAbsent(r.get("case"), c -> new ArrayList<>()).add(r);
        }
        if (byCase.size() == 1) {
            List<Chart.Bar> bars = new ArrayList<>();
            String baseline = rows.getFirst().get("baseline");
            for (Map<String, String> r : rows) {
                bars.add(new Chart.Bar(r.get("engine"), r.get("engine").equals(baseline) && bars.isEmpty(),
                        number(r.get("mb_per_s")), number(r.get("ratio_to_baseline")), r.getOrDefault("check", r.get("status")),
                        "MISMATCH".equals(r.get("status"))));
            }
            Chart.bars(bars, "trawl bench " + experiment + ": " + rows.getFirst().getOrDefault("input", ""), subtitle, png);
        } else {
            List<String> cases = new ArrayList<>(byCase.keySet());
            Map<String, double[]> series = new LinkedHashMap<>();
            for (int i = 0; i < cases.size(); i++) {
                for (Map<String, String> r : byCase.get(cases.get(i))) {
                    double[] v = series.computeIfAbsent(r.get("engine"), e -> {
                        double[] a = new double[cases.size()];
                        Arrays.fill(a, Double.NaN);
                        return a;
                    });
                    v[i] = number(r.get("mb_per_s")) / 1000;
                }
            }
            List<Chart.Series> ss = new ArrayList<>();
            series.forEach((engine, v) -> {
                if (Arrays.stream(v).anyMatch(x -> !Double.isNaN(x))) {
                    ss.add(new Chart.Series(engine, v));
                }
            });
            Chart.lines("trawl bench " + experiment + ": " + rows.getFirst().getOrDefault("input", ""), subtitle, cases,
                    ss, "GB/s", png);
        }
        return png;
    }

    private static double number(String s) {
        return s == null || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }
}
