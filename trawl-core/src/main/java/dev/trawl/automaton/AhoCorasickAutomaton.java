package dev.trawl.automaton;

import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;

/**
 * A full Aho-Corasick automaton, compiled from a {@link Trie} into one {@code int[]} that scales from
 * a handful of patterns to millions.
 *
 * <h2>Layout</h2>
 * A state is named by its <b>offset</b> into {@link #table()} (ids are premultiplied), so a step from
 * a dense state is the single load {@code table[s + class]}. Two kinds of state share the table:
 * <ul>
 *   <li><b>Dense rows</b>, the first states in breadth-first order (the shallow, hot ones; all of them
 *       for small sets) up to {@link #DENSE_BUDGET_BYTES}, the likeliest first (see
 *       {@code Builder.hotFirst}): three meta ints, then one next-state value per byte class (at
 *       most 256: when every byte value occurs in the patterns, the class of unused bytes is empty
 *       and dropped), failure transitions folded in. {@code table[s - 3]} is the state's depth (a
 *       prefilter needs it), {@code table[s - 2]} the number of patterns it reports (0 for most, so
 *       counting adds it without a branch and never walks a list), {@code table[s - 1]} its output
 *       index (below). Offsets below {@link #denseEnd()} are dense.</li>
 *   <li><b>Sparse records</b> for the deep, rarely visited rest, laid out in depth-first preorder so
 *       that a state's first child follows its own record: {@code table[s - 1]} is the output index
 *       (present only for states with outputs), {@code table[s]} the failure target's offset with bit
 *       31 set when the first child has outputs, {@code table[s + 1]} holds the child count in its
 *       low 16 bits and the classes of the first two children in bits 16-23 and 24-31, then come the
 *       classes of the other children packed four to an int, then the next-state values of children
 *       1 .. n-1. The first child's value is implicit: the offset just past this record (plus one when
 *       it has an output slot). A step from a sparse state searches its children, then follows the
 *       failure link; failure targets are shallower, so every chain ends in a dense row.</li>
 * </ul>
 * The depth-first layout saves the next-state int of 3.9 of the 5.3 million states of a
 * million-word set (single-child chains) and puts a chain's records side by side; together with the
 * output sharing below it keeps such a set near 90 bytes per pattern.
 *
 * <p>Next-state values carry {@link #MATCH_BIT} when the target state reports at least one pattern
 * (its own or a suffix's), so the scan loop's match test is one sign compare on the value it just
 * loaded; {@code value & STATE_MASK} is the target's offset.
 *
 * <h2>Outputs</h2>
 * A state's output index {@code o} points into {@link #outIds()} at a segment: {@code outIds[o]} is
 * the length of the segment's patterns (the depth of the state that owns them, so a match's start
 * is its end minus that, with no per-pattern lookup), then come the ids, ascending, then a
 * terminator that either ends the list ({@code -1}) or jumps ({@code -(i + 2)}) to the segment of the
 * nearest suffix state with outputs (the dictionary suffix link). Segments are shared, never
 * copied, so output memory is linear in the pattern count, even for {@code a, aa, aaa, ...}. A
 * list's segments come longest first: its matches come in order of start.
 *
 * <h2>Limits</h2>
 * The table is one Java array, so about 2^31 ints (8 GiB): some 90 million dictionary words. Larger
 * sets fail to compile with a {@link PatternLimitException}.
 */
public final class AhoCorasickAutomaton {
    /** The most ints the table can hold: the largest Java array, give or take. */
    public static final long MAX_TABLE_INTS = Integer.MAX_VALUE - 8;
    /** Bytes of dense rows at most (for sets too big to make every state dense). */
    public static final long DENSE_BUDGET_BYTES = 16L << 20;
    /** Set on a next-state value whose state has outputs. */
    public static final int MATCH_BIT = 0x8000_0000;
    public static final int STATE_MASK = 0x7FFF_FFFF;
    /** Meta ints before each dense row: depth, output count, output index. */
    static final int DENSE_META = 3;

    private final int[] classOf;
    private final int classCount;
    private final int[] table;
    private final int denseEnd;
    private final int denseCount;
    private final int start;
    private final int[] outIds;
    private final int[] patternLength;
    private final int maxLength;
    private final int minLength;
    private final int stateCount;
    /** Built on first use; {@code null} until then, and {@link #NO_FLAGGED_ROWS} when the set has none. */
    private volatile Object flaggedRows;
    private static final Object NO_FLAGGED_ROWS = new Object();
    private final PatternSet patterns;

