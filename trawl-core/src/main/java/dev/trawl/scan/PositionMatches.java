package dev.trawl.scan;

import dev.trawl.MatchSink;
import java.util.Arrays;

/**
 * The pattern ids found at one start position by a walk down a trie (PFAC, compressed trie). A walk
 * meets short patterns before long ones, so ids come in groups, one per depth, each ascending; they
 * are sorted only when more than one group arrived, which keeps the common case (one pattern at a
 * position) free of work. Reused for every position of a range; not thread-safe.
 */
public final class PositionMatches {
    private int[] ids = new int[16];
    private int size;
    private int groups;

    public void clear() {
        size = 0;
        groups = 0;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Adds one depth's ids, {@code src[from, to)}. */
    public void addGroup(int[] src, int from, int to) {
        int n = to - from;
        ensure(n);
        System.arraycopy(src, from, ids, size, n);
        size += n;
        groups++;
    }

    /** Starts a new depth's group; its ids follow through {@link #add}. */
    public void startGroup() {
        groups++;
    }

    public void add(int id) {
        ensure(1);
        ids[size++] = id;
    }

    /** Reports the ids in ascending order as matches at {@code start}; false when the sink stopped. */
    public boolean flush(MatchSink sink, long start, int[] lengths) {
        if (groups > 1) {
            Arrays.sort(ids, 0, size);
        }
        for (int k = 0; k < size; k++) {
            int id = ids[k];
            if (!sink.onMatch(id, start, start + lengths[id])) {
                return false;
            }
        }
        return true;
    }

    private void ensure(int more) {
        if (size + more > ids.length) {
            ids = Arrays.copyOf(ids, Math.max(2 * ids.length, size + more));
        }
    }
}
