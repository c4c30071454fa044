package dev.trawl;

/**
 * One occurrence of one pattern: {@code [start, end)} in byte offsets for byte inputs and in
 * {@code char} offsets for {@link CharSequence} inputs.
 */
public record Match(int patternId, long start, long end) implements Comparable<Match> {
    public Match {
        if (patternId < 0 || start < 0 || end < start) {
            throw new IllegalArgumentException("bad match " + patternId + " [" + start + "," + end + ")");
        }
    }

    public long length() {
        return end - start;
    }

    /** The contract's order: by start, then pattern id. */
    @Override
    public int compareTo(Match o) {
        int c = Long.compare(start, o.start);
        return c != 0 ? c : Integer.compare(patternId, o.patternId);
    }
}
