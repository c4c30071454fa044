package dev.trawl.automaton;

import dev.trawl.PatternSet;

/**
 * A full Aho-Corasick automaton, compiled from a {@link Trie} into a hybrid table that scales from a
 * handful of patterns to millions.
 *
 * <h2>Layout</h2>
 * States keep the trie's breadth-first numbers. The first {@code denseCount} states (the shallow,
 * hot ones; all of them for small sets) are <b>dense DFA rows</b>: {@code dense[s * classes + c]} is
 * the next state for every class, failure transitions already folded in, so a step is one load. The
 * rest are <b>sparse rows</b> that keep their failure link:
 * {@code sparse[sparseStart[s - denseCount] ..]} holds {@code fail, n, (class, next) * n}. A step
 * from a sparse state follows failure links until a child matches or a dense state answers. Failure
 * targets are shallower, so every chain ends in the dense part. The dense part is capped at
 * {@link #DENSE_BUDGET_BYTES}, which keeps a million-word table near 100 bytes per pattern.
 *
 * <p>Next-state values carry bit 31 when the target state reports at least one pattern (its own or a
 * suffix's), so the scan loop's match test is one sign compare on the value it just loaded.
 *
 * <h2>Outputs</h2>
 * {@code outStart[s]} indexes {@code outIds}: the state's own pattern ids, ascending, then a
 * terminator that either ends the list ({@code -1}) or jumps ({@code -(i + 2)}) to the list of the
 * nearest suffix state with outputs (the dictionary suffix link). Lists are shared, never copied, so
 * output memory is linear in the pattern count, even for {@code a, aa, aaa, ...}.
 */
public final class AhoCorasickAutomaton {
    /** Bytes of dense rows at most (for sets too big to make every state dense). */
    public static final long DENSE_BUDGET_BYTES = 16L << 20;
    /** Set on a next-state value whose state has outputs. */
    public static final int MATCH_BIT = 0x8000_0000;
    public static final int STATE_MASK = 0x7FFF_FFFF;

    private final int[] classOf;
    private final int classCount;
    private final int denseCount;
    private final int[] dense;
    private final int[] sparseStart;
    private final int[] sparse;
    private final int[] outStart;
    private final int[] outIds;
    private final int[] patternLength;
    private final int maxLength;
    private final int stateCount;

    private AhoCorasickAutomaton(int[] classOf, int classCount, int denseCount, int[] dense, int[] sparseStart,
            int[] sparse, int[] outStart, int[] outIds, int[] patternLength, int maxLength, int stateCount) {
        this.classOf = classOf;
        this.classCount = classCount;
        this.denseCount = denseCount;
        this.dense = dense;
        this.sparseStart = sparseStart;
        this.sparse = sparse;
        this.outStart = outStart;
        this.outIds = outIds;
        this.patternLength = patternLength;
        this.maxLength = maxLength;
        this.stateCount = stateCount;
    }

    public static AhoCorasickAutomaton compile(PatternSet patterns) {
        return compile(patterns, DENSE_BUDGET_BYTES);
    }

