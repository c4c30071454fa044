package dev.trawl.engine.cpu;

import static dev.trawl.engine.cpu.AhoCorasickRecordWalks.ANY;
import static dev.trawl.engine.cpu.AhoCorasickRecordWalks.COUNT;
import static dev.trawl.engine.cpu.AhoCorasickRecordWalks.FIRST;
import static dev.trawl.engine.cpu.AhoCorasickRecordWalks.MATCHES;

import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.scan.RecordCursor;
import dev.trawl.scan.RecordScan;
import dev.trawl.scan.RecordVisitor;
import dev.trawl.scan.TextWindow;
import java.lang.foreign.MemorySegment;

/**
 * The per-record answers of {@code cpu:aho-corasick} ({@link RecordScan.RecordAnswers}): the
 * automaton restarts in its start state at each record's start and stops at its end, so no match
 * crosses a record and none has to be found, placed and dropped; {@code anyMatch} and
 * {@code firstMatch} leave a record at its first match (the first to start: see
 * {@link AhoCorasickRecordWalks#earliest}) and go on at the next record's start without rescanning;
 * {@code countPerRecord} adds output counts without materialising a match, and {@code matches}
 * (for {@code matchedPatterns}) hands them on unordered.
 *
 * <h2>Walks</h2>
 * Without a prefilter, four records are walked in lockstep ({@link AhoCorasickRecordWalks}). With
 * one, the filter runs over the bytes of many records at once, so records without a candidate cost
 * only the filter; at a candidate, the record that holds it is found ({@link RecordCursor},
 * galloping over the records skipped) and walked from the candidate to its end by
 * {@link AhoCorasickPrefilteredWalk}, which asks the filter again inside the record; then the
 * filter goes on at the record's end. Records longer than {@value #LONG_RECORD_BYTES} bytes are
 * texts of their own for {@link AhoCorasickSearcher} (four interleaved walks, a filter that gives
 * up when it does not pay). Memory the {@link TextWindow} cannot view in place (a mapped file) is
 * copied a window of records at a time.
 *
 * <h2>Measured</h2>
 * The 16 loghub {@code *_2k.log} files replayed to 53.5 MB (384,000 lines, on heap,
 * {@code Records.lines}), million lines per second, the generic path (one ordered scan of all the
 * records' bytes, each match put in its record, crossers dropped) -&gt; this one, and the
 * whole-text {@code count} for reference; one thread timed by its CPU time (a shared 2-core
 * machine), two by the wall clock:
 * <pre>
 *                              anyMatch      firstMatch    countPerRecord  matchedPatterns  count
 * 5 words (Teddy), 1 thread    24.8 -&gt; 40.3  24.5 -&gt; 35.5  24.4 -&gt; 25.6    15.9 -&gt; 18.0     33.6
 *                 2 threads    50.0 -&gt; 78.3  49.6 -&gt; 68.9  49.6 -&gt; 51.3    37.5 -&gt; 36.8     66.0
 * 1,000 log tokens, 1 thread   2.93 -&gt; 10.1  2.95 -&gt; 9.12  2.91 -&gt; 4.16    2.53 -&gt; 2.65     5.82
 *                 2 threads    5.68 -&gt; 19.9  5.61 -&gt; 18.0  5.63 -&gt; 7.97    4.87 -&gt; 5.06     11.5
 * </pre>
 * The 5 words are error, session, Connection, failed, INFO (36% of lines match); the 1,000 tokens
 * are words of those logs (90% of lines match, 4 per line). Leaving a record at its first match
 * pays most where matches are dense; counting pays by dropping the ordered buffers, not by
 * walking faster (see {@link AhoCorasickRecordWalks} for what a record's end costs the lanes).
 * From a mapped file (copied a window at a time), one thread: 5 words anyMatch 20.3 -&gt; 28.4,
 * countPerRecord 20.3 -&gt; 20.1; 1,000 tokens anyMatch 2.77 -&gt; 9.65, countPerRecord 2.83 -&gt; 3.86.
 * A filter forced to fire on most lines (a 1-byte fingerprint of the 5 words) gives up, and counts
 * in 152 ms against 147 without a filter (163 before the give-up), over 87 MB.
 */
