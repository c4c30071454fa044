package dev.trawl.cli;

import java.util.Arrays;

/**
 * The matches of one batch that output needs (colour, {@code -o}, {@code --json}): for each, its
 * line (the record index), pattern, and offsets inside the line; in the order {@link
 * dev.trawl.Matcher#scanRecords} gives, by line, then start, then pattern. Columns of primitives,
 * reused from batch to batch.
 */
final class Matches {
    // Empty until the first match: every searched file makes one (through its line printer), and
    // four arrays of 256 for each of 10,000 small files under -r were the largest self time there.
    private int[] line = new int[0];
    private int[] pattern = new int[0];
    private long[] start = new long[0];
    private long[] end = new long[0];
    private int size;

    void clear() {
        size = 0;
    }

    void add(int record, int patternId, long s, long e) {
        if (size == line.length) {
            int n = Math.max(256, size * 2);
            line = Arrays.copyOf(line, n);
            pattern = Arrays.copyOf(pattern, n);
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
        }
        line[size] = record;
        pattern[size] = patternId;
        start[size] = s;
        end[size] = e;
        size++;
    }

    int size() {
        return size;
    }

    /** The index of the first match of {@code record}, or of the first match after it. */
    int firstOf(int record) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (line[mid] < record) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    int line(int i) {
        return line[i];
    }

    int pattern(int i) {
        return pattern[i];
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }
}
