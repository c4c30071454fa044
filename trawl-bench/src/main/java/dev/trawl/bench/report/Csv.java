package dev.trawl.bench.report;

import java.util.List;
import java.util.stream.Collectors;

/** RFC 4180 lines: fields with commas, quotes or newlines are quoted. */
final class Csv {
    private Csv() {}

    static String line(List<String> fields) {
        return fields.stream().map(Csv::field).collect(Collectors.joining(",")) + "\n";
    }

    private static String field(String f) {
        if (f.indexOf(',') < 0 && f.indexOf('"') < 0 && f.indexOf('\n') < 0) {
            return f;
        }
        return '"' + f.replace("\"", "\"\"") + '"';
    }
}
