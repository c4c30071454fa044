package dev.trawl;

import dev.trawl.testing.RegexEngineContract;
import java.util.stream.Stream;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The regex differential suite over every CPU engine that supports regexes. */
@ParameterizedClass(name = "{0}")
@MethodSource("engines")
class CpuRegexEnginesContractTest extends RegexEngineContract {
    @Parameter
    String engine;

    static Stream<String> engines() {
        return Engines.all().stream().filter(e -> e.name().startsWith("cpu:") && e.supportsRegex()).map(Engine::name);
    }

    @Override
    protected String engineName() {
        return engine;
    }
}
