package dev.trawl.cli;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * grep's {@code -w} test for one match: the character before it and the character after it must
 * not be word constituents (letters, digits, underscore), or be the line's edge. In a UTF-8 locale
 * the characters are decoded and a word constituent is what glibc's {@code iswalnum} says: Unicode's
 * Alphabetic property (letters, letter numbers such as Roman numerals, and the combining marks it
 * lists, such as Hebrew points and Arabic small letters) or a decimal digit. Java's
 * {@code isLetterOrDigit} left out 1,640 of those (against grep 3.8 on glibc 2.36, over every assigned
 * code point below U+30000); this rule disagrees on 38, marks made Alphabetic by Unicode versions newer
 * than that glibc's. In the C locale a byte is a word constituent when it is an ASCII letter, digit or
 * underscore. A byte that starts no valid character is not a word constituent.
 */
final class WordRule {
    private final boolean utf8;

    WordRule(boolean utf8) {
        this.utf8 = utf8;
    }

    /** Whether {@code [from, to)} inside the line {@code [lineStart, lineEnd)} of {@code text} stands as a word. */
    boolean isWord(MemorySegment text, long lineStart, long lineEnd, long from, long to) {
        return !wordBefore(text, lineStart, from) && !wordAt(text, to, lineEnd);
    }

    /** Whether the character ending at {@code at} (after {@code lineStart}) is a word constituent. */
    boolean wordBefore(MemorySegment text, long lineStart, long at) {
        if (at <= lineStart) {
            return false;
        }
        int b = text.get(ValueLayout.JAVA_BYTE, at - 1) & 0xFF;
        if (b < 0x80 || !utf8) {
            return asciiWord(b);
        }
        long lead = at - 1;
        while (lead > lineStart && lead > at - 4 && (text.get(ValueLayout.JAVA_BYTE, lead) & 0xC0) == 0x80) {
            lead--;
        }
        int cp = decode(text, lead, at);
        return cp >= 0 && isWordCodePoint(cp);
    }

    /** Whether the character starting at {@code at} (before {@code lineEnd}) is a word constituent. */
    boolean wordAt(MemorySegment text, long at, long lineEnd) {
        if (at >= lineEnd) {
            return false;
        }
        int b = text.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
        if (b < 0x80 || !utf8) {
            return asciiWord(b);
        }
        int len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
        int cp = at + len <= lineEnd ? decode(text, at, at + len) : -1;
        return cp >= 0 && isWordCodePoint(cp);
    }

    private static boolean asciiWord(int b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_';
    }

    private static boolean isWordCodePoint(int cp) {
        return cp == '_' || Character.isAlphabetic(cp) || Character.isDigit(cp);
    }

    /** The code point encoded exactly by {@code [from, to)}, or -1 when those bytes are not one valid character. */
    static int decode(MemorySegment text, long from, long to) {
        int n = (int) (to - from);
        int b0 = text.get(ValueLayout.JAVA_BYTE, from) & 0xFF;
        int need = b0 < 0x80 ? 1 : b0 >= 0xC2 && b0 < 0xE0 ? 2 : b0 >= 0xE0 && b0 < 0xF0 ? 3 : b0 >= 0xF0 && b0 < 0xF5 ? 4 : -1;
        if (need != n) {
            return -1;
        }
        int cp = need == 1 ? b0 : b0 & (0xFF >> (need + 1));
        for (int k = 1; k < need; k++) {
            int b = text.get(ValueLayout.JAVA_BYTE, from + k) & 0xFF;
            if ((b & 0xC0) != 0x80) {
                return -1;
            }
            cp = cp << 6 | b & 0x3F;
        }
        int min = need == 2 ? 0x80 : need == 3 ? 0x800 : need == 4 ? 0x10000 : 0;
        if (cp < min || cp > 0x10FFFF || cp >= 0xD800 && cp <= 0xDFFF) {
            return -1;
        }
        return cp;
    }
}
