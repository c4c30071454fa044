package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Which of the buckets (4 or 8) each pattern of an {@link Fdr} or {@link NarrowFdr} filter goes to, and how often
 * the filter is expected to let a start through. A bucket's shortest pattern decides how many offsets
 * it can check: past that length any text passes. So, as FDR's own compiler does, the patterns are
 * sorted by length (up to {@value Fdr#WINDOW}) and cut into at most that many runs, short ones
 * together in small buckets and long ones in large, by dynamic programming over the cut points on
 * the estimated cost of a bucket ({@link #cost}); the sum of the costs is the filter's estimated rate.
 */
final class FdrBuckets {
    /** Evenly spaced cut points the partition may use, besides every change of length. */
    static final int CHUNKS = 64;
    /** Patterns per bucket at which an offset is estimated to pass every position. */
    static final double PAIRS = 512;

    private final int buckets;
    private final int[] bucketOf;
    private final double rate;

    private FdrBuckets(int buckets, int[] bucketOf, double rate) {
        this.buckets = buckets;
        this.bucketOf = bucketOf;
        this.rate = rate;
    }

    /** The patterns cut into at most {@code buckets} runs by length. */
    static FdrBuckets assign(PatternSet patterns, int buckets) {
        int n = patterns.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt((Integer id) -> reach(patterns, id)).thenComparingInt(id -> id));
        // Cut points worth trying: every length change, and CHUNKS evenly spaced ones.
        int[] cuts = IntStream.concat(IntStream.rangeClosed(0, CHUNKS).map(c -> (int) ((long) c * n / CHUNKS)),
                IntStream.range(1, n).filter(i -> reach(patterns, order[i]) != reach(patterns, order[i - 1])))
                .sorted().distinct().toArray();
        int m = cuts.length - 1; // segments between cuts
        // best[b][j]: least cost of the first j segments in at most b buckets; from[b][j]: where the
        // last of those buckets begins.
        double[][] best = new double[buckets + 1][m + 1];
        int[][] from = new int[buckets + 1][m + 1];
        for (double[] row : best) {
            Arrays.fill(row, Double.MAX_VALUE);
        }
        best[0][0] = 0;
        for (int b = 1; b <= buckets; b++) {
            best[b][0] = 0;
            for (int j = 1; j <= m; j++) {
                for (int i = 0; i < j; i++) {
                    if (best[b - 1][i] == Double.MAX_VALUE) {
                        continue;
                    }
                    double c = best[b - 1][i] + cost(cuts[j] - cuts[i], reach(patterns, order[cuts[i]]));
                    if (c < best[b][j]) {
                        best[b][j] = c;
                        from[b][j] = i;
                    }
                }
            }
        }
        int[] bucketOf = new int[n];
        int j = m;
        for (int b = buckets; b > 0 && j > 0; b--) {
            int i = from[b][j];
            for (int k = cuts[i]; k < cuts[j]; k++) {
                bucketOf[order[k]] = b - 1;
            }
            j = i;
        }
        return new FdrBuckets(buckets, bucketOf, Math.min(1, best[buckets][m]));
    }

    /** Offsets of the window a pattern covers. */
    private static int reach(PatternSet patterns, int id) {
        return Math.min(Fdr.WINDOW, patterns.length(id));
    }

    /**
     * The estimated share of text positions a bucket of {@code count} patterns accepts, the shortest
     * covering {@code reach} offsets: about {@code (count / PAIRS)^(0.8 reach - 0.6)}. Fitted on the
     * Iliad against dictionary words (buckets of 20 to 350 words covering 3 to 8 offsets): an offset
     * passes about one position in {@value #PAIRS} per pattern, as the super-characters of English
     * bunch on a few hundred letter pairs, and neighbouring offsets (which share a byte) and the
     * shortest pattern's last offset (any next byte) filter less than independent ones would.
     */
    static double cost(int count, int reach) {
        return Math.pow(Math.min(1, (double) count / PAIRS), Math.max(0.2, 0.8 * reach - 0.6));
    }

    /** How many buckets the patterns were cut into at most. */
    int buckets() {
        return buckets;
    }

    /** The bucket of pattern {@code id}. */
    int bucketOf(int id) {
        return bucketOf[id];
    }

    /** The estimated share of typical text positions the filter names. */
    double estimatedRate() {
        return rate;
    }
}
