package dev.trawl.regex;

/**
 * Finds a literal every match of a regex must contain: the longest run of exact characters that
 * the regex requires in a row (through concatenations, zero-width assertions and repetitions of at
 * least one). Case-folded letters are classes, not literals, so {@code (?i)} parts yield nothing;
 * alternations yield nothing (no common factor is sought). Used as a prefilter: where the literal
 * does not occur, the regex cannot match.
 */
public final class LiteralExtractor {
    private LiteralExtractor() {}

    private record Info(String exact, String best) {}

    /** The longest required literal, or "" when none is found. */
    public static String required(Regexp re) {
        return info(re).best;
    }

    private static Info info(Regexp re) {
        switch (re.op) {
            case EMPTY, ASSERT:
                return new Info("", "");
            case LITERAL: {
                String s = new String(Character.toChars(re.codePoint));
                return new Info(s, s);
            }
            case ANY_BYTE:
                return new Info(null, "");
            case CLASS:
                if (re.ranges.length == 2 && re.ranges[0] == re.ranges[1]) {
                    String s = new String(Character.toChars(re.ranges[0]));
                    return new Info(s, s);
                }
                return new Info(null, "");
            case CONCAT: {
                StringBuilder run = new StringBuilder();
                String best = "";
                boolean allExact = true;
                for (Regexp sub : re.subs) {
                    Info i = info(sub);
                    if (i.best.length() > best.length()) {
                        best = i.best;
                    }
                    if (i.exact != null) {
                        run.append(i.exact);
                    } else {
                        allExact = false;
                        best = longer(best, run.toString());
                        run.setLength(0);
                    }
                }
                best = longer(best, run.toString());
                return new Info(allExact ? run.toString() : null, best);
            }
            case REPEAT: {
                Info i = info(re.subs.get(0));
                if (re.min == 0) {
                    return new Info(re.max == 0 ? "" : null, "");
                }
                String exact = re.min == re.max && i.exact != null && i.exact.length() * re.min <= 64
                        ? i.exact.repeat(re.min) : null;
                return new Info(exact, exact != null ? exact : i.best);
            }
            default: // ALTERNATE
                return new Info(null, "");
        }
    }

    private static String longer(String a, String b) {
        return b.length() > a.length() ? b : a;
    }
}
