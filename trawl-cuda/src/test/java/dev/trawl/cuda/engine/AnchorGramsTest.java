package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The walk's start filter: every anchor's start passes, and few other positions do. */
class AnchorGramsTest {
    @Test
    void everyAnchorPassesAndFewOtherPositionsDo() {
        Random r = new Random(7);
        List<byte[]> anchors = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            byte[] a = new byte[4 + r.nextInt(12)];
            for (int k = 0; k < a.length; k++) {
                a[k] = (byte) r.nextInt(256);
            }
            anchors.add(a);
        }
        anchors.add(new byte[] {'q', 'z', 'x'});
        anchors.add(new byte[] {'q', 'z'});
        anchors.add(new byte[] {(byte) 0xE9});
        int[] bits = AnchorGrams.of(anchors);
        for (byte[] a : anchors) {
            int[] b = new int[4];
            for (int k = 0; k < 4; k++) {
                b[k] = k < a.length ? a[k] & 0xff : r.nextInt(256); // what follows a short anchor is anything
            }
            assertTrue(AnchorGrams.passes(bits, b[0], b[1], b[2], b[3]), "anchor starting " + b[0]);
        }
        int passed = 0;
        int tried = 100_000;
        for (int i = 0; i < tried; i++) {
            int b0 = r.nextInt(256);
            if (b0 == 0xE9) {
                continue;
            }
            passed += AnchorGrams.passes(bits, b0, r.nextInt(256), r.nextInt(256), r.nextInt(256)) ? 1 : 0;
        }
        // a thousand of 64K hash bits set, and two pairs: about 1.5% of others collide
        assertTrue(passed < tried / 12, "too many false passes: " + passed);
        assertTrue(passed > 0, "a hash set this full has collisions: " + passed);
        assertFalse(AnchorGrams.passes(AnchorGrams.of(List.of()), 'a', 'b', 'c', 'd'), "no anchors, nothing passes");
    }

    @Test
    void aTwoByteAnchorPassesOnItsTwoBytesNotOnItsFirst() {
        // loghub's templates have the anchor " (": keyed by its first byte, every space passed
        int[] bits = AnchorGrams.of(List.of(" (".getBytes(), "Received block".getBytes()));
        assertTrue(AnchorGrams.passes(bits, ' ', '(', 'a', 'b'));
        assertTrue(AnchorGrams.passes(bits, 'R', 'e', 'c', 'e'));
        int passed = 0;
        for (int b1 = 'a'; b1 <= 'z'; b1++) {
            for (int b2 = 'a'; b2 <= 'z'; b2++) {
                passed += AnchorGrams.passes(bits, ' ', b1, b2, 'e') ? 1 : 0;
            }
        }
        assertTrue(passed < 10, "spaces before letters passed " + passed + " of 676 times");
    }

    @Test
    void shortAnchorsPassOnTheirPairsWhateverFollows() {
        int[] bits = AnchorGrams.of(List.of(new byte[] {'x'}, "ab".getBytes(), "cde".getBytes()));
        for (int b1 = 0; b1 < 256; b1++) {
            assertTrue(AnchorGrams.passes(bits, 'x', b1, 0, 0), "one-byte anchor before " + b1);
            assertTrue(AnchorGrams.passes(bits, 'a', 'b', b1, 0), "two-byte anchor before " + b1);
        }
        assertTrue(AnchorGrams.passes(bits, 'c', 'd', 'e', '!'));
        assertFalse(AnchorGrams.passes(bits, 'b', 'a', 'a', 'a'), "pairs are ordered");
        assertFalse(AnchorGrams.passes(bits, 'a', 'c', 'e', 'e'), "a pair needs both bytes");
    }
}
