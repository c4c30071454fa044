package dev.trawl.prefilter;

/**
 * A fast, conservative test for where a match may start: it may name positions where no pattern
 * starts (false positives, which the automaton behind it rejects), never skip one where a pattern
 * does. The Aho-Corasick engine jumps from candidate to candidate and runs its automaton only around
 * them (see {@code AhoCorasickEngine}).
 *
 * <p>Implementations are immutable and thread-safe; they work on a {@code byte[]} window of the text
 * (see {@code TextWindow}).
 */
public interface Prefilter {

    /**
     * The first position {@code x} in {@code [from, to)} at which a pattern may start, or {@code to}
     * when there is none. Reads {@code a[from .. limit)} at most ({@code limit >= to}); a pattern that
     * would run past {@code limit} cannot start.
     */
    int next(byte[] a, int from, int to, int limit);

    /** A short description for docs and logs, e.g. {@code teddy(8 buckets, 3 bytes, 512-bit)}. */
    String describe();
}
