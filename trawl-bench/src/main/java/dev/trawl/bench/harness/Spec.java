package dev.trawl.bench.harness;

import dev.trawl.bench.data.Workload;
import java.util.List;

/**
 * One measurement: every engine of {@code engines} over the same workload and patterns. The first
 * engine is the baseline: ratios are to it, and every other engine's output is checked against its
 * output. {@code reduction} null means the timed operation is a count of all matches (checked
 * afterwards on every match, or on matching lines for leftmost-first engines); otherwise the
 * reduction itself is timed and checked.
 *
 * @param title names the measurement in tables (the dictionary size, for instance)
 * @param unit what {@code Workload.lines()} counts for a per-second column ("lines", "records"), or
 *     null to leave that column out
 */
public record Spec(String title, Workload workload, Problem problem, Reduction reduction, List<BenchEngine> engines,
        String unit) {
    public boolean counting() {
        return reduction == null;
    }
}
