package dev.trawl.regex;

import java.util.Arrays;

/** A growable set of code point ranges, normalised to sorted disjoint {@code [lo, hi, ...]} pairs on demand. */
final class CodePointSet {
    static final int MAX = Character.MAX_CODE_POINT;
    private int[] r = new int[16];
    private int n; // ints used

    CodePointSet add(int lo, int hi) {
        if (n + 2 > r.length) {
            r = Arrays.copyOf(r, r.length * 2);
        }
        r[n++] = lo;
        r[n++] = hi;
        return this;
    }

    CodePointSet addAll(int[] ranges) {
        for (int i = 0; i < ranges.length; i += 2) {
            add(ranges[i], ranges[i + 1]);
        }
        return this;
    }

    /** Sorted, merged ranges. */
    int[] toRanges() {
        int pairs = n / 2;
        long[] packed = new long[pairs];
        for (int i = 0; i < pairs; i++) {
            packed[i] = ((long) r[2 * i] << 32) | r[2 * i + 1];
        }
        Arrays.sort(packed);
        int[] out = new int[n];
        int m = 0;
        for (long p : packed) {
            int lo = (int) (p >>> 32);
            int hi = (int) p;
            if (m > 0 && lo <= out[m - 1] + 1) {
                out[m - 1] = Math.max(out[m - 1], hi);
            } else {
                out[m++] = lo;
                out[m++] = hi;
            }
        }
        return Arrays.copyOf(out, m);
    }

    static int[] negate(int[] ranges) {
        CodePointSet s = new CodePointSet();
        int next = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            if (ranges[i] > next) {
                s.add(next, ranges[i] - 1);
            }
            next = ranges[i + 1] + 1;
        }
        if (next <= MAX) {
            s.add(next, MAX);
        }
        return s.toRanges();
    }

    /** Adds the other ASCII case of every ASCII letter in the set (Java's default CASE_INSENSITIVE). */
    static int[] foldAscii(int[] ranges) {
        CodePointSet s = new CodePointSet().addAll(ranges);
        for (int i = 0; i < ranges.length; i += 2) {
            int lo = Math.max(ranges[i], 'A');
            int hi = Math.min(ranges[i + 1], 'Z');
            if (lo <= hi) {
                s.add(lo + 32, hi + 32);
            }
            lo = Math.max(ranges[i], 'a');
            hi = Math.min(ranges[i + 1], 'z');
            if (lo <= hi) {
                s.add(lo - 32, hi - 32);
            }
        }
        return s.toRanges();
    }

    static boolean contains(int[] ranges, int cp) {
        for (int i = 0; i < ranges.length; i += 2) {
            if (cp >= ranges[i] && cp <= ranges[i + 1]) {
                return true;
            }
        }
        return false;
    }
}
