package dev.trawl.bench.harness;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The patterns of one experiment, as literals (byte strings without newlines) or as regexes (in the
 * syntax shared by java.util.regex, RE2/J and Hyperscan: see {@code RegexSyntax}). String forms are
 * ISO-8859-1 decodings of the bytes, matching how {@code Workload} hands text to string-based engines.
 */
public record Problem(Kind kind, List<String> patterns, String description) {
    public enum Kind { LITERALS, REGEXES }

    public Problem {
        patterns = List.copyOf(patterns);
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no patterns");
        }
        for (String p : patterns) {
            if (p.isEmpty() || p.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("bench patterns are non-empty and hold no newline: '" + p + "'");
            }
        }
    }

    public static Problem literals(List<String> latin1, String description) {
        return new Problem(Kind.LITERALS, latin1, description);
    }

    public static Problem regexes(List<String> regexes, String description) {
        return new Problem(Kind.REGEXES, regexes, description);
    }

    public int size() {
        return patterns.size();
    }

    public byte[] bytes(int id) {
        return patterns.get(id).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Pattern lengths in bytes (literals). */
    public int[] lengths() {
        int[] l = new int[patterns.size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = patterns.get(i).length();
        }
        return l;
    }

    public int maxLength() {
        int m = 0;
        for (String p : patterns) {
            m = Math.max(m, p.length());
        }
        return m;
    }
}
