package dev.trawl.regex;

import dev.trawl.MatchSink;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * All regexes of a program in two passes over the text, with the {@link LazyDfa}:
 *
 * <ol>
 *   <li>backwards, the reverse DFA gives the state at every position (the byte instructions that
 *       can still complete a match there);
 *   <li>forwards, each regex whose next search may start at p (its previous match ended at or
 *       before p) and which the state says can match from p starts a <em>walk</em> there: the
 *       first leaf of its priority closure that is a match or a byte instruction the state holds.
 *       The walk is the path Java's backtracking would take, because it never enters a branch that
 *       cannot succeed; it ends at the match's end, and that regex's next search resumes there.
 * </ol>
 *
 * <p>So every position is read a bounded number of times whatever the patterns: one DFA step
 * backwards (amortised, once states are cached), one forwards, plus one walk step per regex whose
 * match covers the position; matches of one regex do not overlap, so iterating over all matches is
 * linear too. Matches are delivered ordered by (start, pattern id): a finished match waits while a
 * walk that started before it is still running.
 *
 * <p>The backward states are kept for one block of {@value #BLOCK} positions at a time: a first
 * backward pass over the whole text keeps the state at each block boundary (a checkpoint), then
 * each block is redone backwards from its checkpoint and walked forwards. That first pass also
 * watches the state cache: when it is cleared again and again while few bytes are read per new
 * state (the DFA "thrashes": the set of regexes is too combinatorial for a bounded cache), the
 * scan falls back to the {@link PikeScanner} before reporting anything.
 */
public final class DfaScanner implements RegexScanner {
    static final int BLOCK = 1 << 18;
    /** Texts up to this size skip the checkpoint pass (one block, no thrash check needed). */
    private static final long SMALL = 1 << 16;
    /** Default state cache size. */
    public static final long DEFAULT_BUDGET = 32L << 20;
    private static final int THRASH_CLEARS = 8;
    private static final long THRASH_BYTES_PER_STATE = 64;

    private final LazyDfa dfa;
    private final Prog prog;
    private final PikeScanner fallback;
    private int[] ids = new int[0];
    private byte[] bytes = new byte[256];
    private Walks walks;
    private boolean fellBack;

    public DfaScanner(Prog prog) {
        this(prog, DEFAULT_BUDGET);
    }

    public DfaScanner(Prog prog, long budgetBytes) {
        this.prog = prog;
        this.dfa = new LazyDfa(prog, budgetBytes);
        this.fallback = new PikeScanner(prog);
    }

    /** Whether the last scan fell back to the Pike VM. */
    public boolean fellBack() {
        return fellBack;
    }

    /** How many times the state cache was cleared so far. */
    public int cacheClears() {
        return dfa.clears();
    }

    public int states() {
        return dfa.stateCount();
    }

    @Override
    public boolean scan(Text text, MatchSink sink) {
        fellBack = false;
        long start = text.start();
        long end = text.end();
        List<long[]> bounds = new ArrayList<>(); // block [from, to)
        for (long a = start; a < end; a += BLOCK) {
            bounds.add(new long[] {a, Math.min(end, a + BLOCK)});
        }
        int blocks = bounds.size();
        int[][] cpInsts = new int[blocks][];
        int[] cpDesc = new int[blocks];
        if (end - start > SMALL) {
            if (!checkpoints(text, bounds, cpInsts, cpDesc)) {
                fellBack = true;
                return fallback.scan(text, sink);
            }
        }
        if (ids.length < Math.min(BLOCK, end - start)) {
            ids = new int[(int) Math.min(BLOCK, end - start)];
        }
        Walks w = walks;
        if (w == null) {
            w = walks = new Walks();
        }
        w.reset(text, sink);
        boolean skipEmpty = !dfa.mayMatchEmpty();
        for (int i = 0; i < blocks; i++) {
            long a = bounds.get(i)[0];
            long b = bounds.get(i)[1];
            if (dfa.overBudget()) {
                dfa.clear();
            }
            int st = i == blocks - 1 || cpInsts[i] == null ? dfa.initial() : dfa.intern(cpInsts[i], cpDesc[i]);
            if (i < blocks - 1 && cpInsts[i] == null) {
                // Small texts are one block: no checkpoint needed.
                throw new IllegalStateException("missing checkpoint");
            }
            int len = (int) (b - a);
            if (bytes.length < len) {
                bytes = new byte[Math.max(len, Math.min(BLOCK, 2 * bytes.length))];
            }
            // A copy on the heap: array reads cost less than segment reads in the hot loop.
            MemorySegment.copy(text.segment(), ValueLayout.JAVA_BYTE, a, bytes, 0, len);
            for (int q = len - 1; q >= 0; q--) {
                st = dfa.step(st, bytes[q] & 0xFF);
                ids[q] = st;
            }
            for (int q = 0; q < len; q++) {
                int id = ids[q];
                // Nothing walks, and nothing can start where the state is empty: skip (most bytes).
                if (skipEmpty && w.activeCount == 0 && dfa.isEmpty(id)) {
                    continue;
                }
                if (!w.at(a + q, id)) {
                    return false;
                }
            }
        }
        if (dfa.overBudget()) {
            dfa.clear();
        }
        return w.at(end, dfa.initial()) && w.flush();
    }

    /** The backward pass keeping each block's end state; false when the cache thrashes. */
    private boolean checkpoints(Text text, List<long[]> bounds, int[][] cpInsts, int[] cpDesc) {
        int st = dfa.initial();
        int clears0 = dfa.clears();
        long created0 = dfa.created();
        long read = 0;
        for (int i = bounds.size() - 1; i >= 0; i--) {
            long a = bounds.get(i)[0];
            long b = bounds.get(i)[1];
            if (i < bounds.size() - 1) {
                DfaState s = dfa.state(st);
                cpInsts[i] = s.insts;
                cpDesc[i] = s.desc;
            }
            for (long p = b - 1; p >= a; p--) {
                st = dfa.step(st, text.byteAt(p));
                if (dfa.overBudget()) {
                    DfaState s = dfa.state(st);
                    dfa.clear();
                    st = dfa.intern(s.insts, s.desc);
                    int clears = dfa.clears() - clears0;
                    long made = dfa.created() - created0;
                    if (clears >= THRASH_CLEARS && (read + (b - p)) < made * THRASH_BYTES_PER_STATE) {
                        return false;
                    }
                }
            }
            read += b - a;
        }
        return true;
    }

    /** The forward pass: running walks, per-regex resume points, and the order of delivery. */
    private final class Walks {
        private Text text;
        private MatchSink sink;
        private final int n = prog.regexCount();
        private final long[] resume = new long[n];
        private final boolean[] active = new boolean[n];
        private final long[] walkStart = new long[n];
        private final int[] walkInst = new int[n];
        private int[] activeList = new int[16]; // regexes walking, in order of (start, regex)
        private int activeCount;
        // Finished matches not delivered yet: a binary heap on (start, regex).
        private long[] hStart = new long[16];
        private int[] hRegex = new int[16];
        private long[] hEnd = new long[16];
        private int hSize;

        void reset(Text text, MatchSink sink) {
            this.text = text;
            this.sink = sink;
            Arrays.fill(resume, text.start());
            Arrays.fill(active, false);
            activeCount = 0;
            hSize = 0;
        }

        /** Processes position p in state {@code id}; false when the sink stopped. */
        boolean at(long p, int id) {
            DfaState s = dfa.state(id);
            int mask = dfa.used == 0 ? 0 : text.assertionsAt(p) & dfa.used;
            if (activeCount > 0) {
                int[][] leaves = dfa.leavesTable(mask);
                int kept = 0;
                for (int i = 0; i < activeCount; i++) {
                    int r = activeList[i];
                    int x = advance(leaves, walkInst[r], mask, s);
                    if (x < 0) {
                        active[r] = false;
                        finish(walkStart[r], r, p);
                    } else {
                        walkInst[r] = x;
                        activeList[kept++] = r;
                    }
                }
                activeCount = kept;
            }
            if (hSize > 0 && !deliver(p)) {
                return false;
            }
            if (activeCount == n) {
                return true; // every regex is inside a match: none can start one here
            }
            int[] startable = dfa.startable(id, mask);
            if (startable.length > 0 && text.boundary(p)) {
                for (int r : startable) {
                    if (active[r] || resume[r] > p) {
                        continue;
                    }
                    int x = advance(dfa.leavesTable(mask), prog.starts[r], mask, s);
                    if (x < 0) {
                        finish(p, r, p);
                    } else {
                        active[r] = true;
                        walkStart[r] = p;
                        walkInst[r] = x;
                        if (activeCount == activeList.length) {
                            activeList = Arrays.copyOf(activeList, activeCount * 2);
                        }
                        activeList[activeCount++] = r;
                    }
                }
            }
            return true;
        }

        /** One walk step: the next entry after the first viable leaf, or -1 at a match. */
        private int advance(int[][] table, int x, int mask, DfaState s) {
            int[] leaves = table[x];
            if (leaves == null) {
                leaves = dfa.computeLeaves(x, mask);
            }
            for (int y : leaves) {
                if (prog.op[y] == Prog.MATCH) {
                    return -1;
                }
                if (s.contains(y)) {
                    return prog.out[y];
                }
            }
            throw new IllegalStateException("walk lost its way at instruction " + x);
        }

        private void finish(long start, int r, long end) {
            resume[r] = end == start ? end + 1 : end;
            if (hSize == hStart.length) {
                hStart = Arrays.copyOf(hStart, hSize * 2);
                hRegex = Arrays.copyOf(hRegex, hSize * 2);
                hEnd = Arrays.copyOf(hEnd, hSize * 2);
            }
            int i = hSize++;
            while (i > 0) {
                int parent = (i - 1) / 2;
                if (!less(start, r, hStart[parent], hRegex[parent])) {
                    break;
                }
                move(parent, i);
                i = parent;
            }
            put(i, start, r, end);
        }

        /** Heap slot {@code to} takes the match in slot {@code from}. */
        private void move(int from, int to) {
            put(to, hStart[from], hRegex[from], hEnd[from]);
        }

        private void put(int i, long start, int r, long end) {
            hStart[i] = start;
            hRegex[i] = r;
            hEnd[i] = end;
        }

        private static boolean less(long s1, int r1, long s2, int r2) {
            return s1 < s2 || (s1 == s2 && r1 < r2);
        }

        /** Delivers finished matches that start before p and before every running walk. */
        private boolean deliver(long p) {
            while (hSize > 0 && hStart[0] < p) {
                if (activeCount > 0) {
                    int first = activeList[0];
                    if (!less(hStart[0], hRegex[0], walkStart[first], first)) {
                        return true;
                    }
                }
                if (!sink.onMatch(prog.patternIds[hRegex[0]], hStart[0], hEnd[0])) {
                    return false;
                }
                pop();
            }
            return true;
        }

        boolean flush() {
            return deliver(Long.MAX_VALUE);
        }

        private void pop() {
            hSize--;
            if (hSize == 0) {
                return;
            }
            long s = hStart[hSize];
            int r = hRegex[hSize];
            long e = hEnd[hSize];
            int i = 0;
            while (true) {
                int c = 2 * i + 1;
                if (c >= hSize) {
                    break;
                }
                if (c + 1 < hSize && less(hStart[c + 1], hRegex[c + 1], hStart[c], hRegex[c])) {
                    c++;
                }
                if (!less(hStart[c], hRegex[c], s, r)) {
                    break;
                }
                move(c, i);
                i = c;
            }
            put(i, s, r, e);
        }
    }
}
