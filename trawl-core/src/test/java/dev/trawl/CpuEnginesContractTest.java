package dev.trawl;

import dev.trawl.engine.cpu.NaiveEngine;
import dev.trawl.testing.EngineContract;
import java.util.stream.Stream;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The differential suite over every CPU engine (the oracle itself excluded). */
@ParameterizedClass(name = "{0}")
@MethodSource("engines")
class CpuEnginesContractTest extends EngineContract {
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
}
