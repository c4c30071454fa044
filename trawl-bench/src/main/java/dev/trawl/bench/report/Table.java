package dev.trawl.bench.report;

import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.harness.Row;
import dev.trawl.bench.harness.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measured {@link Spec} and its rows, with the numbers every output form shares: throughput,
 * ratio to the baseline, the per-second rate of lines or records, and the text of each column.
 */
public record Table(String experiment, Spec spec, List<Row> rows) {

    public Row baseline() {
        return rows.getFirst();
    }

    public long bytes() {
        return spec.workload().bytes();
    }

    public double mbPerSecond(Row r) {
        return r.perSecond(r.bytes) / 1e6;
    }

    /** Throughput over the baseline's, or NaN when either did not run. */
    public double ratio(Row r) {
        Row b = baseline();
        if (!r.ran() || !b.ran()) {
            return Double.NaN;
        }
        return mbPerSecond(r) / mbPerSecond(b);
    }

    public boolean passed() {
        return rows.stream().noneMatch(r -> r.status == Row.Status.MISMATCH);
    }

    public List<String> header() {
        List<String> h = new ArrayList<>(List.of("engine", "threads", "MB/s", "spread"));
        if (spec.unit() != null) {
            h.add(spec.unit() + "/s");
        }
        h.addAll(List.of(resultLabel(), "× " + baseline().engine, "build", "check", "notes"));
        return h;
    }

    private String resultLabel() {
        return spec.counting() ? "matches" : spec.reduction().label();
    }

    public List<String> cells(Row r) {
        List<String> c = new ArrayList<>();
        c.add(r.engine);
        c.add(Integer.toString(r.threads));
        if (r.ran()) {
            c.add(number(mbPerSecond(r)));
            c.add(String.format(Locale.ROOT, "±%.1f%%", 100 * r.spread()));
            if (spec.unit() != null) {
                c.add(rate(r.perSecond(r.lines)));
            }
            c.add(String.format(Locale.ROOT, "%,d", r.result));
            double ratio = ratio(r);
            c.add(Double.isNaN(ratio) ? "—" : ratio(ratio));
            c.add(buildTime(r.buildMs));
        } else {
            int blanks = spec.unit() != null ? 6 : 5;
            for (int i = 0; i < blanks; i++) {
                c.add("—");
            }
        }
        c.add(check(r));
        c.add(r.sampled ? join("timed on the first " + Sizes.format(r.bytes) + " (slow)", r.note) : r.note);
        return c;
    }

    private static String join(String a, String b) {
        return b.isEmpty() ? a : a + "; " + b;
    }

    private static String check(Row r) {
        return switch (r.status) {
            case OK -> r.checkedOn.isEmpty() ? r.detail : "ok: " + r.checkedOn;
            case MISMATCH -> "MISMATCH: " + r.detail;
            case UNAVAILABLE -> r.detail.toLowerCase(Locale.ROOT).contains("gpu") ? "no GPU: " + r.detail : "unavailable: " + r.detail;
            case SKIPPED -> r.detail.startsWith("skipped") ? r.detail : "skipped: " + r.detail;
            case FAILED -> "failed: " + r.detail;
        };
    }

    /** Three significant digits, without exponents: 1,234 / 56.7 / 8.90 / 0.00123. */
    public static String number(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 1 || v == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** A per-second count: 1.23M, 45.6K, 789. */
    public static String rate(double perSecond) {
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.1fK", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", perSecond);
    }

    static String ratio(double r) {
        return r >= 10 ? String.format(Locale.ROOT, "%.0f×", r) : String.format(Locale.ROOT, "%.2f×", r);
    }

    static String buildTime(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000) : String.format(Locale.ROOT, "%.0f ms", ms);
    }

    /** The table as GitHub markdown. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        List<String> h = header();
        sb.append("| ").append(String.join(" | ", h)).append(" |\n");
        sb.append("|").append(" --- |".repeat(h.size())).append('\n');
        for (Row r : rows) {
            sb.append("| ").append(String.join(" | ", cells(r).stream().map(Table::escape).toList())).append(" |\n");
        }
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("|", "\\|");
    }

    public static List<String> csvHeader() {
        return List.of("experiment", "case", "engine", "kind", "threads", "status", "median_s", "min_s", "max_s", "reps",
                "bytes", "lines", "mb_per_s", "lines_per_s", "result", "ratio_to_baseline", "baseline", "build_ms",
                "checked_on", "detail", "note", "check", "input", "machine");
    }

    /** One line per row; {@code machine} describes where it ran (charts made later from the CSV show it). */
    public List<List<String>> csvRows(String machine) {
        List<List<String>> out = new ArrayList<>();
        for (Row r : rows) {
            boolean ran = r.ran();
            double ratio = ratio(r);
            out.add(List.of(experiment, spec.title(), r.engine, r.kind, Integer.toString(r.threads), r.status.name(),
                    ran ? seconds(r.medianNanos()) : "", ran ? seconds(r.minNanos()) : "",
                    ran ? seconds(r.maxNanos()) : "", Integer.toString(r.nanos.length),
                    Long.toString(ran ? r.bytes : bytes()), Integer.toString(ran ? r.lines : spec.workload().lines()),
                    ran ? String.format(Locale.ROOT, "%.3f", mbPerSecond(r)) : "",
                    ran ? String.format(Locale.ROOT, "%.1f", r.perSecond(r.lines)) : "",
                    ran ? Long.toString(r.result) : "", Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.4f", ratio),
                    baseline().engine, String.format(Locale.ROOT, "%.1f", r.buildMs), r.checkedOn, r.detail, r.note,
                    check(r), spec.workload().description(), machine));
        }
        return out;
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
    }
}
