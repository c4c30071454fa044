package dev.trawl.bench.harness;

/**
 * What a run produced, reduced to a count and an order-free hash, so that engines that report in
 * different orders, from different threads, or only end offsets can be compared. The hash is a wrapping
 * sum of {@link #mix} over the items (matches, lines, table cells), so parts add up in any order.
 * {@code hits} is how many matches the engine fed in (equal to {@code count} when every match is an
 * item); it is reported, not compared.
 */
public record Digest(long count, long hash, long hits) {
    public static final Digest EMPTY = new Digest(0, 0, 0);

    public Digest plus(Digest o) {
        return new Digest(count + o.count, hash + o.hash, hits + o.hits);
    }

    /** Same items: what the cross-check compares. */
    public boolean sameAs(Digest o) {
        return count == o.count && hash == o.hash;
    }

    /** SplitMix64's finaliser over an item (id, position). */
    public static long mix(int id, long position) {
        long z = position * 0x9E3779B97F4A7C15L + (id & 0xFFFFFFFFL) * 0xC2B2AE3D27D4EB4FL + 1;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public String toString() {
        return count + "/" + Long.toHexString(hash);
    }
}
