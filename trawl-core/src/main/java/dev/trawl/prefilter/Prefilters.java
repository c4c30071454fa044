package dev.trawl.prefilter;

import dev.trawl.PatternSet;

/**
 * Chooses the prefilter for a pattern set, or none. A filter pays when its candidates are rare: each
 * costs a call and a few automaton steps (tens of nanoseconds), against about 3 ns per byte for the
 * automaton alone, so a filter is used only when it is estimated (on {@link ByteFrequencies}) to
 * fire rarely. In order:
 * <ol>
 *   <li>sets of up to {@value #MAX_PATTERNS} patterns whose first bytes are distinctive enough (under
 *       {@value #MAX_RATE} of positions): the fingerprint filter, vectorised ({@link Teddy}) when the
 *       {@code jdk.incubator.vector} module is present and scalar ({@link ScalarFingerprint}) when
 *       it is not;</li>
 *   <li>sets whose patterns are all at least {@value BlockGrams#MIN_LENGTH} bytes long and not too
 *       many for their length ({@link BlockGrams#forPatterns}): the block q-gram filter, a look
 *       every few bytes at fixed places (long words, long phrases), eight looks a vector on Intel
 *       CPUs with AVX-512 ({@link #vectorLooks});</li>
 *   <li>sets whose patterns are all at least 8 bytes long but too many for block q-grams, when the
 *       {@link WuManber} skip filter is expected to move at least {@value #FAR_SHIFT} bytes per
 *       look;</li>
 *   <li>sets of {@value #FDR_MIN_PATTERNS} to {@value #FDR_MAX_PATTERNS} patterns the shift-or
 *       filter lets through rarely: its 4-bucket form ({@link NarrowFdr}) under
 *       {@value #NARROW_FDR_MAX_RATE} of positions (a hundred or a few hundred words), else its
 *       8-bucket form ({@link Fdr}) under {@value #FDR_MAX_RATE} (up to about 800 words);</li>
 *   <li>the skip filter again, when it moves at least {@value #MIN_SHIFT} bytes per look.</li>
 * </ol>
 * The engine also stops using a filter, block by block, when it fires more often on the real input
 * than it should.
 */
public final class Prefilters {
    /** Largest set tried: beyond this the 8 buckets mix too many fingerprints to filter anything. */
    public static final int MAX_PATTERNS = 256;
    /** Smallest set the shift-or filter is tried on. */
    public static final int FDR_MIN_PATTERNS = 2;
    /** Largest set the shift-or filter is tried on. */
    public static final int FDR_MAX_PATTERNS = 20_000;
    /**
     * Highest estimated share of positions the 8-bucket shift-or filter lets through for which it is
     * used (up to about 800 dictionary words). Measured, one thread, against the plain walk: 1.1-1.2x
     * for 500-700 words over the Iliad and 1.2x over log lines at 800. At 1,000 words (estimated
     * 0.0136) it lost 5-10% in the bench until the filter read its bytes a word at a time; since, it
     * wins on this project's 2-core machine (one thread, 128 MiB of the Iliad: 845-878 against 807-809
     * MB/s, two threads 1.63-1.65 against 1.52-1.58 GB/s) but loses on the H200 machine's 16-core host
     * (512 MiB: 5.4 against 8.3 GB/s on 16 threads, 0.66 against 0.77 on one), so that size stays on
     * the plain walk.
     */
    public static final double FDR_MAX_RATE = 0.006;
    /**
     * Highest estimated rate for which the 4-bucket form of the shift-or filter is used: it scans
     * about a fifth faster, and lets through more (estimated 0.002 for 300 dictionary words, where
     * it still wins; 0.22 for 1,000, where it loses by half).
     */
    public static final double NARROW_FDR_MAX_RATE = 0.004;
    /** Highest estimated share of candidate positions for which a filter is used. */
    public static final double MAX_RATE = 0.05;
    /** Smallest expected move per look for which the skip filter is used. */
    public static final double MIN_SHIFT = 4;

    /** Expected move per look above which the skip filter beats the shift-or filter (it reads a gram per move). */
    public static final double FAR_SHIFT = 8;

    private static final boolean VECTOR = vectorUsable();

    private Prefilters() {}

