package dev.trawl;

import dev.trawl.engine.CostRoutedEngine;
import dev.trawl.engine.LiteralRegexEngine;
import dev.trawl.engine.LiteralRegexPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What {@code auto} means, in one place. For a pattern set it takes the first engine of an ordered
 * list that is available here and accepts the set:
 *
 * <ol>
 *   <li>Literal sets: {@link #LITERAL_ORDER}, the GPU first, then Aho-Corasick on all cores. When a
 *       GPU engine may run here (its driver library loads), {@code auto} gets both behind a
 *       {@link CostRoutedEngine}: each call runs where the measured costs say it ends first, and
 *       the GPU starts only once the time it saves covers its start-up, so a small input never
 *       starts CUDA ({@code -Dtrawl.auto.gpu=always|never} overrides).
 *   <li>Sets whose regexes are all choices between literals ({@code error}, {@code foo|bar}): the
 *       literal engine step 1 picks for the derived literal set, behind a {@link LiteralRegexEngine}
 *       that keeps each regex's leftmost-first matches (literal search is several times faster than
 *       any regex engine on the same strings).
 *   <li>Other sets with regexes: {@link #REGEX_ORDER}, the lazy DFA, then the Pike VM. When every
 *       regex is a literal chain ({@code L1.*?L2...}, what log templates become) and a GPU may be
 *       here, per-record calls are cost-routed between that engine and {@link #REGEX_GPU}: on an H200
 *       host, anyMatch over 50M loghub lines ran 17x faster on {@code gpu:chains} than {@code cpu:dfa}
 *       on 16 cores for all 1,363 templates, 1.6x for HDFS' 14. The GPU's NFA engines
 *       ({@code gpu:regex}, {@code gpu:nfa-block}) are not picked: their walks over all loghub
 *       templates ran at 0.001-0.14 GB/s.
 * </ol>
 *
 * Engines not named here (oracles, baselines, experiments) are never picked by {@code auto}; they run
 * when asked for by name. When a preferred engine is skipped (no GPU, a set beyond its limits), the
 * reason is logged once per process at DEBUG.
 */
final class AutoPolicy {
    static final List<String> LITERAL_ORDER = List.of("gpu:pfac", "cpu:aho-corasick");
    static final List<String> REGEX_ORDER = List.of("cpu:dfa", "cpu:pike");
    /** The GPU engine paired with the regex order's choice for per-record calls, when it takes the set. */
    static final String REGEX_GPU = "gpu:chains";

    private static final System.Logger LOG = System.getLogger(Engines.class.getName());
    private static final AtomicBoolean FALLBACK_REPORTED = new AtomicBoolean();

    private AutoPolicy() {}

    static Engine choose(PatternSet patterns, Map<String, Engine> registry) {
        if (patterns.hasRegex()) {
            Optional<LiteralRegexPlan> plan = LiteralRegexPlan.of(patterns);
            if (plan.isPresent()) {
                Optional<Engine> literal = literalEngine(plan.get().literals(), registry, new ArrayList<>());
                if (literal.isPresent()) {
                    return new LiteralRegexEngine(plan.get(), literal.get());
                }
            }
        }
        List<String> skipped = new ArrayList<>();
        Optional<Engine> chosen = patterns.hasRegex() ? regexEngine(patterns, registry, skipped)
                : literalEngine(patterns, registry, skipped);
        if (chosen.isEmpty()) {
            throw new EngineUnavailableException("no engine can take this pattern set: " + String.join("; ", skipped));
        }
        if (!skipped.isEmpty() && FALLBACK_REPORTED.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.DEBUG, "auto uses " + chosen.get().name() + " because " + String.join("; ", skipped));
        }
        return chosen.get();
    }

    /** Whether {@code auto} may pick the engine of that name for some set. */
    static boolean isCandidate(String name) {
        return LITERAL_ORDER.contains(name) || REGEX_ORDER.contains(name) || REGEX_GPU.equals(name);
    }

    /**
     * The first of {@link #LITERAL_ORDER} that takes the set; a GPU engine that may run here is not
     * probed (that starts CUDA) but paired with the first CPU engine that takes the set.
     */
    private static Optional<Engine> literalEngine(PatternSet patterns, Map<String, Engine> registry, List<String> skipped) {
        boolean noGpu = CostRoutedEngine.Policy.current() == CostRoutedEngine.Policy.NEVER;
        for (int i = 0; i < LITERAL_ORDER.size(); i++) {
            Engine e = registry.get(LITERAL_ORDER.get(i));
            if (e == null || !e.name().startsWith("gpu:") || noGpu || !e.mayBeAvailable()) {
                continue;
            }
            Optional<Engine> cpu = firstThatTakes(LITERAL_ORDER.subList(i + 1, LITERAL_ORDER.size()), patterns, registry,
                    new ArrayList<>());
            if (cpu.isPresent()) {
                return Optional.of(new CostRoutedEngine(cpu.get(), e));
            }
        }
        List<String> cpuOrder = LITERAL_ORDER.stream().filter(n -> !noGpu || !n.startsWith("gpu:")).toList();
        return firstThatTakes(cpuOrder, patterns, registry, skipped);
    }

    /**
     * The first of {@link #REGEX_ORDER} that takes the set, paired with {@link #REGEX_GPU} behind a
     * {@link CostRoutedEngine} for per-record calls when that may run here and takes the set (literal
     * chains: log templates); whole-text scans stay on the CPU engine, which that GPU engine uses for
     * them anyway.
     */
    private static Optional<Engine> regexEngine(PatternSet patterns, Map<String, Engine> registry, List<String> skipped) {
        Optional<Engine> cpu = firstThatTakes(REGEX_ORDER, patterns, registry, skipped);
        Engine gpu = registry.get(REGEX_GPU);
        if (cpu.isEmpty() || gpu == null || CostRoutedEngine.Policy.current() == CostRoutedEngine.Policy.NEVER
                || !gpu.mayBeAvailable() || gpu.rejects(patterns).isPresent()) {
            return cpu;
        }
        return Optional.of(new CostRoutedEngine(cpu.get(), gpu, false));
    }

    private static Optional<Engine> firstThatTakes(List<String> order, PatternSet patterns, Map<String, Engine> registry,
            List<String> skipped) {
        for (String name : order) {
            Engine e = registry.get(name);
            if (e == null) {
                continue; // not in this build (trawl-cuda absent)
            }
            Optional<String> why = e.unavailableReason().or(() -> Engines.regexRefusal(e, patterns)).or(() -> e.rejects(patterns));
            if (why.isEmpty()) {
                return Optional.of(e);
            }
            skipped.add(name + " is unavailable (" + why.get() + ")");
        }
        return Optional.empty();
    }
}
