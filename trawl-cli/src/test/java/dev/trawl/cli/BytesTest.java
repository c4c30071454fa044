package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-bytes-a-step NUL zapping against a plain loop, over ranges that start and end anywhere. */
class BytesTest {
    @Test
    void zapNulsTurnsEveryNulInTheRangeIntoANewlineAndNothingElse() {
        Random r = new Random(23);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[r.nextInt(70)];
            for (int i = 0; i < b.length; i++) {
                b[i] = r.nextInt(4) == 0 ? 0 : (byte) r.nextInt(256);
            }
            int from = b.length == 0 ? 0 : r.nextInt(b.length + 1);
            int to = from + r.nextInt(b.length - from + 1);
            byte[] expected = b.clone();
            for (int i = from; i < to; i++) {
                if (expected[i] == 0) {
                    expected[i] = '\n';
                }
            }
            Bytes.zapNuls(b, from, to);
            assertArrayEquals(expected, b, "round " + round + " [" + from + ", " + to + ")");
        }
    }
}
