package dev.trawl.engine.cpu;

import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.Prefilter;

/**
 * The prefilter-then-verify walk of {@link AhoCorasickSearcher}: one automaton walk over a block
 * that a {@link Prefilter} moves from candidate to candidate, stopping at each match state. Counting,
 * reporting and first-match all drive this one loop and differ only in what they do with a match;
 * the per-record answers ({@link AhoCorasickRecords}) walk each record from a candidate with it.
 *
 * <p>At position i in a dense state of depth d, the pattern prefix in progress began at i - d, and
 * no match can start earlier. Whenever that start has moved past the last candidate, the filter is
 * asked for the first candidate at or after i - d: none before the bound ends the block; one at or
 * after i means no match starts in [i - d, that candidate), so the walk jumps there in the start
 * state; one before i lies inside the prefix in progress, and the walk goes on. In a sparse state
 * the depth is not stored, so the walk just goes on. When the walk has taken more than
 * {@value #GIVE_UP_STEPS} steps and more than one per four bytes, the filter is not paying: the walk
 * stops and the caller walks the rest of the block plainly from where it stopped.
 *
 * <p>Shape, as measured on the hero names (Teddy, a match every 460 bytes of the Iliad), one
 * thread: the loop keeps its state in locals and hands every match state back to its caller;
 * noting matches in a batch instead measured the same (count and scan 4.6-5.2 GB/s either way, as
 * with three copies of the loop). The walk counts the bytes it jumps over, not the steps it takes,
 * so the step loop carries one variable less (first-match 4.35 against 4.20 GB/s counting steps).
 * One walk is made per block where it is used and never leaves that method, so the JIT keeps it in
 * registers: first-match, called once per line, allocates nothing.
 */
final class AhoCorasickPrefilteredWalk {
    /** {@link #next}: no match starts in the rest of the block. */
    static final int DONE = -1;
    /** {@link #next}: the filter is not paying; go on plainly from {@link #position} in {@link #state}. */
    static final int GAVE_UP = -2;
    /** Automaton steps a walk always allows itself before judging whether the filter pays. */
    static final int GIVE_UP_STEPS = 4096;

    private static final int MASK = AhoCorasickAutomaton.STATE_MASK;

    private final AhoCorasickAutomaton ac;
    private final int[] classOf;
    private final int[] table;
    private final int denseEnd;
    private final int start;
    private final Prefilter prefilter;
    private final int giveUpSteps;

    private final byte[] a;
    private final int p;
    private final int bound;
    private final int end;
    private final int limit; // what the filter may read: end, or more
    private int i;
    private int s;
    private int cand;
    private int skipped; // bytes jumped over: the walk stepped through i - p - skipped

    /**
     * A walk of {@code ac} driven by {@code prefilter} over the block of starts
     * {@code a[p .. p + starts)}, reading up to {@code a[p + avail)}, from the start state;
     * {@code mayGiveUp}: whether it stops when the filter does not pay (first-match walks short
     * blocks and never does).
     */
    AhoCorasickPrefilteredWalk(AhoCorasickAutomaton ac, Prefilter prefilter, boolean mayGiveUp, byte[] a, int p,
            int starts, int avail) {
        this(ac, prefilter, mayGiveUp, a, p, p + starts, p + avail, p + avail, p - 1);
    }

    /**
     * A walk of one record {@code a[candidate .. end)} from a candidate the filter has named
     * already, so the first step asks it nothing; the filter may read up to {@code limit} (past the
     * record: a vectorised filter scans its last bytes one at a time), the walk never steps past
     * {@code end}. It never gives up.
     */
    static AhoCorasickPrefilteredWalk ofRecord(AhoCorasickAutomaton ac, Prefilter prefilter, byte[] a, int candidate,
            int end, int limit) {
        return new AhoCorasickPrefilteredWalk(ac, prefilter, false, a, candidate, end, end, limit, candidate);
    }

    private AhoCorasickPrefilteredWalk(AhoCorasickAutomaton ac, Prefilter prefilter, boolean mayGiveUp, byte[] a,
            int p, int bound, int end, int limit, int cand) {
        this.ac = ac;
        this.classOf = ac.classTable();
        this.table = ac.table();
        this.denseEnd = ac.denseEnd();
        this.start = ac.start();
        this.prefilter = prefilter;
        this.giveUpSteps = mayGiveUp ? GIVE_UP_STEPS : Integer.MAX_VALUE;
        this.a = a;
        this.p = p;
        this.bound = bound;
        this.end = end;
        this.limit = limit;
        this.i = p;
        this.s = start;
        this.cand = cand;
    }

    /**
     * Walks on to the next match state and returns it ({@link #position} is then just past the
     * match's last byte; its outputs may start at or after the bound), or {@link #DONE}, or
     * {@link #GAVE_UP}.
     */
    int next() {
        Prefilter f = prefilter;
        byte[] a = this.a;
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int bound = this.bound;
        int end = this.end;
        int limit = this.limit;
        int i = this.i;
        int s = this.s;
        int cand = this.cand;
        int skipped = this.skipped;
        while (true) {
            if (s < dense && i - t[s - 3] > cand) {
                int steps = i - p - skipped;
                if (steps > giveUpSteps && steps > (i - p) >>> 2) {
                    this.i = i;
                    this.s = s;
                    return GAVE_UP;
                }
                int q = f.next(a, i - t[s - 3], bound, limit);
                if (q >= bound) {
                    this.i = i;
                    this.skipped = skipped;
                    return DONE;
                }
                cand = q;
                if (q >= i) {
                    skipped += q - i;
                    i = q;
                    s = start;
                }
            }
            if (i >= end) {
                this.i = i;
                this.skipped = skipped;
                return DONE;
            }
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            i++;
            if (v < 0) {
                this.i = i;
                this.s = s;
                this.cand = cand;
                this.skipped = skipped;
                return s;
            }
        }
    }

    /**
     * Goes on from {@code a[q]} (before the end) in the start state, the bytes up to it counted as
     * jumped over: a record count that has found a record's match skips the rest of that record.
     */
    void jumpTo(int q) {
        skipped += q - i;
        i = q;
        s = start;
        cand = q - 1;
    }

    /** Where the walk stands: just past the match {@link #next} returned, or where it gave up. */
    int position() {
        return i;
    }

    /** The automaton steps taken so far: the bytes walked through, not jumped over. */
    int steps() {
        return i - p - skipped;
    }

    /** The state the walk stands in (after {@link #GAVE_UP}). */
    int state() {
        return s;
    }
}
