package dev.trawl.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * PNG charts drawn with java.awt, headless: a bar per engine for one measurement, and a line per engine
 * across dictionary sizes. The value axis turns logarithmic when the largest value is more than 20
 * times the smallest, so slow baselines and fast engines both stay readable.
 */
public final class Chart {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private static final Color TRAWL = new Color(0x1f77b4);
    private static final Color PEER = new Color(0xff7f0e);
    private static final Color BASE = new Color(0x7f7f7f);
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
        new Color(0xbcbd22), new Color(0x17becf), new Color(0x393b79), new Color(0xad494a)};

    private Chart() {}

    /**
     * One bar: an engine's MB/s (NaN when it did not run, and {@code why} says why), its ratio to the
     * baseline (NaN for none).
     */
    public record Bar(String engine, String kind, boolean baseline, double mbPerSecond, double ratio, String why,
            boolean mismatch) {}

    /** Horizontal bars of MB/s, one per engine; engines that did not run show why instead. */
    public static void bars(List<Bar> bars, String title, String subtitle, Path png) throws IOException {
        int rowH = 26;
        int top = 70;
        int left = 230;
        int right = 200;
        int width = 1100;
        int height = top + rowH * bars.size() + 50;
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = start(img);
        header(g, title, subtitle, width);
        double max = 0;
        double min = Double.MAX_VALUE;
        for (Bar b : bars) {
            if (!Double.isNaN(b.mbPerSecond)) {
                max = Math.max(max, b.mbPerSecond);
                min = Math.min(min, b.mbPerSecond);
            }
        }
        Axis axis = new Axis(min, max, left, width - right);
        axis.draw(g, top - 8, top + rowH * bars.size(), "MB/s");
        int y = top;
        for (Bar b : bars) {
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, b.baseline ? Font.BOLD : Font.PLAIN, 13));
            FontMetrics fm = g.getFontMetrics();
            g.drawString(b.engine, left - 8 - fm.stringWidth(b.engine), y + rowH / 2 + 5);
            if (!Double.isNaN(b.mbPerSecond)) {
                double v = b.mbPerSecond;
                int x1 = axis.x(v);
                g.setColor(b.baseline ? BASE : "trawl".equals(b.kind) ? TRAWL : "peer".equals(b.kind) ? PEER : BASE);
                g.fillRect(left, y + 4, Math.max(2, x1 - left), rowH - 8);
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
                String label = Table.number(v) + " MB/s";
                if (!Double.isNaN(b.ratio) && !b.baseline) {
                    label += "  (" + Table.ratio(b.ratio) + ")";
                }
                if (b.mismatch) {
                    label += "  MISMATCH";
                }
                g.drawString(label, x1 + 6, y + rowH / 2 + 5);
            } else {
                g.setColor(Color.GRAY);
                g.setFont(new Font(Font.SANS_SERIF, Font.ITALIC, 12));
                g.drawString(clip(g, b.why, width - left - 20), left + 6, y + rowH / 2 + 5);
            }
            y += rowH;
        }
        footer(g, axis, height, "bars: median of the timed runs; grey = baseline, blue = Trawl, orange = peers");
        write(img, png);
    }

    /** One series per engine: its GB/s at each case (x, categorical, in order). Missing points are NaN. */
    public record Series(String name, double[] values) {}

    public static void lines(String title, String subtitle, List<String> cases, List<Series> series, String unit,
            Path png) throws IOException {
        int width = 1100;
        int height = 620;
        int left = 80;
        int right = 250;
        int top = 70;
        int bottom = height - 70;
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = start(img);
        header(g, title, subtitle, width);
        double max = 0;
        double min = Double.MAX_VALUE;
        for (Series s : series) {
            for (double v : s.values) {
                if (!Double.isNaN(v) && v > 0) {
                    max = Math.max(max, v);
                    min = Math.min(min, v);
                }
            }
        }
        Axis axis = new Axis(min, max, bottom, top); // vertical: larger values higher up
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (double tick : axis.ticks()) {
            int y = axis.x(tick);
            g.setColor(new Color(0xe0e0e0));
            g.drawLine(left, y, width - right, y);
            g.setColor(Color.DARK_GRAY);
            String s = Table.number(tick);
            g.drawString(s, left - 8 - g.getFontMetrics().stringWidth(s), y + 4);
        }
        g.drawString(unit + (axis.log ? " (log scale)" : ""), 10, top - 12);
        int n = cases.size();
        int plotW = width - right - left - 40;
        for (int i = 0; i < n; i++) {
            int x = left + 20 + (n == 1 ? plotW / 2 : i * plotW / (n - 1));
            g.setColor(Color.DARK_GRAY);
            String c = cases.get(i);
            g.drawString(c, x - g.getFontMetrics().stringWidth(c) / 2, bottom + 20);
        }
        g.drawString("patterns", left + plotW / 2, bottom + 42);
        int legendY = top + 10;
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            Color col = PALETTE[k % PALETTE.length];
            g.setColor(col);
            g.setStroke(new BasicStroke(2f));
            int px = -1;
            int py = -1;
            for (int i = 0; i < n; i++) {
                double v = s.values[i];
                if (Double.isNaN(v) || v <= 0) {
                    px = -1;
                    continue;
                }
                int x = left + 20 + (n == 1 ? plotW / 2 : i * plotW / (n - 1));
                int y = axis.x(v);
                g.fillOval(x - 4, y - 4, 8, 8);
                if (px >= 0) {
                    g.drawLine(px, py, x, y);
                }
                px = x;
                py = y;
            }
            g.fillRect(width - right + 15, legendY - 9, 14, 10);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawString(s.name, width - right + 35, legendY);
            legendY += 18;
        }
        write(img, png);
    }

    /** Maps values to pixels between p0 (for the minimum end) and p1, log or linear. */
    private static final class Axis {
        final boolean log;
        final double lo;
        final double hi;
        final int p0;
        final int p1;

        Axis(double min, double max, int p0, int p1) {
            if (max <= 0 || min == Double.MAX_VALUE) {
                min = 1;
                max = 10;
            }
            this.log = max / Math.max(min, 1e-12) > 20;
            if (log) {
                lo = Math.pow(10, Math.floor(Math.log10(min)));
                hi = Math.pow(10, Math.ceil(Math.log10(max)));
            } else {
                lo = 0;
                hi = niceCeil(max * 1.05);
            }
            this.p0 = p0;
            this.p1 = p1;
        }

        int x(double v) {
            double f = log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
                    : (v - lo) / (hi - lo);
            return (int) Math.round(p0 + f * (p1 - p0));
        }

        List<Double> ticks() {
            List<Double> t = new ArrayList<>();
            if (log) {
                for (double v = lo; v <= hi * 1.0001; v *= 10) {
                    t.add(v);
                }
            } else {
                double step = hi / 5;
                for (int i = 0; i <= 5; i++) {
                    t.add(i * step);
                }
            }
            return t;
        }

        void draw(Graphics2D g, int y0, int y1, String unit) {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            for (double tick : ticks()) {
                int x = x(tick);
                g.setColor(new Color(0xe0e0e0));
                g.drawLine(x, y0, x, y1);
                g.setColor(Color.DARK_GRAY);
                String s = Table.number(tick);
                g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, y1 + 14);
            }
            g.drawString(unit + (log ? " (log scale)" : ""), p1 - 80, y0 - 4);
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

    private static Graphics2D start(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        return g;
    }

    private static void header(Graphics2D g, String title, String subtitle, int width) {
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, 16, 24);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(Color.DARK_GRAY);
        g.drawString(clip(g, subtitle, width - 32), 16, 44);
    }

    private static void footer(Graphics2D g, Axis axis, int height, String text) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.setColor(Color.GRAY);
        g.drawString(text + (axis.log ? "; log scale" : ""), 16, height - 10);
    }

    private static String clip(Graphics2D g, String s, int width) {
        FontMetrics fm = g.getFontMetrics();
        if (fm.stringWidth(s) <= width) {
            return s;
        }
        while (!s.isEmpty() && fm.stringWidth(s + "…") > width) {
            s = s.substring(0, s.length() - 1);
        }
        return s + "…";
    }

    private static void write(BufferedImage img, Path png) throws IOException {
        if (!ImageIO.write(img, "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    static String format(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
