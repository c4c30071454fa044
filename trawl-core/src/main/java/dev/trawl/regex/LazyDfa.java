package dev.trawl.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A lazily built <em>reverse</em> DFA over all the regexes of a {@link Prog}: read from the end of
 * the text towards its start, its state at position p is the set of byte instructions that accept
 * the byte at p and from which some regex can still complete a match (their co-reachable set), plus
 * what the assertions need to know of that byte. From a state, {@link #startable} tells which
 * regexes can start a match at p, and a byte instruction is on a completable path iff the state
 * holds it: {@link DfaScanner} uses both to find each regex's leftmost-first match without ever
 * exploring a dead end.
 *
 * <p>Co-reachability follows the priority closure ({@link Closure}), not the raw edges, so that the
 * empty-iteration rule of nullable loops is the same here as in the walk: for each mask of
 * assertions, {@link #sources} inverts "leaf y is in the closure of entry x". A transition on byte b
 * from the state at p gathers the entries whose closure reaches a member of the state (or a match),
 * and keeps the byte instructions accepting b that lead to one of them.
 *
 * <p>Memory: states live in a cache of about {@code budgetBytes}; {@link DfaScanner} clears it
 * between blocks when it is over budget and counts the clears ({@link #clears()}). Bytes are mapped
 * to equivalence classes first (the program's byte ranges, plus newline and word bytes when the
 * program has assertions), so a state's transition row has one int per class. Not thread-safe.
 */
final class LazyDfa {
    final Prog prog;
    private final Closure closure;
    final int used;
    final int descMask;
    final int[] classOf = new int[256];
    final int classCount;
    private final int[][] preds;
    private final int[] entries;
    private final int[] regexOfStart;
    private final int[] leafBuf;
    /** Leaves per mask of assertions, then per entry instruction (filled lazily). */
    /**
     * Per-mask tables are indexed by the mask's used bits packed together ({@link #slot}): masks vary
     * from one position to the next (word and line edges), so a map lookup per position would cost
     * more than the step itself.
     */
    private final int maskSlots;
    private final int[][][] leavesBySlot;
    private final MaskData[] bySlot;
    private DfaState[] states = new DfaState[64];
    private int stateCount;
    /**
     * Transitions of every state in one array, {@code trans[id * classCount + class]}, -1 when not
     * computed yet: one load per byte in the scan's inner loop.
     */
    private int[] trans = new int[0];
    /** Per state id: whether it holds no instruction (nothing can continue or start a match there). */
    private boolean[] empty = new boolean[64];
    private final Map<DfaState.Key, Integer> index = new HashMap<>();
    private final long budgetBytes;
    private long bytes;
    private long created;
    private int clears;
    private final int[] markR;
    private final int[] markC;
    private int gen;
    private int[] listR;
    private int[] listC;

    /** Per mask of assertions: which entries reach each leaf, and what always completes. */
    private record MaskData(int[][] sources, int[] alwaysR, int[] alwaysStartable) {}

    LazyDfa(Prog prog, long budgetBytes) {
        this.prog = prog;
        this.closure = new Closure(prog);
        this.used = prog.assertions;
        this.descMask = used == 0 ? 0 : Assertion.D_EXISTS | Assertion.D_NEWLINE | Assertion.D_WORD
                | Assertion.D_FINAL_NEWLINE;
        this.budgetBytes = budgetBytes;
        this.maskSlots = 1 << Integer.bitCount(used);
        this.leavesBySlot = new int[maskSlots][][];
        this.bySlot = new MaskData[maskSlots];
        int n = prog.size();
        this.leafBuf = new int[n];
        this.markR = new int[n];
        this.markC = new int[n];
        this.listR = new int[64];
        this.listC = new int[64];
        this.classCount = buildClasses();
        int[] predCount = new int[n];
        List<Integer> entryList = new ArrayList<>();
        boolean[] isEntry = new boolean[n];
        regexOfStart = new int[n];
        Arrays.fill(regexOfStart, -1);
        for (int r = 0; r < prog.regexCount(); r++) {
            int s = prog.starts[r];
            regexOfStart[s] = r;
            if (!isEntry[s]) {
                isEntry[s] = true;
                entryList.add(s);
            }
        }
        for (int i = 0; i < n; i++) {
            if (prog.consumes(i)) {
                predCount[prog.out[i]]++;
                if (!isEntry[prog.out[i]]) {
                    isEntry[prog.out[i]] = true;
                    entryList.add(prog.out[i]);
                }
            }
        }
        preds = new int[n][];
        for (int i = 0; i < n; i++) {
            if (predCount[i] > 0) {
                preds[i] = new int[predCount[i]];
                predCount[i] = 0;
            }
        }
        for (int i = 0; i < n; i++) {
            if (prog.consumes(i)) {
                int t = prog.out[i];
                preds[t][predCount[t]++] = i;
            }
        }
        entries = entryList.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Byte classes: bytes no instruction (nor, with assertions, newline or word-ness) tells apart. */
    private int buildClasses() {
        boolean[] cut = new boolean[257];
        cut[0] = true;
        cut[256] = true;
        for (int i = 0; i < prog.size(); i++) {
            if (prog.op[i] == Prog.RANGE) {
                cut[prog.arg[i] & 0xFF] = true;
                cut[(prog.arg[i] >>> 8) + 1] = true;
            } else if (prog.op[i] == Prog.SET) {
                for (int b = 1; b < 256; b++) {
                    if (prog.accepts(i, b) != prog.accepts(i, b - 1)) {
                        cut[b] = true;
                    }
                }
            }
        }
        if (used != 0) {
            for (int b : new int[] {'\n', '\n' + 1, '0', '9' + 1, 'A', 'Z' + 1, '_', '_' + 1, 'a', 'z' + 1}) {
                cut[b] = true;
            }
        }
        int c = -1;
        for (int b = 0; b < 256; b++) {
            if (cut[b]) {
                c++;
            }
            classOf[b] = c;
        }
        return c + 1;
    }

    long bytes() {
        return bytes;
    }

    boolean overBudget() {
        return bytes > budgetBytes;
    }

    int clears() {
        return clears;
    }

    long created() {
        return created;
    }

    int stateCount() {
        return stateCount;
    }

    /** Drops every state (ids become invalid). */
    void clear() {
        Arrays.fill(states, 0, stateCount, null);
        Arrays.fill(trans, 0, stateCount * classCount, -1);
        stateCount = 0;
        initialId = -1;
        index.clear();
        bytes = 0;
        clears++;
    }

    DfaState state(int id) {
        return states[id];
    }

    /**
     * Whether some regex may match the empty string somewhere (its start reaches a match when every
     * assertion holds): only then can a match start where the state is empty.
     */
    boolean mayMatchEmpty() {
        if (mayMatchEmpty == 0) {
            mayMatchEmpty = -1;
            for (int r = 0; r < prog.regexCount() && mayMatchEmpty < 0; r++) {
                closure.reset();
                int n = closure.expand(prog.starts[r], used, leafBuf, 0);
                for (int i = 0; i < n; i++) {
                    if (prog.op[leafBuf[i]] == Prog.MATCH) {
                        mayMatchEmpty = 1;
                        break;
                    }
                }
            }
        }
        return mayMatchEmpty > 0;
    }

    private int mayMatchEmpty; // 0 unknown, 1 yes, -1 no

    /** Whether state {@code id} holds no instruction. */
    boolean isEmpty(int id) {
        return empty[id];
    }

    /** Programs up to this size give each state a bit set of its instructions, for a one-load membership test. */
    private static final int BITSET_MAX_PROG = 8192;

    private long[] bitsetFor(int[] insts) {
        if (prog.size() > BITSET_MAX_PROG) {
            return null;
        }
        long[] bits = new long[(prog.size() + 63) >>> 6];
        for (int i : insts) {
            bits[i >>> 6] |= 1L << i;
        }
        return bits;
    }

    /** The state with these instructions (sorted) and descriptor, created if need be. */
    int intern(int[] insts, int desc) {
        DfaState.Key key = new DfaState.Key(insts, desc);
        Integer id = index.get(key);
        if (id != null) {
            return id;
        }
        DfaState s = new DfaState(insts, desc, stateCount, bitsetFor(insts));
        if (stateCount == states.length) {
            states = Arrays.copyOf(states, stateCount * 2);
            empty = Arrays.copyOf(empty, stateCount * 2);
        }
        int need = (stateCount + 1) * classCount;
        if (trans.length < need) {
            int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * trans.length));
            int old = trans.length;
            trans = Arrays.copyOf(trans, grown);
            Arrays.fill(trans, old, grown, -1);
        }
        empty[stateCount] = insts.length == 0;
        states[stateCount++] = s;
        index.put(key, s.id);
        bytes += s.bytes(classCount) + 48;
        created++;
        return s.id;
    }

    /** The state at the end of the text: no byte, nothing accepted. */
    int initial() {
        if (initialId < 0) {
            initialId = intern(new int[0], 0);
        }
        return initialId;
    }

    private int initialId = -1;

    /** The state at p - 1, from the state {@code id} at p and the byte {@code b} at p - 1. */
    int step(int id, int b) {
        int at = id * classCount + classOf[b];
        int next = trans[at];
        if (next >= 0) {
            return next;
        }
        next = computeStep(states[id], b);
        trans[at] = next; // computeStep may have grown trans, but never moves an entry
        return next;
    }

    private int computeStep(DfaState s, int b) {
        int mask = Assertion.maskOf(Assertion.describe(b, false) & descMask, s.desc) & used;
        MaskData md = maskData(mask);
        int g = nextGen();
        int nr = 0;
        for (int y : s.insts) {
            int[] src = md.sources[y];
            if (src != null) {
                for (int x : src) {
                    if (markR[x] != g) {
                        markR[x] = g;
                        nr = pushR(nr, x);
                    }
                }
            }
        }
        for (int x : md.alwaysR) {
            if (markR[x] != g) {
                markR[x] = g;
                nr = pushR(nr, x);
            }
        }
        int nc = 0;
        for (int i = 0; i < nr; i++) {
            int[] ps = preds[listR[i]];
            if (ps == null) {
                continue;
            }
            for (int c : ps) {
                if (markC[c] != g && prog.accepts(c, b)) {
                    markC[c] = g;
                    if (nc == listC.length) {
                        listC = Arrays.copyOf(listC, nc * 2);
                    }
                    listC[nc++] = c;
                }
            }
        }
        int[] q = Arrays.copyOf(listC, nc);
        Arrays.sort(q);
        int desc = Assertion.describe(b, s.desc == 0) & descMask;
        return intern(q, desc);
    }

    private int pushR(int nr, int x) {
        if (nr == listR.length) {
            listR = Arrays.copyOf(listR, nr * 2);
        }
        listR[nr] = x;
        return nr + 1;
    }

    private int nextGen() {
        if (++gen == Integer.MAX_VALUE) {
            Arrays.fill(markR, 0);
            Arrays.fill(markC, 0);
            gen = 1;
        }
        return gen;
    }

    /** The leaves of the closure of entry {@code x} under {@code mask}, in priority order. */
    int[] leaves(int x, int mask) {
        int[] l = leavesTable(mask)[x];
        return l != null ? l : computeLeaves(x, mask);
    }

    /** The leaves table of a mask: index it by entry instruction; a null entry is not computed yet. */
    int[][] leavesTable(int mask) {
        int k = slot(mask);
        int[][] t = leavesBySlot[k];
        if (t == null) {
            t = leavesBySlot[k] = new int[prog.size()][];
        }
        return t;
    }

    int[] computeLeaves(int x, int mask) {
        int[][] table = leavesTable(mask);
        closure.reset();
        int n = closure.expand(x, mask, leafBuf, 0);
        int[] l = Arrays.copyOf(leafBuf, n);
        table[x] = l;
        return l;
    }

    private MaskData maskData(int mask) {
        MaskData md = bySlot[slot(mask)];
        if (md != null) {
            return md;
        }
        int n = prog.size();
        int[] count = new int[n];
        for (int x : entries) {
            for (int y : leaves(x, mask)) {
                count[y]++;
            }
        }
        int[][] sources = new int[n][];
        for (int y = 0; y < n; y++) {
            if (count[y] > 0) {
                sources[y] = new int[count[y]];
                count[y] = 0;
            }
        }
        for (int x : entries) {
            for (int y : leaves(x, mask)) {
                sources[y][count[y]++] = x;
            }
        }
        boolean[] always = new boolean[n];
        List<Integer> alwaysR = new ArrayList<>();
        for (int y = 0; y < n; y++) {
            if (prog.op[y] == Prog.MATCH && sources[y] != null) {
                for (int x : sources[y]) {
                    if (!always[x]) {
                        always[x] = true;
                        alwaysR.add(x);
                    }
                }
            }
        }
        List<Integer> alwaysStart = new ArrayList<>();
        for (int r = 0; r < prog.regexCount(); r++) {
            if (always[prog.starts[r]]) {
                alwaysStart.add(r);
            }
        }
        md = new MaskData(sources, alwaysR.stream().mapToInt(Integer::intValue).toArray(),
                alwaysStart.stream().mapToInt(Integer::intValue).toArray());
        bySlot[slot(mask)] = md;
        return md;
    }

    /** The index of a mask of used assertions in the per-mask tables. */
    private int slot(int mask) {
        return Integer.compress(mask, used);
    }

    /** The regexes (indices, ascending) that can start a match at a position in state {@code id} under {@code mask}. */
    int[] startable(int id, int mask) {
        DfaState s = states[id];
        int k = slot(mask);
        int[][] cached = s.startable;
        if (cached == null) {
            cached = s.startable = new int[maskSlots][];
            bytes += 16 + 4L * maskSlots;
        }
        int[] r = cached[k];
        if (r == null) {
            MaskData md = maskData(mask);
            int g = nextGen();
            int[] found = new int[8];
            int nf = 0;
            for (int y : s.insts) {
                int[] src = md.sources[y];
                if (src == null) {
                    continue;
                }
                for (int x : src) {
                    int rx = regexOfStart[x];
                    if (rx >= 0 && markR[x] != g) {
                        markR[x] = g;
                        if (nf == found.length) {
                            found = Arrays.copyOf(found, nf * 2);
                        }
                        found[nf++] = rx;
                    }
                }
            }
            for (int rx : md.alwaysStartable) {
                int x = prog.starts[rx];
                if (markR[x] != g) {
                    markR[x] = g;
                    if (nf == found.length) {
                        found = Arrays.copyOf(found, nf * 2);
                    }
                    found[nf++] = rx;
                }
            }
            r = Arrays.copyOf(found, nf);
            Arrays.sort(r);
            cached[k] = r;
            bytes += 16 + 4L * nf;
        }
        return r;
    }
}
