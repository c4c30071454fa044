package dev.trawl;

/**
 * Receives matches in batches, as parallel arrays, in the contract's order (start, then pattern id):
 * for scans with many matches, where a call per match ({@link MatchSink}) would cost more than
 * finding them. The GPU engines fill a batch from one block of match words copied back from the
 * device; other engines collect their matches into batches. Called from one thread at a time.
 *
 * <p>The arrays belong to the scan and are reused for the next batch: read them during the call, copy
 * what must outlive it. Only the first {@code count} entries are this batch's.
 *
 * <pre>{@code
 * long[] perPattern = new long[patterns.size()];
 * matcher.scan(Input.map(file), (ids, starts, ends, count) -> {
 *     for (int i = 0; i < count; i++) {
 *         perPattern[ids[i]]++;
 *     }
 *     return true;
 * });
 * }</pre>
 */
@FunctionalInterface
public interface MatchBatchSink {
    /** Matches handed to a batch sink at a time by engines that collect them ({@link Matcher}'s default). */
    int DEFAULT_BATCH = 1 << 16;

    /**
     * @param patternIds the matches' pattern ids
     * @param starts their start offsets
     * @param ends their end offsets (exclusive)
     * @param count how many entries of the arrays this batch holds (at least one)
     * @return {@code true} to go on, {@code false} to stop the scan
     */
    boolean onMatches(int[] patternIds, long[] starts, long[] ends, int count);
}
