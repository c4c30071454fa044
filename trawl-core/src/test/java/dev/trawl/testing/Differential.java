package dev.trawl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.engine.cpu.NaiveEngine;
import java.util.List;
import java.util.Random;

/**
 * Checks an engine against the {@code cpu:naive} oracle: the same matches, in the same order, and the
 * same count. Reused by every engine's tests, the GPU ones included (through the test jar).
 */
public final class Differential {
    private Differential() {}

    public static MatcherOptions oracleOptions() {
        return MatcherOptions.defaults().withEngine(NaiveEngine.NAME).withThreads(1);
    }

    /** Asserts equal findAll and count on {@code text}; returns the number of matches. */
    public static int check(String what, PatternSet patterns, byte[] text, MatcherOptions engineOptions) {
        List<Match> expected = Trawl.compile(patterns, oracleOptions()).findAll(text);
        return check(what, patterns, text, engineOptions, expected);
    }

    public static int check(String what, PatternSet patterns, byte[] text, MatcherOptions engineOptions,
            List<Match> expected) {
        Matcher m = Trawl.compile(patterns, engineOptions);
        List<Match> actual = m.findAll(Input.of(text));
        if (!expected.equals(actual)) {
            assertEquals(describe(expected), describe(actual), what + ": matches differ (" + engineOptions + ")");
            assertEquals(expected, actual, what);
        }
        assertEquals(expected.size(), m.count(Input.of(text)), what + ": count differs");
        return expected.size();
    }

    private static String describe(List<Match> ms) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ms.size() && i < 200; i++) {
            sb.append(ms.get(i)).append('\n');
        }
        return sb.append(ms.size()).append(" matches").toString();
    }

    /** A random pattern set over a small alphabet, so that overlaps and shared prefixes are common. */
    public static PatternSet randomPatterns(Random r, byte[] alphabet, int maxPatterns, int maxLength) {
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
        int n = 1 + r.nextInt(maxPatterns);
        for (int i = 0; i < n; i++) {
            if (i > 0 && r.nextInt(10) == 0) {
                // A duplicate or a prefix of an earlier pattern.
                byte[] earlier = b.build().bytes(r.nextInt(i));
                b.add(java.util.Arrays.copyOf(earlier, 1 + r.nextInt(earlier.length)));
                continue;
            }
            b.add(randomBytes(r, alphabet, 1 + r.nextInt(maxLength)));
        }
        return b.build();
    }

    /**
     * A binary set in which every byte value occurs (a pattern {@code v, 7v} for each), plus {@code slices}
     * random 3-11 byte slices of {@code text}: the set whose PFAC table has 257 byte classes.
     */
    public static PatternSet everyByteValue(Random r, byte[] text, int slices) {
        PatternSet.Builder b = PatternSet.builder();
        for (int v = 0; v < 256; v++) {
            b.add(new byte[] {(byte) v, (byte) (v * 7)});
        }
        for (int i = 0; i < slices; i++) {
            int at = r.nextInt(text.length - 12);
            b.add(java.util.Arrays.copyOfRange(text, at, at + 3 + r.nextInt(9)));
        }
        return b.build();
    }

    public static byte[] randomBytes(Random r, byte[] alphabet, int length) {
        byte[] t = new byte[length];
        for (int i = 0; i < length; i++) {
            t[i] = alphabet[r.nextInt(alphabet.length)];
        }
        return t;
    }

    /** Small alphabets: letters in both cases and bytes above 0x7F. */
    public static byte[] smallAlphabet(Random r) {
        byte[][] choices = {
            {'a', 'b'},
            {'a', 'b', 'A', 'B'},
            {'a', 'b', 'c', (byte) 0xC3, (byte) 0xA9},
            {'x', 'X', (byte) 0x80, (byte) 0xFF, 0, '\n'},
        };
        return choices[r.nextInt(choices.length)];
    }

    /**
     * Random bytes over {@code alpha} with a copy of a random pattern planted every {@code spacing}
     * bytes on average (letters' case flipped at random in a case-insensitive set), so that filters
     * and automata meet both candidates and matches.
     */
    public static byte[] planted(Random r, PatternSet ps, byte[] alpha, int length, int spacing) {
        byte[] t = randomBytes(r, alpha, length);
        for (int k = 0; k < length / spacing; k++) {
            byte[] p = ps.bytes(r.nextInt(ps.size()));
            int at = r.nextInt(Math.max(1, length - p.length));
            for (int j = 0; j < p.length && at + j < length; j++) {
                byte c = p[j];
                if (ps.caseInsensitive() && (c | 0x20) >= 'a' && (c | 0x20) <= 'z' && r.nextBoolean()) {
                    c ^= 0x20;
                }
                t[at + j] = c;
            }
        }
        return t;
    }
}
