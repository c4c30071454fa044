package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RangeBytes;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * {@code cpu:boyer-moore}: the Boyer-Moore baseline of the GPU log-classification papers, run once
 * per pattern. This is the full algorithm of Boyer and Moore (1977), not Horspool's simplification: a
 * window is compared right to left, and on a mismatch it moves by the larger of the <i>bad-character</i> shift (align the mismatched text
 * byte with its last occurrence in the pattern) and the <i>good-suffix</i> shift (align the matched
 * suffix with its next occurrence, or with the longest border). After a full match it moves by the
 * pattern's period ({@code goodSuffix[0]}), so overlapping occurrences are all found.
 *
 * <p><b>Tables.</b> Per pattern, a 256-entry bad-character table of unsigned bytes (shifts above 255
 * are stored as 255: a smaller shift is always safe, and it keeps 100,000 patterns at 25 MB) and an
 * {@code int} good-suffix table as long as the pattern, built in linear time from the suffix-length
 * array. Case-insensitive sets fold patterns and the copied range to lower case first.
 *
 * <p><b>Cost.</b> Per pattern, about text/length comparisons on ordinary text, O(text x length) in the
 * worst case (periodic text). O(patterns x text) overall; matches are buffered per range and sorted.
 * Ranges run on {@code --threads} threads through {@link ChunkedScan}. <b>Limits:</b> none beyond time.
 */
public final class BoyerMooreEngine extends SearcherEngine {
    public static final String NAME = "cpu:boyer-moore";

    public BoyerMooreEngine() {
        super(NAME, "baseline: per pattern, full Boyer-Moore (bad-character and good-suffix rules)", Searcher::new);
    }

    /** Builds the good-suffix shifts of {@code x}: on a mismatch at {@code i}, move by {@code gs[i]}. */
    static int[] goodSuffix(byte[] x) {
        int m = x.length;
        // suff[i]: length of the longest substring ending at i that is also a suffix of x.
        int[] suff = new int[m];
        suff[m - 1] = m;
        int g = m - 1;
        int f = m - 1;
        for (int i = m - 2; i >= 0; i--) {
            if (i > g && suff[i + m - 1 - f] < i - g) {
                suff[i] = suff[i + m - 1 - f];
            } else {
                g = Math.min(g, i);
                f = i;
                while (g >= 0 && x[g] == x[g + m - 1 - f]) {
                    g--;
                }
                suff[i] = f - g;
            }
        }
        int[] gs = new int[m];
        Arrays.fill(gs, m);
        // A prefix x[0..i] that is also a suffix (a border) allows a shift of m-1-i for every
        // mismatch position left of the border's start.
        int j = 0;
        for (int i = m - 1; i >= 0; i--) {
            if (suff[i] == i + 1) {
                for (; j < m - 1 - i; j++) {
                    if (gs[j] == m) {
                        gs[j] = m - 1 - i;
                    }
                }
            }
        }
        // The matched suffix reoccurs ending at i: align it there (rightmost occurrence wins).
        for (int i = 0; i <= m - 2; i++) {
            gs[m - 1 - suff[i]] = m - 1 - i;
        }
        return gs;
    }

    /** Bad-character shifts of {@code x}, capped at 255 and stored as unsigned bytes. */
    static byte[] badCharacter(byte[] x) {
        int m = x.length;
        byte[] bc = new byte[256];
        Arrays.fill(bc, (byte) Math.min(m, 255));
        for (int i = 0; i < m - 1; i++) {
            bc[x[i] & 0xFF] = (byte) Math.min(m - 1 - i, 255);
        }
        return bc;
    }

    private static final class Searcher implements RangeSearcher {
        private final byte[][] pats;
        private final byte[][] badChar;
        private final int[][] goodSuffix;
        private final byte[] fold;
        private final int maxLength;

        Searcher(PatternSet patterns) {
            fold = FoldedPatterns.textFold(patterns);
            pats = FoldedPatterns.bytes(patterns);
            badChar = new byte[pats.length][];
            goodSuffix = new int[pats.length][];
            for (int id = 0; id < pats.length; id++) {
                badChar[id] = badCharacter(pats[id]);
                goodSuffix[id] = goodSuffix(pats[id]);
            }
            maxLength = patterns.maxLength();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            byte[] y = RangeBytes.copy(text, from, RangeBytes.readEnd(text, to, maxLength), fold);
            int starts = (int) (to - from);
            for (int id = 0; id < pats.length; id++) {
                byte[] x = pats[id];
                byte[] bc = badChar[id];
                int[] gs = goodSuffix[id];
                int m = x.length;
                int last = Math.min(y.length - m, starts - 1);
                int j = 0;
                while (j <= last) {
                    int i = m - 1;
                    while (i >= 0 && x[i] == y[i + j]) {
                        i--;
                    }
                    if (i < 0) {
                        if (!sink.onMatch(id, from + j, from + j + m)) {
                            return false;
                        }
                        j += gs[0];
                    } else {
                        j += Math.max(gs[i], (bc[y[i + j] & 0xFF] & 0xFF) - m + 1 + i);
                    }
                }
            }
            return true;
        }
    }
}
