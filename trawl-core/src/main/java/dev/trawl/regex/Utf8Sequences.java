package dev.trawl.regex;

import java.util.List;

/**
 * Splits a code point range into ranges whose UTF-8 encodings are sequences of byte ranges (as the
 * Rust {@code regex-syntax} crate does): {@code [U+0080, U+07FF]} is {@code [C2-DF][80-BF]}, and a
 * range crossing an encoding length or a continuation-byte boundary is cut there first. Surrogates
 * are skipped: they have no UTF-8 encoding.
 */
final class Utf8Sequences {
    private Utf8Sequences() {}

    /** Appends to {@code out} one {@code [lo0, hi0, lo1, hi1, ...]} byte-range sequence per piece. */
    static void split(int lo, int hi, List<int[]> out) {
        if (lo <= 0xDFFF && hi >= 0xD800) {
            if (lo < 0xD800) {
                split(lo, 0xD7FF, out);
            }
            if (hi > 0xDFFF) {
                split(0xE000, hi, out);
            }
            return;
        }
        int[] limits = {0x7F, 0x7FF, 0xFFFF};
        for (int max : limits) {
            if (lo <= max && max < hi) {
                split(lo, max, out);
                split(max + 1, hi, out);
                return;
            }
        }
        if (hi <= 0x7F) {
            out.add(new int[] {lo, hi});
            return;
        }
        for (int i = 1; i < 4; i++) {
            int m = (1 << (6 * i)) - 1;
            if ((lo & ~m) != (hi & ~m)) {
                if ((lo & m) != 0) {
                    split(lo, lo | m, out);
                    split((lo | m) + 1, hi, out);
                    return;
                }
                if ((hi & m) != m) {
                    split(lo, (hi & ~m) - 1, out);
                    split(hi & ~m, hi, out);
                    return;
                }
            }
        }
        byte[] a = encode(lo);
        byte[] b = encode(hi);
        int[] seq = new int[a.length * 2];
        for (int k = 0; k < a.length; k++) {
            seq[2 * k] = a[k] & 0xFF;
            seq[2 * k + 1] = b[k] & 0xFF;
        }
        out.add(seq);
    }

    static byte[] encode(int cp) {
        return new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The length of the UTF-8 sequence a lead byte starts, or 0 for a continuation or invalid byte. */
    static int sequenceLength(int b) {
        if (b < 0x80) {
            return 1;
        }
        if (b < 0xC2) {
            return 0;
        }
        if (b < 0xE0) {
            return 2;
        }
        if (b < 0xF0) {
            return 3;
        }
        return b < 0xF5 ? 4 : 0;
    }
}
