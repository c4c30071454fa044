package dev.trawl.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** Byte offsets to Spark's character offsets, against Java's decoder and Spark's own character count. */
class CharOffsetsTest {
    @Test
    void everyBoundaryOfValidUtf8() {
        for (String s : List.of("", "abc", "é日😀x", "😀😀", "a\u0000b", "日本語のテキスト")) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            byte[] padded = new byte[utf8.length + 5]; // the value sits inside a larger buffer, as in a batch
            System.arraycopy(utf8, 0, padded, 3, utf8.length);
            CharOffsets offsets = new CharOffsets();
            offsets.reset(padded, 3, utf8.length);
            for (int b = 0; b <= utf8.length; b++) {
                String prefix = new String(utf8, 0, b, StandardCharsets.UTF_8);
                boolean boundary = b == utf8.length || (utf8[b] & 0xC0) != 0x80;
                if (boundary) {
                    int chars = prefix.codePointCount(0, prefix.length());
                    assertEquals(chars, offsets.start(b), s + " start at byte " + b);
                    assertEquals(chars, offsets.end(b), s + " end at byte " + b);
                }
            }
            assertEquals(UTF8String.fromBytes(utf8).numChars(), offsets.end(utf8.length), s);
        }
    }

    /** Inside a character (possible on malformed UTF-8 only), starts round down and ends round up. */
    @Test
    void insideACharacterStartsRoundDownAndEndsRoundUp() {
        byte[] utf8 = "a日b".getBytes(StandardCharsets.UTF_8); // a, 3 bytes of 日, b
        CharOffsets offsets = new CharOffsets();
        offsets.reset(utf8, 0, utf8.length);
        assertEquals(1, offsets.start(2));
        assertEquals(2, offsets.end(2));
        assertEquals(1, offsets.start(3));
        assertEquals(2, offsets.end(3));
        assertEquals(2, offsets.start(4));
        byte[] truncated = {'x', (byte) 0xE6, (byte) 0x97}; // a lead byte of three with two bytes left: one character, as Spark counts
        offsets.reset(truncated, 0, truncated.length);
        assertEquals(UTF8String.fromBytes(truncated).numChars(), offsets.end(3));
        assertEquals(1, offsets.start(2));
    }
}
