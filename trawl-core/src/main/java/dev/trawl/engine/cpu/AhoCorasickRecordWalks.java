package dev.trawl.engine.cpu;

import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.scan.RecordVisitor;
import java.util.Arrays;

/**
 * The automaton walks inside records for {@link AhoCorasickRecords}: each walk starts in the start
 * state at a record's start (or at a candidate inside it) and stops at its end, so every match it
 * meets lies inside the record.
 *
 * <h2>Four records in lockstep</h2>
 * A step is one dependent load ({@code table[state + class]}), so one walk waits on each load; the
 * whole-text scan walks four parts of a range in lockstep for that reason, and so do the records
 * here: four lanes, each walking its own record, taking the next record when its own is done. A
 * stretch steps all four as far as the nearest record end: counting without a test per step (the
 * dense states' output counts added branch-free), the other answers testing the four values'
 * match bits together and leaving the stretch at a match. When the window's records run out, the
 * lanes still busy finish one walk each.
 *
 * <p>Measured on 1,000 log tokens over 53.5 MB of loghub lines (one thread): counting per record
 * takes 92 ms in lanes against 143 for one walk per record, and the whole-text count takes 66. The
 * gap is the records' ends: each ends a stretch (a refill, a short loop, a mispredicted exit) and
 * costs about 80 ns, which a 137-byte line does not hide; keeping the lanes in locals and testing
 * the four ends at every step measured slower (108 and 124 ms). For an automaton that fits in L1
 * (5 words, no filter) one walk per record did better (130 against 148 ms over 87 MB), but such sets
 * get a prefilter, and {@link AhoCorasickRecords} walks those its own way.
 *
 * <h2>The first match to start</h2>
 * The automaton reports a match when it ends, and the first match to end is not always the first
 * to start ({@code "bc"} ends before {@code "abcd"} in {@code "abcd"}). {@link #earliest} goes on
 * from the first match state while a match starting at or before the best start so far could still
 * end: at most the longest pattern past that start, and not past the point where a dense state's
 * depth says every match still to end starts later.
 */
final class AhoCorasickRecordWalks {
    static final int ANY = 0;
    static final int FIRST = 1;
    static final int COUNT = 2;
    static final int MATCHES = 3;

    private static final int MASK = AhoCorasickAutomaton.STATE_MASK;
    private static final int LANES = 4;
    private static final int HIT_BITS = (1 << LANES) - 1;
    /** Steps {@link #stepToMatch} takes at most: its count shares an int with the lanes' bits. */
    private static final int MAX_STRETCH = 1 << 24;
    /** Steps between two walks of the noted match states ({@code matches}). */
    private static final int EVENT_STRETCH = 2048;

    private final AhoCorasickAutomaton ac;
    private final int[] classOf;
    private final int[] table;
    private final int denseEnd;
    private final int start;
    private final int[] outIds;
    private final int maxLength;
    private final boolean allDense;
    private final long longRecordBytes;

    /** Walks of {@code ac}; records longer than {@code longRecordBytes} are left to the caller. */
    AhoCorasickRecordWalks(AhoCorasickAutomaton ac, long longRecordBytes) {
        this.ac = ac;
        this.classOf = ac.classTable();
        this.table = ac.table();
        this.denseEnd = ac.denseEnd();
        this.start = ac.start();
        this.outIds = ac.outIds();
        this.maxLength = ac.maxLength();
        this.allDense = ac.allDense();
        this.longRecordBytes = longRecordBytes;
    }

