package dev.trawl.engine.cpu;

import dev.trawl.MatchSink;
import java.util.Arrays;

/** Frozen copy of MatchBuffer at cf0dbf6, for before/after benchmarks only. */
/*
 * The matches of one chunk, packed as {@code (start - base) << 32 | patternId} in a growing long
 * array, so that one primitive sort puts them in the contract's order. A match's end is its start
 * plus its pattern's length, so it need not be stored. Chunks are at most 2^31 bytes.
 */
final class BaselineMatchBuffer implements MatchSink {
    private final long base;
    private long[] packed = new long[256];
    private int size;

    BaselineMatchBuffer(long base) {
        this.base = base;
    }

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        if (size == packed.length) {
            packed = Arrays.copyOf(packed, Math.addExact(size, size >> 1) + 16);
        }
        packed[size++] = ((start - base) << 32) | patternId;
        return true;
    }

    void sort() {
        Arrays.sort(packed, 0, size);
    }

    int size() {
        return size;
    }

    /** Hands the matches on in order; false when the sink stopped. */
    boolean drainTo(MatchSink sink, int[] patternLengths) {
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
