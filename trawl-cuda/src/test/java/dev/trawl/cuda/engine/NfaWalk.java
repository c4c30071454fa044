package dev.trawl.cuda.engine;

import dev.trawl.regex.FlatNfa;

/**
 * {@code nfa.cu}'s walk in Java, word for word over {@link FlatNfa#words()}: what the kernels answer
 * for a record (1 a match, 2 unknown, 0 none), so that the layout and the walk are tested on machines
 * without a GPU. Keep it in step with {@code nfa::walk}.
 */
final class NfaWalk {
    static final int FRONTIER = 64;
    static final int MAX_WALK = 4096;

    private NfaWalk() {}

    /** The answer for the record {@code s[0, len)}: any start's match, else unknown if any start was, else none. */
    static int record(int[] w, byte[] s) {
        int verdict = 0;
        for (int p = 0; p <= s.length; p++) {
            int v = walk(w, s, s.length, p);
            if (v == 1) {
                return 1;
            }
            verdict |= v;
        }
        return verdict;
    }

    static int walk(int[] w, byte[] s, int len, int p) {
        if (!FlatNfa.startable(s, p, len)) {
            return 0;
        }
        int ctx = FlatNfa.context(s, p, len);
        for (int k = 0; k < w[2]; k++) {
            if ((w[w[1] + 2 * k + 1] >>> ctx & 1) != 0) {
                return 1;
            }
        }
        if (p >= len) {
            return 0;
        }
        int[][] front = new int[2][FRONTIER];
        boolean[] overflow = {false};
        int size = 0;
        int b = s[p] & 0xFF;
        for (int e = w[FlatNfa.START_INDEX + b]; e < w[FlatNfa.START_INDEX + b + 1]; e++) {
            if ((w[FlatNfa.START_ENTRIES + 2 * e + 1] >>> ctx & 1) != 0) {
                size = push(front[0], size, w[FlatNfa.START_ENTRIES + 2 * e], overflow);
            }
        }
        int cur = 0;
        for (int pos = p + 1; size > 0; pos++) {
            if (pos - p > MAX_WALK) {
                return 2;
            }
            int c = FlatNfa.context(s, pos, len);
            int next = pos < len ? s[pos] & 0xFF : 0;
            int nextSize = 0;
            for (int k = 0; k < size; k++) {
                int at = w[3] + FlatNfa.STATE_WORDS * front[cur][k];
                for (int e = w[at + 8]; e < w[at + 9]; e++) {
                    if ((w[w[4] + 2 * e + 1] >>> c & 1) == 0) {
                        continue;
                    }
                    int t = w[w[4] + 2 * e];
                    if (t < 0) {
                        return 1;
                    }
                    if (pos < len && (w[w[3] + FlatNfa.STATE_WORDS * t + (next >>> 5)] >>> (next & 31) & 1) != 0) {
                        nextSize = push(front[cur ^ 1], nextSize, t, overflow);
                    }
                }
            }
            cur ^= 1;
            size = nextSize;
        }
        return overflow[0] ? 2 : 0;
    }

    private static int push(int[] front, int size, int state, boolean[] overflow) {
        for (int k = 0; k < size; k++) {
            if (front[k] == state) {
                return size;
            }
        }
        if (size == FRONTIER) {
            overflow[0] = true;
            return size;
        }
        front[size] = state;
        return size + 1;
    }
}
