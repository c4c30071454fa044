package dev.trawl.testing;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Deterministic English-like words, for tests and for the bench's dictionaries (trawl-bench uses this
 * class through trawl-core's test jar): syllables of a common onset, vowel and coda, so the words share
 * prefixes and suffixes with each other and, at times, with English text. The same
 * {@code (count, seed)} gives the same list on every JVM.
 */
public final class Words {
    private static final String[] ONSETS = {"", "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v",
        "w", "th", "st", "ch", "br", "tr", "gr", "pl", "sh", "wh", "cr"};
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ea", "ou", "ai", "ie", "y"};
    private static final String[] CODAS = {"", "", "n", "r", "s", "t", "l", "d", "m", "ng", "st", "nd", "ck"};

    private Words() {}

    /** {@code count} distinct words of 2 to about 16 letters (1 to 4 syllables). */
    public static List<String> generate(int count, long seed) {
        return generate(count, seed, 1, 4, 2);
    }

    /**
     * {@code count} distinct words of at least {@code minLength} letters that do not occur in
     * {@code text} (the "long words" set: a dictionary with no matches at all).
     */
    public static List<String> absentLong(int count, int minLength, long seed, String text) {
        List<String> out = new ArrayList<>(count);
        Random r = new Random(seed);
        Set<String> seen = new LinkedHashSet<>();
        while (out.size() < count) {
            String w = word(r, 5, 7);
            if (w.length() >= minLength && seen.add(w) && !text.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    private static List<String> generate(int count, long seed, int minSyllables, int maxSyllables, int minLength) {
        Random r = new Random(seed);
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < count) {
            String w = word(r, minSyllables, maxSyllables);
            if (w.length() >= minLength) {
                out.add(w);
            }
        }
        return new ArrayList<>(out);
    }

    private static String word(Random r, int minSyllables, int maxSyllables) {
        int syllables = minSyllables + r.nextInt(maxSyllables - minSyllables + 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < syllables; i++) {
            sb.append(ONSETS[r.nextInt(ONSETS.length)]).append(VOWELS[r.nextInt(VOWELS.length)])
                    .append(CODAS[r.nextInt(CODAS.length)]);
        }
        return sb.toString();
    }
}
