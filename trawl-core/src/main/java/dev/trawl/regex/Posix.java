package dev.trawl.regex;

import java.util.Locale;

/** The ASCII character classes: {@code \d \w \s}, POSIX {@code [[:name:]]} and Java's {@code \p{Name}} spellings. */
final class Posix {
    static final int[] DIGIT = {'0', '9'};
    static final int[] WORD = {'0', '9', 'A', 'Z', '_', '_', 'a', 'z'};
    /** Java's ASCII {@code \s}: space, \t, \n, \x0B, \f, \r. */
    static final int[] SPACE = {'\t', '\r', ' ', ' '};
    static final String JAVA_NAMES = "Lower, Upper, ASCII, Alpha, Digit, Alnum, Punct, Graph, Print, Blank, Cntrl, XDigit, Space";

    private Posix() {}

    /** {@code [[:name:]]} as RE2 spells them. */
    static int[] posixName(String name) {
        return switch (name) {
            case "alnum" -> new int[] {'0', '9', 'A', 'Z', 'a', 'z'};
            case "alpha" -> new int[] {'A', 'Z', 'a', 'z'};
            case "ascii" -> new int[] {0, 0x7F};
            case "blank" -> new int[] {'\t', '\t', ' ', ' '};
            case "cntrl" -> new int[] {0, 0x1F, 0x7F, 0x7F};
            case "digit" -> DIGIT;
            case "graph" -> new int[] {'!', '~'};
            case "lower" -> new int[] {'a', 'z'};
            case "print" -> new int[] {' ', '~'};
            case "punct" -> new int[] {'!', '/', ':', '@', '[', '`', '{', '~'};
            case "space" -> SPACE;
            case "upper" -> new int[] {'A', 'Z'};
            case "word" -> WORD;
            case "xdigit" -> new int[] {'0', '9', 'A', 'F', 'a', 'f'};
            default -> null;
        };
    }

    /** Java's {@code \p{Name}} for the POSIX names (ASCII, as without {@code UNICODE_CHARACTER_CLASS}). */
    static int[] javaName(String name) {
        return switch (name) {
            case "Lower", "Upper", "ASCII", "Alpha", "Digit", "Alnum", "Punct", "Graph", "Print", "Blank", "Cntrl",
                    "XDigit", "Space" -> posixName(name.toLowerCase(Locale.ROOT));
            default -> null;
        };
    }
}
