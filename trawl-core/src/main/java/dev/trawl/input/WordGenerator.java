package dev.trawl.input;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Deterministic English-like words (syllables of common letter pairs) for benchmarks and tests: the
 * same {@code (count, seed)} gives the same list on every JVM. Lengths 2 to about 14.
 */
public final class WordGenerator {
    private static final String[] ONSETS = {"", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v",
        "w", "th", "st", "ch", "br", "tr", "gr", "pl", "sh"};
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ea", "ou", "ai", "ie"};
    private static final String[] CODAS = {"", "", "n", "r", "s", "t", "l", "d", "m", "ng", "st", "nd"};

    private WordGenerator() {}

    /** {@code count} distinct words, in the order generated. */
    public static List<String> words(int count, long seed) {
        Random r = new Random(seed);
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < count) {
            int syllables = 1 + r.nextInt(4);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < syllables; i++) {
                sb.append(ONSETS[r.nextInt(ONSETS.length)]).append(VOWELS[r.nextInt(VOWELS.length)])
                        .append(CODAS[r.nextInt(CODAS.length)]);
            }
            if (sb.length() >= 2) {
                out.add(sb.toString());
            }
        }
        return new ArrayList<>(out);
    }
}
