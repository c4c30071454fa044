package dev.trawl.testing;

import dev.trawl.input.WordGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The shared data files (../shared/data) and deterministic generators for tests. */
public final class TestData {
    /** Seed 000's ten hero names. */
    public static final List<String> HERO_NAMES = List.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache",
            "Patroclus", "Ajax", "Priam", "Agamemnon", "Cassandra");

    private TestData() {}

    /** {@code -Dtrawl.data.dir}, else ../shared/data from the working directory or its parent. */
    public static Path dataDir() {
        String prop = System.getProperty("trawl.data.dir");
        if (prop != null && Files.isDirectory(Path.of(prop))) {
            return Path.of(prop);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("../shared/data").normalize();
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("shared data not found: set -Dtrawl.data.dir");
    }

    public static Path iliad() {
        return dataDir().resolve("iliad.txt");
    }

    public static byte[] iliadBytes() {
        try {
            return Files.readAllBytes(iliad());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The literal parts of a loghub templates file ({@code EventId,EventTemplate}, {@code <*>} for a
     * variable part): each template split at its variables, pieces trimmed, empty ones dropped, in
     * file order. Repeated pieces stay, so the set has duplicates.
     */
    public static List<String> templateLiterals(Path templatesCsv) {
        List<String> out = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(templatesCsv);
            for (String line : lines.subList(1, lines.size())) {
                String template = line.substring(line.indexOf(',') + 1);
                if (template.length() >= 2 && template.startsWith("\"") && template.endsWith("\"")) {
                    template = template.substring(1, template.length() - 1).replace("\"\"", "\"");
                }
                for (String piece : template.split("<\\*>")) {
                    if (!piece.isBlank()) {
                        out.add(piece.strip());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * {@code count} distinct English-like words (syllables of common letter pairs), deterministic for
     * a seed. Lengths 2 to about 14. Delegates to {@link WordGenerator} (main code, for the benchmarks).
     */
    public static List<String> words(int count, long seed) {
        return WordGenerator.words(count, seed);
    }
}