    private AhoCorasickAutomaton(PatternSet patterns, int[] classOf, int classCount, int[] table, int denseEnd,
            int denseCount, int[] outIds, int[] patternLength, int stateCount) {
        this.patterns = patterns;
        this.classOf = classOf;
        this.classCount = classCount;
        this.table = table;
        this.denseEnd = denseEnd;
        this.denseCount = denseCount;
        this.start = DENSE_META;
        this.outIds = outIds;
        this.patternLength = patternLength;
        this.maxLength = patterns.maxLength();
        this.minLength = patterns.minLength();
        this.stateCount = stateCount;
    }

    public static AhoCorasickAutomaton compile(PatternSet patterns) {
        return compile(patterns, DENSE_BUDGET_BYTES);
    }

    /** As {@link #compile(PatternSet)} with another dense budget (tests use tiny ones). */
    public static AhoCorasickAutomaton compile(PatternSet patterns, long denseBudgetBytes) {
        return new Builder(Trie.of(patterns), patterns, denseBudgetBytes).build();
    }

    /** Builds the table from a breadth-first trie; see the class comment for what goes where. */
    private static final class Builder {
        private final Trie trie;
        private final PatternSet patterns;
        private final int n;
        private final int nc; // trie classes
        private final int shift; // 1 when every byte value has its own class (class 0 is then empty)
        private final int cols; // table classes: nc - shift, at most 256, so a class fits a byte
        private final int k; // dense states: trie states 0 .. k-1
        private final int rowLen;
        private int[] fail;
        private int[] denseRows; // k * nc trie state numbers, failures folded in
        private int[] outStart; // index into outIds of each state's list, or -1
        private int[] total; // patterns each state reports, suffixes' included
        private int[] outIds;
        private int[] offset;

        Builder(Trie trie, PatternSet patterns, long denseBudgetBytes) {
            this.trie = trie;
            this.patterns = patterns;
            this.n = trie.stateCount();
            this.nc = trie.classes().count();
            this.shift = nc > 256 ? 1 : 0;
            this.cols = nc - shift;
            this.rowLen = cols + DENSE_META;
            this.k = (int) Math.min(n, Math.max(1, denseBudgetBytes / (4L * rowLen)));
        }

        AhoCorasickAutomaton build() {
            failures();
            outputs();
            int tableLen = layout();
            int[] table = new int[tableLen];
            fillDense(table);
            fillSparse(table);
            int[] lengths = new int[patterns.size()];
            for (int id = 0; id < lengths.length; id++) {
                lengths[id] = patterns.length(id);
            }
            int[] classOf = trie.classes().table().clone();
            for (int b = 0; b < 256; b++) {
                classOf[b] -= shift;
            }
            return new AhoCorasickAutomaton(patterns, classOf, cols, table, k * rowLen, k, outIds, lengths, n);
        }

        /** Failure links in breadth-first order, and the dense rows (trie numbering) they need. */
        private void failures() {
            fail = new int[n];
            denseRows = new int[Math.multiplyExact(k, nc)];
            for (int u = 0; u < n; u++) {
                if (u < k) {
                    int row = u * nc;
                    int failRow = fail[u] * nc;
                    for (int c = 0; c < nc; c++) {
                        int child = trie.child(u, c);
                        denseRows[row + c] = child >= 0 ? child : (u == 0 ? 0 : denseRows[failRow + c]);
                    }
                }
                int cnt = trie.childCount(u);
                for (int j = 0; j < cnt; j++) {
                    int v = trie.childState(u, j);
                    fail[v] = u == 0 ? 0 : delta(fail[u], trie.childClass(u, j));
                }
            }
        }

        /** The goto-or-fail transition in trie numbering, during construction. */
        private int delta(int s, int c) {
            while (s >= k) {
                int child = trie.child(s, c);
                if (child >= 0) {
                    return child;
                }
                s = fail[s];
            }
            return denseRows[s * nc + c];
        }

        /** Output lists, shared along dictionary suffix links (fail[u] < u, so it is done first). */
        private void outputs() {
            int owners = 0;
            for (int s = 0; s < n; s++) {
                if (trie.patternCount(s) > 0) {
                    owners++;
                }
            }
            outStart = new int[n];
            total = new int[n];
            outIds = new int[patterns.size() + 2 * owners];
            int pos = 0;
            for (int u = 0; u < n; u++) {
                int inherited = u == 0 ? -1 : outStart[fail[u]];
                int inheritedTotal = u == 0 ? 0 : total[fail[u]];
                int own = trie.patternCount(u);
                total[u] = own + inheritedTotal;
                if (own == 0) {
                    outStart[u] = inherited;
                    continue;
                }
                outStart[u] = pos;
                outIds[pos++] = trie.depth(u);
                for (int j = 0; j < own; j++) {
                    outIds[pos++] = trie.patternId(u, j);
                }
                outIds[pos++] = inherited < 0 ? -1 : -(inherited + 2);
            }
        }

