package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.cuda.Gpu;

/**
 * A regex set on the GPU as a {@link dev.trawl.regex.FlatNfa} ({@link NfaLauncher}): the kernels answer
 * {@code anyMatch} per record, the CPU matcher the rest ({@link GpuVerifiedMatcher} says how).
 */
public final class GpuNfaMatcher extends GpuVerifiedMatcher {
    private final NfaLauncher launcher;

    GpuNfaMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, NfaLauncher launcher, Cpu cpu) {
        super(engine, patterns, options, gpu, launcher, cpu);
        this.launcher = launcher;
    }

    /** The launcher, or {@code null} when the set runs on the CPU. */
    public NfaLauncher launcher() {
        return launcher;
    }
}
