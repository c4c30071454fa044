package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.engine.cpu.NaiveEngine;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Matcher#countMatchingRecords}'s default ({@link MatchingRecordCount}) against
 * records split by hand: separators at the ends, empty records, patterns holding the separator (they
 * never count), overlapping and duplicate patterns, bytes above 0x7F.
 */
class MatchingRecordCountTest {
    /** A matcher with only the scan of {@code inner}, so the default record count is the one under test. */
    private static Matcher scanOnly(Matcher inner) {
        return new Matcher() {
            @Override
            public String engine() {
                return "scan-only";
            }

            @Override
            public PatternSet patterns() {
                return inner.patterns();
            }

            @Override
            public boolean scan(Input input, MatchSink sink) {
                return inner.scan(input, sink);
            }

            @Override
            public long count(Input input) {
                return inner.count(input);
            }
        };
    }

    /** Records split at {@code sep} (a trailing separator ends the last one) holding a pattern wholly inside. */
    private static long oracle(byte[] text, byte sep, List<byte[]> patterns) {
        long n = 0;
        int from = 0;
        for (int i = 0; i <= text.length; i++) {
            if (i == text.length || text[i] == sep) {
                if (i == text.length && from == i && i > 0) {
                    break; // a final separator makes no empty last record
                }
                if (holdsAny(text, from, i, patterns)) {
                    n++;
                }
                from = i + 1;
            }
        }
        return n;
    }

    private static boolean holdsAny(byte[] t, int from, int to, List<byte[]> patterns) {
        for (byte[] p : patterns) {
            for (int s = from; s + p.length <= to; s++) {
                int k = 0;
                while (k < p.length && t[s + k] == p[k]) {
                    k++;
                }
                if (k == p.length) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void countsAsRecordsSplitByHandOnRandomTexts() {
        Random r = new Random(7);
        byte[] alphabet = "ab\n;\u00e9".getBytes(StandardCharsets.UTF_8); // a, b, newline, ';', two bytes above 0x7F
        for (int round = 0; round < 300; round++) {
            byte sep = r.nextBoolean() ? (byte) '\n' : (byte) ';';
            byte[] text = new byte[r.nextInt(400)];
            for (int i = 0; i < text.length; i++) {
                text[i] = alphabet[r.nextInt(alphabet.length)];
            }
            List<byte[]> patterns = new ArrayList<>();
            int k = 1 + r.nextInt(4);
            for (int p = 0; p < k; p++) {
                byte[] b = new byte[1 + r.nextInt(3)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = alphabet[r.nextInt(alphabet.length)];
                }
                patterns.add(b);
            }
            if (r.nextInt(5) == 0) {
                patterns.add(patterns.getFirst()); // a duplicate
            }
            PatternSet.Builder b = PatternSet.builder();
            patterns.forEach(b::add);
            PatternSet set = b.build();
            Matcher naive = Trawl.compile(set, MatcherOptions.defaults().withEngine(NaiveEngine.NAME));
            long want = oracle(text, sep, patterns);
            String what = "round " + round + ", separator " + sep + ", " + text.length + " bytes";
            assertEquals(want, scanOnly(naive).countMatchingRecords(Input.of(text), sep), what);
            assertEquals(want, naive.countMatchingRecords(Input.of(text), sep), what + ", the engine's own count");
        }
    }

    @Test
    void countsOverNativeMemoryAndStopsAtTheLastRecord() {
        byte[] text = "x\nerror one\nfine\nerror two error\nlast error".getBytes(StandardCharsets.US_ASCII);
        Matcher m = scanOnly(Trawl.compile(PatternSet.of("error", "or"), MatcherOptions.defaults().withEngine(NaiveEngine.NAME)));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            assertEquals(3, m.countMatchingRecords(Input.of(s), (byte) '\n'));
        }
        assertEquals(0, m.countMatchingRecords(Input.of(new byte[0]), (byte) '\n'));
    }
}
