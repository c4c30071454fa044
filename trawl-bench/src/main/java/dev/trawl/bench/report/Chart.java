package dev.trawl.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.HorizontalBarChart;
import org.knowm.xchart.HorizontalBarChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts drawn with XChart, headless: a horizontal bar per engine for one measurement, and a line per
 * engine across dictionary sizes. The value axis turns logarithmic when the largest value is more than
 * {@value #LOG_SPREAD} times the smallest, so slow baselines and fast engines both stay readable.
 *
 * <p>XChart 4.0.3 needs a few nudges, each marked where it is made: a logarithmic axis gets decade ticks
 * only with a tick formatter, its bounds must be set (a bar chart's axis starts at 0 otherwise, which a
 * log axis refuses), the bar chart's category axis thins its labels by the value axis's spacing hint,
 * and a bar series may not start with a missing value.
 */
public final class Chart {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    static final double LOG_SPREAD = 20;
    private static final int WIDTH = 1100;
    private static final int ROW = 26;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    private static final Font TEXT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Color BAR = new Color(0x1f77b4);
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0xbcbd22), new Color(0x17becf), new Color(0x393b79), new Color(0xad494a)};

    private Chart() {}

    /**
     * One bar: an engine's MB/s (NaN when it did not run, and {@code why} says why), its ratio to the
     * baseline (NaN for none).
     */
    public record Bar(String engine, boolean baseline, double mbPerSecond, double ratio, String why,
            boolean mismatch) {}

    /**
     * Horizontal bars of MB/s, one per engine, in the given order, each labelled with its value; the
     * engine's label carries its ratio to the baseline, or why it did not run (the first words of the
     * reason, "skipped", "no GPU": the whole of it, in the table, would squeeze the bars).
     */
    public static void bars(List<Bar> bars, String title, String subtitle, Path png) throws IOException {
        bars(bars, "MB/s", title, subtitle, png);
    }

    /** As {@link #bars(List, String, String, Path)}, the values ({@link Bar#mbPerSecond()}) in {@code unit}. */
    public static void bars(List<Bar> bars, String unit, String title, String subtitle, Path png) throws IOException {
        List<String> labels = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Bar b : bars) {
            labels.add(label(b));
            values.add(Double.isNaN(b.mbPerSecond()) ? null : b.mbPerSecond());
        }
        Scale scale = Scale.of(values);
        String axis = scale.title(unit) + " · " + subtitle;
        int labelWidth = labels.stream().mapToInt(l -> textWidth(l, TEXT)).max().orElse(0);
        HorizontalBarChart c = new HorizontalBarChartBuilder().width(width(title, axis, labelWidth + 80))
                .height(110 + ROW * bars.size()).title(title).xAxisTitle(axis).build();
        var s = c.getStyler();
        style(s);
        s.setLegendVisible(false);
        s.setSeriesColors(new Color[] {BAR});
        s.setAvailableSpaceFill(0.7);
        s.setLabelsVisible(true);
        s.setLabelsPosition(1.02); // just past the bar's end
        s.setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setLabelsFontColor(Color.BLACK);
        s.setPlotGridHorizontalLinesVisible(false);
        s.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        scale.applyToX(s);
        // The category (engine) axis drops every other label when rows are closer than the value axis's
        // tick spacing hint, unless a label count is set: set one that keeps them all.
        s.setXAxisMaxLabelCount(Math.max(2, bars.size()));
        // XChart takes the value axis's type from the first value, so a series that starts with an engine
        // that did not run (null) is made with a stand-in first and then given its values.
        List<Double> typed = new ArrayList<>(values);
        typed.set(0, 1.0);
        c.addSeries(unit, typed, labels).replaceData(values, labels);
        write(c, png);
    }

    /** One series per engine: its GB/s at each case (x, categorical, in order). Missing points are NaN. */
    public record Series(String name, double[] values) {}

    /** A line per engine across the cases; a missing point breaks its line. */
    public static void lines(String title, String subtitle, List<String> cases, List<Series> series, String unit,
            Path png) throws IOException {
        List<Double> all = new ArrayList<>();
        for (Series x : series) {
            for (double v : x.values()) {
                all.add(Double.isNaN(v) ? null : v);
            }
        }
        Scale scale = Scale.of(all);
        String axis = "patterns · " + subtitle;
        int legendWidth = series.stream().mapToInt(x -> textWidth(x.name(), TEXT)).max().orElse(0) + 60;
        XYChart c = new XYChartBuilder().width(width(title, axis, legendWidth + 80)).height(620).title(title)
                .xAxisTitle(axis).yAxisTitle(scale.title(unit)).build();
        var s = c.getStyler();
        style(s);
        s.setLegendPosition(LegendPosition.OutsideE);
        s.setSeriesColors(PALETTE);
        s.setSeriesMarkers(new Marker[] {SeriesMarkers.CIRCLE});
        s.setMarkerSize(8);
        s.setPlotGridVerticalLinesVisible(false);
        // Cases are categories: x is their index, labelled with their name (a tick falls on each index,
        // as the points are equally spaced from 0 to n - 1).
        s.setXAxisTickLabelsFormattingFunction(x -> {
            int i = (int) Math.round(x);
            return Math.abs(x - i) < 1e-6 && i >= 0 && i < cases.size() ? cases.get(i) : " ";
        });
        scale.applyToY(s);
        double[] xs = new double[cases.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i;
        }
        for (Series x : series) {
            XYSeries line = c.addSeries(x.name(), xs, x.values());
            line.setLineWidth(2f);
        }
        write(c, png);
    }

    private static String label(Bar b) {
        if (Double.isNaN(b.mbPerSecond())) {
            String why = b.why() == null || b.why().isBlank() ? "did not run" : b.why();
            return b.engine() + ": " + (why.contains(":") ? why.substring(0, why.indexOf(':')) : why);
        }
        String tail = b.baseline() ? "  (baseline)" : Double.isNaN(b.ratio()) ? "" : "  " + Table.ratio(b.ratio());
        return b.engine() + tail + (b.mismatch() ? "  MISMATCH" : "");
    }

    /**
     * At least {@value #WIDTH} pixels, wider when the title or the axis title (both centred over the plot)
     * would not fit beside what takes the rest of the width (engine labels, the legend).
     */
    private static int width(String title, String axisTitle, int besidePlot) {
        int text = Math.max(textWidth(title, TITLE), textWidth(axisTitle, TEXT));
        return Math.max(WIDTH, text + besidePlot + 40);
    }

    private static int textWidth(String s, Font font) {
        return (int) Math.ceil(font.getStringBounds(s, new FontRenderContext(null, true, true)).getWidth());
    }

    /** White, quiet, the same fonts in both charts. */
    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(false);
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(TITLE);
        s.setAxisTitleFont(TEXT);
        s.setAxisTickLabelsFont(TEXT);
        s.setLegendFont(TEXT);
        s.setLegendBorderColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(0xe0e0e0));
        s.setAntiAlias(true);
    }

    /** The value axis: from 0 (linear) or from the decade below the smallest value (log) to a round top. */
    private record Scale(boolean log, double lo, double hi) {
        static Scale of(List<Double> values) {
            double min = Double.MAX_VALUE;
            double max = 0;
            for (Double v : values) {
                if (v != null && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            if (max == 0) {
                return new Scale(false, 0, 1);
            }
            if (max / min > LOG_SPREAD) {
                return new Scale(true, Math.pow(10, Math.floor(Math.log10(min))), Math.pow(10, Math.ceil(Math.log10(max))));
            }
            return new Scale(false, 0, niceCeil(max * 1.05));
        }

        String title(String unit) {
            return unit + (log ? " (log scale)" : "");
        }

        void applyToX(AxesChartStyler s) {
            s.setXAxisLogarithmic(log);
            s.setXAxisMin(lo);
            s.setXAxisMax(hi);
            // Without a formatter XChart ticks a logarithmic bar axis linearly.
            s.setXAxisTickLabelsFormattingFunction(Scale::tick);
        }

        void applyToY(AxesChartStyler s) {
            s.setYAxisLogarithmic(log);
            s.setYAxisMin(lo);
            s.setYAxisMax(hi);
            s.setYAxisTickLabelsFormattingFunction(Scale::tick);
        }

        /** Whole ticks without decimals (1, 10, 1,000), others as the table writes numbers (0.01, 2.5). */
        static String tick(double v) {
            return (v >= 1 || v == 0) && v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : Table.number(v);
        }

        private static double niceCeil(double v) {
            double p = Math.pow(10, Math.floor(Math.log10(v)));
            for (double m : new double[] {1, 2, 2.5, 5, 10}) {
                if (m * p >= v) {
                    return m * p;
                }
            }
            return 10 * p;
        }
    }

    private static void write(IChart chart, Path png) throws IOException {
        try (OutputStream out = Files.newOutputStream(png)) {
            ChartEncoder.saveChart(chart, out, "png");
        }
    }
}
