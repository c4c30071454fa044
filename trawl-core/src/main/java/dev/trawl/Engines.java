package dev.trawl;

import dev.trawl.engine.cpu.CpuEngines;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The registry of named engines: the CPU engines of {@code trawl-core} plus whatever
 * {@link EngineProvider}s are on the class path. {@value #AUTO} is resolved by {@link AutoPolicy}.
 * Sets with regexes go only to engines that {@linkplain Engine#supportsRegex() support them},
 * checked here once for every engine. Engines given by name are used as they are.
 */
public final class Engines {
    public static final String AUTO = MatcherOptions.AUTO;

    private static volatile Map<String, Engine> registry;

    private Engines() {}

    /** Every known engine, available or not, CPU first, in a stable order. */
    public static List<Engine> all() {
        return List.copyOf(registry().values());
    }

    /** The engine of that name; {@code auto} is resolved for the given pattern set. */
    public static Engine get(String name, PatternSet patterns) {
        if (AUTO.equals(name)) {
            return auto(patterns);
        }
        Engine e = registry().get(name);
        if (e == null) {
            // The GPU engines come from trawl-cuda's EngineProvider: without that jar they are not merely
            // unavailable but unknown, and the user needs to be told which jar brings them.
            String hint = name.startsWith("gpu:") && registry().keySet().stream().noneMatch(k -> k.startsWith("gpu:"))
                    ? " (the GPU engines come with the trawl-cuda module, which is not on the class path)" : "";
            throw new EngineUnavailableException("unknown engine '" + name + "'" + hint + "; known engines: auto, "
                    + String.join(", ", registry().keySet()));
        }
        Optional<String> why = e.unavailableReason();
        if (why.isPresent()) {
            throw new EngineUnavailableException("engine " + name + " is not available: " + why.get());
        }
        Optional<String> rejected = regexRefusal(e, patterns).or(() -> e.rejects(patterns));
        if (rejected.isPresent()) {
            throw new EngineUnavailableException("engine " + name + " cannot take this pattern set: " + rejected.get());
        }
        return e;
    }

    /** The engine {@code auto} picks for this set; the policy is {@link AutoPolicy}'s. */
    public static Engine auto(PatternSet patterns) {
        return AutoPolicy.choose(patterns, registry());
    }

    /** Whether {@code auto} may pick this engine for some pattern set (oracles and baselines never). */
    public static boolean autoMayPick(Engine engine) {
        return AutoPolicy.isCandidate(engine.name());
    }

    static Optional<String> regexRefusal(Engine e, PatternSet patterns) {
        if (patterns.hasRegex() && !e.supportsRegex()) {
            return Optional.of("it matches literal patterns only and the set has " + patterns.regexCount()
                    + " regex(es) (give literals as literals, e.g. -F, or use a regex engine such as cpu:dfa)");
        }
        return Optional.empty();
    }

    private static Map<String, Engine> registry() {
        Map<String, Engine> r = registry;
        if (r == null) {
            synchronized (Engines.class) {
                r = registry;
                if (r == null) {
                    r = load();
                    registry = r;
                }
            }
        }
        return r;
    }

    private static Map<String, Engine> load() {
        Map<String, Engine> r = new LinkedHashMap<>();
        for (Engine e : CpuEngines.all()) {
            r.put(e.name(), e);
        }
        for (EngineProvider p : ServiceLoader.load(EngineProvider.class, Engines.class.getClassLoader())) {
            for (Engine e : p.engines()) {
                if (r.putIfAbsent(e.name(), e) != null) {
                    throw new IllegalStateException("two engines named " + e.name());
                }
            }
        }
        return Collections.unmodifiableMap(r);
    }
}
