package dev.trawl.bench.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** Reads the loghub samples: lines of every system, and event templates. */
public final class Loghub {
    private Loghub() {}

    /** The systems with a {@code <System>_2k.log}, sorted by name. */
    public static List<String> systems(Path dataDir) {
        try (Stream<Path> s = Files.list(dataDir.resolve("loghub"))) {
            return s.filter(p -> Files.isRegularFile(p.resolve(p.getFileName() + "_2k.log")))
                    .map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every system's lines, each ending in '\n', interleaved: line 0 of each system, then line 1, ... */
    public static List<byte[]> interleavedLines(Path dataDir) {
        List<List<byte[]>> per = new ArrayList<>();
        for (String sys : systems(dataDir)) {
            per.add(lines(Texts.read(dataDir.resolve("loghub").resolve(sys).resolve(sys + "_2k.log"))));
        }
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            boolean any = false;
            for (List<byte[]> l : per) {
                if (i < l.size()) {
                    out.add(l.get(i));
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    /** Lines of a file, CR dropped, each ending in '\n'; empty lines left out. */
    static List<byte[]> lines(byte[] file) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= file.length; i++) {
            if (i == file.length || file[i] == '\n') {
                int end = i;
                if (end > start && file[end - 1] == '\r') {
                    end--;
                }
                if (end > start) {
                    byte[] l = Arrays.copyOfRange(file, start, end + 1);
                    l[l.length - 1] = '\n';
                    out.add(l);
                }
                start = i + 1;
            }
        }
        return out;
    }

    /** The EventTemplate column of {@code <System>_2k.log_templates.csv}, in file order. */
    public static List<String> templates(Path dataDir, String system) {
        return templates(dataDir.resolve("loghub").resolve(system).resolve(system + "_2k.log_templates.csv"));
    }

    /**
     * Every template file of a system, sorted by name: the 2k sample's {@code <System>_2k.log_templates.csv}
     * and, for BGL and HDFS, the full list {@code <System>_templates.csv}.
     */
    public static List<Path> templateFiles(Path dataDir, String system) {
        try (Stream<Path> s = Files.list(dataDir.resolve("loghub").resolve(system))) {
            return s.filter(p -> p.getFileName().toString().endsWith("_templates.csv")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The EventTemplate column (the second) of a loghub template file, in file order. The files have no
     * line breaks inside quoted fields.
     */
    public static List<String> templates(Path csv) {
        List<String> out = new ArrayList<>();
        String text = new String(Texts.read(csv), StandardCharsets.ISO_8859_1);
        boolean header = true;
        for (String line : text.split("\r?\n")) {
            if (header) {
                header = false;
                continue;
            }
            int comma = line.indexOf(',');
            if (comma < 0) {
                continue;
            }
            String t = line.substring(comma + 1);
            if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
                t = t.substring(1, t.length() - 1).replace("\"\"", "\"");
            }
            out.add(t);
        }
        return out;
    }
}
