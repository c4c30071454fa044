package dev.trawl.scan;

import dev.trawl.MatchSink;
import java.util.Arrays;

/**
 * Matches kept with their ends, for regexes (whose matches vary in length, unlike
 * {@link MatchBuffer}'s literals): three growing arrays, read back by index or drained in order.
 */
public final class SpanBuffer implements MatchSink {
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private int[] ids = new int[64];
    private int size;

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        if (size == ids.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
            ids = Arrays.copyOf(ids, size * 2);
        }
        starts[size] = start;
        ends[size] = end;
        ids[size++] = patternId;
        return true;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public long start(int i) {
        return starts[i];
    }

    public long end(int i) {
        return ends[i];
    }

    public int id(int i) {
        return ids[i];
    }

    /** Puts {@code [from, size)} in (start, id) order by insertion: for a few matches, such as one line's. */
    public void sortFrom(int from) {
        for (int i = from + 1; i < size; i++) {
            long st = starts[i];
            long en = ends[i];
            int id = ids[i];
            int j = i;
            while (j > from && (starts[j - 1] > st || (starts[j - 1] == st && ids[j - 1] > id))) {
                starts[j] = starts[j - 1];
                ends[j] = ends[j - 1];
                ids[j] = ids[j - 1];
                j--;
            }
            starts[j] = st;
            ends[j] = en;
            ids[j] = id;
        }
    }

    /** Hands every match to {@code sink} in buffer order; false when the sink stopped. */
    public boolean drainTo(MatchSink sink) {
        for (int i = 0; i < size; i++) {
            if (!sink.onMatch(ids[i], starts[i], ends[i])) {
                return false;
            }
        }
        return true;
    }
}
