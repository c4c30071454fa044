package dev.trawl.bench.harness;

/**
 * Where a bench engine reports what it found: pattern id and the global end offset (exclusive) of the
 * match. End offsets are what every engine knows (Hyperscan reports nothing else); for literals the
 * start is {@code end - length}. Called from one thread at a time per instance.
 */
@FunctionalInterface
public interface Hits {
    void hit(int id, long end);
}
