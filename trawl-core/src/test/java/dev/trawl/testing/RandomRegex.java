package dev.trawl.testing;

import dev.trawl.PatternSet;
import java.util.Random;

/**
 * Generates random regexes from the supported grammar over a small alphabet, each in Trawl's syntax
 * and in the {@code java.util.regex} spelling of the same thing (they differ only for POSIX
 * classes), plus random texts over the same alphabet. Deterministic for a seed.
 */
public final class RandomRegex {
    /** Characters texts and literals draw from: ASCII letters of both cases, digits, space, newline, '_', BMP non-ASCII. */
    public static final String[] ALPHABETS = {"ab", "abc\n", "aAbB", "ab1 _\n", "a\u00e9\u20acb", "xy\n\u00e9 "};

    private final Random r;
    private final String alphabet;
    final StringBuilder ours = new StringBuilder();
    final StringBuilder java = new StringBuilder();

    RandomRegex(Random r, String alphabet) {
        this.r = r;
        this.alphabet = alphabet;
    }

    public static String[] generate(Random r, String alphabet, int depth) {
        RandomRegex g = new RandomRegex(r, alphabet);
        g.alternation(depth);
        return new String[] {g.ours.toString(), g.java.toString()};
    }

    /** A pattern-set builder with case-insensitive, multiline and dot-all each set one time in four. */
    public static PatternSet.Builder flaggedBuilder(Random r) {
        return PatternSet.builder().caseInsensitive(r.nextInt(4) == 0).multiline(r.nextInt(4) == 0)
                .dotAll(r.nextInt(4) == 0);
    }

    /** One to four random regexes of depth 2 over {@code alphabet}, under {@link #flaggedBuilder} flags. */
    public static PatternSet regexSet(Random r, String alphabet) {
        PatternSet.Builder b = flaggedBuilder(r);
        for (int k = 1 + r.nextInt(4); k > 0; k--) {
            b.addRegex(generate(r, alphabet, 2)[0]);
        }
        return b.build();
    }

