package dev.trawl.testing;

import dev.trawl.PatternSet;
import dev.trawl.regex.Regexes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The loghub templates ({@code loghub/<System>/*_templates.csv}) as regexes. Conversion: the text
 * between {@code <*>} wildcards is quoted literally, and each {@code <*>} becomes {@code .*?}: any
 * run of characters within the line, as short as possible. {@code .*?} rather than {@code \S+}
 * because loghub parameters may be empty or hold spaces; lazy so that a template ending in
 * {@code <*>} does not stretch its match to the end of the line for nothing (the span then ends at
 * the template's last literal).
 */
public final class LoghubTemplates {
    private LoghubTemplates() {}

    public static Path root() {
        return TestData.dataDir().resolve("loghub");
    }

    /** The systems (directory names), sorted. */
    public static List<String> systems() {
        try (Stream<Path> s = Files.list(root())) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path log(String system) {
        return root().resolve(system).resolve(system + "_2k.log");
    }

    /** The template files of a system (the 2k sample's, and the full list where there is one). */
    public static List<Path> templateFiles(String system) {
        try (Stream<Path> s = Files.list(root().resolve(system))) {
            return s.filter(p -> p.getFileName().toString().endsWith("_templates.csv")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The templates of a file, in order, unconverted. */
    public static List<String> templates(Path csv) {
        List<String> out = new ArrayList<>();
        try {
            String text = Files.readString(csv, StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            List<List<String>> rows = parseCsv(text);
            for (int i = 1; i < rows.size(); i++) {
                List<String> row = rows.get(i);
                if (row.size() >= 2 && !row.get(1).isEmpty()) {
                    out.add(row.get(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The templates of {@code csv} as one regex set, each by {@link #toRegex}. */
    /** What a test does with one template file's regex set and its system's log, as mapped lines. */
    @FunctionalInterface
    public interface SetOverLog {
        void accept(Path csv, PatternSet set, dev.trawl.Records lines);
    }

    /** Every template file of every system, as a regex set ({@link #regexSet}), over its system's log. */
    public static void forEachSetOverItsLog(SetOverLog test) {
        for (String system : systems()) {
            for (Path csv : templateFiles(system)) {
                PatternSet set = regexSet(csv);
                try (dev.trawl.Records lines = dev.trawl.Records.mapLines(log(system), true)) {
                    test.accept(csv, set, lines);
                }
            }
        }
    }

    public static PatternSet regexSet(Path csv) {
        PatternSet.Builder b = PatternSet.builder();
        for (String t : templates(csv)) {
            b.addRegex(toRegex(t));
        }
        return b.build();
    }

    /** A template as a regex: literal text quoted, {@code <*>} as {@code .*?}. */
    public static String toRegex(String template) {
        StringBuilder sb = new StringBuilder();
        int at = 0;
        while (true) {
            int star = template.indexOf("<*>", at);
            sb.append(Regexes.quote(template.substring(at, star < 0 ? template.length() : star)));
            if (star < 0) {
                return sb.toString();
            }
            sb.append(".*?");
            at = star + 3;
        }
    }

    /** The longest literal piece of a template (a prefilter for the oracle). */
    public static String longestPiece(String template) {
        String best = "";
        for (String piece : template.split("<\\*>", -1)) {
            if (piece.length() > best.length()) {
                best = piece;
            }
        }
        return best;
    }

    private static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (field.length() > 0 || !row.isEmpty()) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }
}
