package dev.trawl.bench.experiment;

import java.util.List;

/** One of the measurements of the write-ups Trawl started from, rerun on Trawl's engines and the peers. */
public interface Experiment {
    String name();

    /** One line: whose experiment, what is measured. */
    String summary();

    long defaultSize();

    /** The default input, as {@code list} shows it: the size, unless the experiment counts in lines. */
    default String defaultInput() {
        return "default size " + dev.trawl.bench.data.Sizes.format(defaultSize());
    }

    /** {@code --seconds-per-engine} when the command line does not say. */
    default double defaultSecondsPerEngine() {
        return 10;
    }

    /** {@code --max-run-seconds} when the command line does not say. */
    default double defaultMaxRunSeconds() {
        return 60;
    }

    Outcome run(Context ctx) throws Exception;

    static List<Experiment> all() {
        return List.of(new IliadExperiment(), new LogsExperiment(), new RecordsExperiment(), new RegexLogsExperiment(),
                new RegexTemplatesExperiment(), new DictionaryExperiment(), new LinesExperiment());
    }

    static Experiment named(String name) {
        return all().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("unknown experiment '" + name + "'; known: "
                        + String.join(", ", all().stream().map(Experiment::name).toList()) + ", all"));
    }
}
