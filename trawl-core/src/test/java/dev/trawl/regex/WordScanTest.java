package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.trawl.scan.ByteSearch}'s word-at-a-time searches and {@link WordScan}'s ASCII test against byte loops, on every range of short arrays
 * over a few byte values chosen to tempt a carry or borrow across bytes: the sought byte beside
 * 0x00, 0x01, 0x7F, 0x80 and 0xFF.
 */
class WordScanTest {

    @Test
    void everyRangeAgainstByteLoop() {
        Random r = new Random(11);
        byte[] values = {0x00, 0x01, 0x3A, 0x3B, 0x7F, (byte) 0x80, (byte) 0xBA, (byte) 0xFF};
        for (int trial = 0; trial < 400; trial++) {
            byte[] a = new byte[r.nextInt(40)];
            for (int i = 0; i < a.length; i++) {
                a[i] = values[r.nextInt(values.length)];
            }
            byte x = values[r.nextInt(values.length)];
            for (int from = 0; from <= a.length; from++) {
                for (int to = from; to <= a.length; to++) {
                    assertEquals(first(a, x, from, to), dev.trawl.scan.ByteSearch.indexOf(a, x, from, to), "first " + x + " " + from + " " + to);
                    assertEquals(last(a, x, from, to), dev.trawl.scan.ByteSearch.lastIndexOf(a, x, from, to), "last " + x + " " + from + " " + to);
                    assertEquals(ascii(a, from, to), WordScan.ascii(a, from, to), "ascii " + from + " " + to);
                }
            }
        }
    }

    private static boolean ascii(byte[] a, int from, int to) {
        for (int i = from; i < to; i++) {
            if (a[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private static int first(byte[] a, byte x, int from, int to) {
        for (int i = from; i < to; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    private static int last(byte[] a, byte x, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
