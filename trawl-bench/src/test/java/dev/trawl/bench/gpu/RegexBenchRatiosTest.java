package dev.trawl.bench.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** RegexBench's ratio columns: each row against Hyperscan's and cpu:dfa's rows of the same set. */
class RegexBenchRatiosTest {
    @Test
    void ratiosAreTakenWithinEachSet() {
        List<String> rows = List.of(
                "| all (3) | cpu:dfa x16 | 100 | 1.00 | 1.000 | 100 |",
                "| all (3) | gpu:chains, default | 100 | 30.00 | 30.000 | 100 |",
                "| all (3) | native Hyperscan 5.4.0 x16 | 100 | 2.00 | 2.000 | 100 |",
                "| HDFS (1) | gpu:chains, default | 10 | 1.00 | 8.000 | 1 |",
                "| HDFS (1) | cpu:dfa x16 | 10 | 1.00 | 4.000 | 1 |");
        List<String> out = RegexBench.withRatios(rows);
        assertEquals("| all (3) | gpu:chains, default | 100 | 30.00 | 30.000 | 100 | 15.00x | 30.00x |", out.get(1));
        assertEquals("| all (3) | native Hyperscan 5.4.0 x16 | 100 | 2.00 | 2.000 | 100 | 1.00x | 2.00x |", out.get(2));
        assertEquals("| HDFS (1) | gpu:chains, default | 10 | 1.00 | 8.000 | 1 | - | 2.00x |", out.get(3));
    }

    @Test
    void slowRatesKeepThreeSignificantDigits() {
        assertEquals("12.35", RegexBench.rate(12.345, 2));
        assertEquals("0.000123", RegexBench.rate(0.000123, 3));
        assertEquals("0.0500", RegexBench.rate(0.05, 3));
    }
}