    /**
     * Answers {@code op} for the records from {@code r} on (before {@code to}) that end inside the
     * window (by {@code hi}) and are not long, four in lockstep, and returns the first record it did
     * not take. {@code a[position + delta]} is the data's byte at {@code position}.
     */
    int lockstep(int op, Records records, int r, int to, long hi, byte[] a, long delta, Object out,
            RecordVisitor visitor) {
        Lanes l = new Lanes(records, r, to, hi, delta);
        long[] counts = op == COUNT ? (long[]) out : null;
        long[] ev = op == MATCHES ? new long[LANES * EVENT_STRETCH + LANES] : null;
        while (l.refill(counts)) {
            int m = l.stretch();
            if (op == COUNT) {
                if (allDense) {
                    stepCountingDense(a, l, m);
                } else {
                    stepCounting(a, l, m);
                }
                continue;
            }
            if (op == MATCHES) {
                // Match states noted per step, their outputs reported after each stretch.
                int[] t = table;
                for (int done = 0; done < m;) {
                    int steps = Math.min(m - done, EVENT_STRETCH);
                    int k = stepNotingMatches(a, l, steps, ev);
                    for (int e = 0; e < k; e++) {
                        long x = ev[e];
                        int j = (int) (x >>> 32) & 3;
                        // The lane is now past the stretch: step i ended at at - steps + i + 1.
                        int matchEnd = l.at[j] - l.first[j] - steps + (int) (x >>> 34) + 1;
                        report(l.rec[j], t[(int) x - 1], matchEnd, visitor);
                    }
                    done += steps;
                }
                continue;
            }
            while (m > 0) {
                int x = stepToMatch(a, l, Math.min(m, MAX_STRETCH));
                m -= x >>> LANES;
                for (int j = 0; j < LANES; j++) {
                    if ((x & 1 << j) != 0) {
                        int rec = l.rec[j];
                        int s = l.st[j];
                        if (op == ANY) {
                            ((boolean[]) out)[rec] = true;
                        } else {
                            ((int[]) out)[rec] = earliest(a, l.at[j], s, l.end[j]);
                        }
                        l.at[j] = l.end[j]; // the record is answered
                    }
                }
                if ((x & HIT_BITS) != 0) {
                    break; // a lane is free: hand it a record
                }
            }
        }
        for (int j = 0; j < LANES; j++) {
            int rec = l.rec[j];
            if (rec >= 0) { // a lane refill left busy: its record is not done
                finish(op, a, rec, l.at[j], l.end[j], l.first[j], l.st[j], l.n[j], out, visitor);
            }
        }
        return l.next;
    }

