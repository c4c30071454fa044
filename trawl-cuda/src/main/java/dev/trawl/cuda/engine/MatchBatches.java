package dev.trawl.cuda.engine;

import dev.trawl.MatchBatchSink;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Turns the blocks of match words the device wrote ({@code start << 32 | id}, in order) into a
 * {@link MatchBatchSink}'s arrays: batches of up to {@link #BATCH} matches, each unpacked on several
 * host threads at once ({@link HostCopier#inPieces}), so a dense scan costs no call per match.
 */
final class MatchBatches {
    static final int BATCH = 1 << 20;
    private static final int MIN_PIECE = 1 << 15;

    private final int[] lengths;
    private final MatchBatchSink sink;
    private int[] ids = new int[0];
    private long[] starts = new long[0];
    private long[] ends = new long[0];

    MatchBatches(int[] lengths, MatchBatchSink sink) {
        this.lengths = lengths;
        this.sink = sink;
    }

    /** Hands on {@code count} words of {@code words}, starts relative to {@code base}; false when the sink stopped. */
    boolean deliver(MemorySegment words, long count, long base) {
        for (long from = 0; from < count; from += BATCH) {
            int n = (int) Math.min(BATCH, count - from);
            ensure(n);
            long first = from;
            int[] ids = this.ids;
            long[] starts = this.starts;
            long[] ends = this.ends;
            int[] lengths = this.lengths;
            HostCopier.inPieces(n, MIN_PIECE, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    long v = words.getAtIndex(ValueLayout.JAVA_LONG, first + i);
                    int id = (int) v;
                    long start = base + (v >>> 32);
                    ids[i] = id;
                    starts[i] = start;
                    ends[i] = start + lengths[id];
                }
            });
            if (!sink.onMatches(ids, starts, ends, n)) {
                return false;
            }
        }
        return true;
    }

    private void ensure(int n) {
        if (ids.length < n) {
            int cap = Math.max(n, Math.min(BATCH, 2 * ids.length));
            ids = new int[cap];
            starts = new long[cap];
            ends = new long[cap];
        }
    }
}
