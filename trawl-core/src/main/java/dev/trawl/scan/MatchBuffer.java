package dev.trawl.scan;

import dev.trawl.MatchSink;
import java.util.Arrays;

/**
 * The matches of one chunk, packed as {@code (start - base) << 32 | patternId} in a growing long
 * array, so that one primitive comparison puts them in the contract's order. A match's end is its
 * start plus its pattern's length, so it need not be stored. Chunks are at most 2^31 bytes.
 *
 * <p>Searchers that scan left to right report matches by end, which is almost the contract's order:
 * a match lands behind at most the few that start after it and end before it. So {@link #onMatch}
 * keeps the buffer sorted by moving each new match back past those (insertion, bounded by
 * {@link #MAX_SHIFT}); only when a set makes that costly (say {@code a, aa, aaa, ...} over
 * {@code aaaa...}) does it give up and leave a full sort to {@link #sort()}. The common case then
 * needs no sort at all.
 */
public final class MatchBuffer implements MatchSink {
    /** Moves per insertion before falling back to one sort at the end. */
    static final int MAX_SHIFT = 64;

    private long base;
    private long[] packed = new long[256];
    private int size;
    private boolean sorted = true;

    public MatchBuffer(long base) {
        this.base = base;
    }

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        add(start, patternId);
        return true;
    }

    /** Adds a match, keeping the buffer in order where that is cheap. */
    public void add(long start, int patternId) {
        long key = ((start - base) << 32) | patternId;
        if (size == packed.length) {
            grow(size + 1);
        }
        int i = size;
        if (sorted && i > 0 && packed[i - 1] > key) {
            int lo = Math.max(0, i - MAX_SHIFT);
            while (i > lo && packed[i - 1] > key) {
                packed[i] = packed[i - 1];
                i--;
            }
            if (i > 0 && packed[i - 1] > key) {
                // Too far out of order: undo nothing (the shifted run is still ascending), sort later.
                sorted = false;
            }
        }
        packed[i] = key;
        size++;
    }

    /** Appends another buffer's matches, all of which start at or after this buffer's last one. */
    public void appendOrdered(MatchBuffer other) {
        other.sort();
        int n = other.size;
        if (n == 0) {
            return;
        }
        if (size + n > packed.length) {
            grow(size + n);
        }
        long shift = (other.base - base) << 32;
        long[] src = other.packed;
        long[] dst = packed;
        for (int i = 0; i < n; i++) {
            dst[size + i] = src[i] + shift;
        }
        if (size > 0 && dst[size - 1] > dst[size]) {
            sorted = false;
        }
        size += n;
    }

    private void grow(int min) {
        packed = Arrays.copyOf(packed, Math.max(min, Math.addExact(packed.length, packed.length >> 1) + 16));
    }

    /** Puts the matches in order; a no-op when insertion kept them so. */
    public void sort() {
        if (!sorted) {
            Arrays.sort(packed, 0, size);
            sorted = true;
        }
    }

    public int size() {
        return size;
    }

    /** Empties the buffer for reuse with a new base. */
    public void reset(long newBase) {
        base = newBase;
        size = 0;
        sorted = true;
    }

    /** Hands the matches on in order; false when the sink stopped. */
    public boolean drainTo(MatchSink sink, int[] patternLengths) {
        sort();
        if (sink instanceof MatchBuffer into && base >= into.base) {
            into.appendOrdered(this);
            return true;
        }
        for (int i = 0; i < size; i++) {
            long v = packed[i];
            int id = (int) v;
            long start = base + (v >>> 32);
            if (!sink.onMatch(id, start, start + patternLengths[id])) {
                return false;
            }
        }
        return true;
    }
}
