package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.report.Table;
import java.util.List;

/**
 * The PFAC write-up's experiment: the Iliad, repeated to {@code --size} (default 256 MiB), searched for the
 * ten hero names; every match counted. Baseline {@code cpu:jdk-regex}. In the write-up, std::regex beat both
 * PFAC versions.
 */
final class IliadExperiment extends BaseExperiment {
    static final List<String> HEROES = List.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache", "Patroclus",
            "Ajax", "Priam", "Agamemnon", "Cassandra");

    IliadExperiment() {
        super("iliad",
                "PFAC write-up: the Iliad repeated, ten hero names, all matches counted; baseline cpu:jdk-regex",
                256L << 20);
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        try (Workload w = Texts.iliadRepeated(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads)) {
            Problem p = Problem.literals(HEROES, "the ten hero names of the PFAC write-up");
            Table t = measureLiterals(ctx, w, p, null, Lineup.baseline("cpu:jdk-regex", 0, ""), false, null);
            return outcome("iliad (the PFAC write-up's experiment)", t,
                    "input: " + w.description(),
                    "patterns: " + String.join(", ", HEROES),
                    "timed: counting every match (Trawl: Matcher.count; peers: their scan with a counting callback)");
        }
    }
}
