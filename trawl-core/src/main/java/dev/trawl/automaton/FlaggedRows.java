package dev.trawl.automaton;

/**
 * The dense rows of an all-dense {@link AhoCorasickAutomaton} again, laid out for the counting walk that
 * branches only where a match is reached. A state is named by its row's offset, {@code id << shift},
 * and row {@code r} holds its next states' offsets at {@code next[r + class]}. States that report no
 * pattern are numbered first, in the table's order (the likeliest first); the states that report
 * patterns are numbered from {@code matchFrom}, a power of two, on, so a step reached a match exactly
 * when bit {@link #matchBit()} of the offset is set: the walk tests that off its chain of loads, and
 * the chain itself is an add and a load, with no mask and no shift. State {@code r} reports
 * {@code outputCount()[r >>> shift()]} patterns.
 *
 * <p>Why: a walk over a set of a thousand words is bound by the latency of its table loads. The
 * automaton's own table needs a mask per step (its values carry a match flag in the sign bit) and an
 * output-count load per stream; rows of a power-of-two length that hold ready offsets need neither.
 * An earlier form held 16-bit ids, half the bytes, at the price of a shift on the chain: one thread
 * counting 1,000 dictionary words over 128 MiB, offsets against ids, measured 1.32 against 1.27 GB/s
 * over the Iliad and 2.11 against 1.87 over loghub lines on this project's 2-core Zen 4, and 0.90
 * against 0.78 and 1.31 against 0.92 on the H200 host's 2.1 GHz Xeon (where two later calls measured
 * them level, within that host's spread; {@code docs/results/h200-session25/Pm.java}). Only sets of up
 * to {@value #MAX_STATES} states (some four thousand dictionary words) whose rows take at most twice
 * the table's bytes have them.
 */
public final class FlaggedRows {
    /** States without outputs get fewer than half of 2^16 ids, states with outputs the rest. */
    public static final int MAX_STATES = 1 << 15;

    private final int[] next;
    private final int shift;
    private final int[] outputCount;
    private final int matchBit;
    private final int[] idOfRow;
    private final int[] rowOfId;
    private final int rowLen;

    private FlaggedRows(int[] next, int shift, int[] outputCount, int matchBit, int[] idOfRow, int[] rowOfId,
            int rowLen) {
        this.next = next;
        this.shift = shift;
        this.outputCount = outputCount;
        this.matchBit = matchBit;
        this.idOfRow = idOfRow;
        this.rowOfId = rowOfId;
        this.rowLen = rowLen;
    }

    /**
     * The rows of {@code ac}, or {@code null} when it has sparse states, too many states, or when the rows
     * would take more than twice the table's bytes (many classes, or ids padded far).
     */
    static FlaggedRows of(AhoCorasickAutomaton ac) {
        int states = ac.stateCount();
        if (!ac.allDense() || states > MAX_STATES) {
            return null;
        }
        int[] t = ac.table();
        int rowLen = ac.classCount() + AhoCorasickAutomaton.DENSE_META;
        int plain = 0;
        for (int r = 0; r < states; r++) {
            if (t[r * rowLen + 1] == 0) { // the row's output count (its meta int before the last)
                plain++;
            }
        }
        // A power of two at least as large as either run: ids of states with outputs then lie in
        // [matchFrom, 2 matchFrom), the only ids with bit matchFrom set.
        int matchFrom = Integer.highestOneBit(Math.max(1, Math.max(plain, states - plain) - 1)) << 1;
        int ids = matchFrom + states - plain;
        if (ids > 1 << 16) {
            return null;
        }
        int classes = ac.classCount();
        int shift = 32 - Integer.numberOfLeadingZeros(Math.max(1, classes - 1));
        if ((long) ids << shift > 2L * t.length) {
            return null; // rows padded to a power of two, ids to two runs: the copy would cost too much cache
        }
        int[] idOfRow = new int[states];
        int[] rowOfId = new int[ids];
        int nextPlain = 0;
        int nextMatch = matchFrom;
        for (int r = 0; r < states; r++) {
            int id = t[r * rowLen + 1] == 0 ? nextPlain++ : nextMatch++;
            idOfRow[r] = id;
            rowOfId[id] = r;
        }
        int[] next = new int[ids << shift];
        int[] outputs = new int[ids];
        for (int r = 0; r < states; r++) {
            int s = r * rowLen + AhoCorasickAutomaton.DENSE_META;
            int id = idOfRow[r];
            outputs[id] = t[s - 2];
            for (int c = 0; c < classes; c++) {
                int target = ((t[s + c] & AhoCorasickAutomaton.STATE_MASK) - AhoCorasickAutomaton.DENSE_META) / rowLen;
                next[(id << shift) + c] = idOfRow[target] << shift;
            }
        }
        return new FlaggedRows(next, shift, outputs, matchFrom << shift, idOfRow, rowOfId, rowLen);
    }

    /** The next states' row offsets, the row at offset {@code r} from {@code r}; read-only. */
    public int[] next() {
        return next;
    }

    /** Log2 of the row length: a row holds the classes, rounded up to a power of two. */
    public int shift() {
        return shift;
    }

    /** Patterns each state reports, by row offset shifted right by {@link #shift()}; read-only. */
    public int[] outputCount() {
        return outputCount;
    }

    /** The one bit set in the row offsets of states that report patterns, and in no other. */
    public int matchBit() {
        return matchBit;
    }

    /** The row offset of the state at table offset {@code offset} of the automaton. */
    public int row(int offset) {
        return idOfRow[(offset - AhoCorasickAutomaton.DENSE_META) / rowLen] << shift;
    }

    /** The automaton's table offset of the state at row offset {@code row}. */
    public int tableOffset(int row) {
        return rowOfId[row >>> shift] * rowLen + AhoCorasickAutomaton.DENSE_META;
    }
}
