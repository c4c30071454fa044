package dev.trawl.automaton;

import java.util.Arrays;

/**
 * A {@link PfacTable}'s trie completed into the Aho-Corasick automaton's transition table (failure
 * links folded in), for counting every match in one step a byte. PFAC walks from every start, so a
 * position costs as many steps as its walk; this table costs one step a position whatever the set,
 * which is what the GPU's count-only kernel ({@code trawl-cuda}'s {@code dfa.cu}) runs. The answers are
 * the PFAC table's: same byte classes (case folding included), same patterns, duplicates each counted.
 *
 * <p>Layout: {@link #classOf()} is the PFAC table's (less its class 0 when no byte falls in it, so that
 * there are at most 256 classes); {@link #next()} holds {@code stateCount *
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
    /**
     * The most entries built by default (a 128 MiB table, about 100,000 words); larger sets count with
     * the PFAC walk unless {@value #MAX_ENTRIES_PROPERTY} says more. A million dictionary words (148M
     * entries) take seconds to build and count kernel-only at 297 GB/s against the walk's 91-102 on an
     * H200, but text from the host arrives at under 50 GB/s, which the walk already outruns.
     */
    public static final long MAX_ENTRIES = 32L << 20;
    /** System property: the most entries to build, up to {@value #LIMIT} (a 1 GiB table). */
    public static final String MAX_ENTRIES_PROPERTY = "trawl.countingDfa.maxEntries";
    static final long LIMIT = 1L << 28;
    private static final int MASK = PfacTable.STATE_MASK;

    private final int stateCount;
    private final int classCount;
    private final int maxLength;
    private final int[] classOf;
    private final int[] next;
    private final int[] outputs;

    private CountingDfa(PfacTable t, int[] classOf, int classCount, int[] next, int[] outputs) {
        this.stateCount = t.stateCount();
        this.classCount = classCount;
        this.maxLength = t.maxLength();
        this.classOf = classOf;
        this.next = next;
        this.outputs = outputs;
    }

    /** Whether {@link #of} builds a table for this PFAC table: at most {@link #maxEntries()} entries. */
    public static boolean fits(PfacTable t) {
        return fits(t, maxEntries());
    }

    /** {@value #MAX_ENTRIES}, or what {@value #MAX_ENTRIES_PROPERTY} says (at most {@value #LIMIT}). */
    public static long maxEntries() {
        return Math.min(LIMIT, Long.getLong(MAX_ENTRIES_PROPERTY, MAX_ENTRIES));
    }

    static boolean fits(PfacTable t, long maxEntries) {
        return (long) t.stateCount() * t.classCount() <= maxEntries;
    }

    /** @throws IllegalArgumentException when {@link #fits} is false */
    public static CountingDfa of(PfacTable t) {
        if (!fits(t)) {
            throw new IllegalArgumentException("no counting DFA for " + t.stateCount() + " states x " + t.classCount()
                    + " classes (limit " + maxEntries() + " entries, -D" + MAX_ENTRIES_PROPERTY + ")");
        }
        int n = t.stateCount();
        int nc = t.classCount();
        int[] trie = t.next();
        int[] outStart = t.outStart();
        // When every byte value occurs in a pattern, the PFAC table's class 0 is empty and there are 257
        // classes; the DFA drops that column, so that its classes always fit a byte (the GPU kernel's
        // class table is bytes: shorts measured up to 10% slower).
        int skip = Arrays.stream(t.classOf()).noneMatch(c -> c == 0) ? 1 : 0;
        int columns = nc - skip;
        int[] classOf = t.classOf().clone();
        for (int b = 0; b < 256; b++) {
            classOf[b] -= skip;
        }
        // Built in the new numbering (rank) directly, so that one table is allocated, not two.
        int[] rank = byExpectedUse(t);
        int[] next = new int[n * columns];
        int[] outputs = new int[n];
        int[] fail = new int[n]; // by rank, a rank
        // Trie states in breadth-first order: a state's failure target is shallower, so its row and
        // output count are complete before the state's own.
        // A state's output count is set when its trie edge is reached (its failure target is shallower,
        // so already counted), so every entry gets its flag as it is written; an entry copied from the
        // failure target's row carries that row's flag.
        for (int s = 0; s < n; s++) {
            int r = rank[s];
            int trieRow = s * nc + skip;
            int row = r * columns;
            int failRow = fail[r] * columns;
            for (int c = 0; c < columns; c++) {
                int edge = trie[trieRow + c] & MASK;
                if (edge != 0) {
                    int target = rank[edge];
                    int failTo = s == 0 ? 0 : next[failRow + c] & MASK;
                    fail[target] = failTo;
                    outputs[target] = outStart[edge + 1] - outStart[edge] + outputs[failTo];
                    next[row + c] = target | (outputs[target] > 0 ? PfacTable.FINAL : 0);
                } else {
                    next[row + c] = s == 0 ? 0 : next[failRow + c];
                }
            }
        }
        return new CountingDfa(t, classOf, columns, next, outputs);
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
