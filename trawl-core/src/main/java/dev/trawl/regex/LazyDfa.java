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
    private final Map<Integer, int[][]> leavesByMask = new HashMap<>();
    private int[][] lastLeaves;
    private int lastLeavesMask = -1;
    private final Map<Integer, MaskData> byMask = new HashMap<>();
    private DfaState[] states = new DfaState[64];
    private int stateCount;
    private final Map<DfaState.Key, Integer> index = new HashMap<>();
    private final Map<Long, int[]> startableCache = new HashMap<>();
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
        stateCount = 0;
        initialId = -1;
        index.clear();
        startableCache.clear();
        bytes = 0;
        clears++;
    }

    DfaState state(int id) {
        return states[id];
    }

    /** The state with these instructions (sorted) and descriptor, created if need be. */
    int intern(int[] insts, int desc) {
        DfaState.Key key = new DfaState.Key(insts, desc);
        Integer id = index.get(key);
        if (id != null) {
            return id;
        }
        DfaState s = new DfaState(insts, desc, stateCount, classCount);
        if (stateCount == states.length) {
            states = Arrays.copyOf(states, stateCount * 2);
        }
        states[stateCount++] = s;
        index.put(key, s.id);
        bytes += s.bytes() + 48;
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
        DfaState s = states[id];
        int c = classOf[b];
        int next = s.next[c];
        if (next >= 0) {
            return next;
        }
        next = computeStep(s, b);
        states[id].next[c] = next;
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
        return leavesTable(mask)[x] != null ? lastLeaves[x] : computeLeaves(x, mask);
    }

    /** The leaves table of a mask: index it by entry instruction; a null entry is not computed yet. */
    int[][] leavesTable(int mask) {
        if (mask != lastLeavesMask) {
            lastLeaves = leavesByMask.computeIfAbsent(mask, m -> new int[prog.size()][]);
            lastLeavesMask = mask;
        }
        return lastLeaves;
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
        MaskData md = byMask.get(mask);
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
        byMask.put(mask, md);
        return md;
    }

    /** The regexes (indices, ascending) that can start a match at a position in state {@code id} under {@code mask}. */
    int[] startable(int id, int mask) {
        DfaState s = states[id];
        if (s.startableMask == mask) {
            return s.startable;
        }
        long key = (long) id << 8 | mask;
        int[] r = startableCache.get(key);
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
            startableCache.put(key, r);
            bytes += 64 + 4L * nf;
        }
        s.startableMask = mask;
        s.startable = r;
        return r;
    }
}
