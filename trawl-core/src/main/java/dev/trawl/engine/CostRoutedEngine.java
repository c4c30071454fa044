package dev.trawl.engine;

import dev.trawl.Engine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code auto} picks for a literal set when a GPU engine may run here: a {@link CostRoutedMatcher}
 * that compiles the CPU engine at once and the GPU engine only when a call is worth it
 * ({@link RouteCosts}), so small inputs never start CUDA. Made per set by {@code auto}; not in the
 * registry.
 *
 * @param cpu the engine for small inputs, which takes the set
 * @param gpu the engine for large ones, which may (checked on first use)
 * @param gpuScansText false when the GPU engine answers per-record calls only ({@code gpu:chains} runs
 *     whole-text scans on the CPU anyway): those calls then always stay on {@code cpu}, and never start
 *     the GPU
 */
public record CostRoutedEngine(Engine cpu, Engine gpu, boolean gpuScansText) implements Engine {
    /** A GPU engine that serves every call, whole-text scans included. */
    public CostRoutedEngine(Engine cpu, Engine gpu) {
        this(cpu, gpu, true);
    }

    /** {@code cost} (the default), {@code always} (the GPU for every call) or {@code never}. */
    public static final String POLICY_PROPERTY = "trawl.auto.gpu";

    /** How {@code auto} uses a GPU engine for literal sets, from {@link #POLICY_PROPERTY}. */
    public enum Policy {
        /** Each call where the measured costs say it ends first ({@link RouteCosts}). */
        COST,
        /** The GPU for every non-empty call. */
        ALWAYS,
        /** Never the GPU: {@code auto} does not pair the engines at all. */
        NEVER;

        /** The policy the property asks for now; anything but {@code always} or {@code never} is {@link #COST}. */
        public static Policy current() {
            return switch (System.getProperty(POLICY_PROPERTY, "cost").toLowerCase(Locale.ROOT)) {
                case "always" -> ALWAYS;
                case "never" -> NEVER;
                default -> COST;
            };
        }
    }

    /**
     * {@code off} (the default), {@code cost} or {@code on}: whether one large count may be shared by the
     * GPU and CPU threads taking chunks from one queue ({@link Split}).
     */
    public static final String SPLIT_PROPERTY = "trawl.auto.split";
    /** Overrides the CPU threads a shared count uses (the default is half the matcher's threads). */
    public static final String SPLIT_THREADS_PROPERTY = "trawl.auto.split.cpuThreads";

    /**
     * Whether a count the GPU takes is shared with CPU threads from one chunk queue
     * ({@link dev.trawl.scan.SharedQueueCount}), from {@link #SPLIT_PROPERTY}. Only counts of host inputs
     * are shared; scans and per-record calls go to one engine as {@link Policy} says. Off by default
     * until measured on a GPU host: the CPU threads compete with the pipeline's copy threads for cores
     * and memory bandwidth, so whether sharing wins is the machine's answer (LinkBench's {@code auto}
     * rows time the GPU alone, the CPU alone and both on the same text).
     */
    public enum Split {
        /** When the measured rates say both engines together end sooner by enough ({@link RouteCosts#split}). */
        COST,
        /** Every non-empty count the GPU can take, whatever the costs (for measuring). */
        ON,
        /** Never: each call goes to one engine. */
        OFF;

        /** The mode the property asks for now; anything but {@code on} or {@code cost} is {@link #OFF}. */
        public static Split current() {
            return switch (System.getProperty(SPLIT_PROPERTY, "off").toLowerCase(Locale.ROOT)) {
                case "on" -> ON;
                case "cost" -> COST;
                default -> OFF;
            };
        }
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
        long t = System.nanoTime();
        Matcher compiled = cpu.compile(patterns, options);
        CostRoutedMatcher m = new CostRoutedMatcher(compiled, gpu, patterns, options, Policy.current(),
                gpuScansText ? Split.current() : Split.OFF, () -> cpu.compile(patterns, options.withThreads(1).withChunkBytes(0)));
        m.recordsOnly(!gpuScansText);
        if (!patterns.hasRegex()) {
            // a literal set's GPU tables are built on the host as the CPU's automaton is; a regex set's
            // CPU compile (parsing, programs) has no such counterpart on the GPU side
            m.cpuCompiledIn(System.nanoTime() - t);
        }
        return m;
    }
}