final class AhoCorasickRecords implements RecordScan.RecordAnswers {
    /** Records longer than this go to the whole-text searcher, one at a time. */
    static final long LONG_RECORD_BYTES = AhoCorasickSearcher.BLOCK_BYTES / 4;
    /**
     * Bytes of records copied at a time from memory that cannot be viewed in place (at least a long
     * record): the whole-text searcher's block, which stays in cache.
     */
    static final long WINDOW_BYTES = AhoCorasickSearcher.BLOCK_BYTES;
    /** Steps the counting walks with a filter always take before judging whether it pays. */
    static final long GIVE_UP_STEPS = AhoCorasickPrefilteredWalk.GIVE_UP_STEPS;

    private final AhoCorasickSearcher searcher;
    private final AhoCorasickAutomaton ac;
    private final Prefilter prefilter; // null: none
    private final LiteralConfirm confirm; // null: candidates are confirmed by the walk
    private final AhoCorasickRecordWalks walks;
    private final long longRecordBytes;
    private final long windowBytes;
    private final long giveUpSteps;

    AhoCorasickRecords(AhoCorasickSearcher searcher) {
        this(searcher, LONG_RECORD_BYTES, WINDOW_BYTES, GIVE_UP_STEPS);
    }

    /**
     * With other sizes (tests use tiny ones, so that windows end inside records, long records come
     * often and filters give up early).
     */
    AhoCorasickRecords(AhoCorasickSearcher searcher, long longRecordBytes, long windowBytes, long giveUpSteps) {
        if (windowBytes < longRecordBytes) {
            throw new IllegalArgumentException("a window must hold any record that is not long");
        }
        this.searcher = searcher;
        this.ac = searcher.automaton();
        this.prefilter = searcher.prefilter();
        this.confirm = searcher.confirm();
        this.walks = new AhoCorasickRecordWalks(ac, longRecordBytes);
        this.longRecordBytes = longRecordBytes;
        this.windowBytes = windowBytes;
        this.giveUpSteps = giveUpSteps;
    }

    @Override
    public void anyMatch(Records records, int from, int to, boolean[] out) {
        run(ANY, records, from, to, out, null);
    }

    @Override
    public void firstMatch(Records records, int from, int to, int[] out) {
        run(FIRST, records, from, to, out, null);
    }

    @Override
    public void countPerRecord(Records records, int from, int to, long[] out) {
        run(COUNT, records, from, to, out, null);
    }

    @Override
    public void matches(Records records, int from, int to, RecordVisitor visitor) {
        run(MATCHES, records, from, to, null, visitor);
    }

    /**
     * Answers {@code op} for records {@code [from, to)}: window by window of their bytes (all of them
     * at once when the data is viewed in place), long records one by one by the whole-text searcher.
     */
    private void run(int op, Records records, int from, int to, Object out, RecordVisitor visitor) {
        if (from >= to) {
            return;
        }
        TextWindow w = TextWindow.borrowing(records.data());
        try {
            run(op, records, from, to, out, visitor, w);
        } finally {
            w.release();
        }
    }

    private void run(int op, Records records, int from, int to, Object out, RecordVisitor visitor, TextWindow w) {
        long last = records.end(to - 1);
        for (int r = from; r < to;) {
            long s = records.start(r);
            long e = records.end(r);
            if (e - s > longRecordBytes) {
                longRecord(op, records, r, s, e, out, visitor);
                r++;
                continue;
            }
            long hi = w.onHeap() ? last : Math.min(last, s + windowBytes);
            w.load(s, hi);
            long delta = w.offset() - s; // a data position's index in the window: position + delta
            if (prefilter != null) {
                r = filtered(op, records, r, to, hi, w.bytes(), delta, out, visitor);
                if (r >= 0) {
                    continue;
                }
                r = -r - 1; // the filter did not pay: the rest of the window in lockstep
            }
            r = walks.lockstep(op, records, r, to, hi, w.bytes(), delta, out, visitor);
        }
    }

