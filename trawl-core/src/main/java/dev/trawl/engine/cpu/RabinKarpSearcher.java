package dev.trawl.engine.cpu;

import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.engine.cpu.RabinKarpTable.Group;
import dev.trawl.scan.FirstOccurrenceSearcher;
import dev.trawl.scan.RangeBytes;
import dev.trawl.scan.RangeSearcher;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The text side of {@code cpu:rabin-karp}: one pass over the text that rolls the hash of every width
 * in use ({@link RabinKarpTable}), looks each window up and verifies each hit. The pass serves four
 * ends: every match of a range ({@link #search}), their number ({@link #count}, no match
 * materialised), the earliest match end ({@link #firstMatchEnd}, stopping there), and the first
 * occurrence of each pattern per record ({@link #firstOccurrences}: each record rolled on its own; a
 * pattern is left at its first hit, a width once all its patterns have one, the record once all
 * patterns have).
 *
 * <p><b>Verification is bounded</b>, so that degenerate text (a run of one byte, patterns of that
 * byte) costs per window about what any text does: a bucket's patterns with one prefix compare it
 * once; duplicates are one entry; and a pattern that matched its period {@code q} bytes back has
 * only its last {@code q} bytes compared (the rest is the earlier match, shifted). So a run costs
 * one byte compare per window and pattern, not the pattern's length.
 */
final class RabinKarpSearcher implements RangeSearcher, FirstOccurrenceSearcher {
    private final RabinKarpTable table;
    private final byte[] fold;
    private final int maxLength;
    private final int minLength;

    RabinKarpSearcher(PatternSet patterns, RabinKarpEngine.RollingHash hash) {
        fold = FoldedPatterns.textFold(patterns);
        table = new RabinKarpTable(FoldedPatterns.bytes(patterns), hash);
        maxLength = patterns.maxLength();
        minLength = patterns.minLength();
    }

    @Override
    public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
        byte[] y = RangeBytes.copy(text, from, RangeBytes.readEnd(text, to, maxLength), fold);
        Pass pass = new Pass(table, Pass.REPORT);
        pass.sink = sink;
        pass.from = from;
        return roll(y, 0, (int) (to - from), y.length, pass);
    }

    @Override
    public long count(MemorySegment text, long from, long to) {
        byte[] y = RangeBytes.copy(text, from, RangeBytes.readEnd(text, to, maxLength), fold);
        Pass pass = new Pass(table, Pass.COUNT);
        roll(y, 0, (int) (to - from), y.length, pass);
        return pass.count;
    }

    /**
     * The earliest match end, searched in blocks that double from {@value #FIRST_BLOCK} bytes, so
     * that the work is in proportion to how far the first match lies (for {@code -c} and {@code -l},
     * once per matching line). The default, a search of the whole rest of the range per call, made
     * counting the Iliad's lines that name a hero take 37 s on one thread instead of 30 ms, and a run
     * of zeros cost every one of its matches.
     */
    @Override
    public long firstMatchEnd(MemorySegment text, long from, long limit) {
        long best = Long.MAX_VALUE;
        long block = FIRST_BLOCK;
        // A window starting at or past best - minLength cannot end before best.
        for (long pos = from; pos < limit && pos < best - minLength; pos += block, block = Math.min(2 * block, MAX_BLOCK)) {
            long stop = Math.min(limit, pos + block);
            byte[] y = RangeBytes.copy(text, pos, Math.min(limit, stop + maxLength - 1), fold);
            Pass pass = new Pass(table, Pass.EARLIEST_END);
            roll(y, 0, (int) (stop - pos), y.length, pass);
            if (pass.earliestEnd != Integer.MAX_VALUE) {
                best = Math.min(best, pos + pass.earliestEnd);
            }
        }
        return best == Long.MAX_VALUE ? -1 : best;
    }

    private static final int FIRST_BLOCK = 256;
    private static final int MAX_BLOCK = 1 << 20;

    @Override
    public void firstOccurrences(Records records, int from, int to, Sink sink) {
        long lo = records.start(from);
        byte[] y = RangeBytes.copyRecords(records, from, to, fold);
        Pass pass = new Pass(table, Pass.FIRST);
        pass.first = sink;
        for (int r = from; r < to; r++) {
            int start = (int) (records.start(r) - lo);
            int end = (int) (records.end(r) - lo);
            if (end > start) { // no pattern is empty
                pass.startRecord(r, start);
                roll(y, start, end, end, pass);
            }
        }
    }

    /**
     * Rolls every width over the windows that start in {@code [begin, stop)} and end by
     * {@code limit}, and verifies each hit; false when the pass said to stop. One pass over the text,
     * in blocks of {@value #BLOCK} bytes: each width rolls over a block while it sits in L1, its hash
     * in a register. Rolling all widths position by position kept the hashes in an array, and the
     * store-to-load latency on each hash's chain made the pass slower than one pass per width. A
     * block's matches come width by width; they are put in order (start, then id) before they are
     * reported, so that the chunk's buffer need not sort (left interleaved, they made a scan of a run
     * of zeros 1.6 times slower).
     */
    private boolean roll(byte[] y, int begin, int stop, int limit, Pass pass) {
        Group[] groups = table.groups;
        int[] active = pass.active;
        int[] lastStart = pass.lastStart;
        int na = 0;
        for (int g = 0; g < groups.length; g++) {
            int last = Math.min(stop - 1, limit - groups[g].width);
            if (last >= begin && !pass.groupDone(g)) {
                active[na++] = g;
                lastStart[g] = last;
            }
        }
        for (int from = begin; na > 0; from += BLOCK) {
            for (int k = 0; k < na; k++) {
                int g = active[k];
                pass.startRun();
                int last = Math.min(from + BLOCK - 1, lastStart[g]);
                int status = rollGroup(g, y, from, last, begin, limit, pass);
                if (status == STOP) {
                    return false;
                }
                if (status == DONE || last == lastStart[g]) {
                    active[k--] = active[--na];
                }
            }
            if (pass.mode == Pass.REPORT && !pass.flush()) {
                return false;
            }
            if (pass.mode == Pass.EARLIEST_END && (long) from + BLOCK + minLength >= pass.earliestEnd) {
                return true; // no later window can end sooner
            }
        }
        return true;
    }

    private static final int BLOCK = 4096;
    private static final int GO_ON = 0;
    private static final int DONE = 1; // the group's patterns all have their first occurrence
    private static final int STOP = 2;

    /** Rolls group {@code g}'s width over the windows starting in {@code [from, last]}. */
    private int rollGroup(int g, byte[] y, int from, int last, int begin, int limit, Pass pass) {
        Group group = table.groups[g];
        int w = group.width;
        int out = group.out;
        int base = table.hash.base();
        int keyMask = table.hash.keyMask();
        int filterShift = group.filterShift;
        long[] filter = group.filter;
        int j = from;
        int hv;
        if (j == begin) {
            hv = table.hash.roll(y, begin, w);
            int status = probe(g, hv & keyMask, y, j, limit, pass);
            if (status != GO_ON) {
                return status;
            }
            j++;
        } else {
            hv = pass.hash[g];
        }
        for (; j <= last; j++) {
            // (h - B^(w-1) * y[j-1]) * B + y[j+w-1], regrouped so that one multiply and one add depend
            // on the previous hash: the roll is latency-bound otherwise.
            hv = hv * base + ((y[j + w - 1] & 0xFF) - (y[j - 1] & 0xFF) * out);
            // Most windows hash to an empty filter bit: one well-predicted branch instead of a table
            // probe whose occupied/empty outcome the branch predictor cannot guess.
            int key = hv & keyMask;
            int bit = (key * RabinKarpTable.MIX) >>> filterShift;
            if ((filter[bit >>> 6] & (1L << bit)) != 0) {
                // The probe written out here: as a call, C2 would not inline it into this loop.
                int b = group.bucket(key);
                if (b >= 0) {
                    if (!verify(b, w, y, j, limit, pass)) {
                        return STOP;
                    }
                    if (pass.groupDone(g)) {
                        return DONE;
                    }
                }
            }
        }
        pass.hash[g] = hv;
        return GO_ON;
    }

    /** Looks the window at {@code y[j]} up in group {@code g} and verifies its bucket. */
    private int probe(int g, int key, byte[] y, int j, int limit, Pass pass) {
        Group group = table.groups[g];
        int b = group.bucket(key);
        if (b < 0) {
            return GO_ON;
        }
        if (!verify(b, group.width, y, j, limit, pass)) {
            return STOP;
        }
        return pass.groupDone(g) ? DONE : GO_ON;
    }

    /** Verifies bucket {@code b}'s patterns at {@code y[j]}, a window of width {@code w} hashing to its key. */
    private boolean verify(int b, int w, byte[] y, int j, int limit, Pass pass) {
        RabinKarpTable t = table;
        int head = -1;
        boolean prefixMatches = false;
        for (int d = t.bucketStart[b], end = t.bucketStart[b + 1]; d < end; d++) {
            byte[] p = t.distinct[d];
            int len = p.length;
            if (j + len > limit || !pass.wants(d)) {
                continue;
            }
            int q = t.period[d];
            boolean match;
            if (pass.next != null && pass.next[d] == j) {
                // It matched q bytes back and repeats every q bytes: only its last q bytes are new
                // (a run's one byte written out: C2's loop setup outweighs a one-byte loop).
                match = q == 1 ? y[j + len - 1] == p[0] : same(p, len - q, y, j + len - q, q);
            } else {
                if (t.prefixHead[d] != head) {
                    head = t.prefixHead[d];
                    prefixMatches = same(p, 0, y, j, w);
                }
                match = prefixMatches && same(p, w, y, j + w, len - w);
            }
            if (match) {
                if (pass.next != null) {
                    pass.next[d] = j + q;
                }
                // The two modes whose matches are many, written out here rather than through found.
                if (pass.mode == Pass.COUNT) {
                    pass.count += t.idStart[d + 1] - t.idStart[d];
                } else if (pass.mode == Pass.REPORT) {
                    pass.report(d, j);
                } else if (!pass.found(d, j)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether {@code p[at .. at + n)} equals {@code y[yAt .. yAt + n)}. */
    private static boolean same(byte[] p, int at, byte[] y, int yAt, int n) {
        if (n > 16) {
            return Arrays.equals(p, at, at + n, y, yAt, yAt + n); // vectorised
        }
        // Short compares, the usual ones, are quicker inline than through the range checks of Arrays.equals.
        for (int k = 0; k < n; k++) {
            if (p[at + k] != y[yAt + k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * One pass's state over one copied range: the rolling hashes, and what becomes of a verified
     * pattern. A mode field rather than three subclasses, so that the calls in the verify loop stay
     * monomorphic and inline.
     */
    private static final class Pass {
        static final int REPORT = 0;
        static final int COUNT = 1;
        static final int FIRST = 2;
        static final int EARLIEST_END = 3;

        final RabinKarpTable table;
        final int mode;
        final int[] hash;
        final int[] active;
        final int[] lastStart;
        /**
         * Per distinct pattern: where its periodic shortcut applies (its last match plus its
         * period); null for the earliest end, which verifies a few windows and would pay more to set
         * it up for a large set than it saves.
         */
        final int[] next;
        // REPORT: a block's matches as (start in y) << 32 | id, put in order before the sink has them
        MatchSink sink;
        long from;
        private long[] block = new long[0];
        private long[] merged = new long[0];
        private int blockSize;
        // where each width's run of the block's matches starts, and one more slot for the end
        private int[] runStart = new int[2];
        private int[] mergedStart = new int[2];
        private int runs;
        // COUNT
        long count;
        // EARLIEST_END
        int earliestEnd = Integer.MAX_VALUE;
        // FIRST: stamp[d] == current when d has matched in the current record
        Sink first;
        private int record;
        private int recordStart;
        private int[] stamp;
        private int current;
        private int[] left;
        private int leftTotal;

        Pass(RabinKarpTable table, int mode) {
            this.table = table;
            this.mode = mode;
            int groups = table.groups.length;
            hash = new int[groups];
            active = new int[groups];
            lastStart = new int[groups];
            if (mode == EARLIEST_END) {
                next = null;
            } else {
                next = new int[table.distinct.length];
                Arrays.fill(next, Integer.MIN_VALUE);
            }
            if (mode == FIRST) {
                stamp = new int[table.distinct.length];
                left = new int[groups];
            }
        }

        void startRecord(int record, int start) {
            this.record = record;
            this.recordStart = start;
            current++;
            System.arraycopy(table.distinctPerGroup, 0, left, 0, left.length);
            leftTotal = table.distinct.length;
        }

        boolean wants(int d) {
            return mode != FIRST || stamp[d] != current;
        }

        /** Whether every pattern of group {@code g} has had its first occurrence in this record. */
        boolean groupDone(int g) {
            return mode == FIRST && left[g] == 0;
        }

        /** The next width's matches start here, a run ascending by start. */
        void startRun() {
            if (mode == REPORT && (runs == 0 || runStart[runs - 1] != blockSize)) {
                if (runs + 1 >= runStart.length) {
                    runStart = Arrays.copyOf(runStart, 2 * runStart.length);
                    mergedStart = new int[runStart.length];
                }
                runStart[runs++] = blockSize;
            }
        }

        /** Keeps distinct pattern {@code d}'s match at {@code y[j]} for the block's report. */
        void report(int d, int j) {
            int from = table.idStart[d];
            int to = table.idStart[d + 1];
            if (blockSize + to - from > block.length) {
                block = Arrays.copyOf(block, Math.max(64, 2 * (blockSize + to - from)));
            }
            for (int k = from; k < to; k++) {
                block[blockSize++] = (long) j << 32 | table.ids[k];
            }
        }

        /** Reports the block's matches in order; false when the sink stopped. */
        boolean flush() {
            int n = blockSize;
            if (runs > 1) {
                mergeRuns(n);
            }
            if (n > 1) {
                idsInOrder(n);
            }
            blockSize = 0;
            runs = 0;
            int[] lengths = table.lengths;
            for (int i = 0; i < n; i++) {
                int id = (int) block[i];
                long start = from + (block[i] >>> 32);
                if (!sink.onMatch(id, start, start + lengths[id])) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Merges the widths' runs, pairwise (a width's matches ascend by start): a general sort
         * would find the same runs, but merges them through a buffer it allocates per call.
         */
        private void mergeRuns(int n) {
            if (merged.length < block.length) {
                merged = new long[block.length];
            }
            long[] src = block;
            long[] dst = merged;
            int[] starts = runStart;
            int[] next = mergedStart;
            int count = runs;
            starts[count] = n;
            while (count > 1) {
                int out = 0;
                int nextCount = 0;
                for (int r = 0; r < count; r += 2) {
                    int a = starts[r];
                    int aEnd = starts[r + 1];
                    int bEnd = r + 2 <= count ? starts[r + 2] : aEnd;
                    next[nextCount++] = out;
                    int b = aEnd;
                    while (a < aEnd && b < bEnd) {
                        dst[out++] = src[a] <= src[b] ? src[a++] : src[b++];
                    }
                    while (a < aEnd) {
                        dst[out++] = src[a++];
                    }
                    while (b < bEnd) {
                        dst[out++] = src[b++];
                    }
                }
                next[nextCount] = n;
                long[] t = src;
                src = dst;
                dst = t;
                int[] u = starts;
                starts = next;
                next = u;
                count = nextCount;
            }
            block = src;
            merged = dst;
            runStart = starts;
            mergedStart = next;
        }

        /** Puts ids of one start in order: a width reports a start's patterns in its bucket's order. */
        private void idsInOrder(int n) {
            long[] a = block;
            for (int i = 1; i < n; i++) {
                long v = a[i];
                int k = i;
                while (k > 0 && a[k - 1] > v) {
                    a[k] = a[k - 1];
                    k--;
                }
                a[k] = v;
            }
        }

        /** Distinct pattern {@code d} matches at {@code y[j]}; false to stop the pass. */
        boolean found(int d, int j) {
            int[] ids = table.ids;
            int from = table.idStart[d];
            int to = table.idStart[d + 1];
            switch (mode) {
                case REPORT -> {
                    report(d, j);
                    return true;
                }
                case COUNT -> {
                    count += to - from;
                    return true;
                }
                case EARLIEST_END -> {
                    earliestEnd = Math.min(earliestEnd, j + table.distinct[d].length);
                    return true;
                }
                default -> {
                    stamp[d] = current;
                    for (int k = from; k < to; k++) {
                        first.first(record, ids[k], j - recordStart);
                    }
                    left[table.groupOf[d]]--;
                    return --leftTotal > 0;
                }
            }
        }
    }
}
