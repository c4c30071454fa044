package dev.trawl.bench.jmh;

import dev.trawl.Engine;
import dev.trawl.Engines;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code trawl bench jmh [JMH options]}: JMH's own command line, with two defaults: with no arguments,
 * Trawl's benchmarks, and unless {@code -p engine=...} is given, {@code -p engine=} every registered, available {@code cpu:} engine (so new engines
 * join without editing the {@code @Param} list). Not run by {@code mvn verify}.
 */
public final class JmhMain {
    private JmhMain() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String[] args) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        if (a.isEmpty()) {
            a.add("dev\\.trawl\\.bench\\.jmh\\..*");
        }
        if (a.stream().noneMatch(s -> s.startsWith("engine="))) {
            List<String> cpu = Engines.all().stream().filter(e -> e.name().startsWith("cpu:"))
                    .filter(e -> e.unavailableReason().isEmpty()).map(Engine::name).toList();
            a.add("-p");
            a.add("engine=" + String.join(",", cpu));
        }
        try {
            new Runner(new CommandLineOptions(a.toArray(String[]::new))).run();
            return 0;
        } catch (CommandLineOptionException | RunnerException e) {
            System.err.println("trawl bench jmh: " + e.getMessage());
            return 2;
        }
    }
}
