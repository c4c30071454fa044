package dev.trawl.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repository's data files ({@code data/}) and deterministic generators for tests. */
public final class TestData {
    /** The ten hero names of the PFAC write-up's Iliad experiment. */
    public static final List<String> HERO_NAMES = List.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache",
            "Patroclus", "Ajax", "Priam", "Agamemnon", "Cassandra");

    private TestData() {}

    /**
     * The repository's {@code data/} directory ({@code iliad.txt}, {@code loghub/}), found from the
     * working directory or a parent of it; {@code -Dtrawl.data.dir} names another of the same layout.
     */
    public static Path dataDir() {
        String prop = System.getProperty("trawl.data.dir");
        if (prop != null && Files.isDirectory(Path.of(prop))) {
            return Path.of(prop);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("data");
            if (Files.isRegularFile(candidate.resolve("iliad.txt")) && Files.isDirectory(candidate.resolve("loghub"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("the repository's data/ directory (iliad.txt, loghub/) was not found from "
                + Path.of("").toAbsolutePath() + ": run from inside the repository or set -Dtrawl.data.dir");
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
    /** The first {@code count} words of the vendored English word sample ({@code data/words/english-20k.txt}). */
    public static List<String> dictionary(int count) {
        try {
            return java.nio.file.Files.readAllLines(dataDir().resolve("words/english-20k.txt")).subList(0, count);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

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
     * a seed. Lengths 2 to about 16. Delegates to {@link Words}, which the bench's dictionaries use too.
     */
    public static List<String> words(int count, long seed) {
        return Words.generate(count, seed);
    }
}