    /** A record too long for a window: a text of its own for the whole-text searcher. */
    private void longRecord(int op, Records records, int r, long s, long e, Object out, RecordVisitor visitor) {
        MemorySegment data = records.data();
        MemorySegment record = data.asSlice(s, e - s);
        switch (op) {
            case ANY -> ((boolean[]) out)[r] = searcher.firstMatchEnd(data, s, e) >= 0;
            case FIRST -> {
                // The earliest-starting match starts before the earliest end; the ordered search
                // of the starts before that end reports it first.
                long firstEnd = searcher.firstMatchEnd(data, s, e);
                if (firstEnd >= 0) {
                    int[] id = {-1};
                    searcher.search(record, 0, firstEnd - s, (pid, ms, me) -> {
                        id[0] = pid;
                        return false;
                    });
                    ((int[]) out)[r] = id[0];
                }
            }
            case COUNT -> ((long[]) out)[r] = searcher.count(record, 0, e - s);
            default -> searcher.search(record, 0, e - s, (pid, ms, me) -> {
                visitor.onMatch(r, pid, ms, me);
                return true;
            });
        }
    }

    /**
     * The op over the window's records (from {@code r}, ending by {@code hi}, not long) with the
     * prefilter: one filter call finds the next candidate across any number of records; the record
     * holding it is walked from there to its end, and the filter goes on at that end. Returns the
     * first record it did not take, or {@code -1 - r} when it gave up before record r: once the
     * counting walks have taken more than {@value #GIVE_UP_STEPS} steps and more than one per four
     * bytes passed, the filter is not paying (as the whole-text walk judges it), and the records
     * in lockstep do better.
     */
    private int filtered(int op, Records records, int r, int to, long hi, byte[] a, long delta, Object out,
            RecordVisitor visitor) {
        Prefilter f = prefilter;
        RecordCursor c = new RecordCursor(records, r, to);
        int limit = (int) (hi + delta);
        int i = (int) (c.start() + delta);
        int first = i;
        long steps = 0; // automaton steps of the counting walks so far
        while (true) {
            int q = f.next(a, i, limit, limit);
            if (q >= limit) {
                // No candidate in the rest of the window: go on at the first record not inside it.
                int k = c.recordOf(hi - 1);
                return c.end() > hi ? k : k + 1;
            }
            int rec = c.recordOf(q - delta);
            long s = c.start();
            long e = c.end();
            if (e > hi || e - s > longRecordBytes) {
                return rec;
            }
            int end = (int) (e + delta);
            if (q >= end) {
                i = q + 1; // a candidate between records
                continue;
            }
            if ((op == COUNT || op == MATCHES) && steps > giveUpSteps && steps > (q - first) >>> 2) {
                return -1 - rec;
            }
            if (confirm != null && op != COUNT && op != MATCHES) {
                // The first candidate that holds a match is the record's earliest start; the
                // confirmation gives the lowest id there. A near miss: on from the next byte.
                int id = confirm.firstAt(a, q, end);
                if (id < 0) {
                    i = q + 1;
                    continue;
                }
                if (op == ANY) {
                    ((boolean[]) out)[rec] = true;
                } else {
                    ((int[]) out)[rec] = id;
                }
                i = end;
                continue;
            }
            // The filter may read on past the record (a vectorised one scans a record's last bytes
            // one at a time otherwise); the walk stops at its end.
            AhoCorasickPrefilteredWalk walk = AhoCorasickPrefilteredWalk.ofRecord(ac, f, a, q, end, limit);
            switch (op) {
                case ANY -> {
                    if (walk.next() >= 0) {
                        ((boolean[]) out)[rec] = true;
                    }
                }
                case FIRST -> {
                    int st = walk.next();
                    if (st >= 0) {
                        ((int[]) out)[rec] = walks.earliest(a, walk.position(), st, end);
                    }
                }
                case COUNT -> {
                    long n = 0;
                    for (int st; (st = walk.next()) >= 0;) {
                        n += walks.outputCount(st);
                    }
                    ((long[]) out)[rec] = n;
                    steps += walk.steps();
                }
                default -> {
                    int recordStart = (int) (s + delta);
                    int[] t = ac.table();
                    for (int st; (st = walk.next()) >= 0;) {
                        walks.report(rec, t[st - 1], walk.position() - recordStart, visitor);
                    }
                    steps += walk.steps();
                }
            }
            i = end;
        }
    }
}
