package dev.trawl;

/** A {@link MatchSink} that collects matches into arrays and hands them to a {@link MatchBatchSink} when full. */
final class MatchBatcher implements MatchSink {
    private final MatchBatchSink sink;
    private final int[] ids;
    private final long[] starts;
    private final long[] ends;
    private int count;

    MatchBatcher(MatchBatchSink sink, int capacity) {
        this.sink = sink;
        this.ids = new int[capacity];
        this.starts = new long[capacity];
        this.ends = new long[capacity];
    }

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        ids[count] = patternId;
        starts[count] = start;
        ends[count] = end;
        return ++count < ids.length || flush();
    }

    /** Hands on what is collected; false when the sink stopped. */
    boolean flush() {
        if (count == 0) {
            return true;
        }
        int n = count;
        count = 0;
        return sink.onMatches(ids, starts, ends, n);
    }
}
