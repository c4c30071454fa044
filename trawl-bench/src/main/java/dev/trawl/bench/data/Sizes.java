package dev.trawl.bench.data;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte sizes on the command line: {@code 64MiB}, {@code 1GiB}, {@code 256k}, {@code 10MB}, {@code 4096}.
 * Binary multiples throughout ({@code k}, {@code KB} and {@code KiB} are all 1024), as inputs are made
 * in power-of-two sizes.
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(i?b?)\\s*");

    private Sizes() {}

    public static long parse(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: '" + s + "' (examples: 64MiB, 1GiB, 256k, 4096)");
        }
        double v = Double.parseDouble(m.group(1));
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        long bytes = (long) (v * (1L << shift));
        if (bytes <= 0) {
            throw new IllegalArgumentException("size must be positive: '" + s + "'");
        }
        return bytes;
    }

    /** Counts with K/M suffixes ({@code 10K}, {@code 1M}), for dictionary sizes. */
    public static int parseCount(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        int mult = 1;
        if (t.endsWith("K")) {
            mult = 1000;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("M")) {
            mult = 1_000_000;
            t = t.substring(0, t.length() - 1);
        }
        return Math.multiplyExact(Integer.parseInt(t), mult);
    }

    public static String formatCount(int n) {
        if (n >= 1_000_000 && n % 1_000_000 == 0) {
            return n / 1_000_000 + "M";
        }
        if (n >= 1000 && n % 1000 == 0) {
            return n / 1000 + "K";
        }
        return Integer.toString(n);
    }

    public static String format(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return bytes / (1L << 30) + " GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + " MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return bytes / (1L << 10) + " KiB";
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%,d bytes", bytes);
    }
}
