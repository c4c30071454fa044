package dev.trawl.bench.experiment;

import dev.trawl.bench.report.Table;
import java.util.List;

/**
 * What an experiment measured: its tables (one, or one per dictionary size) and the lines that
 * describe the workload and patterns above them.
 */
public record Outcome(String experiment, String title, List<String> description, List<Table> tables) {
    public boolean passed() {
        return tables.stream().allMatch(Table::passed);
    }
}
