package dev.trawl.automaton;

/**
 * The dense rows of an all-dense {@link AhoCorasickAutomaton} again, at half the width, for the counting
 * walk: state {@code id} has its next states' ids at {@code next[(id << shift) + class]}, 16 bits each.
 * States that report no pattern are numbered first, in the table's order (the likeliest first); the
 * states that report patterns are numbered from {@link #matchFrom()}, a power of two, on, so a step
 * reached a match exactly when bit {@code matchFrom} of the id is set: the walk tests that off its
 * chain of loads, and the chain itself is a shift, an add and a load, with no mask. State {@code id}
 * reports {@code outputCount()[id]} patterns.
 *
 * <p>Why: a walk over a set of a thousand words is bound by the latency of its table loads, and its
 * {@code int} table (rows of 3 + 27 ints, 825 KiB for 7,041 states) misses L1 on most steps on a core
 * with 32 KiB of it. Half the bytes per row, and rows of 32 values that start on a cache line, keep
 * twice as many of the hot shallow rows there. Ids fit 16 bits, so only sets of up to about
 * {@value #MAX_STATES} states (some four thousand dictionary words) have compact rows.
 */
public final class CompactRows {
    /** Ids are 16 bits: states without outputs get fewer than half of them, states with outputs the rest. */
    public static final int MAX_STATES = 1 << 15;

    private final char[] next;
    private final int shift;
    private final int[] outputCount;
    private final int matchFrom;
    private final int[] idOfRow;
    private final int[] rowOfId;
    private final int rowLen;

    private CompactRows(char[] next, int shift, int[] outputCount, int matchFrom, int[] idOfRow, int[] rowOfId,
            int rowLen) {
        this.next = next;
        this.shift = shift;
        this.outputCount = outputCount;
        this.matchFrom = matchFrom;
        this.idOfRow = idOfRow;
        this.rowOfId = rowOfId;
        this.rowLen = rowLen;
    }

    /**
     * The compact copy of {@code ac}'s rows, or {@code null} when it has sparse states, too many states, or
     * when the copy would take no fewer bytes than the table (many classes, or ids padded far).
     */
    static CompactRows of(AhoCorasickAutomaton ac) {
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
        if (((long) ids << shift) * Character.BYTES > (long) t.length * Integer.BYTES) {
            return null; // rows padded to a power of two, ids to two runs: no smaller than the table
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
        char[] next = new char[ids << shift];
        int[] outputs = new int[ids];
        for (int r = 0; r < states; r++) {
            int s = r * rowLen + AhoCorasickAutomaton.DENSE_META;
            int id = idOfRow[r];
            outputs[id] = t[s - 2];
            for (int c = 0; c < classes; c++) {
                int target = ((t[s + c] & AhoCorasickAutomaton.STATE_MASK) - AhoCorasickAutomaton.DENSE_META) / rowLen;
                next[(id << shift) + c] = (char) idOfRow[target];
            }
        }
        return new CompactRows(next, shift, outputs, matchFrom, idOfRow, rowOfId, rowLen);
    }

    /** The next states' ids, row {@code id} from {@code id << shift()}; read-only. */
    public char[] next() {
        return next;
    }

    /** Log2 of the row length: a row holds the classes, rounded up to a power of two. */
    public int shift() {
        return shift;
    }

    /** Patterns each state reports, by id (0 below {@link #matchFrom()}); read-only. */
    public int[] outputCount() {
        return outputCount;
    }

    /** The power of two from which ids name states that report patterns (and below which none do). */
    public int matchFrom() {
        return matchFrom;
    }

    /** The id of the state at table offset {@code offset} of the automaton. */
    public int id(int offset) {
        return idOfRow[(offset - AhoCorasickAutomaton.DENSE_META) / rowLen];
    }

    /** The table offset of the automaton's state {@code id}. */
    public int offset(int id) {
        return rowOfId[id] * rowLen + AhoCorasickAutomaton.DENSE_META;
    }
}
