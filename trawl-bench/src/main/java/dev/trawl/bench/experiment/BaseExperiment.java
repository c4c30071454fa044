package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.harness.Runner;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.report.Table;
import java.util.List;

/**
 * The skeleton every experiment shares: the name, summary and default size it is listed with, and the
 * step from a {@link Spec} to a measured {@link Table} and from tables to the {@link Outcome}. An
 * experiment adds only its workload, problem and lineup.
 */
abstract class BaseExperiment implements Experiment {
    private final String name;
    private final String summary;
    private final long defaultSize;

    BaseExperiment(String name, String summary, long defaultSize) {
        this.name = name;
        this.summary = summary;
        this.defaultSize = defaultSize;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final long defaultSize() {
        return defaultSize;
    }

    /** Runs every engine of {@code spec} with the context's settings and tabulates the rows. */
    final Table measure(Context ctx, Spec spec) {
        return new Table(name, spec, new Runner(ctx.settings()).measure(spec));
    }

    /**
     * Measures a literal set: {@code baseline} (pinned to its thread count or not) and the literal
     * peers, in a table named after the experiment; {@code reduction} and {@code unit} as {@link Spec}'s.
     */
    final Table measureLiterals(Context ctx, Workload w, Problem p, Reduction reduction, BenchEngine baseline,
            boolean baselinePinned, String unit) {
        return measure(ctx, new Spec(name, w, p, reduction,
                Lineup.of(baseline, baselinePinned, Lineup.literalPeers(), ctx.filter()), unit));
    }

    /** The outcome of an experiment that measured one table. */
    final Outcome outcome(String title, Table table, String... description) {
        return new Outcome(name, title, List.of(description), List.of(table));
    }
}
