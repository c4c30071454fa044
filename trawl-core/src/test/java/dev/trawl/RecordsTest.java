package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Records}: every factory against a plain split, the accessors, the Arrow validation. */
class RecordsTest {
    private static final ValueLayout.OfInt INT32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong INT64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** The records' bytes, one array each, through {@link Records#record}. */
    private static List<String> contents(Records r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.size(); i++) {
            byte[] b = r.record(i).toArray(ValueLayout.JAVA_BYTE);
            assertEquals(b.length, r.length(i));
            assertEquals(r.end(i) - r.start(i), r.length(i));
            assertArrayEquals(b, r.data().asSlice(r.start(i), r.length(i)).toArray(ValueLayout.JAVA_BYTE));
            out.add(new String(b, StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /** grep's lines: split at '\n', a final '\n' ends the last line, '\r' before '\n' dropped if asked. */
    private static List<String> splitLines(String text, boolean dropCR) {
        List<String> out = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            if (nl < 0) {
                out.add(text.substring(at));
                break;
            }
            String line = text.substring(at, nl);
            out.add(dropCR && line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            at = nl + 1;
        }
        return out;
    }

    @Test
    void stringsAsUtf8() {
        List<String> strings = List.of("GET /", "", "h\u00e9ros \u20ac", "\uD83D\uDE00", "\uD800x", "");
        Records r = Records.of(strings);
        assertEquals(6, r.size());
        for (int i = 0; i < strings.size(); i++) {
            byte[] utf8 = strings.get(i).getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(utf8, r.record(i).toArray(ValueLayout.JAVA_BYTE), "record " + i);
            assertEquals(new String(utf8, StandardCharsets.UTF_8), r.string(i));
        }
        assertEquals(0, r.start(0));
        assertEquals(r.data().byteSize(), r.end(5));
        assertEquals(r.data().byteSize(), r.totalBytes());
        assertEquals(0, Records.of(List.of()).size());
        assertEquals(0, Records.of(List.of()).totalBytes());
        assertThrows(IndexOutOfBoundsException.class, () -> r.start(6));
        assertThrows(IndexOutOfBoundsException.class, () -> r.end(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> r.record(6));
        r.close(); // a no-op
        assertEquals("GET /", r.string(0));
    }

    @Test
    void byteStringsAreCopied() {
        byte[] a = {1, 2, (byte) 0xFF};
        Records r = Records.of(a, new byte[0], new byte[] {'\n', '\r'});
        a[0] = 9;
        assertEquals(List.of("\u0001\u0002\u00ff", "", "\n\r"), contents(r));
        Records fromArray = Records.of(new byte[][] {{'x'}, {'y', 'z'}});
        assertEquals(List.of("x", "yz"), contents(fromArray));
        assertEquals(3, fromArray.totalBytes());
    }

    @Test
    void linesAgainstAPlainSplit() {
        Random rnd = new Random(11);
        char[] alphabet = {'a', 'b', '\r', '\n', '\n'};
        List<String> texts = new ArrayList<>(List.of("", "\n", "\n\n", "a", "a\n", "a\r\n", "\r\n", "\r", "a\r", "\r\r\n",
                "ab\r\ncd\r\n\r\nx", "a\n\nb\n"));
        for (int i = 0; i < 500; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = rnd.nextInt(i < 100 ? 8 : 40); k > 0; k--) {
                sb.append(alphabet[rnd.nextInt(alphabet.length)]);
            }
            texts.add(sb.toString());
        }
        for (String t : texts) {
            MemorySegment seg = MemorySegment.ofArray(t.getBytes(StandardCharsets.ISO_8859_1));
            for (boolean drop : new boolean[] {false, true}) {
                Records r = Records.lines(seg, drop);
                List<String> expected = splitLines(t, drop);
                String what = "\"" + t.replace("\r", "\\r").replace("\n", "\\n") + "\" dropCR " + drop;
                assertEquals(expected, contents(r), what);
                if (r.size() > 0) {
                    assertEquals(r.end(r.size() - 1) - r.start(0), r.totalBytes(), what);
                }
                assertTrue(r.data() == seg, "lines do not copy");
            }
        }
    }

    @Test
    void mappedLines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("log.txt");
        Files.writeString(f, "first\r\nsecond\n\r\n\nlast\r");
        try (Records keep = Records.mapLines(f)) {
            assertEquals(List.of("first\r", "second", "\r", "", "last\r"), contents(keep));
        }
        Records drop = Records.mapLines(f, true);
        assertEquals(List.of("first", "second", "", "", "last\r"), contents(drop));
        assertEquals("second", drop.string(1));
        drop.close();
        assertThrows(IllegalStateException.class, () -> drop.string(0), "closing unmaps");

        Path empty = dir.resolve("empty");
        Files.write(empty, new byte[0]);
        try (Records r = Records.mapLines(empty)) {
            assertEquals(0, r.size());
        }
        TrawlException missing = assertThrows(TrawlException.class, () -> Records.mapLines(dir.resolve("nope")));
        assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
        TrawlException isDir = assertThrows(TrawlException.class, () -> Records.mapLines(dir));
        assertTrue(isDir.getMessage().contains("directory"), isDir.getMessage());
    }

    @Test
    void arrowColumnsWithInt32AndInt64Offsets() {
        byte[] data = "..helloworld!".getBytes(StandardCharsets.US_ASCII);
        long[] offsets = {2, 7, 7, 12, 13};
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = arena.allocate(data.length);
            d.copyFrom(MemorySegment.ofArray(data));
            MemorySegment o32 = arena.allocate(4L * offsets.length);
            MemorySegment o64 = arena.allocate(8L * offsets.length);
            for (int i = 0; i < offsets.length; i++) {
                o32.setAtIndex(INT32, i, (int) offsets[i]);
                o64.setAtIndex(INT64, i, offsets[i]);
            }
            for (Records r : List.of(Records.arrow(d, o32, 4), Records.arrowLarge(d, o64, 4))) {
                assertEquals(List.of("hello", "", "world", "!"), contents(r));
                assertEquals(2, r.start(0));
                assertEquals(13, r.end(3));
                assertEquals(11, r.totalBytes());
                assertTrue(r.data() == d, "Arrow columns do not copy");
            }
            // Fewer records than offsets allow: the rest is ignored.
            assertEquals(List.of("hello", ""), contents(Records.arrowLarge(d, o64, 2)));
            assertEquals(0, Records.arrow(d, o32, 0).size());
        }
    }

    @Test
    void badArrowOffsetsAreNamed() {
        MemorySegment data = MemorySegment.ofArray(new byte[10]);
        assertBad("offset 3 is 4, less than offset 2 (6)", data, new long[] {0, 2, 6, 4, 8}, 4);
        assertBad("offset 0 is -1, negative", data, new long[] {-1, 2}, 1);
        assertBad("offset 2 is 11, past the data's end (10 bytes)", data, new long[] {0, 5, 11}, 2);
        assertBad("3 records need 4", data, new long[] {0, 1, 2}, 3);
        assertBad("bad record count -1", data, new long[] {0}, -1);
    }

    private static void assertBad(String message, MemorySegment data, long[] offsets, int count) {
        MemorySegment o32 = MemorySegment.ofArray(new int[offsets.length]);
        MemorySegment o64 = MemorySegment.ofArray(new long[offsets.length]);
        for (int i = 0; i < offsets.length; i++) {
            o32.setAtIndex(INT32, i, (int) offsets[i]);
            o64.setAtIndex(INT64, i, offsets[i]);
        }
        for (boolean wide : new boolean[] {false, true}) {
            TrawlException e = assertThrows(TrawlException.class,
                    () -> (wide ? Records.arrowLarge(data, o64, count) : Records.arrow(data, o32, count)).size());
            assertTrue(e.getMessage().contains(message), (wide ? "int64: " : "int32: ") + e.getMessage());
        }
    }

    /** Per-record answers read nothing but the records' bytes, whatever lies around them. */
    @Test
    void matchersSeeOnlyTheRecords() {
        Records r = Records.of(List.of("xab", "cx", "", "abc"));
        Matcher m = Trawl.compile(PatternSet.of("abc", "b", "x", "bcx"));
        assertArrayEquals(new boolean[] {true, true, false, true}, m.anyMatch(r));
        assertArrayEquals(new int[] {2, 2, -1, 0}, m.firstMatch(r));
        assertArrayEquals(new long[] {2, 1, 0, 2}, m.countPerRecord(r));
        RecordPatterns p = m.matchedPatterns(r);
        assertArrayEquals(new int[] {1, 2}, p.ids(0));
        assertArrayEquals(new int[] {0, 1}, p.ids(3));
        assertEquals(0, p.count(2));
        assertTrue(p.contains(3, 0) && !p.contains(3, 2));
        List<String> all = new ArrayList<>();
        m.scanRecords(r, (rec, id, s, e) -> all.add(rec + ":" + id + "@" + s + "-" + e));
        assertEquals(List.of("0:2@0-1", "0:1@2-3", "1:2@1-2", "3:0@0-3", "3:1@1-2"), all);
    }
}