    /** The rest of one record, {@code a[i .. end)} from state {@code s}, by one walk. */
    private void finish(int op, byte[] a, int rec, int i, int end, int first, int s, long n, Object out,
            RecordVisitor visitor) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        while (i < end) {
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            i++;
            if (v < 0) {
                switch (op) {
                    case ANY -> {
                        ((boolean[]) out)[rec] = true;
                        return;
                    }
                    case FIRST -> {
                        ((int[]) out)[rec] = earliest(a, i, s, end);
                        return;
                    }
                    case COUNT -> n += outputCount(s);
                    default -> report(rec, t[s - 1], i - first, visitor);
                }
            }
        }
        if (op == COUNT) {
            ((long[]) out)[rec] = n;
        }
    }

    // ---------------------------------------------------------------- lanes

    /** Four walks' records, positions, states and counts, and the records still to hand out. */
    private final class Lanes {
        final int[] rec = new int[LANES]; // each lane's record, or -1
        final int[] at = new int[LANES]; // window index of the lane's next byte
        final int[] end = new int[LANES];
        final int[] first = new int[LANES]; // window index of the record's start
        final int[] st = new int[LANES];
        final long[] n = new long[LANES];
        private final Records records;
        private final long hi;
        private final long delta;
        int next;
        private int to;

        Lanes(Records records, int from, int to, long hi, long delta) {
            this.records = records;
            this.next = from;
            this.to = to;
            this.hi = hi;
            this.delta = delta;
            Arrays.fill(rec, -1);
        }

        /**
         * Hands the next records to lanes whose record is done (writing its count to {@code counts}
         * when counting); false when some lane is left without one, the window's records taken.
         */
        boolean refill(long[] counts) {
            boolean full = true;
            for (int j = 0; j < LANES; j++) {
                if (rec[j] >= 0 && at[j] == end[j]) {
                    if (counts != null) {
                        counts[rec[j]] = n[j];
                    }
                    rec[j] = -1;
                }
                while (rec[j] < 0 && next < to) {
                    long s = records.start(next);
                    long e = records.end(next);
                    if (e > hi || e - s > longRecordBytes) {
                        to = next; // the first record not for this window
                        break;
                    }
                    if (e > s) { // an empty record holds no match
                        rec[j] = next;
                        first[j] = (int) (s + delta);
                        at[j] = first[j];
                        end[j] = (int) (e + delta);
                        st[j] = start;
                        n[j] = 0;
                    }
                    next++;
                }
                full &= rec[j] >= 0;
            }
            return full;
        }

        /** Bytes every lane can step before the nearest record end. */
        int stretch() {
            return Math.min(Math.min(end[0] - at[0], end[1] - at[1]), Math.min(end[2] - at[2], end[3] - at[3]));
        }
    }

    /** Steps the four lanes {@code m} bytes on, counting; all states dense, so no branch per step. */
    private void stepCountingDense(byte[] a, Lanes l, int m) {
        int[] cls = classOf;
        int[] t = table;
        int[] at = l.at;
        int[] st = l.st;
        long[] n = l.n;
        int p0 = at[0];
        int p1 = at[1];
        int p2 = at[2];
        int p3 = at[3];
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        long n0 = n[0];
        long n1 = n[1];
        long n2 = n[2];
        long n3 = n[3];
        for (int k = 0; k < m; k++) {
            s0 = t[s0 + cls[a[p0 + k] & 0xFF]] & MASK;
            s1 = t[s1 + cls[a[p1 + k] & 0xFF]] & MASK;
            s2 = t[s2 + cls[a[p2 + k] & 0xFF]] & MASK;
            s3 = t[s3 + cls[a[p3 + k] & 0xFF]] & MASK;
            // A state's output count is 0 for most: added without a branch.
            n0 += t[s0 - 2];
            n1 += t[s1 - 2];
            n2 += t[s2 - 2];
            n3 += t[s3 - 2];
        }
        at[0] = p0 + m;
        at[1] = p1 + m;
        at[2] = p2 + m;
        at[3] = p3 + m;
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        n[0] = n0;
        n[1] = n1;
        n[2] = n2;
        n[3] = n3;
    }

    /** {@link #stepCountingDense} for automata with sparse states. */
    private void stepCounting(byte[] a, Lanes l, int m) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int[] at = l.at;
        int[] st = l.st;
        long[] n = l.n;
        int p0 = at[0];
        int p1 = at[1];
        int p2 = at[2];
        int p3 = at[3];
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        long n0 = n[0];
        long n1 = n[1];
        long n2 = n[2];
        long n3 = n[3];
        for (int k = 0; k < m; k++) {
            int c0 = cls[a[p0 + k] & 0xFF];
            int c1 = cls[a[p1 + k] & 0xFF];
            int c2 = cls[a[p2 + k] & 0xFF];
            int c3 = cls[a[p3 + k] & 0xFF];
            int v0 = s0 < dense ? t[s0 + c0] : ac.step(s0, c0);
            int v1 = s1 < dense ? t[s1 + c1] : ac.step(s1, c1);
            int v2 = s2 < dense ? t[s2 + c2] : ac.step(s2, c2);
            int v3 = s3 < dense ? t[s3 + c3] : ac.step(s3, c3);
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            if ((v0 | v1 | v2 | v3) < 0) {
                n0 += v0 < 0 ? outputCount(s0) : 0;
                n1 += v1 < 0 ? outputCount(s1) : 0;
                n2 += v2 < 0 ? outputCount(s2) : 0;
                n3 += v3 < 0 ? outputCount(s3) : 0;
            }
        }
        at[0] = p0 + m;
        at[1] = p1 + m;
        at[2] = p2 + m;
        at[3] = p3 + m;
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        n[0] = n0;
        n[1] = n1;
        n[2] = n2;
        n[3] = n3;
    }

    /**
     * Steps the four lanes up to {@code m} bytes on, stopping after a step that reaches a match
     * state in some lane: returns the steps taken {@code << LANES}, or'ed with the bits of the
     * lanes that reached one.
     */
    private int stepToMatch(byte[] a, Lanes l, int m) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int[] at = l.at;
        int[] st = l.st;
        int p0 = at[0];
        int p1 = at[1];
        int p2 = at[2];
        int p3 = at[3];
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int hits = 0;
        int k = 0;
        while (k < m) {
            int c0 = cls[a[p0 + k] & 0xFF];
            int c1 = cls[a[p1 + k] & 0xFF];
            int c2 = cls[a[p2 + k] & 0xFF];
            int c3 = cls[a[p3 + k] & 0xFF];
            int v0;
            int v1;
            int v2;
            int v3;
            if (Math.max(Math.max(s0, s1), Math.max(s2, s3)) < dense) {
                v0 = t[s0 + c0];
                v1 = t[s1 + c1];
                v2 = t[s2 + c2];
                v3 = t[s3 + c3];
            } else {
                v0 = s0 < dense ? t[s0 + c0] : ac.step(s0, c0);
                v1 = s1 < dense ? t[s1 + c1] : ac.step(s1, c1);
                v2 = s2 < dense ? t[s2 + c2] : ac.step(s2, c2);
                v3 = s3 < dense ? t[s3 + c3] : ac.step(s3, c3);
            }
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            k++;
            if ((v0 | v1 | v2 | v3) < 0) {
                hits = v0 >>> 31 | v1 >>> 31 << 1 | v2 >>> 31 << 2 | v3 >>> 31 << 3;
                break;
            }
        }
        at[0] = p0 + k;
        at[1] = p1 + k;
        at[2] = p2 + k;
        at[3] = p3 + k;
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return k << LANES | hits;
    }

    /**
     * Steps the four lanes {@code m} bytes on ({@code m <= EVENT_STRETCH}), noting each match state
     * reached in {@code ev} as {@code k << 34 | lane << 32 | state} for step k; returns the number
     * noted. Branch-free, as the whole-text scan's: a note is written for every lane and kept only
     * for a match state.
     */
    private int stepNotingMatches(byte[] a, Lanes l, int m, long[] ev) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int[] at = l.at;
        int[] st = l.st;
        int p0 = at[0];
        int p1 = at[1];
        int p2 = at[2];
        int p3 = at[3];
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int n = 0;
        for (int k = 0; k < m; k++) {
            int c0 = cls[a[p0 + k] & 0xFF];
            int c1 = cls[a[p1 + k] & 0xFF];
            int c2 = cls[a[p2 + k] & 0xFF];
            int c3 = cls[a[p3 + k] & 0xFF];
            int v0;
            int v1;
            int v2;
            int v3;
            if (Math.max(Math.max(s0, s1), Math.max(s2, s3)) < dense) {
                v0 = t[s0 + c0];
                v1 = t[s1 + c1];
                v2 = t[s2 + c2];
                v3 = t[s3 + c3];
            } else {
                v0 = s0 < dense ? t[s0 + c0] : ac.step(s0, c0);
                v1 = s1 < dense ? t[s1 + c1] : ac.step(s1, c1);
                v2 = s2 < dense ? t[s2 + c2] : ac.step(s2, c2);
                v3 = s3 < dense ? t[s3 + c3] : ac.step(s3, c3);
            }
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            if ((v0 | v1 | v2 | v3) < 0) {
                long x = (long) k << 34;
                ev[n] = x | s0;
                n += v0 >>> 31;
                ev[n] = x | 1L << 32 | s1;
                n += v1 >>> 31;
                ev[n] = x | 2L << 32 | s2;
                n += v2 >>> 31;
                ev[n] = x | 3L << 32 | s3;
                n += v3 >>> 31;
            }
        }
        at[0] = p0 + m;
        at[1] = p1 + m;
        at[2] = p2 + m;
        at[3] = p3 + m;
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return n;
    }

    // ---------------------------------------------------------------- matches

    /**
     * The id of the earliest-starting match of a record (the lowest id among those starting there),
     * given a walk's first match state {@code s}, reached just before {@code a[i]}; the record ends
     * before {@code a[end]}. A match starting at or before the best start so far ends at most
     * {@code maxLength} bytes after it, so the walk goes on that far; it stops sooner in a dense state
     * of depth d at i once i - d passes the best start, since every match still to end starts at
     * i - d or later.
     */
    int earliest(byte[] a, int i, int s, int end) {
        int[] cls = classOf;
        int[] t = table;
        int[] ids = outIds;
        int dense = denseEnd;
        int o = t[s - 1];
        int best = i - ids[o]; // the first segment is the longest: the earliest start ending here
        int id = ids[o + 1]; // and its lowest id
        int limit = (int) Math.min(end, (long) best + maxLength);
        while (i < limit) {
            if (s < dense && i - t[s - 3] > best) {
                break;
            }
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            i++;
            if (v < 0) {
                o = t[s - 1];
                int st = i - ids[o];
                if (st < best || st == best && ids[o + 1] < id) {
                    best = st;
                    id = ids[o + 1];
                    limit = (int) Math.min(end, (long) best + maxLength);
                }
            }
        }
        return id;
    }

    /** The patterns a state reports: its row's count when dense, its output list's length when sparse. */
    int outputCount(int s) {
        if (s < denseEnd) {
            return table[s - 2];
        }
        int[] ids = outIds;
        int n = 0;
        for (int i = table[s - 1];;) {
            int id;
            while ((id = ids[++i]) >= 0) {
                n++;
            }
            if (id == -1) {
                return n;
            }
            i = -id - 2;
        }
    }

    /** Reports the matches of output list {@code o}, ending at {@code end} (an offset inside record {@code r}). */
    void report(int r, int o, int end, RecordVisitor visitor) {
        int[] ids = outIds;
        for (int i = o;;) {
            int st = end - ids[i];
            int id;
            while ((id = ids[++i]) >= 0) {
                visitor.onMatch(r, id, st, end);
            }
            if (id == -1) {
                return;
            }
            i = -id - 2;
        }
    }
}
