package dev.trawl.automaton;

import dev.trawl.PatternSet;
import dev.trawl.PatternLimitException;

/**
 * The table of Parallel Failureless Aho-Corasick (PFAC): the keyword trie as a dense transition table
 * with no failure links. A PFAC walker starts at the root at one text position and follows goto edges
 * until one is missing; every final state it passes ends a pattern that starts at that position. One
 * walker per start position finds every occurrence, overlapping ones included. This is the form the
 * GPU engine copies to the device unchanged.
 *
 * <p>Layout (every array is {@code int[]}, so it copies to the GPU as is):
 * <ul>
 *   <li>{@link #classOf()}: 256 entries, byte to class ({@link ByteClasses}; ASCII case folding is in it).
 *   <li>{@link #next()}: {@code stateCount * classCount} entries; row {@code s} holds the goto edges of
 *       state {@code s}. An entry is {@code 0} when the edge is missing (no edge of a trie enters the
 *       root, so 0 is free to mean "stop"), else the target state with bit 31 ({@link #FINAL}) set when
 *       the target ends a pattern. The match test is then one compare ({@code entry < 0}) on a value
 *       the walker loads anyway.
 *   <li>{@link #rootRow()}: 256 entries, the root's row indexed by byte rather than class, so that the
 *       first step (most walks end there) needs no class lookup.
 *   <li>{@link #outStart()} ({@code stateCount + 1}) and {@link #outIds()}: the patterns ending at state
 *       {@code s} are {@code outIds[outStart[s] .. outStart[s + 1])}, ascending; duplicate patterns each
 *       appear.
 * </ul>
 *
 * <p>States keep the trie's breadth-first numbering, so state ids grow with depth: the first
 * {@code k} rows are the ones nearest the root, which nearly every walk visits and which a GPU keeps
 * in shared memory. (Numbering final states first would also make the match test one compare, but
 * would scatter the hot rows; the flag bit keeps both.)
 *
 * <p>Cost: {@code 4 * stateCount * classCount} bytes, where {@code stateCount} is at most the total
 * pattern bytes plus one. Limit: {@value #MAX_ENTRIES} table entries (8 GiB); engines can refuse larger
 * sets by {@link #entriesFor(PatternSet)} before anything is built, and {@link #of} throws a
 * {@link PatternLimitException} for them.
 */
public final class PfacTable {
    /** Bit set in a {@link #next()} entry whose target state ends at least one pattern. */
    public static final int FINAL = 0x8000_0000;
    /** Masks the target state out of a {@link #next()} entry. */
    public static final int STATE_MASK = 0x7FFF_FFFF;
    /** The most table entries (Java arrays stop near 2^31). */
    public static final long MAX_ENTRIES = Integer.MAX_VALUE - 16L;

    private final int stateCount;
    private final int classCount;
    private final int maxLength;
    private final int[] classOf;
    private final int[] next;
    private final int[] rootRow;
    private final int[] outStart;
    private final int[] outIds;

    private PfacTable(int stateCount, int classCount, int maxLength, int[] classOf, int[] next, int[] rootRow,
            int[] outStart, int[] outIds) {
        this.stateCount = stateCount;
        this.classCount = classCount;
        this.maxLength = maxLength;
        this.classOf = classOf;
        this.next = next;
        this.rootRow = rootRow;
        this.outStart = outStart;
        this.outIds = outIds;
    }

    /** An upper bound on the table entries this set needs (states times classes), to refuse early. */
    public static long entriesFor(PatternSet patterns) {
        return (patterns.totalBytes() + 1) * (long) ByteClasses.of(patterns).count();
    }

    public static PfacTable of(PatternSet patterns) {
        return of(Trie.of(patterns), patterns.maxLength());
    }

    /** @throws PatternLimitException when the table would pass {@link #MAX_ENTRIES} entries */
    public static PfacTable of(Trie trie, int maxLength) {
        return of(trie, maxLength, MAX_ENTRIES);
    }

