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
    void everyAnchorPassesAndFewOtherTrigramsDo() {
        Random r = new Random(7);
        List<byte[]> anchors = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            byte[] a = new byte[3 + r.nextInt(12)];
            for (int k = 0; k < a.length; k++) {
                a[k] = (byte) r.nextInt(256);
            }
            anchors.add(a);
        }
        anchors.add(new byte[] {'q', 'z'});
        anchors.add(new byte[] {(byte) 0xE9});
        int[] bits = AnchorGrams.of(anchors);
        for (byte[] a : anchors) {
            int b1 = a.length > 1 ? a[1] & 0xff : r.nextInt(256);
            int b2 = a.length > 2 ? a[2] & 0xff : r.nextInt(256);
            assertTrue(AnchorGrams.passes(bits, a[0] & 0xff, b1, b2), "anchor starting " + (a[0] & 0xff));
        }
        int passed = 0;
        int tried = 100_000;
        for (int i = 0; i < tried; i++) {
            int b0 = r.nextInt(256);
            if (b0 == 'q' || b0 == 0xE9) {
                continue;
            }
            passed += AnchorGrams.passes(bits, b0, r.nextInt(256), r.nextInt(256)) ? 1 : 0;
        }
        // a thousand of 32K bits set: about 3% of other trigrams collide
        assertTrue(passed < tried / 20, "too many false passes: " + passed);
        assertTrue(passed > 0, "a hash set this full has collisions: " + passed);
        assertFalse(AnchorGrams.passes(AnchorGrams.of(List.of()), 'a', 'b', 'c'), "no anchors, nothing passes");
    }
}
