package dev.trawl.spark;

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
 * The loghub samples' event templates ({@code data/loghub/<System>/<System>_2k.log_templates.csv})
 * as regexes, for the example job, the benchmark and the tests. A template such as
 * {@code Served block blk_<*> to /<*>} becomes an unanchored regex: its literal parts in order, with
 * ASCII letters, digits and {@code _} as themselves and every other ASCII character as {@code \xHH}
 * (which Trawl's and {@code java.util.regex}'s syntax read alike), and each {@code <*>} between them
 * as {@code .*?} (any run of characters on the line, as few as can be); a {@code <*>} at either end
 * is dropped, since an unanchored search needs none there. As in the bench's
 * {@code regex-templates} experiment, except for the lazy {@code .*?}.
 *
 * @param label {@code System:EventId}, e.g. {@code HDFS:E5}
 * @param template the template as loghub writes it
 * @param regex the template as a regex
 */
public record LoghubTemplates(String label, String template, String regex) {

    /** The systems with a {@code <System>_2k.log} under {@code dataDir/loghub}, by name. */
    public static List<String> systems(Path dataDir) {
        try (Stream<Path> s = Files.list(dataDir.resolve("loghub"))) {
            return s.filter(p -> Files.isRegularFile(p.resolve(p.getFileName() + "_2k.log")))
                    .map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The 2k sample logs, one per system, by system name. */
    public static List<Path> logs(Path dataDir) {
        return systems(dataDir).stream().map(s -> dataDir.resolve("loghub").resolve(s).resolve(s + "_2k.log")).toList();
    }

    /** Every system's sample templates, systems by name and templates in file order; none that is only {@code <*>}. */
    public static List<LoghubTemplates> all(Path dataDir) {
        List<LoghubTemplates> out = new ArrayList<>();
        for (String system : systems(dataDir)) {
            Path csv = dataDir.resolve("loghub").resolve(system).resolve(system + "_2k.log_templates.csv");
            for (String[] row : read(csv)) {
                String regex = regex(row[1]);
                if (!regex.isEmpty()) {
                    out.add(new LoghubTemplates(system + ":" + row[0], row[1], regex));
                }
            }
        }
        return out;
    }

    /** The templates as one pattern set of regexes, labelled. */
    public static PatternSet patternSet(List<LoghubTemplates> templates) {
        PatternSet.Builder b = PatternSet.builder();
        for (LoghubTemplates t : templates) {
            b.addRegex(t.regex(), t.label());
        }
        return b.build();
    }

    /** A loghub template as a regex (see the class comment). */
    public static String regex(String template) {
        return Regexes.template(template, LoghubTemplates::escape, ".*?");
    }

    /** A literal part: ASCII letters, digits and {@code _} (and all non-ASCII) as themselves, the rest as {@code \xHH}. */
    private static String escape(String literal) {
        StringBuilder sb = new StringBuilder(literal.length() * 2);
        for (char c : literal.toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80) {
                sb.append(c);
            } else {
                sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            }
        }
        return sb.toString();
    }

    /** (EventId, EventTemplate) of each row of a loghub template file; quoted fields hold no line breaks. */
    private static List<String[]> read(Path csv) {
        List<String[]> rows = new ArrayList<>();
        String text;
        try {
            text = Files.readString(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean header = true;
        for (String line : text.split("\r?\n")) {
            int comma = line.indexOf(',');
            if (header || comma < 0) {
                header = false;
                continue;
            }
            String t = line.substring(comma + 1);
            if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
                t = t.substring(1, t.length() - 1).replace("\"\"", "\"");
            }
            rows.add(new String[] {line.substring(0, comma), t});
        }
        return rows;
    }
}
