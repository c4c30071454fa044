package dev.trawl.cuda.engine;

/**
 * {@code chains.cu} in Java, step for step over {@link ChainTable}'s arrays: what the kernels answer
 * for a record (1 a match, 2 unknown: a byte of 0x80 or more, 0 none), so that the table and the
 * verification are tested on machines without a GPU. Keep it in step with {@code chains::verify},
 * {@code chains::lies}, {@code chains::place} and {@code chains_ascii}.
 */
final class ChainWalk {
    private ChainWalk() {}

    /** The answer for the record {@code s}: the launcher's fill for a set that always matches, else the kernels'. */
    static int record(ChainTable t, byte[] s) {
        if (t.always) {
            return 1;
        }
        for (byte b : s) {
            if (b < 0) {
                return 2; // chains_ascii, which runs after the walk and overwrites its answer
            }
        }
        // The PFAC walk: every anchor occurring at every start, lying inside the record.
        for (int p = 0; p < s.length; p++) {
            for (int a = 0; a < t.anchors.size(); a++) {
                byte[] anchor = t.anchors.get(a);
                if (p + anchor.length <= s.length && same(s, p, anchor, 0, anchor.length)) {
                    for (int k = t.anchorChains[a]; k < t.anchorChains[a + 1]; k++) {
                        if (verify(t, s, 0, s.length, t.chainIds[k], p, p + anchor.length)) {
                            return 1;
                        }
                    }
                }
            }
        }
        return 0;
    }

    /** Chain {@code c} around its anchor at {@code [p, end)} in the record {@code [rs, re)}. */
    static boolean verify(ChainTable t, byte[] text, int rs, int re, int c, int p, int end) {
        int first = t.chainLits[c];
        int last = t.chainLits[c + 1];
        int anchor = t.chainAnchor[c];
        int literalFrom = t.litBytes[anchor];
        int literalLength = t.litBytes[anchor + 1] - literalFrom;
        if (end - p != literalLength) { // chains::lies: the anchor literal around the anchor
            p -= t.chainShift[c];
            end = p + literalLength;
            if (p < rs || end > re || !same(text, p, t.bytes, literalFrom, literalLength)) {
                return false;
            }
        }
        int at = end;
        for (int l = anchor + 1; l < last && at >= 0; l++) {
            at = place(t, text, at, re, l);
        }
        if (at < 0) {
            return false;
        }
        if (anchor > first) {
            int b = p;
            while (b > rs && text[b - 1] != '\n') {
                b--;
            }
            at = b;
            for (int l = first; l < anchor && at >= 0; l++) {
                at = place(t, text, at, p, l);
            }
        }
        return at >= 0;
    }

    /** The end of literal {@code l}'s first occurrence in {@code [at, limit)} before any '\n', or -1. */
    static int place(ChainTable t, byte[] text, int at, int limit, int l) {
        int from = t.litBytes[l];
        int len = t.litBytes[l + 1] - from;
        for (int q = at; q + len <= limit; q++) {
            if (text[q] == '\n') {
                return -1;
            }
            if (same(text, q, t.bytes, from, len)) {
                return q + len;
            }
        }
        return -1;
    }

    private static boolean same(byte[] a, int at, byte[] b, int from, int len) {
        for (int k = 0; k < len; k++) {
            if (a[at + k] != b[from + k]) {
                return false;
            }
        }
        return true;
    }
}
