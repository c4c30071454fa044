package dev.trawl.cuda.engine;

import dev.trawl.FirstOccurrences;
import dev.trawl.Input;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.cuda.Gpu;
import dev.trawl.scan.RecordScan;
import java.util.Locale;

/**
 * A pattern set on the GPU as a {@link RabinKarpPatterns} table ({@link RabinKarpLauncher}); scans and
 * per-record answers as {@link GpuMatcher} says, and the first-occurrence table by its own kernels
 * ({@link RabinKarpFirstPass}), their hits verified on the GPU or on the host's threads as
 * {@link #VERIFY_PROPERTY} said when the matcher was compiled.
 */
public final class GpuRabinKarpMatcher extends GpuMatcher {
    /** {@code gpu} (the default) or {@code cpu}: where the first-occurrence table's hash hits are verified. */
    public static final String VERIFY_PROPERTY = "trawl.gpu.rabinkarp.verify";
    /** The record length from which a warp rather than a thread takes a record (default {@value #DEFAULT_WARP_FROM}). */
    public static final String WARP_FROM_PROPERTY = "trawl.gpu.rabinkarp.warpFrom";
    /**
     * A thread per record below a kilobyte: not measured yet; a warp halves the bytes a thread rolls only
     * when a record is long enough for 32 lanes to share it without one straggler holding the warp.
     */
    public static final int DEFAULT_WARP_FROM = 1024;

    private final boolean verifyOnGpu;
    private final int warpFrom;
    private final RabinKarpLookup lookup;

    GpuRabinKarpMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, RabinKarpPatterns table) {
        super(engine, patterns, options, gpu, new RabinKarpLauncher(gpu, table));
        this.verifyOnGpu = verifyOnGpu(System.getProperty(VERIFY_PROPERTY));
        this.warpFrom = Integer.getInteger(WARP_FROM_PROPERTY, DEFAULT_WARP_FROM);
        this.lookup = RabinKarpLookup.parse(System.getProperty(RabinKarpLookup.PROPERTY));
    }

    /** Parses {@link #VERIFY_PROPERTY}'s value; null or empty gives the default, the GPU. */
    static boolean verifyOnGpu(String spec) {
        String s = spec == null ? "" : spec.trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "", "gpu" -> true;
            case "cpu" -> false;
            default -> throw new IllegalArgumentException(VERIFY_PROPERTY + ": '" + spec + "' is neither gpu nor cpu");
        };
    }

    /** Whether this matcher verifies the first-occurrence kernels' hits on the GPU (else on the host). */
    public boolean verifiesOnGpu() {
        return verifyOnGpu;
    }

    /** How this matcher's first-occurrence kernels look a window's hash up ({@link RabinKarpLookup#PROPERTY}). */
    public RabinKarpLookup lookup() {
        return lookup;
    }

    /**
     * The table from the first-occurrence kernels: a pass per batch of patterns over the records, then
     * the reports put in rows, verified when the kernels did not, on the options' threads
     * ({@link RecordScan}).
     */
    @Override
    public FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        FirstOccurrences.layoutFor(records, patterns().size(), layout); // an impossible dense table fails first
        checkOpen();
        RabinKarpCandidates found;
        try (RabinKarpFirstPass pass = new RabinKarpFirstPass(gpu(), (RabinKarpLauncher) kernels(), options(),
                verifyOnGpu, lookup, warpFrom)) {
            found = pass.run(records);
            pass.succeeded();
        }
        return RecordScan.ofLiterals(found.searcher(this), (text, sink) -> scan(Input.of(text), sink), options())
                .firstOccurrence(records, patterns().size(), layout);
    }
}
