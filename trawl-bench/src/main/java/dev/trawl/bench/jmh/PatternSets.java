package dev.trawl.bench.jmh;

import dev.trawl.testing.Words;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The pattern sets the JMH benchmarks name in their {@code patterns} parameter, made as the experiments
 * make theirs: the ten hero names of the Iliad experiment, the first N generated words of the dictionary
 * experiment ({@code words1k}, {@code words10k}, {@code words100k}), and its 2,500 long words that never
 * occur in the Iliad ({@code long2500}: a pure scan, where skipping prefilters shine).
 */
final class PatternSets {
    static final List<String> HEROES = List.of("Helen", "Achilles", "Ulysses", "Hector", "Andromache", "Patroclus",
            "Ajax", "Priam", "Agamemnon", "Cassandra");

    private PatternSets() {}

    static List<String> named(String name, byte[] iliad) {
        return switch (name) {
            case "heroes" -> HEROES;
            case "words1k" -> Words.generate(1_000, 1);
            case "words10k" -> Words.generate(10_000, 1);
            case "words100k" -> Words.generate(100_000, 1);
            case "long2500" -> {
                // As the dictionary experiment's "long" case: absent from the text, across the seam of its repeats too.
                String text = new String(iliad, StandardCharsets.ISO_8859_1);
                yield Words.absentLong(2_500, 15, 12, text + text.substring(0, Math.min(100, text.length())));
            }
            default -> throw new IllegalArgumentException("unknown pattern set " + name
                    + " (heroes, words1k, words10k, words100k, long2500)");
        };
    }
}
