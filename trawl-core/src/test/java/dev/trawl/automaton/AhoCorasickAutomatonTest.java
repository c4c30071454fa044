package dev.trawl.automaton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.PatternSet;
import dev.trawl.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AhoCorasickAutomatonTest {

    /** Walks the text from the start state; per position, the ids reported there (longest first). */
    static List<String> walk(AhoCorasickAutomaton ac, byte[] text) {
        List<String> out = new ArrayList<>();
        int s = ac.start();
        for (int i = 0; i < text.length; i++) {
            int v = ac.step(s, ac.classTable()[text[i] & 0xFF]);
            s = v & AhoCorasickAutomaton.STATE_MASK;
            if (v < 0) {
                out.add(i + ":" + outputs(ac, s));
            }
        }
        return out;
    }

    static List<Integer> outputs(AhoCorasickAutomaton ac, int state) {
        List<Integer> ids = new ArrayList<>();
        int[] out = ac.outIds();
        int i = ac.outIndex(state) + 1; // skip the segment's pattern length
        while (true) {
            if (out[i] >= 0) {
                ids.add(out[i++]);
            } else if (out[i] == -1) {
                return ids;
            } else {
                i = -out[i] - 2 + 1;
            }
        }
    }

    /** Dense rows and sparse records give the same walk, whatever the dense budget. */
    @Test
    void denseAndSparseLayoutsAgree() {
        PatternSet ps = PatternSet.of(TestData.words(2_000, 3));
        byte[] text = java.util.Arrays.copyOfRange(TestData.iliadBytes(), 50_000, 90_000);
        AhoCorasickAutomaton full = AhoCorasickAutomaton.compile(ps, Long.MAX_VALUE / 4);
        assertEquals(full.stateCount(), full.denseCount());
        List<String> expected = walk(full, text);
        assertTrue(expected.size() > 1000, "words hit the text: " + expected.size());
        for (long budget : new long[] {0, 4L * full.classCount() * 7, 4L * full.classCount() * 500}) {
            AhoCorasickAutomaton hybrid = AhoCorasickAutomaton.compile(ps, budget);
            assertTrue(hybrid.denseCount() < hybrid.stateCount());
            assertEquals(expected, walk(hybrid, text), "dense budget " + budget);
        }
    }

    @Test
    void outputsFollowDictionaryLinks() {
        PatternSet ps = PatternSet.of("a", "aa", "aaa", "aa");
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
        List<String> w = walk(ac, "aaa".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertEquals(List.of("0:[0]", "1:[1, 3, 0]", "2:[2, 1, 3, 0]"), w);
    }

    /** The compiled size per pattern for large English-like dictionaries (the note quotes these). */
    @Test
    void bytesPerPatternStayBounded() {
        for (int n : new int[] {100_000, 1_000_000}) {
            PatternSet ps = PatternSet.of(TestData.words(n, 5));
            long t0 = System.nanoTime();
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
            double bpp = (double) ac.memoryBytes() / n;
            System.out.printf("aho-corasick %,d words: %,d states, %.1f bytes/pattern, compiled in %.2f s%n", n,
                    ac.stateCount(), bpp, (System.nanoTime() - t0) / 1e9);
            assertTrue(bpp < 400, n + " words: " + bpp + " bytes per pattern");
        }
    }
}
