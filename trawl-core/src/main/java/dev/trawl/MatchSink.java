package dev.trawl;

/**
 * Receives matches as a scan finds them, in the contract's order (start, then pattern id), without
 * materialising them. Called from one thread at a time.
 */
@FunctionalInterface
public interface MatchSink {
    /**
     * @return {@code true} to go on, {@code false} to stop the scan early (for example after the
     *     first match when only "does anything match" is asked)
     */
    boolean onMatch(int patternId, long start, long end);
}
