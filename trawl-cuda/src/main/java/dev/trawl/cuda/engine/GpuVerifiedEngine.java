package dev.trawl.cuda.engine;

import dev.trawl.Engine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/**
 * The GPU regex engines' shared shape ({@code gpu:nfa-block}, {@code gpu:regex}, {@code gpu:chains}):
 * a plan of the set for the device, made once for {@code rejects} and the compile after it; a set the
 * plan refuses, or that would not fit the device, runs on the CPU matcher under the engine's name with
 * the reason; otherwise the launcher's kernels answer per record and the CPU matcher verifies
 * ({@link GpuVerifiedMatcher}).
 *
 * @param <P> the engine's plan of a set
 */
abstract class GpuVerifiedEngine<P> implements Engine {
    private volatile Planned<P> last;

    private record Planned<P>(PatternSet patterns, String settings, P plan) {}

    /** The plan of {@code patterns} for the device. */
    abstract P planOf(PatternSet patterns);

    /** Why the GPU does not take a planned set, or null when it does. */
    abstract String refusal(P plan);

    /** Why the planned set would not fit this GPU, if it would not. */
    abstract Optional<String> memoryLimit(P plan, Gpu gpu);

    /** The kernels for the plan, on the bound GPU. */
    abstract RecordKernels launcher(Gpu gpu, P plan);

    /** The engine's matcher: {@code launcher} and {@code gpu} null when the set runs on the CPU matcher. */
    abstract GpuVerifiedMatcher matcher(String name, PatternSet patterns, MatcherOptions options, Gpu gpu,
            RecordKernels launcher, GpuVerifiedMatcher.Cpu cpu);

    /** The settings (system properties) a plan is made under, so that a change of them makes a new plan; none by default. */
    String planSettings() {
        return "";
    }

    /** The plan of {@code patterns}, made once for a set asked about twice in a row under the same settings. */
    final P plan(PatternSet patterns) {
        Planned<P> p = last;
        String settings = planSettings();
        if (p == null || p.patterns() != patterns || !p.settings().equals(settings)) {
            p = new Planned<>(patterns, settings, planOf(patterns));
            last = p;
        }
        return p.plan();
    }

    /** The refusal of the set, or of its size on this GPU. */
    final Optional<String> planRefusal(PatternSet patterns) {
        P plan = plan(patterns);
        String why = refusal(plan);
        if (why != null || !Gpu.available()) {
            return Optional.ofNullable(why);
        }
        return memoryLimit(plan, Gpu.get());
    }

    @Override
    public Optional<String> unavailableReason() {
        return Gpu.unavailableReason();
    }

    /** Whether a GPU may be here, without starting CUDA ({@code auto} starts it only when worth it). */
    @Override
    public boolean mayBeAvailable() {
        return Gpu.mayBeAvailable();
    }

    @Override
    public boolean supportsRegex() {
        return true;
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        GpuVerifiedMatcher.Cpu cpu = GpuVerifiedMatcher.Cpu.of(patterns, options);
        P plan = plan(patterns);
        String refusal = refusal(plan);
        Gpu gpu = null;
        if (refusal == null) {
            gpu = Gpu.get(); // throws when there is no usable GPU
            refusal = memoryLimit(plan, gpu).orElse(null);
        }
        if (refusal != null) {
            return matcher(name() + " (on " + cpu.name() + ": " + refusal + ")", patterns, options, null, null, cpu);
        }
        gpu.bind();
        RecordKernels launcher = launcher(gpu, plan);
        return matcher(name() + " (" + launcher.describe() + "; matches verified on " + cpu.name() + ")", patterns,
                options, gpu, launcher, cpu);
    }
}
