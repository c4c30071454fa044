package dev.trawl.input;

import java.nio.charset.StandardCharsets;

/**
 * The UTF-8 bytes of a {@link CharSequence} and the map from their byte offsets back to {@code char}
 * offsets. Engines only see bytes; matches on text inputs are translated here, in one place.
 *
 * <p>Unpaired surrogates encode as one byte ({@code ?}), as {@link String#getBytes} does, so offsets
 * stay consistent even for malformed strings.
 */
public final class CharOffsets {
    private final byte[] utf8;
    private final int[] byteToChar; // null when the text is ASCII: offsets are equal

    private CharOffsets(byte[] utf8, int[] byteToChar) {
        this.utf8 = utf8;
        this.byteToChar = byteToChar;
    }

    public static CharOffsets of(CharSequence text) {
        String s = text.toString();
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == s.length()) {
            return new CharOffsets(bytes, null);
        }
        int[] map = new int[bytes.length + 1];
        int b = 0;
        int n = s.length();
        for (int c = 0; c < n; c++) {
            char ch = s.charAt(c);
            int width;
            if (ch < 0x80) {
                width = 1;
            } else if (ch < 0x800) {
                width = 2;
            } else if (Character.isHighSurrogate(ch) && c + 1 < n && Character.isLowSurrogate(s.charAt(c + 1))) {
                for (int k = 0; k < 4; k++) {
                    map[b + k] = c;
                }
                b += 4;
                c++;
                continue;
            } else if (Character.isSurrogate(ch)) {
                width = 1;
            } else {
                width = 3;
            }
            for (int k = 0; k < width; k++) {
                map[b + k] = c;
            }
            b += width;
        }
        map[b] = n;
        return new CharOffsets(bytes, map);
    }

    public byte[] bytes() {
        return utf8;
    }

    public boolean identity() {
        return byteToChar == null;
    }

    /** The char offset of a byte offset that starts (or ends) a code point. */
    public long toChar(long byteOffset) {
        return byteToChar == null ? byteOffset : byteToChar[(int) byteOffset];
    }
}
