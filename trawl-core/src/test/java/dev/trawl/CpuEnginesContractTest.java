package dev.trawl;

import dev.trawl.engine.cpu.BoyerMooreEngine;
import dev.trawl.engine.cpu.JdkRegexEngine;
import dev.trawl.engine.cpu.NaiveEngine;
import dev.trawl.testing.EngineContract;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The differential suite over every CPU engine (the oracle itself excluded). */
@ParameterizedClass(name = "{0}")
@MethodSource("engines")
class CpuEnginesContractTest extends EngineContract {
    /**
     * Engines whose algorithm cannot take the 100,000-word case, with the reason (the engine's javadoc
     * says the same). None today: every CPU engine runs it in a few seconds, the per-pattern baselines
     * included (100,000 scans of a 2 KB text).
     */
    static final Map<String, String> NO_LARGE_SETS = Map.of();

    /** Random cases per engine where the default is too slow for the build's time budget; none now. */
    static final Map<String, Integer> RANDOM_CASES = Map.of();

    /**
     * Engines that scan the text once per pattern: the per-record log test gives them the systems
     * with the fewest templates (all sixteen take them close to a minute, six engine runs each).
     */
    static final Set<String> ONE_SCAN_PER_PATTERN = Set.of(JdkRegexEngine.NAME, BoyerMooreEngine.NAME);

    @Parameter
    String engine;

    static Stream<String> engines() {
        return Engines.all().stream().map(Engine::name)
                .filter(n -> n.startsWith("cpu:") && !n.equals(NaiveEngine.NAME));
    }

    @Override
    protected String engineName() {
        return engine;
    }

    @Override
    protected boolean copesWithLargeSets() {
        return !NO_LARGE_SETS.containsKey(engine);
    }

    @Override
    protected int randomCases() {
        return RANDOM_CASES.getOrDefault(engine, super.randomCases());
    }

    @Override
    protected List<String> perRecordLogSystems() {
        return ONE_SCAN_PER_PATTERN.contains(engine) ? List.of("Apache", "HDFS", "HPC", "OpenSSH", "Proxifier", "Spark")
                : super.perRecordLogSystems();
    }
}
