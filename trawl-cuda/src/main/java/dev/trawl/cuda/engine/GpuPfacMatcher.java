package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;

/**
 * A pattern set on the GPU as a {@link PfacTable} in device memory ({@link PfacLauncher}); scans and
 * per-record answers as {@link GpuMatcher} says.
 */
public final class GpuPfacMatcher extends GpuMatcher {
    GpuPfacMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu) {
        super(engine, patterns, options, gpu, new PfacLauncher(gpu, PfacTable.of(patterns)));
    }

    /** The launcher, for benchmarks that time the kernels alone. */
    public PfacLauncher launcher() {
        return (PfacLauncher) kernels();
    }
}
