package dev.trawl.automaton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.PatternSet;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The PFAC table's layout promises: finals first, root after them, one edge per trie edge, outputs. */
class PfacTableTest {

    @Test
    void layoutHoldsForRandomSets() {
        Random r = new Random(5);
        for (int i = 0; i < 300; i++) {
            PatternSet ps = Differential.randomPatterns(r, Differential.smallAlphabet(r), 20, 7);
            check(ps);
        }
        check(PatternSet.of(TestData.words(5_000, 3)));
    }

    private static void check(PatternSet ps) {
        PfacTable t = PfacTable.compile(ps);
        int nc = t.classCount();
        assertEquals(t.finalCount(), t.root());
        assertEquals(t.stateCount() * nc, t.transitions().length);
        // A trie: every state but the root has exactly one incoming edge.
        int[] incoming = new int[t.stateCount()];
        for (int v : t.transitions()) {
            if (v != PfacTable.DEAD) {
                incoming[v]++;
            }
        }
        for (int s = 0; s < t.stateCount(); s++) {
            assertEquals(s == t.root() ? 0 : 1, incoming[s], "incoming edges of state " + s);
            assertEquals(PfacTable.DEAD, t.next(s, 0), "class 0 holds no pattern byte");
        }
        // Each pattern's walk ends at a final state that lists it; finals list ids ascending.
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int id = 0; id < ps.size(); id++) {
            int s = t.root();
            byte[] p = ps.bytes(id);
            byte[] folded = new byte[p.length];
            for (int k = 0; k < p.length; k++) {
                s = t.next(s, t.classTable()[p[k] & 0xFF]);
                assertNotEquals(PfacTable.DEAD, s);
                folded[k] = ps.caseInsensitive() ? AsciiCase.fold(p[k]) : p[k];
            }
            distinct.add(ByteBuffer.wrap(folded));
            assertTrue(s < t.finalCount(), "pattern " + id + " ends at a final state");
            boolean listed = false;
            for (int k = t.outputStart()[s]; k < t.outputStart()[s + 1]; k++) {
                listed |= t.outputIds()[k] == id;
                if (k > t.outputStart()[s]) {
                    assertTrue(t.outputIds()[k - 1] < t.outputIds()[k]);
                }
            }
            assertTrue(listed, "pattern " + id + " listed at its state");
        }
        assertEquals(distinct.size(), t.finalCount());
        assertEquals(ps.size(), t.outputIds().length);
    }
}
