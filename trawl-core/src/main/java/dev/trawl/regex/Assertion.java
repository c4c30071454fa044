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
    NOT_WORD_BOUNDARY,
    /**
     * {@code \b{start}} (Rust's regex syntax; the command's {@code \<}, as in GNU grep): a word byte
     * after, and a non-word byte or the text's start before.
     */
    WORD_START,
    /** {@code \b{end}} (the command's {@code \>}): a word byte before, and a non-word byte or the text's end after. */
    WORD_END;

    /** This assertion's bit in a mask of the assertions that hold at a position. */
    public int bit() {
        return 1 << ordinal();
    }

    /** Descriptor bits of the byte on one side of a position; 0 means "no byte" (an edge of the text). */
    static final int D_EXISTS = 1;
    static final int D_NEWLINE = 2;
    static final int D_WORD = 4;
    /** The byte is a {@code \n} and the last byte of the text (only meaningful on the right side). */
    static final int D_FINAL_NEWLINE = 8;

    /** The descriptor of byte {@code b}; {@code last} tells that it ends the text. */
    static int describe(int b, boolean last) {
        int d = D_EXISTS;
        if (b == '\n') {
            d |= last ? D_NEWLINE | D_FINAL_NEWLINE : D_NEWLINE;
        } else if (isWordByte(b)) {
            d |= D_WORD;
        }
        return d;
    }

    /** The mask of assertions that hold between a byte described {@code prev} and one described {@code cur}. */
    static int maskOf(int prev, int cur) {
        int m = 0;
        if (prev == 0) {
            m |= BEGIN_TEXT.bit();
        }
        if (cur == 0) {
            m |= END_TEXT.bit() | END_LINE.bit() | END_TEXT_OR_FINAL_NEWLINE.bit();
        } else {
            if (prev == 0 || (prev & D_NEWLINE) != 0) {
                m |= BEGIN_LINE.bit();
            }
            if ((cur & D_NEWLINE) != 0) {
                m |= END_LINE.bit();
            }
            if ((cur & D_FINAL_NEWLINE) != 0) {
                m |= END_TEXT_OR_FINAL_NEWLINE.bit();
            }
        }
        boolean wordBefore = (prev & D_WORD) != 0;
        boolean wordAfter = (cur & D_WORD) != 0;
        m |= wordBefore != wordAfter ? WORD_BOUNDARY.bit() : NOT_WORD_BOUNDARY.bit();
        if (wordAfter && !wordBefore) {
            m |= WORD_START.bit();
        } else if (wordBefore && !wordAfter) {
            m |= WORD_END.bit();
        }
        return m;
    }

    /** True for ASCII {@code [A-Za-z0-9_]}, Java's {@code \w} without {@code UNICODE_CHARACTER_CLASS}. */
    public static boolean isWordByte(int b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_';
    }

}