    /** With a lower entry limit, so that tests can reach it. */
    static PfacTable of(Trie trie, int maxLength, long maxEntries) {
        int n = trie.stateCount();
        ByteClasses classes = trie.classes();
        int nc = classes.count();
        long entries = (long) n * nc;
        if (entries > maxEntries) {
            throw new PatternLimitException("the PFAC table would need " + entries + " entries (" + n + " states x " + nc
                    + " byte classes); the limit is " + maxEntries, entries, maxEntries);
        }
        int[] next = new int[(int) entries];
        int[] outStart = new int[n + 1];
        int outs = 0;
        for (int s = 0; s < n; s++) {
            outStart[s] = outs;
            outs += trie.patternCount(s);
            int row = s * nc;
            for (int k = 0; k < trie.childCount(s); k++) {
                int t = trie.childState(s, k);
                next[row + trie.childClass(s, k)] = t | (trie.patternCount(t) > 0 ? FINAL : 0);
            }
        }
        outStart[n] = outs;
        int[] outIds = new int[outs];
        for (int s = 0, i = 0; s < n; s++) {
            for (int k = 0; k < trie.patternCount(s); k++) {
                outIds[i++] = trie.patternId(s, k);
            }
        }
        int[] classOf = classes.table().clone();
        int[] rootRow = new int[256];
        for (int b = 0; b < 256; b++) {
            rootRow[b] = next[classOf[b]];
        }
        return new PfacTable(n, nc, maxLength, classOf, next, rootRow, outStart, outIds);
    }

    public int stateCount() {
        return stateCount;
    }

    public int classCount() {
        return classCount;
    }

    /** The longest pattern: a walk never goes deeper. */
    public int maxLength() {
        return maxLength;
    }

    /** The arrays below are the table itself, shared for copying to a device: do not modify them. */
    public int[] classOf() {
        return classOf;
    }

    public int[] next() {
        return next;
    }

    public int[] rootRow() {
        return rootRow;
    }

    public int[] outStart() {
        return outStart;
    }

    public int[] outIds() {
        return outIds;
    }

    /** The most classes {@link #classTrigrams()} takes: {@code 40^3} bits fit in 8 KiB. */
    public static final int MAX_TRIGRAM_CLASSES = 40;

    /**
     * A filter a walker may test before it starts: bit {@code (c0 * n + c1) * n + c2} ({@code n} the
     * class count) is set when a walk from a start whose first three bytes have classes {@code c0, c1,
     * c2} can find a match, that is when the three classes begin some pattern, or a pattern of one or
     * two bytes begins them. A start whose bit is clear has no match; the converse does not hold. Read
     * off the trie's first three levels. Null when the set has more than {@value #MAX_TRIGRAM_CLASSES}
     * classes. (A start with fewer than three bytes left must be walked whatever its bit.)
     */
    public int[] classTrigrams() {
        int n = classCount;
        if (n > MAX_TRIGRAM_CLASSES) {
            return null;
        }
        int[] bits = new int[(n * n * n + 31) >>> 5];
        for (int c0 = 0; c0 < n; c0++) {
            int v1 = next[c0]; // the root is state 0
            if (v1 == 0) {
                continue;
            }
            for (int c1 = 0; c1 < n; c1++) {
                int v2 = v1 < 0 ? FINAL : next[(v1 & STATE_MASK) * n + c1];
                if (v2 == 0) {
                    continue;
                }
                for (int c2 = 0; c2 < n; c2++) {
                    if (v2 < 0 || next[(v2 & STATE_MASK) * n + c2] != 0) {
                        int g = (c0 * n + c1) * n + c2;
                        bits[g >>> 5] |= 1 << (g & 31);
                    }
                }
            }
        }
        return bits;
    }

    /** The estimated share of text positions ({@link ByteFrequencies}) with an edge out of the root. */
    public double estimatedRootRate() {
        double rate = 0;
        for (int b = 0; b < 256; b++) {
            rate += rootRow[b] != 0 ? ByteFrequencies.of(b) : 0;
        }
        return rate;
    }

    /**
     * The estimated share of text positions whose first three classes pass {@link #classTrigrams()}
     * ({@link ByteFrequencies}, bytes taken as independent); 1 when there is no such filter.
     */
    public double estimatedTrigramRate() {
        int[] bits = classTrigrams();
        if (bits == null) {
            return 1;
        }
        int n = classCount;
        double[] f = new double[n];
        for (int b = 0; b < 256; b++) {
            f[classOf[b]] += ByteFrequencies.of(b);
        }
        double rate = 0;
        for (int g = 0; g < n * n * n; g++) {
            if ((bits[g >>> 5] >>> (g & 31) & 1) != 0) {
                rate += f[g / (n * n)] * f[g / n % n] * f[g % n];
            }
        }
        return rate;
    }

    /** Bytes of the arrays above. */
    public long byteSize() {
        return 4L * (classOf.length + next.length + rootRow.length + outStart.length + outIds.length);
    }
}
