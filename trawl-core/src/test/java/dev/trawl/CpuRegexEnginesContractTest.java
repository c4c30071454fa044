package dev.trawl;

import dev.trawl.engine.cpu.PikeEngine;
import dev.trawl.testing.RegexEngineContract;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The regex differential suite over every CPU engine that supports regexes, and over {@code auto},
 * which searches sets whose regexes are all choices between literals with a literal engine.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("engines")
class CpuRegexEnginesContractTest extends RegexEngineContract {
    @Parameter
    String engine;

    static Stream<String> engines() {
        return Stream.concat(
                Engines.all().stream().filter(e -> e.name().startsWith("cpu:") && e.supportsRegex()).map(Engine::name),
                Stream.of(Engines.AUTO));
    }

    @Override
    protected String engineName() {
        return engine;
    }

    /** The Pike VM runs each template on its own: it gets the systems with the fewest. */
    @Override
    protected List<String> perRecordLogSystems() {
        return engine.equals(PikeEngine.NAME) ? List.of("Apache", "HDFS", "Proxifier") : super.perRecordLogSystems();
    }
}
