package dev.trawl.engine.cpu;

import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.automaton.Trie;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The Aho-Corasick engine as it was before issue 12 (commit cf0dbf6), frozen here so that
 * {@link AhoCorasickSpeed} can print before/after ratios measured in the same run. Not registered as
 * an engine; not maintained.
 */
final class BaselineAhoCorasick {
    private BaselineAhoCorasick() {}

    static RangeSearcher compile(PatternSet patterns) {
        return new Searcher(Automaton.compile(patterns));
    }

    static long memoryBytes(RangeSearcher s) {
        return ((Searcher) s).ac.memoryBytes();
    }

    static final class Automaton {
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

        private Automaton(int[] classOf, int classCount, int denseCount, int[] dense, int[] sparseStart,
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

        public static Automaton compile(PatternSet patterns) {
            return compile(patterns, DENSE_BUDGET_BYTES);
        }

        /** As {@link #compile(PatternSet)} with another dense budget (tests use tiny ones). */
        public static Automaton compile(PatternSet patterns, long denseBudgetBytes) {
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
            return new Automaton(trie.classes().table(), nc, k, dense, sparseStart, sparse, outStart, outIds,
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

    /** The scan loop; package-visible so tests can run it over automata with tiny dense budgets. */
    static final class Searcher implements RangeSearcher {
        private final Automaton ac;
        private final int[] classOf;
        private final int[] dense;
        private final int denseCount;
        private final int classCount;
        private final int[] outIds;
        private final int[] lengths;

        Searcher(Automaton ac) {
            this.ac = ac;
            this.classOf = ac.classTable();
            this.dense = ac.dense();
            this.denseCount = ac.denseCount();
            this.classCount = ac.classCount();
            this.outIds = ac.outIds();
            this.lengths = ac.patternLengths();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            return run(text, from, to, sink) >= 0;
        }

        @Override
        public long count(MemorySegment text, long from, long to) {
            return run(text, from, to, null);
        }

        /** Counts (sink null) or reports; returns the count, or -1 when the sink stopped. */
        private long run(MemorySegment text, long from, long to, MatchSink sink) {
            if (ac.maxLength() == 0) {
                return 0;
            }
            long limit = Math.min(text.byteSize(), to + ac.maxLength() - 1);
            int[] classOf = this.classOf;
            int[] dense = this.dense;
            int denseCount = this.denseCount;
            int nc = this.classCount;
            long count = 0;
            int s = 0;
            for (long i = from; i < limit; i++) {
                int c = classOf[text.get(ValueLayout.JAVA_BYTE, i) & 0xFF];
                int v = s < denseCount ? dense[s * nc + c] : ac.step(s, c);
                s = v & Automaton.STATE_MASK;
                if (v < 0) {
                    long n = report(s, i + 1, to, sink);
                    if (n < 0) {
                        return -1;
                    }
                    count += n;
                }
            }
            return count;
        }

        /** Walks the state's output list and its dictionary links. */
        private long report(int state, long end, long to, MatchSink sink) {
            long n = 0;
            int i = ac.outStart(state);
            while (true) {
                int id = outIds[i];
                if (id >= 0) {
                    long start = end - lengths[id];
                    if (start < to) {
                        if (sink != null && !sink.onMatch(id, start, end)) {
                            return -1;
                        }
                        n++;
                    }
                    i++;
                } else if (id == -1) {
                    return n;
                } else {
                    i = -id - 2;
                }
            }
        }
    }
}
