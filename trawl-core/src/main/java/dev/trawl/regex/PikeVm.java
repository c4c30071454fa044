package dev.trawl.regex;

/**
 * The Pike VM: simulates a {@link Prog} on all its threads in lock step, one byte at a time, keeping
 * at most one thread per instruction, ordered by priority, so a search costs O(text x program) with
 * no backtracking whatever the regex. Leftmost-first: threads that started earlier rank first, and
 * within one start the order of Java's backtracking (earlier alternatives and greedy choices
 * first); when a thread matches, the threads below it are cut and no new start is tried, and the
 * search ends when the threads above it have died too.
 *
 * <p>A search reads on past the end of its match until the higher-priority threads die, and the
 * next search starts again at that end: iterating over all matches can re-read that stretch, which
 * stays linear for patterns whose alternatives agree early but can be O(n^2) for ones such as
 * {@code a.*z|a} over a long run of {@code a}s. {@link LazyDfa} has no such case.
 *
 * <p>Not thread-safe: one instance per scanning thread (it owns the thread lists).
 */
public final class PikeVm {
    private final Prog prog;
    private final int[] op;
    private final int[] out;
    private final boolean assertions;
    private final Closure closure;
    private int[] cPc;
    private long[] cStart;
    private int cCount;
    private int[] nPc;
    private long[] nStart;
    private int nCount;
    private long matchStart;
    private long matchEnd;

    public PikeVm(Prog prog) {
        this.prog = prog;
        this.op = prog.op;
        this.out = prog.out;
        this.assertions = prog.assertions != 0;
        int size = prog.size();
        this.closure = new Closure(prog);
        this.cPc = new int[size];
        this.cStart = new long[size];
        this.nPc = new int[size];
        this.nStart = new long[size];
    }

    public long matchStart() {
        return matchStart;
    }

    public long matchEnd() {
        return matchEnd;
    }

    /**
     * Finds the leftmost-first match of regex {@code regex} that starts at or after {@code from}
     * (a position in {@code [text.start, text.end]}).
     *
     * @return whether one was found; then {@link #matchStart()} and {@link #matchEnd()} tell where
     */
    public boolean search(int regex, Text text, long from) {
        int startInst = prog.starts[regex];
        long end = text.end();
        boolean matched = false;
        long p = from;
        closure.reset();
        cCount = 0;
        while (true) {
            if (!matched && text.boundary(p)) {
                cCount = add(cPc, cStart, cCount, startInst, p, maskAt(text, p));
            }
            if (cCount == 0) {
                if (matched || p >= end) {
                    break;
                }
                p++;
                closure.reset();
                continue;
            }
            closure.reset();
            nCount = 0;
            int b = p < end ? text.byteAt(p) : -1;
            int nextMask = -1;
            for (int i = 0; i < cCount; i++) {
                int pc = cPc[i];
                if (op[pc] == Prog.MATCH) {
                    matched = true;
                    matchStart = cStart[i];
                    matchEnd = p;
                    break;
                }
                if (b >= 0 && prog.accepts(pc, b)) {
                    if (nextMask < 0) {
                        nextMask = maskAt(text, p + 1);
                    }
                    nCount = add(nPc, nStart, nCount, out[pc], cStart[i], nextMask);
                }
            }
            int[] tp = cPc;
            cPc = nPc;
            nPc = tp;
            long[] ts = cStart;
            cStart = nStart;
            nStart = ts;
            cCount = nCount;
            if (p >= end) {
                break;
            }
            p++;
        }
        return matched;
    }

    private int maskAt(Text text, long p) {
        return assertions ? text.assertionsAt(p) : 0;
    }

    private int add(int[] pcs, long[] starts, int count, int pc, long start, int mask) {
        int n = closure.expand(pc, mask, pcs, count);
        for (int i = count; i < n; i++) {
            starts[i] = start;
        }
        return n;
    }
}
