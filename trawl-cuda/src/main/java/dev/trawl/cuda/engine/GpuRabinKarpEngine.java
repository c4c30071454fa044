package dev.trawl.cuda.engine;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/**
 * {@code gpu:rabin-karp}: Rabin-Karp (Karp and Rabin, 1987) for many patterns on an NVIDIA GPU, after
 * the C++ AMP string-search sample, made exact. Its main operation is the records x patterns
 * first-occurrence table ({@link dev.trawl.Matcher#firstOccurrence}); scans, counts and per-record
 * answers come from the same table through the tiled passes every GPU engine shares.
 *
 * <p><b>Design.</b> Patterns are grouped by window width: a pattern is hashed over its first
 * {@code w} bytes, {@code w} the largest of 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 not above its length
 * ({@link RabinKarpPatterns}), so ten rolling hashes at most serve every length, and a hit is verified
 * over the whole pattern. For the first-occurrence table a thread takes each record shorter than
 * {@link GpuRabinKarpMatcher#DEFAULT_WARP_FROM} bytes, a warp each longer one; each rolls every
 * width over the record and looks each window's hash up among the patterns' of that width: by
 * default in a hash table per width (a bitmap filter, then a bucket; in shared memory when it fits,
 * as it does for a full batch), or, with {@code trawl.gpu.rabinkarp.lookup=constant}
 * ({@link RabinKarpLookup}), by comparing it with every one, from constant memory, as the C++ AMP
 * sample does. Patterns go 4,096 to a batch; a larger set takes a pass over the records per batch. Each
 * (record, pattern) is reported once, at its first verified hit ({@code verify=gpu}), or at its
 * first hash hit for the host to verify and, on a collision, look on from
 * ({@code verify=cpu}, {@link GpuRabinKarpMatcher#VERIFY_PROPERTY}): exact either way, since every
 * occurrence is a hit. Records stream through pinned buffers, three chunks in flight, as for the
 * other GPU engines; the reports come back as 8 bytes each and the host puts them in the table
 * ({@link RabinKarpCandidates}).
 *
 * <p><b>Cost.</b> With the table, a filter probe per window and width (and a bucket walk for the
 * few windows that pass it): O(text x widths) on the device; with the constant-memory loop, a
 * comparison per window and pattern, O(text x patterns) (measured on an H200: 0.14 s for 128 MiB
 * and 827 patterns, where {@code gpu:pfac} took 0.014 s). Plus the host's work per reported pair:
 * the reports of a chunk are put in rows per record on the common pool while the device runs the
 * next chunks. Hash collisions cost a verification
 * each (the polynomial hash keeps 32 bits). Scans and per-record answers do the same compares per
 * start position, hashing each window afresh so that matches come in order; for those {@code gpu:pfac}
 * is the better engine. <b>Limits:</b> literal sets of at most {@value #MAX_PATTERNS} patterns
 * ({@link #rejects} says so); {@code auto} never picks it.
 */
public final class GpuRabinKarpEngine extends GpuEngine {
    public static final String NAME = "gpu:rabin-karp";
    /** A bound on the work per window (a comparison per pattern); 100,000 words still pass. */
    public static final int MAX_PATTERNS = 1 << 17;

    public GpuRabinKarpEngine() {
        super(NAME, "Rabin-Karp on the GPU: rolling hashes looked up in per-width hash tables of the pattern hashes, every"
                + " hit verified; built for the records x patterns first-occurrence table");
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        return sizeLimit(patterns).map(Throwable::getMessage);
    }

    /**
     * @throws PatternLimitException with {@link #rejects}'s reason when the set is too large
     * @throws dev.trawl.EngineUnavailableException when there is no usable GPU
     */
    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        Optional<PatternLimitException> limit = sizeLimit(patterns);
        if (limit.isPresent()) {
            throw limit.get();
        }
        return new GpuRabinKarpMatcher(NAME, patterns, options, Gpu.get(), new RabinKarpPatterns(patterns));
    }

    private static Optional<PatternLimitException> sizeLimit(PatternSet patterns) {
        if (patterns.size() <= MAX_PATTERNS) {
            return Optional.empty();
        }
        return Optional.of(new PatternLimitException("gpu:rabin-karp compares every window with every pattern: "
                + patterns.size() + " patterns is past its limit of " + MAX_PATTERNS, patterns.size(), MAX_PATTERNS));
    }
}
