package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.cuda.Gpu;

/**
 * A set of literal chains on the GPU ({@link ChainLauncher}): the kernels answer {@code anyMatch} per
 * record (non-ASCII records: "unknown", searched on the CPU), the CPU matcher the rest
 * ({@link GpuVerifiedMatcher} says how).
 */
public final class GpuChainMatcher extends GpuVerifiedMatcher {
    GpuChainMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, ChainLauncher launcher,
            Cpu cpu) {
        super(engine, patterns, options, gpu, launcher, cpu);
    }
}
