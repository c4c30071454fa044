package dev.trawl.cuda.engine;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.automaton.CompressedTrie;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/**
 * {@code gpu:trie}: the compressed trie of the GPU log-classification papers (Niewiadomski, Piotrowski
 * and Kaczmarski, "Multiple pattern search problem on GPU", 2019) on an NVIDIA GPU. The trie is one
 * byte array ({@link CompressedTrie}: array nodes where it branches, suffix strings where it no
 * longer does), in shared memory when it fits and read through the read-only cache otherwise; a walk
 * starts at every position and stops at the first byte that leads nowhere. The papers' 26-slot letter
 * layout serves case-insensitive sets of ASCII letters, a slot per byte class every other set. The
 * papers' three optimisations (loop splitting, 4-byte suffix reads, prefetching) are switches
 * ({@link TrieLauncher#OPTIMIZATIONS_PROPERTY}); the first two are on by default, the fastest found
 * ({@link TrieLauncher#DEFAULT_OPTIMIZATIONS}). Inputs stream as for
 * {@code gpu:pfac}; per-record answers are reduced on the device ({@link RecordPipeline}).
 *
 * <p>Cost: like {@code gpu:pfac}, a walk per byte, most ending at the root; the trie is far smaller
 * than PFAC's dense table (only branching states have arrays), so it sits in shared memory for the
 * small sets the papers had in mind. Limits: the trie's offsets are 31-bit
 * ({@link CompressedTrie#MAX_BYTES}), and it must fit in half the free device memory; {@link #rejects}
 * says so and {@link #compile} throws it as a {@link PatternLimitException}. {@code auto} never picks
 * it: {@code gpu:pfac} serves the same sets.
 */
public final class GpuTrieEngine extends GpuEngine {
    public static final String NAME = "gpu:trie";

    public GpuTrieEngine() {
        super(NAME, "compressed trie of the GPU log-classification papers on the GPU: a walk per start position,"
                + " the trie in shared memory when it fits");
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        Optional<PatternLimitException> sizeLimit = sizeLimit(patterns);
        if (sizeLimit.isPresent() || !Gpu.available()) {
            return sizeLimit.map(Throwable::getMessage);
        }
        return memoryLimit(upperBound(patterns), Gpu.get()).map(Throwable::getMessage);
    }

    /**
     * @throws PatternLimitException with {@link #rejects}'s reason when the set is beyond a limit
     * @throws dev.trawl.EngineUnavailableException when there is no usable GPU
     */
    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        CompressedTrie trie = CompressedTrie.compile(patterns); // throws past its size limit
        Gpu gpu = Gpu.get();
        Optional<PatternLimitException> memoryLimit = memoryLimit(trie.bytes().length, gpu);
        if (memoryLimit.isPresent()) {
            throw memoryLimit.get();
        }
        return new GpuTrieMatcher(NAME, patterns, options, gpu, trie);
    }

    /**
     * The trie's size limit: a cheap upper bound first, and only a set that passes the bound has its
     * trie built to know (the build stops at the limit and throws).
     */
    private static Optional<PatternLimitException> sizeLimit(PatternSet patterns) {
        if (upperBound(patterns) <= CompressedTrie.MAX_BYTES) {
            return Optional.empty();
        }
        try {
            CompressedTrie.compile(patterns);
            return Optional.empty();
        } catch (PatternLimitException e) {
            return Optional.of(e);
        }
    }

    /**
     * At most one array node per pattern byte plus the root, each of {@code 4 * (1 + width)} bytes
     * (width: the letters layout's 26, or at most a slot per byte value, either case, and one for the
     * rest), plus every pattern's id, count and padding, and its bytes once.
     */
    static long upperBound(PatternSet patterns) {
        long bytes = 0;
        boolean[] used = new boolean[256];
        int distinct = 0;
        for (int id = 0; id < patterns.size(); id++) {
            byte[] p = patterns.bytes(id);
            bytes += p.length;
            for (byte b : p) {
                if (!used[b & 0xFF]) {
                    used[b & 0xFF] = true;
                    distinct++;
                }
            }
        }
        long width = Math.max(26, Math.min(256, 2L * distinct + 1));
        return CompressedTrie.ROOT + (bytes + 1) * 4 * (1 + width) + bytes + 16L * patterns.size();
    }

    /** The trie must fit in half the free device memory, leaving the rest to the scans' buffers. */
    private static Optional<PatternLimitException> memoryLimit(long trieBytes, Gpu gpu) {
        return halfFreeMemory("the GPU trie", trieBytes, gpu);
    }
}
