package dev.trawl.automaton;

import java.util.Arrays;

/**
 * A {@link PfacTable}'s trie completed into the Aho-Corasick automaton's transition table (failure
 * links folded in), for counting every match in one step a byte. PFAC walks from every start, so a
 * position costs as many steps as its walk; this table costs one step a position whatever the set,
 * which is what the GPU's count-only kernel ({@code trawl-cuda}'s {@code dfa.cu}) runs. The answers are
 * the PFAC table's: same byte classes (case folding included), same patterns, duplicates each counted.
 *
 * <p>Layout: {@link #classOf()} is the PFAC table's; {@link #next()} holds {@code stateCount *
 * classCount} entries, row {@code s} the targets of state {@code s}, each with
 * {@link PfacTable#FINAL} set when the target ends a pattern; {@link #outputs()} gives per state the
 * number of patterns ending there, those ending at its suffixes included. States are numbered by how
 * often a walk over typical text is expected to stand in them ({@link ByteFrequencies}: the product of
 * the frequencies of the bytes that spell the state), the root first, so that the first rows, which the
 * GPU keeps in shared memory, are the ones most steps read. Breadth-first numbering puts a whole
 * depth before the next, and among a depth's states it follows the byte classes' order, not use.
 *
 * <p>A walk from the root at position {@code p} sees only matches that start at {@code p} or later, so
 * the matches starting in {@code [0, starts)} of a chunk readable to {@code readable} are those of a
 * walk over {@code [0, readable)} less those of a walk over {@code [starts, readable)}
 * ({@link #countStarting}); the GPU splits each walk into segments that each begin with a warm-up of
 * the longest pattern less one byte ({@link #warmUp()}).
 */
public final class CountingDfa {
    /** The most entries built (a 128 MiB table); larger sets count with the PFAC walk. */
    public static final long MAX_ENTRIES = 32L << 20;
    private static final int MASK = PfacTable.STATE_MASK;

    private final int stateCount;
    private final int classCount;
    private final int maxLength;
    private final int[] classOf;
    private final int[] next;
    private final int[] outputs;

    private CountingDfa(PfacTable t, int[] next, int[] outputs) {
        this.stateCount = t.stateCount();
        this.classCount = t.classCount();
        this.maxLength = t.maxLength();
        this.classOf = t.classOf();
        this.next = next;
        this.outputs = outputs;
    }

    /** Whether {@link #of} builds a table for this PFAC table: at most {@value #MAX_ENTRIES} entries. */
    public static boolean fits(PfacTable t) {
        return fits(t, MAX_ENTRIES);
    }

    static boolean fits(PfacTable t, long maxEntries) {
        return (long) t.stateCount() * t.classCount() <= maxEntries;
    }

    /** @throws IllegalArgumentException when {@link #fits} is false */
    public static CountingDfa of(PfacTable t) {
        if (!fits(t)) {
            throw new IllegalArgumentException("no counting DFA for " + t.stateCount() + " states x " + t.classCount()
                    + " classes (limit " + MAX_ENTRIES + " entries)");
        }
        int n = t.stateCount();
        int nc = t.classCount();
        int[] trie = t.next();
        int[] outStart = t.outStart();
        int[] next = new int[n * nc];
        int[] outputs = new int[n];
        int[] fail = new int[n];
        // Breadth-first order: a state's failure target is shallower, so its row and output count
        // are complete before the state's own.
        for (int s = 0; s < n; s++) {
            outputs[s] = outStart[s + 1] - outStart[s] + (s == 0 ? 0 : outputs[fail[s]]);
            int row = s * nc;
            int failRow = fail[s] * nc;
            for (int c = 0; c < nc; c++) {
                int edge = trie[row + c] & MASK;
                if (edge != 0) {
                    fail[edge] = s == 0 ? 0 : next[failRow + c] & MASK;
                    next[row + c] = edge;
                } else {
                    next[row + c] = s == 0 ? 0 : next[failRow + c] & MASK;
                }
            }
        }
        int[] rank = byExpectedUse(t);
        int[] ranked = new int[next.length];
        int[] rankedOutputs = new int[n];
        for (int s = 0; s < n; s++) {
            int from = s * nc;
            int to = rank[s] * nc;
            rankedOutputs[rank[s]] = outputs[s];
            for (int c = 0; c < nc; c++) {
                int target = next[from + c];
                // Flags last: a target's output count is known only once the target's own row was reached.
                ranked[to + c] = rank[target] | (outputs[target] > 0 ? PfacTable.FINAL : 0);
            }
        }
        return new CountingDfa(t, ranked, rankedOutputs);
    }

