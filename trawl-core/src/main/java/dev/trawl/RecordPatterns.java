package dev.trawl;

import java.util.Arrays;
import java.util.Objects;

/**
 * Which patterns match in each record ({@link Matcher#matchedPatterns}): each record's distinct
 * pattern ids, ascending, in compressed sparse rows. Record {@code i}'s ids are
 * {@code ids[offsets[i]] .. ids[offsets[i + 1] - 1]}; {@code offsets} has one entry per record plus
 * one, and {@code ids} at least {@code offsets[size()]} entries. No object per record: two arrays in
 * all.
 */
public final class RecordPatterns {
    private final int[] offsets;
    private final int[] ids;
    private final int size;

    /** Wraps the arrays (no copy) for {@code size} records. */
    public RecordPatterns(int size, int[] offsets, int[] ids) {
        this.size = size;
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.ids = Objects.requireNonNull(ids, "ids");
        if (size < 0 || offsets.length < size + 1 || ids.length < offsets[size]) {
            throw new IllegalArgumentException("bad sparse rows: " + size + " records, " + offsets.length
                    + " offsets, " + ids.length + " ids");
        }
    }

    /** The number of records. */
    public int size() {
        return size;
    }

    /** How many distinct patterns match in record {@code i}. */
    public int count(int i) {
        Objects.checkIndex(i, size);
        return offsets[i + 1] - offsets[i];
    }

    /** The {@code k}-th smallest pattern id matching in record {@code i}. */
    public int id(int i, int k) {
        Objects.checkIndex(k, count(i));
        return ids[offsets[i] + k];
    }

    /** Record {@code i}'s pattern ids, ascending (a copy). */
    public int[] ids(int i) {
        Objects.checkIndex(i, size);
        return Arrays.copyOfRange(ids, offsets[i], offsets[i + 1]);
    }

    /** Whether pattern {@code id} matches in record {@code i} (a binary search). */
    public boolean contains(int i, int id) {
        Objects.checkIndex(i, size);
        return Arrays.binarySearch(ids, offsets[i], offsets[i + 1], id) >= 0;
    }

    /** The row offsets, {@code size() + 1} of them (the array itself). */
    public int[] offsets() {
        return offsets;
    }

    /** The ids of all rows, back to back (the array itself; it may be longer than {@code offsets[size()]}). */
    public int[] ids() {
        return ids;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RecordPatterns p) || p.size != size) {
            return false;
        }
        return Arrays.equals(offsets, 0, size + 1, p.offsets, 0, size + 1)
                && Arrays.equals(ids, 0, offsets[size], p.ids, 0, p.offsets[size]);
    }

    @Override
    public int hashCode() {
        int h = size;
        for (int i = 0; i < offsets[size]; i++) {
            h = 31 * h + ids[i];
        }
        return h;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size && i < 100; i++) {
            sb.append(i == 0 ? "" : ", ").append(Arrays.toString(ids(i)));
        }
        return sb.append(size > 100 ? ", ...]" : "]").toString();
    }
}
