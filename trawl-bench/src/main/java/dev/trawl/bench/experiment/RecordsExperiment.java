package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.report.Table;
import java.util.List;

/**
 * The Rabin-Karp records write-up's experiment: generated fixed-length records (default 128 MiB of 256-byte
 * records) against 8 KiB of patterns (512 × 16 bytes), producing the first-occurrence table: for each
 * (record, pattern), where the pattern first occurs in the record. Baseline {@code cpu:index-of} on one
 * thread (the write-up's single-threaded strstr); the write-up's GPU Rabin-Karp was 38x faster than it.
 */
final class RecordsExperiment extends BaseExperiment {
    static final int RECORD_BYTES = 256;
    static final int PATTERN_BYTES = 8 << 10;
    static final int PATTERN_LENGTH = 16;

    RecordsExperiment() {
        super("records",
                "Rabin-Karp records write-up: generated records x 8 KiB of patterns, first-occurrence table;"
                        + " baseline cpu:index-of, 1 thread",
                128L << 20);
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        try (Workload w = Texts.records(ctx.sizeOr(defaultSize()), RECORD_BYTES, 2002, ctx.chunkBytes(), threads)) {
            List<String> patterns = Texts.recordPatterns(w, PATTERN_BYTES, PATTERN_LENGTH, 2002);
            Problem p = Problem.literals(patterns, patterns.size() + " patterns of " + PATTERN_LENGTH + " bytes");
            BenchEngine base = Lineup.baseline("cpu:index-of", 1, "single-threaded, as the write-up's strstr baseline");
            Table t = measureLiterals(ctx, w, p, new Reduction.FirstOccurrence(p.lengths()), base, true, "records");
            return outcome("records (the Rabin-Karp write-up's experiment)", t,
                    "input: " + w.description(),
                    "patterns: " + p.description() + " (" + PATTERN_BYTES + " bytes; half cut from records, half other"
                            + " generated words)",
                    "timed: the first-occurrence table (cells found; the -1 cells are implicit); records are lines:"
                            + " Trawl's engines through `Matcher.scanRecords` over them (`Records.lines`, made once"
                            + " before timing), the peers from their match streams");
        }
    }
}