        private boolean hasOutput(int u) {
            return outStart[u] >= 0;
        }

        /** Assigns offsets: dense rows first, then sparse records in depth-first preorder. */
        private int layout() {
            offset = new int[n];
            int[] order = hotFirst();
            for (int r = 0; r < k; r++) {
                offset[order[r]] = r * rowLen + DENSE_META;
            }
            long cursor = (long) k * rowLen;
            int[] stack = new int[Math.max(16, Math.min(n, 1 << 16))];
            for (int u = 0; u < k; u++) {
                int cnt = trie.childCount(u);
                for (int j = 0; j < cnt; j++) {
                    int root = trie.childState(u, j);
                    if (root < k) {
                        continue;
                    }
                    int sp = 0;
                    stack[sp++] = root;
                    while (sp > 0) {
                        int v = stack[--sp];
                        if (hasOutput(v)) {
                            cursor++;
                        }
                        offset[v] = (int) Math.min(cursor, Integer.MAX_VALUE);
                        cursor += recordLength(trie.childCount(v));
                        int vc = trie.childCount(v);
                        if (sp + vc > stack.length) {
                            stack = java.util.Arrays.copyOf(stack, Math.max(stack.length * 2, sp + vc));
                        }
                        for (int x = vc - 1; x >= 0; x--) {
                            stack[sp++] = trie.childState(v, x);
                        }
                    }
                    if (cursor > MAX_TABLE_INTS) {
                        throw new PatternLimitException("the Aho-Corasick table would need at least " + cursor
                                + " ints (" + n + " states); the limit is " + MAX_TABLE_INTS, cursor, MAX_TABLE_INTS);
                    }
                }
            }
            return (int) cursor;
        }

        /**
         * The dense states, most visited first by estimate: a state's chance of being visited is taken
         * as the product of its path's byte frequencies ({@link ByteFrequencies}). A real scan spends
         * nearly all its steps in a few thousand states; packing their rows together keeps them in
         * L2 instead of spread over a 16 MB region (breadth-first order alone interleaves them with
         * the tens of thousands of unlikely states of the same depth).
         */
        private int[] hotFirst() {
            double[] classFreq = new double[nc];
            int[] cls = trie.classes().table();
            for (int b = 0; b < 256; b++) {
                classFreq[cls[b]] += ByteFrequencies.of(b);
            }
            double[] p = new double[k];
            p[0] = 1;
            for (int u = 0; u < k; u++) {
                int cnt = trie.childCount(u);
                for (int j = 0; j < cnt; j++) {
                    int v = trie.childState(u, j);
                    if (v < k) {
                        p[v] = p[u] * classFreq[trie.childClass(u, j)];
                    }
                }
            }
            // Sorted as primitive keys: the likelihood as a float, its bits inverted so that larger
            // comes first (positive floats order as their bits), then the state, so ties keep
            // breadth-first order. A comparator over boxed states took a tenth of a 100,000-word
            // compile in a fresh JVM; float precision only reorders states of nearly equal weight.
            long[] keys = new long[k - 1];
            for (int u = 1; u < k; u++) {
                long bits = Float.floatToRawIntBits((float) p[u]) & 0x7FFF_FFFFL;
                keys[u - 1] = (0x7FFF_FFFFL - bits) << 32 | u;
            }
            java.util.Arrays.sort(keys);
            int[] out = new int[k];
            for (int r = 1; r < k; r++) {
                out[r] = (int) keys[r - 1];
            }
            return out;
        }

        private int encode(int u) {
            return hasOutput(u) ? offset[u] | MATCH_BIT : offset[u];
        }

        private void fillDense(int[] table) {
            for (int u = 0; u < k; u++) {
                int s = offset[u];
                table[s - 3] = trie.depth(u);
                table[s - 2] = total[u];
                table[s - 1] = outStart[u];
                int row = u * nc;
                for (int c = shift; c < nc; c++) {
                    table[s + c - shift] = encode(denseRows[row + c]);
                }
            }
        }