    public static String text(Random r, String alphabet, int maxLen) {
        int n = r.nextInt(maxLen + 1);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    /**
     * A random choice between literal strings in the same syntax, the kind {@code auto} searches with
     * a literal engine: literals (escaped where needed), concatenation, alternation and non-capturing
     * groups, nested up to {@code depth}; now and then an empty group piece ({@code (?:|a)}), which
     * may make the whole regex able to match empty. Valid Java syntax too.
     */
    public static String literalChoice(Random r, String alphabet, int depth) {
        RandomRegex g = new RandomRegex(r, alphabet);
        g.literalAlternation(depth);
        return g.ours.toString();
    }

    private void literalAlternation(int depth) {
        int alts = r.nextInt(3) == 0 ? 2 + r.nextInt(3) : 1;
        for (int i = 0; i < alts; i++) {
            if (i > 0) {
                both("|");
            }
            int items = depth < 2 && r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(4);
            for (int k = 0; k < items; k++) {
                if (depth > 0 && r.nextInt(5) == 0) {
                    both("(?:");
                    literalAlternation(depth - 1);
                    both(")");
                } else {
                    both(literal(alphabet.charAt(r.nextInt(alphabet.length()))));
                }
            }
        }
    }

    private void both(String s) {
        ours.append(s);
        java.append(s);
    }

    private void alternation(int depth) {
        int alts = r.nextInt(6) == 0 ? 2 + r.nextInt(2) : 1;
        for (int i = 0; i < alts; i++) {
            if (i > 0) {
                both("|");
            }
            concat(depth);
        }
    }

    private void concat(int depth) {
        int items = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(4);
        for (int i = 0; i < items; i++) {
            repeat(depth);
        }
    }

    private void repeat(int depth) {
        int kind = atom(depth);
        if (kind == 2 || (kind == 1 && r.nextInt(4) != 0)) {
            return; // quantified assertions are legal but rarely interesting
        }
        int q = r.nextInt(12);
        String quant = switch (q) {
            case 0 -> "*";
            case 1 -> "+";
            case 2 -> "?";
            case 3 -> "{" + r.nextInt(3) + "}";
            case 4 -> "{" + r.nextInt(3) + ",}";
            case 5 -> {
                int lo = r.nextInt(3);
                yield "{" + lo + "," + (lo + r.nextInt(3)) + "}";
            }
            default -> "";
        };
        if (!quant.isEmpty() && r.nextInt(3) == 0) {
            quant += "?";
        }
        both(quant);
    }

    /** Appends one atom; returns 1 for an assertion, 2 for a flag group (not quantifiable), else 0. */
    private int atom(int depth) {
        int k = r.nextInt(depth > 0 ? 22 : 16);
        switch (k) {
            case 0, 1, 2, 3, 4, 5 -> both(literal(alphabet.charAt(r.nextInt(alphabet.length()))));
            case 6 -> both(".");
            case 7 -> both(charClass());
            case 8 -> both(new String[] {"\\d", "\\w", "\\s", "\\D", "\\W", "\\S"}[r.nextInt(6)]);
            case 9 -> {
                String[][] posix = {{"[[:alpha:]]", "\\p{Alpha}"}, {"[[:digit:]]", "\\p{Digit}"},
                    {"[^[:lower:]]", "[^\\p{Lower}]"}, {"[[:space:]a]", "[\\p{Space}a]"}, {"\\p{Upper}", "\\p{Upper}"}};
                String[] p = posix[r.nextInt(posix.length)];
                ours.append(p[0]);
                java.append(p[1]);
            }
            case 10, 11, 12 -> {
                int a = r.nextInt(10);
                if (a < 8) {
                    both(new String[] {"^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B", "\\b"}[a]);
                } else { // a word's start or end: Java spells them with lookaround, grouped for a quantifier
                    ours.append(a == 8 ? "\\b{start}" : "\\b{end}");
                    java.append(a == 8 ? "(?:(?<!\\w)(?=\\w))" : "(?:(?<=\\w)(?!\\w))");
                }
                return 1;
            }
            case 13 -> {
                both(new String[] {"(?i)", "(?m)", "(?s)", "(?-i)", "(?im)", "(?-m)"}[r.nextInt(6)]);
                return 2;
            }
            case 14, 15 -> both(literal(alphabet.charAt(r.nextInt(alphabet.length()))));
            default -> {
                String open = new String[] {"(", "(?:", "(?i:", "(?s:", "(?m:", "(?<g>"}[r.nextInt(6)];
                if (open.equals("(?<g>")) {
                    open = "(";
                }
                both(open);
                alternation(depth - 1);
                both(")");
            }
        }
        return 0;
    }

    private String charClass() {
        StringBuilder sb = new StringBuilder("[");
        if (r.nextBoolean()) {
            sb.append('^');
        }
        int items = 1 + r.nextInt(3);
        for (int i = 0; i < items; i++) {
            char c = alphabet.charAt(r.nextInt(alphabet.length()));
            if (r.nextInt(3) == 0) {
                char d = alphabet.charAt(r.nextInt(alphabet.length()));
                char lo = (char) Math.min(c, d);
                char hi = (char) Math.max(c, d);
                sb.append(classChar(lo)).append('-').append(classChar(hi));
            } else if (r.nextInt(5) == 0) {
                sb.append(new String[] {"\\d", "\\w", "\\s"}[r.nextInt(3)]);
            } else {
                sb.append(classChar(c));
            }
        }
        return sb.append(']').toString();
    }

    private static String classChar(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case ' ' -> " ";
            case '-', '[', ']', '^', '\\', '&' -> "\\" + c;
            default -> String.valueOf(c);
        };
    }

    private static String literal(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$', '\\' -> "\\" + c;
            default -> String.valueOf(c);
        };
    }
}
