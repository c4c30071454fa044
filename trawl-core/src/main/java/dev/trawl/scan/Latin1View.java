package dev.trawl.scan;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A {@link CharSequence} over bytes of a segment, byte {@code i} read as the char {@code i} of
 * ISO-8859-1, so that {@code java.util.regex} can run on raw bytes without decoding or copying and
 * char offsets equal byte offsets. Bytes above 0x7F become U+0080..U+00FF; a regex compiled without
 * {@code UNICODE_CASE} never folds those, so ASCII case-insensitivity is kept exact.
 */
public final class Latin1View implements CharSequence {
    private final MemorySegment text;
    private final long base;
    private final int length;

    public Latin1View(MemorySegment text, long base, int length) {
        this.text = text;
        this.base = base;
        this.length = length;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return (char) (text.get(ValueLayout.JAVA_BYTE, base + index) & 0xFF);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        if (start < 0 || end > length || start > end) {
            throw new IndexOutOfBoundsException("[" + start + "," + end + ") of " + length);
        }
        return new Latin1View(text, base + start, end - start);
    }

    @Override
    public String toString() {
        char[] c = new char[length];
        for (int i = 0; i < length; i++) {
            c[i] = charAt(i);
        }
        return new String(c);
    }
}