        private void fillSparse(int[] table) {
            for (int u = k; u < n; u++) {
                int s = offset[u];
                if (hasOutput(u)) {
                    table[s - 1] = outStart[u];
                }
                int cnt = trie.childCount(u);
                int firstMatch = cnt > 0 && hasOutput(trie.childState(u, 0)) ? MATCH_BIT : 0;
                table[s] = offset[fail[u]] | firstMatch;
                int w = cnt;
                if (cnt > 0) {
                    w |= (trie.childClass(u, 0) - shift) << 16;
                }
                if (cnt > 1) {
                    w |= (trie.childClass(u, 1) - shift) << 24;
                }
                table[s + 1] = w;
                for (int j = 2; j < cnt; j++) {
                    table[s + 2 + (j - 2) / 4] |= (trie.childClass(u, j) - shift) << (8 * ((j - 2) % 4));
                }
                int next = s + 2 + extraClassWords(cnt);
                for (int j = 1; j < cnt; j++) {
                    table[next + j - 1] = encode(trie.childState(u, j));
                }
                if (cnt > 0 && offset[trie.childState(u, 0)] != s + recordLength(cnt) + (firstMatch != 0 ? 1 : 0)) {
                    throw new AssertionError("first child not adjacent at state " + u);
                }
            }
        }
    }

    /** Ints of class storage beyond the two classes held in the count word. */
    static int extraClassWords(int children) {
        return children > 2 ? (children - 2 + 3) >>> 2 : 0;
    }

    /** Ints of a sparse record from its fail word on (the output slot before it not counted). */
    static int recordLength(int children) {
        return 2 + extraClassWords(children) + Math.max(0, children - 1);
    }

    /**
     * The next-state value (with {@link #MATCH_BIT}) from the state at offset {@code s} (no bit) on
     * class {@code c}. One load for a dense state; a search and failure links for a sparse one.
     */
    public int step(int s, int c) {
        int[] t = table;
        while (s >= denseEnd) {
            int f = t[s];
            int w = t[s + 1];
            int cnt = w & 0xFFFF;
            if (cnt > 0) {
                if (((w >>> 16) & 0xFF) == c) {
                    return (s + recordLength(cnt) + (f >>> 31)) | (f & MATCH_BIT);
                }
                if (cnt > 1) {
                    int extra = extraClassWords(cnt);
                    if ((w >>> 24) == c) {
                        return t[s + 2 + extra];
                    }
                    for (int j = 2; j < cnt; j++) {
                        if (((t[s + 2 + ((j - 2) >>> 2)] >>> (8 * ((j - 2) & 3))) & 0xFF) == c) {
                            return t[s + 2 + extra + j - 1];
                        }
                    }
                }
            }
            s = f & STATE_MASK;
        }
        return t[s + c];
    }

    /** The start state's offset. */
    public int start() {
        return start;
    }

    /** The byte-to-class table, indexed by unsigned byte; read-only. Folds ASCII case when case-insensitive. */
    public int[] classTable() {
        return classOf;
    }

    public int classCount() {
        return classCount;
    }

    /** The states and transitions; read-only. See the class comment for the layout. */
    public int[] table() {
        return table;
    }

    /** Offsets below this are dense rows. */
    public int denseEnd() {
        return denseEnd;
    }

    /** Number of dense states. */
    public int denseCount() {
        return denseCount;
    }

    /** True when every state is a dense row (small sets), so a step never searches. */
    public boolean allDense() {
        return denseEnd == table.length;
    }

    public int stateCount() {
        return stateCount;
    }

    /**
     * The rows again as the branching count walk reads them ({@link FlaggedRows}), built on first use, or
     * {@code null} when the set has sparse states or more than {@value FlaggedRows#MAX_STATES} states.
     */
    public FlaggedRows flaggedRows() {
        Object rows = flaggedRows;
        if (rows == null) {
            FlaggedRows built = FlaggedRows.of(this); // a race builds it twice, equal either way
            rows = built != null ? built : NO_FLAGGED_ROWS;
            flaggedRows = rows;
        }
        return rows instanceof FlaggedRows f ? f : null;
    }

    /** The depth of a dense state (the length of the longest pattern prefix it stands for). */
    public int depth(int denseState) {
        return table[denseState - 3];
    }

    /** The number of patterns a dense state reports (its own and its suffixes'). */
    public int outputCount(int denseState) {
        return table[denseState - 2];
    }

    /** The output index of a state with outputs (one reached by a value with {@link #MATCH_BIT}), else undefined. */
    public int outIndex(int state) {
        return table[state - 1];
    }

    /** The flattened output lists; read-only. See the class comment for the encoding. */
    public int[] outIds() {
        return outIds;
    }

    public int patternLength(int id) {
        return patternLength[id];
    }

