package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.report.Table;
import java.util.List;

/**
 * The GPU log-classification write-up's experiment: log lines (loghub's samples of 16 systems, replayed to
 * {@code --size}, default 256 MiB), five patterns, and for each line its first match (smallest start, then
 * smallest pattern id) or none: {@code firstMatch} per line, reported in lines per second. Baseline
 * {@code cpu:jdk-regex}. The write-up measured 0.2M lines/s for std::regex up to 60M lines/s for its best GPU
 * trie.
 */
final class LogsExperiment extends BaseExperiment {
    static final List<String> PATTERNS = List.of("error", "WARN", "exception", "authentication failure", "blk_");

    LogsExperiment() {
        super("logs",
                "GPU log-classification write-up: loghub lines replayed, 5 patterns, first match per line; lines/s;"
                        + " baseline cpu:jdk-regex",
                256L << 20);
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        try (Workload w = Texts.logsReplayed(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads)) {
            Problem p = Problem.literals(PATTERNS, "five log patterns");
            Table t = measureLiterals(ctx, w, p, new Reduction.FirstMatchPerLine(p.lengths()),
                    Lineup.baseline("cpu:jdk-regex", 0, ""), false, "lines");
            return outcome("logs (the GPU log-classification write-up's experiment)", t,
                    "input: " + w.description() + String.format(", %,d lines", w.lines()),
                    "patterns: " + String.join(", ", PATTERNS.stream().map(s -> "`" + s + "`").toList()),
                    "timed: the first match of each line (smallest start, then pattern id): Trawl's engines through"
                            + " `Matcher.firstMatch` over the lines (`Records.lines`, made once before timing), the"
                            + " peers from their match streams");
        }
    }
}
