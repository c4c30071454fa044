package dev.trawl.engine;

import dev.trawl.Engine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import java.util.Optional;

/**
 * What {@code auto} picks for a literal set when a GPU engine may run here: a {@link CostRoutedMatcher}
 * that compiles the CPU engine at once and the GPU engine only when a call is worth it
 * ({@link RouteCosts}), so small inputs never start CUDA. Made per set by {@code auto}; not in the
 * registry.
 */
public final class CostRoutedEngine implements Engine {
    /** {@code cost} (the default), {@code always} (the GPU for every call) or {@code never}. */
    public static final String POLICY_PROPERTY = "trawl.auto.gpu";

    private final Engine cpu;
    private final Engine gpu;

    private CostRoutedEngine(Engine cpu, Engine gpu) {
        this.cpu = cpu;
        this.gpu = gpu;
    }

    /** Routes between {@code cpu}, which takes the set, and {@code gpu}, which may (checked on first use). */
    public static CostRoutedEngine of(Engine cpu, Engine gpu) {
        return new CostRoutedEngine(cpu, gpu);
    }

    @Override
    public String name() {
        return cpu.name() + " or " + gpu.name() + " by cost";
    }

    @Override
    public String description() {
        return cpu.name() + " for small inputs, " + gpu.name() + " once the time it saves covers its start-up";
    }

    @Override
    public boolean supportsRegex() {
        return cpu.supportsRegex();
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        return cpu.rejects(patterns);
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new CostRoutedMatcher(cpu.compile(patterns, options), gpu, patterns, options,
                System.getProperty(POLICY_PROPERTY, "cost"));
    }
}