    /**
     * Each trie state's new number: states by expected use, the product of the byte-class frequencies
     * along the trie path ({@link ByteFrequencies}), highest first, ties in breadth-first order. The root
     * (use 1) stays 0.
     */
    private static int[] byExpectedUse(PfacTable t) {
        int n = t.stateCount();
        int nc = t.classCount();
        double[] classUse = new double[nc];
        for (int b = 0; b < 256; b++) {
            classUse[t.classOf()[b]] += ByteFrequencies.of(b);
        }
        float[] use = new float[n];
        use[0] = 1;
        int[] trie = t.next();
        for (int s = 0; s < n; s++) { // breadth-first: a parent before its children
            for (int c = 0; c < nc; c++) {
                int edge = trie[s * nc + c] & MASK;
                if (edge != 0) {
                    use[edge] = (float) (use[s] * classUse[c]);
                }
            }
        }
        // Sort keys: use descending (the bits of a non-negative float order as the float does), then id.
        long[] keys = new long[n];
        for (int s = 0; s < n; s++) {
            keys[s] = (long) (Integer.MAX_VALUE - Float.floatToIntBits(use[s])) << 32 | s;
        }
        keys[0] = Long.MIN_VALUE; // the root first, whatever the frequencies add up to (its low bits are its id, 0)
        Arrays.sort(keys);
        int[] rank = new int[n];
        for (int r = 0; r < n; r++) {
            rank[(int) keys[r]] = r;
        }
        return rank;
    }

    /**
     * The matches in {@code text[from, to)} that start at {@code from} or later: a walk from the root
     * at {@code from}. The host form of the GPU kernel's walk, for tests and checks.
     */
    public long count(byte[] text, int from, int to) {
        long n = 0;
        int s = 0;
        for (int i = from; i < to; i++) {
            int e = next[s * classCount + classOf[text[i] & 0xFF]];
            s = e & MASK;
            if (e < 0) {
                n += outputs[s];
            }
        }
        return n;
    }

    /** The matches starting in {@code [0, starts)} that end before {@code readable}, as the GPU counts a chunk. */
    public long countStarting(byte[] text, int starts, int readable) {
        return count(text, 0, readable) - count(text, starts, readable);
    }

    /** Bytes a segment's walk reads before its first counted byte: the longest pattern less one. */
    public int warmUp() {
        return Math.max(0, maxLength - 1);
    }

    public int stateCount() {
        return stateCount;
    }

    public int classCount() {
        return classCount;
    }

    public int[] classOf() {
        return classOf;
    }

    public int[] next() {
        return next;
    }

    public int[] outputs() {
        return outputs;
    }

    /** Whether every state fits 15 bits, so that {@link #narrowNext()} holds the table. */
    public boolean narrow() {
        return stateCount <= 0x7FFF;
    }

    /** {@link #next()} in 16-bit entries (target in bits 0-14, bit 15 for {@link PfacTable#FINAL}); needs {@link #narrow()}. */
    public short[] narrowNext() {
        if (!narrow()) {
            throw new IllegalStateException(stateCount + " states do not fit 15 bits");
        }
        short[] out = new short[next.length];
        for (int i = 0; i < next.length; i++) {
            out[i] = (short) ((next[i] & MASK) | (next[i] < 0 ? 0x8000 : 0));
        }
        return out;
    }
}
