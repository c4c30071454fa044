package dev.trawl.cuda.engine;

import java.util.Locale;

/**
 * How {@code gpu:rabin-karp}'s first-occurrence kernels find the patterns whose hash a window has
 * ({@link #PROPERTY}, read when a matcher is compiled).
 */
public enum RabinKarpLookup {
    /**
     * Per width, a bitmap filter and a bucketed hash table of the pattern hashes
     * ({@link RabinKarpPatterns#lookupTable}), in shared memory when it fits: O(1) per window and width.
     * The default.
     */
    TABLE,
    /**
     * The C++ AMP sample's loop: every pattern hash of the window's width, from constant memory, compared
     * in turn: O(patterns) per window. Kept to measure the table against.
     */
    CONSTANT;

    /** {@code table} (the default) or {@code constant}. */
    public static final String PROPERTY = "trawl.gpu.rabinkarp.lookup";

    /** Parses {@link #PROPERTY}'s value; null or empty gives the default, {@link #TABLE}. */
    static RabinKarpLookup parse(String spec) {
        String s = spec == null ? "" : spec.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "", "table" -> TABLE;
            case "constant" -> CONSTANT;
            default -> throw new IllegalArgumentException(PROPERTY + ": '" + spec + "' is neither table nor constant");
        };
    }
}
