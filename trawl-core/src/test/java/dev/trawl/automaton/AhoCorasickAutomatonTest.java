package dev.trawl.automaton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.PatternSet;
import dev.trawl.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AhoCorasickAutomatonTest {

    /** Every state's transitions agree whether the state is dense or sparse. */
    @Test
    void denseAndSparseRowsAgree() {
        PatternSet ps = PatternSet.of(TestData.words(2_000, 3));
        AhoCorasickAutomaton full = AhoCorasickAutomaton.compile(ps, Long.MAX_VALUE / 4);
        assertEquals(full.stateCount(), full.denseCount());
        for (long budget : new long[] {0, 4L * full.classCount() * 7, 4L * full.classCount() * 500}) {
            AhoCorasickAutomaton hybrid = AhoCorasickAutomaton.compile(ps, budget);
            assertTrue(hybrid.denseCount() < hybrid.stateCount());
            for (int s = 0; s < full.stateCount(); s++) {
                for (int c = 0; c < full.classCount(); c++) {
                    assertEquals(full.step(s, c), hybrid.step(s, c), "state " + s + " class " + c);
                }
            }
        }
    }

    @Test
    void outputsFollowDictionaryLinks() {
        PatternSet ps = PatternSet.of("a", "aa", "aaa", "aa");
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
        int s = 0;
        for (int i = 0; i < 3; i++) {
            s = ac.step(s & AhoCorasickAutomaton.STATE_MASK, ac.classTable()['a']);
        }
        assertTrue(s < 0, "state after aaa reports");
        List<Integer> ids = new ArrayList<>();
        int[] out = ac.outIds();
        for (int i = ac.outStart(s & AhoCorasickAutomaton.STATE_MASK); ; ) {
            if (out[i] >= 0) {
                ids.add(out[i++]);
            } else if (out[i] == -1) {
                break;
            } else {
                i = -out[i] - 2;
            }
        }
        assertEquals(List.of(2, 1, 3, 0), ids);
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
