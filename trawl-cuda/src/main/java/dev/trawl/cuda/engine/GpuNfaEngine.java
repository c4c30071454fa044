package dev.trawl.cuda.engine;

import dev.trawl.Engine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.cuda.Gpu;
import dev.trawl.regex.FlatNfa;
import java.util.Optional;

/**
 * The regex engines on the GPU's string-per-block NFA kernels ({@link NfaLauncher}, {@code nfa.cu}),
 * in two flavours:
 * <ul>
 *   <li>{@code gpu:nfa-block}: the kernels of the string-per-block write-up, the variant named by
 *       {@value NfaLauncher#VARIANT_PROPERTY} ({@code basic}, {@code shared}, {@code coarse},
 *       {@code queue}), for comparison. Never picked by {@code auto}.
 *   <li>{@code gpu:regex}: the GPU's default regex engine (not picked by {@code auto}: measured far
 *       slower than {@code cpu:dfa} on loghub's templates). The same NFA with the mapping chosen per chunk by record length: a warp per record for
 *       short records (log lines), a block per record with the NFA's hot prefix and the record in
 *       shared memory for long ones; every answer beyond {@code anyMatch} from the CPU regex matcher
 *       on the matching records only (see {@link GpuNfaMatcher}).
 * </ul>
 *
 * <p>What runs where: the kernels say, per record, whether some regex matches
 * ({@link FlatNfa}: exact, every path of the NFA). Spans, ids and counts come from verifying the
 * records that match on the CPU with {@code cpu:dfa} (or {@code cpu:pike} for a set {@code cpu:dfa}
 * refuses), so they equal the CPU engines' by construction; whole-text scans are the CPU's. On log
 * lines most records that match are few enough that this costs less than searching all of them.
 *
 * <p>Limits: a set with literal patterns beside its regexes (the NFA holds regexes only) runs on the CPU
 * matcher, and the matcher's {@link Matcher#engine()} (shown by {@code --stats}, as is the variant and
 * the NFA's size on the GPU) says so and why; an NFA over {@value #MAX_NFA_BYTES} bytes or over half the
 * free device memory is a {@code gpu:regex} {@link #rejects} reason (so {@code auto} would pass it by),
 * and {@code gpu:nfa-block} takes such a set anyway, on the CPU matcher.
 */
public final class GpuNfaEngine extends GpuVerifiedEngine<GpuNfaEngine.Plan> {
    public static final String BLOCK = "gpu:nfa-block";
    public static final String REGEX = "gpu:regex";
    /** The largest flattened NFA sent to the device: 256 MiB (2^26 ints). */
    public static final long MAX_NFA_BYTES = 256L << 20;
    /** The CPU matcher that verifies records and scans whole texts; {@link #CPU_FALLBACK} for a set it refuses. */
    static final String CPU = "cpu:dfa";
    static final String CPU_FALLBACK = "cpu:pike";

    private final String name;
    private final boolean adaptive;
    /** A set flattened for the device, or why not. */
    record Plan(FlatNfa nfa, String refusal) {}

    private GpuNfaEngine(String name, boolean adaptive) {
        this.name = name;
        this.adaptive = adaptive;
    }

    /** {@code gpu:nfa-block}: the variant of {@value NfaLauncher#VARIANT_PROPERTY}. */
    public static GpuNfaEngine block() {
        return new GpuNfaEngine(BLOCK, false);
    }

    /** {@code gpu:regex}: the default GPU regex engine. */
    public static GpuNfaEngine regex() {
        return new GpuNfaEngine(REGEX, true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return adaptive
                ? "regex sets on the GPU: per record, an epsilon-free NFA walked from every start (a warp or a block"
                        + " per record by length), matches verified on the CPU"
                : "regex sets on the GPU, the string-per-block NFA kernels (" + NfaLauncher.VARIANT_PROPERTY
                        + "=basic|shared|coarse|queue); matches verified on the CPU";
    }

    /**
     * {@code gpu:regex}: the refusal of a regex set whose NFA is too large for the GPU. Sets with literal
     * patterns are taken and run on the CPU matcher (its name then says why), so that an explicit choice
     * of the engine works for every set; {@code gpu:nfa-block} takes every set.
     */
    @Override
    public Optional<String> rejects(PatternSet patterns) {
        if (!adaptive || patterns.regexCount() < patterns.size()) {
            return Optional.empty();
        }
        return planRefusal(patterns);
    }

    @Override
    String refusal(Plan plan) {
        return plan.refusal();
    }

    @Override
    RecordKernels launcher(Gpu gpu, Plan plan) {
        NfaLauncher.Variant variant = adaptive ? NfaLauncher.Variant.ADAPTIVE : NfaLauncher.Variant.fromProperty();
        return new NfaLauncher(gpu, plan.nfa(), variant);
    }

    @Override
    GpuVerifiedMatcher matcher(String name, PatternSet patterns, MatcherOptions options, Gpu gpu, RecordKernels launcher,
            GpuVerifiedMatcher.Cpu cpu) {
        return new GpuNfaMatcher(name, patterns, options, gpu, (NfaLauncher) launcher, cpu);
    }

    @Override
    Plan planOf(PatternSet patterns) {
        if (!patterns.hasRegex()) {
            return new Plan(null, "a set of literals (gpu:pfac serves those)");
        }
        if (patterns.regexCount() < patterns.size()) {
            return new Plan(null, "literal patterns beside the regexes (the GPU NFA holds regexes only)");
        }
        FlatNfa nfa = FlatNfa.of(patterns.regexes().compile());
        if (nfa.bytes() > MAX_NFA_BYTES) {
            return new Plan(null, "its NFA takes " + (nfa.bytes() >> 20) + " MiB, more than the "
                    + (MAX_NFA_BYTES >> 20) + " MiB sent to the GPU");
        }
        return new Plan(nfa, null);
    }

    /** The NFA must fit in half the free device memory, leaving the rest to the records' buffers. */
    @Override
    Optional<String> memoryLimit(Plan plan, Gpu gpu) {
        FlatNfa nfa = plan.nfa();
        long free = gpu.memoryFree();
        return nfa.bytes() <= free / 2 ? Optional.empty()
                : Optional.of("its NFA (" + (nfa.bytes() >> 20) + " MiB) would not fit in half the free GPU memory");
    }
}
