package dev.trawl.bench.report;

import java.util.List;
import java.util.stream.Collectors;

/** RFC 4180: fields with commas, quotes or newlines are quoted. */
final class Csv {
    private Csv() {}

    static String line(List<String> fields) {
        return fields.stream().map(Csv::field).collect(Collectors.joining(",")) + "\n";
    }

    /** Parses a whole file into records of fields. */
    static List<List<String>> parse(String text) {
        List<List<String>> out = new java.util.ArrayList<>();
        List<String> rec = new java.util.ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                rec.add(f.toString());
                f.setLength(0);
            } else if (c == '\n') {
                rec.add(f.toString());
                f.setLength(0);
                out.add(rec);
                rec = new java.util.ArrayList<>();
            } else if (c != '\r') {
                f.append(c);
            }
        }
        if (f.length() > 0 || !rec.isEmpty()) {
            rec.add(f.toString());
            out.add(rec);
        }
        return out;
    }

    private static String field(String f) {
        if (f.indexOf(',') < 0 && f.indexOf('"') < 0 && f.indexOf('\n') < 0) {
            return f;
        }
        return '"' + f.replace("\"", "\"\"") + '"';
    }
}
