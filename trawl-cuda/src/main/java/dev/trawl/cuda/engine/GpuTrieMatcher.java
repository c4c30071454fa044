package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.CompressedTrie;
import dev.trawl.cuda.Gpu;

/**
 * A pattern set on the GPU as a {@link CompressedTrie} in device memory ({@link TrieLauncher}, with the
 * optimisations and placement the system properties say when it is compiled); scans and per-record
 * answers as {@link GpuMatcher} says.
 */
public final class GpuTrieMatcher extends GpuMatcher {
    GpuTrieMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, CompressedTrie trie) {
        super(engine, patterns, options, gpu, new TrieLauncher(gpu, trie));
    }

    /** The launcher, for benchmarks that time the kernels alone. */
    public TrieLauncher launcher() {
        return (TrieLauncher) kernels();
    }
}
