package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The anchor index names every anchor occurring at a position among that position's few candidates. */
class AnchorIndexTest {
    @Test
    void everyOccurrenceIsAmongItsPositionsCandidates() {
        Random r = new Random(11);
        for (int round = 0; round < 20; round++) {
            List<byte[]> anchors = new ArrayList<>();
            int count = 1 + r.nextInt(round < 10 ? 8 : 1500);
            for (int i = 0; i < count; i++) {
                // round % 3: 0 short anchors among others, 1 anchors of four bytes or more, 2 up to four bytes
                byte[] a = new byte[round % 3 == 1 ? 4 + r.nextInt(9) : 1 + r.nextInt(round % 3 == 2 ? 4 : 12)];
                // (up to 12 bytes: the word compare covers eight, the rest go byte by byte)
                for (int k = 0; k < a.length; k++) {
                    a[k] = (byte) (r.nextBoolean() ? 'a' + r.nextInt(4) : r.nextInt(256));
                }
                anchors.add(a);
            }
            AnchorIndex ix = AnchorIndex.of(anchors);
            byte[] text = new byte[4000];
            for (int k = 0; k < text.length; k++) {
                text[k] = (byte) ('a' + r.nextInt(4));
            }
            for (int k = 0; k < 200; k++) { // plant anchors apart (at most 12 bytes each), one at the very end
                byte[] a = anchors.get(r.nextInt(count));
                int at = k == 0 ? text.length - a.length : 19 * k;
                System.arraycopy(a, 0, text, at, a.length);
            }
            long occurrences = 0;
            long collisions = 0; // candidates whose first four bytes differ from the position's
            for (int p = 0; p < text.length; p++) {
                int[] c = ix.candidates(text, p);
                for (int a : c) {
                    byte[] s = anchors.get(a);
                    if (s.length >= 4) { // the hashed ones (a short one shares the position's first byte)
                        collisions += Arrays.equals(text, p, p + 4, s, 0, 4) ? 0 : 1;
                    }
                }
                int[] entries = ix.entries(text, p);
                for (int k = 0; k < entries.length; k++) { // the kernel's word compare says what the bytes say
                    byte[] s = anchors.get(c[k]);
                    boolean lies = p + s.length <= text.length && Arrays.equals(text, p, p + s.length, s, 0, s.length);
                    assertEquals(lies, ix.entryLiesAt(entries[k], text, p), "anchor " + c[k] + " at " + p);
                }
                for (int a = 0; a < count; a++) {
                    byte[] s = anchors.get(a);
                    if (p + s.length <= text.length && Arrays.equals(text, p, p + s.length, s, 0, s.length)) {
                        occurrences++;
                        int id = a;
                        assertTrue(Arrays.stream(c).anyMatch(x -> x == id), "anchor " + a + " at " + p);
                    }
                }
            }
            assertTrue(occurrences >= 200, "planted anchors: " + occurrences);
            // at most 1,500 of 64K buckets are taken: a position meets another prefix's anchor rarely
            assertTrue(collisions < text.length / 10, "hash collisions: " + collisions);
            // the bytes: anchor a's are bytes[offset(a) .. offset(a + 1))
            for (int a = 0; a < count; a++) {
                int from = ix.ints[AnchorIndex.BYTES_AT + a];
                int to = ix.ints[AnchorIndex.BYTES_AT + a + 1];
                assertArrayEquals(anchors.get(a), Arrays.copyOfRange(ix.bytes, from, to));
            }
        }
    }

    @Test
    void theIndexPaysWhereAnchorsBeginDifferently() {
        List<byte[]> distinct = new ArrayList<>();
        List<byte[]> shared = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            distinct.add(("" + (char) ('a' + i) + (char) ('A' + i) + "xyz").getBytes());
            shared.add(("Received block " + i).getBytes());
        }
        AnchorIndex d = AnchorIndex.of(distinct);
        AnchorIndex s = AnchorIndex.of(shared);
        assertTrue(d.pays(), "one anchor a bucket: " + d.comparesPerOccurrence);
        assertTrue(!s.pays() && s.comparesPerOccurrence == 20, "twenty in one bucket: " + s.comparesPerOccurrence);
    }
}