    /** As {@link #compile(PatternSet)} with another dense budget (tests use tiny ones). */
    public static AhoCorasickAutomaton compile(PatternSet patterns, long denseBudgetBytes) {
        Trie trie = Trie.of(patterns);
        int n = trie.stateCount();
        int nc = trie.classes().count();
        int k = (int) Math.min(n, Math.max(1, denseBudgetBytes / (4L * nc)));
        int[] dense = new int[Math.multiplyExact(k, nc)];
        int[] fail = new int[n];
        // Sparse rows: 2 header ints per state plus 2 per edge.
        int[] sparseStart = new int[n - k];
        long sparseLen = 0;
        for (int s = k; s < n; s++) {
            sparseStart[s - k] = (int) sparseLen;
            sparseLen += 2 + 2L * trie.childCount(s);
        }
        if (sparseLen > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("pattern set too large for one automaton: " + n + " states");
        }
        int[] sparse = new int[(int) sparseLen];

        for (int u = 0; u < n; u++) {
            if (u < k) {
                int row = u * nc;
                int failRow = fail[u] * nc;
                for (int c = 0; c < nc; c++) {
                    int child = trie.child(u, c);
                    dense[row + c] = child >= 0 ? child : (u == 0 ? 0 : dense[failRow + c]);
                }
            }
            for (int j = 0; j < trie.childCount(u); j++) {
                int v = trie.childState(u, j);
                fail[v] = u == 0 ? 0 : delta(trie, dense, sparse, sparseStart, fail, k, nc, fail[u], trie.childClass(u, j));
            }
        }
        // Outputs, shared along dictionary suffix links (fail[u] < u, so it is done first).
        int[] outStart = new int[n];
        int[] outIds = new int[patterns.size() + countOwners(trie)];
        int pos = 0;
        for (int u = 0; u < n; u++) {
            int inherited = u == 0 ? -1 : outStart[fail[u]];
            int own = trie.patternCount(u);
            if (own == 0) {
                outStart[u] = inherited;
                continue;
            }
            outStart[u] = pos;
            for (int j = 0; j < own; j++) {
                outIds[pos++] = trie.patternId(u, j);
            }
            outIds[pos++] = inherited < 0 ? -1 : -(inherited + 2);
        }
        // Encode next-state values with the match bit, in the dense and the sparse rows.
        for (int i = 0; i < dense.length; i++) {
            dense[i] = encode(dense[i], outStart);
        }
        for (int s = k; s < n; s++) {
            int p = sparseStart[s - k];
            sparse[p] = fail[s];
            int cnt = trie.childCount(s);
            sparse[p + 1] = cnt;
            for (int j = 0; j < cnt; j++) {
                sparse[p + 2 + 2 * j] = trie.childClass(s, j);
                sparse[p + 3 + 2 * j] = encode(trie.childState(s, j), outStart);
            }
        }
        int[] lengths = new int[patterns.size()];
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
        }
        return new AhoCorasickAutomaton(trie.classes().table(), nc, k, dense, sparseStart, sparse, outStart, outIds,
                lengths, patterns.maxLength(), n);
    }

    private static int countOwners(Trie trie) {
        int owners = 0;
        for (int s = 0; s < trie.stateCount(); s++) {
            if (trie.patternCount(s) > 0) {
                owners++;
            }
        }
        return owners;
    }

    private static int encode(int state, int[] outStart) {
        return outStart[state] >= 0 ? state | MATCH_BIT : state;
    }

    /** Transition during construction, before the match bits are set. */
    private static int delta(Trie trie, int[] dense, int[] sparse, int[] sparseStart, int[] fail, int k, int nc,
            int s, int c) {
        while (s >= k) {
            int child = trie.child(s, c);
            if (child >= 0) {
                return child;
            }
            s = fail[s];
        }
        return dense[s * nc + c];
    }

    /** The next-state value (with {@link #MATCH_BIT}) from state {@code s} (no bit) on class {@code c}. */
    public int step(int s, int c) {
        while (s >= denseCount) {
            int p = sparseStart[s - denseCount];
            int n = sparse[p + 1];
            for (int j = p + 2, end = p + 2 + 2 * n; j < end; j += 2) {
                if (sparse[j] == c) {
                    return sparse[j + 1];
                }
            }
            s = sparse[p];
        }
        return dense[s * classCount + c];
    }

    public int[] classTable() {
        return classOf;
    }

    public int classCount() {
        return classCount;
    }

    public int denseCount() {
        return denseCount;
    }

    /** The dense rows; read-only. */
    public int[] dense() {
        return dense;
    }

    public int stateCount() {
        return stateCount;
    }

    public int outStart(int state) {
        return outStart[state];
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

    /** Bytes of the compiled tables (what a scan touches). */
    public long memoryBytes() {
        return 4L * (classOf.length + dense.length + sparseStart.length + sparse.length + outStart.length
                + outIds.length + patternLength.length);
    }
}