    public int[] patternLengths() {
        return patternLength;
    }

    public int maxLength() {
        return maxLength;
    }

    public int minLength() {
        return minLength;
    }

    /** The patterns this automaton was compiled from. */
    public PatternSet patterns() {
        return patterns;
    }

    // ---------------------------------------------------------------- storing

    /** Ints before the arrays in {@link #writeTo}'s form: the counts below, then the four lengths. */
    private static final int STORED_HEADER_INTS = 8;
    private static final ValueLayout.OfInt STORED_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /**
     * Writes the tables (not the patterns) in little-endian ints: the class count, dense end, dense
     * count and state count, the lengths of the four arrays, then the arrays. {@link #readFrom}
     * reads them back for the same pattern set; a compile of a million words takes seconds, reading
     * its tables back milliseconds.
     */
    public void writeTo(WritableByteChannel out) throws IOException {
        int[][] arrays = {classOf, table, outIds, patternLength};
        ByteBuffer b = ByteBuffer.allocate(STORED_HEADER_INTS * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(classCount).putInt(denseEnd).putInt(denseCount).putInt(stateCount);
        for (int[] a : arrays) {
            b.putInt(a.length);
        }
        writeFully(out, b.flip());
        ByteBuffer chunk = ByteBuffer.allocate(Integer.BYTES << 20).order(ByteOrder.LITTLE_ENDIAN); // one, reused
        for (int[] a : arrays) {
            for (int from = 0; from < a.length; from += 1 << 20) {
                int n = Math.min(a.length - from, 1 << 20);
                chunk.clear().limit(n * Integer.BYTES);
                chunk.asIntBuffer().put(a, from, n);
                writeFully(out, chunk);
            }
        }
    }

    private static void writeFully(WritableByteChannel out, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }

    /** The bytes {@link #writeTo} writes. */
    public long storedBytes() {
        return 4L * (STORED_HEADER_INTS + classOf.length + table.length + outIds.length + patternLength.length);
    }

    /**
     * The automaton whose tables {@link #writeTo} wrote into {@code stored}, for {@code patterns}
     * (the set it was compiled from: the caller must know that it is, by a key of its own). Throws
     * {@link IllegalArgumentException} when the bytes are not such tables for a set of this size
     * and these pattern lengths (a truncated or foreign file).
     */
    public static AhoCorasickAutomaton readFrom(MemorySegment stored, PatternSet patterns) {
        long size = stored.byteSize();
        if (size < STORED_HEADER_INTS * Integer.BYTES) {
            throw new IllegalArgumentException("stored automaton: " + size + " bytes, shorter than its header");
        }
        int[] h = new int[STORED_HEADER_INTS];
        MemorySegment.copy(stored, STORED_INT, 0, h, 0, h.length);
        long ints = STORED_HEADER_INTS;
        for (int i = 4; i < 8; i++) {
            if (h[i] < 0) {
                throw new IllegalArgumentException("stored automaton: negative array length " + h[i]);
            }
            ints += h[i];
        }
        if (ints * Integer.BYTES != size || h[4] != 256 || h[7] != patterns.size()) {
            throw new IllegalArgumentException("stored automaton: " + size + " bytes do not hold tables for "
                    + patterns.size() + " patterns");
        }
        long at = STORED_HEADER_INTS * (long) Integer.BYTES;
        int[][] arrays = new int[4][];
        for (int i = 0; i < 4; i++) {
            arrays[i] = new int[h[4 + i]];
            MemorySegment.copy(stored, STORED_INT, at, arrays[i], 0, arrays[i].length);
            at += (long) arrays[i].length * Integer.BYTES;
        }
        int[] lengths = arrays[3];
        for (int id = 0; id < lengths.length; id++) {
            if (lengths[id] != patterns.length(id)) {
                throw new IllegalArgumentException("stored automaton: pattern " + id + " has length " + lengths[id]
                        + ", the set's has " + patterns.length(id));
            }
        }
        int classCount = h[0];
        int denseEnd = h[1];
        if (classCount < 1 || classCount > 256 || denseEnd < 0 || denseEnd > arrays[1].length) {
            throw new IllegalArgumentException("stored automaton: bad class count or dense end");
        }
        return new AhoCorasickAutomaton(patterns, arrays[0], classCount, arrays[1], denseEnd, h[2], arrays[2],
                lengths, h[3]);
    }

    /** Bytes of the compiled tables (what a scan touches). */
    public long memoryBytes() {
        return 4L * (classOf.length + table.length + outIds.length + patternLength.length);
    }
}
