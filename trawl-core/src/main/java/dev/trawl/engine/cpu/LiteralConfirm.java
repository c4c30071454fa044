package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Confirms a prefilter's candidate against the literals directly, as Hyperscan's Teddy and FDR do,
 * instead of walking the automaton from it: the patterns that may start there are compared with the
 * text eight bytes at a time. Which patterns may start there:
 * <ul>
 *   <li>for a handful of literals (at most {@value #MAX_PATTERNS}), those whose first byte is the
 *       candidate's. For a few log words a candidate is nearly always a match or a near miss
 *       ({@code "erro"} without the {@code r}), and the walk spends its time entering, leaving and
 *       re-asking the filter, not stepping: measured on 2 busy cores, one thread, the 5 words over
 *       64 MiB of loghub lines on heap, counting 4.2 GB/s by the walk against 9.0 for the filter
 *       alone;</li>
 *   <li>for larger sets of patterns of at least 8 bytes, those whose first 8 bytes hash to the same
 *       slot as the candidate's (a table of about two slots per pattern). For 2,500 long words the
 *       automaton is 4.8 MB, and a walk from a candidate steps through rows no cache holds; a slot
 *       and a pattern's first word are two cache misses. Measured on the H200 machine's Xeon host,
 *       2,500 absent dictionary words of 15+ letters, counting, walk against direct confirmation,
 *       in pairs of one run: 16 threads over 512 MiB of the Iliad 20.1 against 24.2 GB/s, over
 *       256 MiB of loghub lines 18.4 against 21.3; one thread, 1.6-2.4 against 2.4-2.5 and
 *       1.7-2.2 against 2.1 (that host's single-thread figures move by a quarter between runs).
 *       On the 2-core Zen 4 they measure the same.</li>
 * </ul>
 *
 * <p>Only for case-sensitive sets (see {@link #forSet}).
 */
final class LiteralConfirm {
    /** Largest set keyed by first byte; larger ones are confirmed only when every pattern has 8 bytes. */
    static final int MAX_PATTERNS = 16;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int[] NONE = new int[0];
    private static final long MIX = 0x9E37_79B9_7F4A_7C15L;

    /**
     * Per key, the ids of the patterns with it, ascending: the first byte, or ({@link #prefixShift}
     * above 0) the slot of the first 8 bytes' hash.
     */
    private final int[][] byKey;
    /** 64 minus the slot bits when keyed by 8-byte prefixes, else 0. */
    private final int prefixShift;
    /** Per id, the pattern as little-endian words; the last word's unused bytes are zero. */
    private final long[][] words;
    /** Per id, the mask of the last word's bytes. */
    private final long[] lastMask;
    private final int[] lengths;
    private final byte[][] bytes;

    private LiteralConfirm(PatternSet set, boolean byPrefix) {
        int n = set.size();
        int slots = byPrefix ? Integer.highestOneBit(2 * n - 1) << 1 : 256;
        this.prefixShift = byPrefix ? 64 - Integer.numberOfTrailingZeros(slots) : 0;
        this.byKey = new int[slots][];
        this.words = new long[n][];
        this.lastMask = new long[n];
        this.lengths = new int[n];
        this.bytes = new byte[n][];
        int[] count = new int[slots];
        for (int id = 0; id < n; id++) {
            byte[] p = set.bytes(id);
            bytes[id] = p;
            lengths[id] = p.length;
            long[] w = new long[(p.length + 7) >>> 3];
            for (int k = 0; k < p.length; k++) {
                w[k >>> 3] |= (p[k] & 0xFFL) << 8 * (k & 7);
            }
            words[id] = w;
            int tail = p.length & 7;
            lastMask[id] = tail == 0 ? -1L : (1L << 8 * tail) - 1;
            count[key(id)]++;
        }
        for (int k = 0; k < slots; k++) {
            byKey[k] = count[k] == 0 ? NONE : new int[count[k]];
            count[k] = 0;
        }
        for (int id = 0; id < n; id++) {
            int k = key(id);
            byKey[k][count[k]++] = id;
        }
    }

    /** Pattern {@code id}'s key (its words are built). */
    private int key(int id) {
        return prefixShift == 0 ? (int) (words[id][0] & 0xFF) : slot(words[id][0]);
    }

    private int slot(long firstWord) {
        return (int) (firstWord * MIX >>> prefixShift);
    }

    /** The confirmation for a set, or {@code null} when the set is not one it serves. */
    static LiteralConfirm forSet(PatternSet set) {
        if (set.isEmpty() || set.caseInsensitive() || set.hasRegex() || set.minLength() < 1) {
            return null;
        }
        if (set.size() <= MAX_PATTERNS) {
            return new LiteralConfirm(set, false);
        }
        return set.minLength() >= 8 ? new LiteralConfirm(set, true) : null;
    }

    /** The ids of the patterns that may start at {@code x}, ascending ({@code x + 8 <= end} when keyed by prefix). */
    private int[] candidates(byte[] a, int x, int end) {
        if (prefixShift == 0) {
            return byKey[a[x] & 0xFF];
        }
        return x + 8 <= end ? byKey[slot((long) LONG.get(a, x))] : NONE;
    }

    /** How many patterns match at {@code x} and end by {@code end} ({@code end <= a.length}). */
    int countAt(byte[] a, int x, int end) {
        int n = 0;
        for (int id : candidates(a, x, end)) {
            if (matches(a, x, end, id)) {
                n++;
            }
        }
        return n;
    }

    /** As {@link #countAt(byte[], int, int)}, over text where it lies ({@code end <= a.byteSize()}). */
    int countAt(MemorySegment a, long x, long end) {
        int[] ids = prefixShift == 0 ? byKey[a.get(ValueLayout.JAVA_BYTE, x) & 0xFF]
                : x + 8 <= end ? byKey[slot(a.get(WORD, x))] : NONE;
        int n = 0;
        for (int id : ids) {
            if (matches(a, x, end, id)) {
                n++;
            }
        }
        return n;
    }

    private boolean matches(MemorySegment a, long x, long end, int id) {
        int len = lengths[id];
        if (x + len > end) {
            return false;
        }
        long[] w = words[id];
        int last = w.length - 1;
        if (x + 8L * w.length > a.byteSize()) {
            return MemorySegment.mismatch(a, x, x + len, MemorySegment.ofArray(bytes[id]), 0, len) == -1;
        }
        for (int k = 0; k < last; k++) {
            if (a.get(WORD, x + 8L * k) != w[k]) {
                return false;
            }
        }
        return (a.get(WORD, x + 8L * last) & lastMask[id]) == w[last];
    }

    /** The lowest id that matches at {@code x} and ends by {@code end}, or -1. */
    int firstAt(byte[] a, int x, int end) {
        for (int id : candidates(a, x, end)) {
            if (matches(a, x, end, id)) {
                return id;
            }
        }
        return -1;
    }

    private boolean matches(byte[] a, int x, int end, int id) {
        int len = lengths[id];
        if (x + len > end) {
            return false;
        }
        long[] w = words[id];
        int last = w.length - 1;
        if (x + 8 * w.length > a.length) {
            return Arrays.equals(a, x, x + len, bytes[id], 0, len);
        }
        for (int k = 0; k < last; k++) {
            if ((long) LONG.get(a, x + 8 * k) != w[k]) {
                return false;
            }
        }
        return ((long) LONG.get(a, x + 8 * last) & lastMask[id]) == w[last];
    }
}