    /** The filter for this set, or {@code null} when none is expected to pay. */
    public static Prefilter choose(PatternSet patterns) {
        Fingerprint fp = bestFingerprint(patterns);
        if (fp != null && fp.estimatedRate() <= MAX_RATE) {
            return VECTOR ? VectorFilters.teddy(fp) : new ScalarFingerprint(fp);
        }
        InPlacePrefilter grams = blockGrams(patterns);
        if (grams != null) {
            return grams;
        }
        WuManber wm = WuManber.forPatterns(patterns);
        if (wm != null && wm.expectedShift() >= FAR_SHIFT) {
            return wm;
        }
        if (patterns.size() >= FDR_MIN_PATTERNS && patterns.size() <= FDR_MAX_PATTERNS) {
            FdrBuckets narrow = FdrBuckets.assign(patterns, NarrowFdr.BUCKETS);
            if (narrow.estimatedRate() <= NARROW_FDR_MAX_RATE) {
                return new NarrowFdr(patterns, narrow);
            }
            FdrBuckets wide = FdrBuckets.assign(patterns, Fdr.BUCKETS);
            if (wide.estimatedRate() <= FDR_MAX_RATE) {
                return new Fdr(patterns, wide);
            }
        }
        if (wm != null && wm.expectedShift() >= MIN_SHIFT) {
            return wm;
        }
        return null;
    }

    /**
     * The fingerprint with the lowest estimated rate over the widths the set allows (a wider one only
     * when it at least halves the rate: each byte of width costs a table lookup), or {@code null}
     * for sets too large to try.
     */
    public static Fingerprint bestFingerprint(PatternSet patterns) {
        if (patterns.isEmpty() || patterns.size() > MAX_PATTERNS) {
            return null;
        }
        Fingerprint best = null;
        for (int w : Fingerprint.widths(patterns)) {
            Fingerprint fp = Fingerprint.of(patterns, w);
            if (best == null || fp.estimatedRate() * 2 <= best.estimatedRate()) {
                best = fp;
            }
        }
        return best;
    }

    /**
     * The block q-gram filter for the set ({@link BlockGrams#forPatterns}), eight looks a vector where
     * {@link #vectorLooks} says so, or {@code null} where the set does not suit it.
     */
    public static InPlacePrefilter blockGrams(PatternSet patterns) {
        BlockGrams grams = BlockGrams.forPatterns(patterns);
        return grams != null && vectorLooks(grams) ? VectorFilters.blockGrams(grams) : grams;
    }

    /**
     * Whether block q-grams make their looks eight at a time ({@link VectorBlockGrams}): on Intel CPUs
     * with 512-bit vectors and AVX-512 VBMI, where it measured faster; not on AMD's Zen 4, whose
     * gathers are slow. {@code -Dtrawl.blockgrams=vector} asks for it wherever the vectors and VBMI
     * are there, {@code scalar} never (to compare the two).
     */
    static boolean vectorLooks(BlockGrams grams) {
        String mode = System.getProperty("trawl.blockgrams", "auto");
        if (mode.equals("scalar") || !VECTOR || VectorFilters.lanes() != 64 || !CpuFlags.has("avx512vbmi")
                || grams.step() > VectorFilters.blockGramsMaxStep()) {
            return false;
        }
        return mode.equals("vector") || CpuFlags.intel();
    }

    /**
     * The compaction of text to {@code classOf}'s classes ({@link ClassCompaction}), or {@code null} where
     * it is not one instruction a step (no 64-lane byte vectors, no AVX-512 VBMI and VBMI2), where no
     * byte is of class 0, where bytes 0x80 and up do not share one class, or where
     * {@code -Dtrawl.compaction=off}.
     */
    public static ClassCompaction classCompaction(int[] classOf) {
        if (!VECTOR || VectorFilters.lanes() != 64 || !CpuFlags.has("avx512vbmi") || !CpuFlags.has("avx512_vbmi2")
                || System.getProperty("trawl.compaction", "auto").equals("off")) {
            return null;
        }
        boolean someZero = false;
        for (int b = 0; b < 256; b++) {
            someZero |= classOf[b] == 0;
            if (classOf[b] >= 128 || (b >= 0x80 && classOf[b] != classOf[0x80])) {
                return null;
            }
        }
        return someZero ? VectorFilters.classCompaction(classOf) : null;
    }

    /** True when the Vector API module is present and offers byte vectors of at least 128 bits. */
    public static boolean vectorAvailable() {
        return VECTOR;
    }

    private static boolean vectorUsable() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return VectorFilters.lanes() >= 16;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
