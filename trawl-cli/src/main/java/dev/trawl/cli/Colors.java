package dev.trawl.cli;

import java.util.Map;

/**
 * grep's colours: the SGR parameters of each part of the output, the defaults
 * {@code ms=01;31:mc=01;31:sl=:cx=:fn=35:ln=32:bn=32:se=36} changed by {@code GREP_COLORS} (read as
 * grep reads it: {@code name=value} pairs split at {@code :}, values of digits and {@code ;} only,
 * {@code mt} setting both match colours, {@code rv} and {@code ne} flags; reading stops at the
 * first malformed pair) and by the deprecated {@code GREP_COLOR} (the match colour). Each part is
 * written as {@code ESC[<sgr>m ESC[K} ... {@code ESC[m ESC[K}; {@code ne} drops the {@code ESC[K}.
 */
final class Colors {
    String selectedMatch = "01;31";
    String contextMatch = "01;31";
    String fileName = "35";
    String lineNumber = "32";
    String byteOffset = "32";
    String separator = "36";
    String selectedLine = "";
    String contextLine = "";
    /** {@code rv}: with -v, selected and context line colours trade places. */
    boolean reverse;
    private String start = "\033[%sm\033[K";
    private String end = "\033[m\033[K";

    /** Whether to colour: {@code --color=always}, or {@code auto} on a terminal whose TERM is not "dumb" and without NO_COLOR. */
    static boolean wanted(int colorOption, boolean stdoutIsTerminal, Map<String, String> env) {
        if (colorOption == 1) {
            return true;
        }
        if (colorOption != 2 || !stdoutIsTerminal) {
            return false;
        }
        String term = env.get("TERM");
        String noColor = env.get("NO_COLOR");
        return term != null && !term.equals("dumb") && (noColor == null || noColor.isEmpty());
    }

    /** grep 3.8's warning when the deprecated GREP_COLOR took effect, or null. */
    String warning;

    static Colors from(Map<String, String> env) {
        Colors c = new Colors();
        String legacy = env.get("GREP_COLOR");
        boolean legacyUsed = legacy != null && !legacy.isEmpty()
                && legacy.chars().allMatch(ch -> ch == ';' || ch >= '0' && ch <= '9');
        if (legacyUsed) {
            c.selectedMatch = legacy;
            c.contextMatch = legacy;
        }
        String spec = env.get("GREP_COLORS");
        if (spec != null && !spec.isEmpty()) {
            c.parse(spec);
        }
        if (legacyUsed && (c.selectedMatch == legacy || c.contextMatch == legacy)) {
            c.warning = "warning: GREP_COLOR='" + legacy + "' is deprecated; use GREP_COLORS='mt=" + legacy + "'";
        }
        return c;
    }

    private void parse(String spec) {
        for (String cap : spec.split(":", -1)) {
            int eq = cap.indexOf('=');
            String name = eq < 0 ? cap : cap.substring(0, eq);
            String value = eq < 0 ? null : cap.substring(eq + 1);
            if (eq == 0 || value != null && !value.chars().allMatch(ch -> ch == ';' || ch >= '0' && ch <= '9')) {
                return; // grep stops at the first malformed capability
            }
            if (value != null) {
                switch (name) {
                    case "mt" -> {
                        selectedMatch = value;
                        contextMatch = value;
                    }
                    case "ms" -> selectedMatch = value;
                    case "mc" -> contextMatch = value;
                    case "fn" -> fileName = value;
                    case "ln" -> lineNumber = value;
                    case "bn" -> byteOffset = value;
                    case "se" -> separator = value;
                    case "sl" -> selectedLine = value;
                    case "cx" -> contextLine = value;
                    default -> { }
                }
            }
            switch (name) {
                case "mt" -> contextMatch = selectedMatch;
                case "rv" -> reverse = true;
                case "ne" -> {
                    start = "\033[%sm";
                    end = "\033[m";
                }
                default -> { }
            }
        }
    }

    /** Starts a coloured part; nothing for an empty colour. */
    void start(Out out, String sgr) {
        if (!sgr.isEmpty()) {
            int at = start.indexOf("%s");
            out.print(start.substring(0, at));
            out.print(sgr);
            out.print(start.substring(at + 2));
        }
    }

    void end(Out out, String sgr) {
        if (!sgr.isEmpty()) {
            out.print(end);
        }
    }
}
