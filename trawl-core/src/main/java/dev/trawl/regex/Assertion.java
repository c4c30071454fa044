package dev.trawl.regex;

/**
 * The zero-width assertions, with {@code java.util.regex} semantics in {@code UNIX_LINES} mode:
 * {@code \n} is the only line terminator. "Text" is the searched range: for a whole input its
 * bytes, for a record its range, so {@code ^} and {@code $} match at record boundaries.
 */
public enum Assertion {
    /** {@code \A}, and {@code ^} without {@code (?m)}: at the start of the text. */
    BEGIN_TEXT,
    /** {@code \z}: at the end of the text. */
    END_TEXT,
    /**
     * {@code ^} with {@code (?m)}: at the start of the text or after a {@code \n}, but never at the
     * end of the text (Java's rule, taken from Perl: {@code (?m)^} does not match after a final
     * newline, nor in an empty text).
     */
    BEGIN_LINE,
    /** {@code $} with {@code (?m)}: before a {@code \n} or at the end of the text. */
    END_LINE,
    /** {@code $} without {@code (?m)}, and {@code \Z}: at the end, or before a {@code \n} that ends the text. */
    END_TEXT_OR_FINAL_NEWLINE,
    /** {@code \b}: between an ASCII word byte {@code [A-Za-z0-9_]} and a non-word byte (or an edge). */
    WORD_BOUNDARY,
    /** {@code \B}: not at a word boundary. */
    NOT_WORD_BOUNDARY;

    /** This assertion's bit in a mask of the assertions that hold at a position. */
    public int bit() {
        return 1 << ordinal();
    }

    /** True for ASCII {@code [A-Za-z0-9_]}, Java's {@code \w} without {@code UNICODE_CHARACTER_CLASS}. */
    public static boolean isWordByte(int b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_';
    }

    /**
     * The mask of assertions that hold between bytes {@code prev} and {@code cur}, each -1 at an edge
     * of the text; {@code lastByte} tells that {@code cur} is the text's last byte.
     */
    public static int mask(int prev, int cur, boolean lastByte) {
        int m = 0;
        if (prev < 0) {
            m |= BEGIN_TEXT.bit();
        }
        if (cur < 0) {
            m |= END_TEXT.bit() | END_LINE.bit() | END_TEXT_OR_FINAL_NEWLINE.bit();
        } else {
            if (prev < 0 || prev == '\n') {
                m |= BEGIN_LINE.bit();
            }
            if (cur == '\n') {
                m |= END_LINE.bit();
                if (lastByte) {
                    m |= END_TEXT_OR_FINAL_NEWLINE.bit();
                }
            }
        }
        boolean wp = prev >= 0 && isWordByte(prev);
        boolean wc = cur >= 0 && isWordByte(cur);
        m |= wp != wc ? WORD_BOUNDARY.bit() : NOT_WORD_BOUNDARY.bit();
        return m;
    }
}
