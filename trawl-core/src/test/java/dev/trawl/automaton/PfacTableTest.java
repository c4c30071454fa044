package dev.trawl.automaton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Walks the PFAC table on the CPU the way the GPU kernel does, and checks it against the oracle. */
class PfacTableTest {

    /** Every walk from every start, through rootRow, classOf and next, as pfac.cu does it. */
    static List<Match> walkAll(PfacTable t, byte[] text, PatternSet ps) {
        List<Match> out = new ArrayList<>();
        int nc = t.classCount();
        for (int start = 0; start < text.length; start++) {
            int v = t.rootRow()[text[start] & 0xFF];
            int pos = start + 1;
            List<Match> here = new ArrayList<>();
            while (v != 0) {
                int s = v & PfacTable.STATE_MASK;
                if (v < 0) {
                    for (int i = t.outStart()[s]; i < t.outStart()[s + 1]; i++) {
                        int id = t.outIds()[i];
                        here.add(new Match(id, start, start + ps.length(id)));
                    }
                }
                if (pos >= text.length) {
                    break;
                }
                v = t.next()[s * nc + t.classOf()[text[pos++] & 0xFF]];
            }
            Collections.sort(here);
            out.addAll(here);
        }
        return out;
    }

    @Test
    void theClassTrigramFilterKeepsEveryStartWithAMatchAndDropsOthers() {
        // The walk of walkAll, skipping every start whose trigram bit is clear (as the class-staging GPU
        // kernels do; starts with fewer than three bytes left are always walked), must find exactly what
        // the oracle finds; and over random text some starts that leave the root must be dropped.
        Random r = new Random(12);
        long rootStarts = 0;
        long kept = 0;
        for (int i = 0; i < 400; i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = i % 5 == 0 ? Differential.randomPatterns(r, alphabet, 30, 2) // many 1-2 byte patterns
                    : Differential.randomPatterns(r, alphabet, 12, 6);
            byte[] text = Differential.randomBytes(r, alphabet, r.nextInt(300));
            PfacTable t = PfacTable.of(ps);
            int[] bits = t.classTrigrams();
            int n = t.classCount();
            List<Match> expected = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
            List<Match> filtered = new ArrayList<>();
            for (Match m : walkAll(t, text, ps)) {
                int p = (int) m.start();
                boolean pass = p + 3 > text.length || bit(bits, n, t, text, p);
                if (pass) {
                    filtered.add(m);
                }
            }
            assertEquals(expected, filtered, "case " + i + ": a start with a match was filtered out");
            for (int p = 0; p + 3 <= text.length; p++) {
                if (t.rootRow()[text[p] & 0xFF] != 0) {
                    rootStarts++;
                    kept += bit(bits, n, t, text, p) ? 1 : 0;
                }
            }
        }
        assertTrue(kept < rootStarts, "the filter dropped none of " + rootStarts + " starts that leave the root");
        // Beyond the most classes the filter covers, there is none.
        PatternSet wide = PatternSet.of("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789");
        assertEquals(null, PfacTable.of(wide).classTrigrams());
    }

    private static boolean bit(int[] bits, int n, PfacTable t, byte[] text, int p) {
        int[] cls = t.classOf();
        int g = (cls[text[p] & 0xFF] * n + cls[text[p + 1] & 0xFF]) * n + cls[text[p + 2] & 0xFF];
        return (bits[g >>> 5] >>> (g & 31) & 1) != 0;
    }

    @Test
    void walksFindWhatTheOracleFinds() {
        Random r = new Random(11);
        int total = 0;
        for (int i = 0; i < 400; i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alphabet, 12, 6);
            byte[] text = Differential.randomBytes(r, alphabet, r.nextInt(300));
            List<Match> expected = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
            assertEquals(expected, walkAll(PfacTable.of(ps), text, ps), "case " + i);
            total += expected.size();
        }
        assertTrue(total > 1000, "cases should match often: " + total);
    }

    @Test
    void layoutFacts() {
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        PfacTable t = PfacTable.of(ps);
        // Shared prefixes: "He" (Helen, Hector), "A" (four names), "P" (Patroclus, Priam): 6 states saved.
        assertEquals(ps.totalBytes() + 1 - 6, t.stateCount());
        assertEquals(256, t.rootRow().length);
        assertEquals(t.stateCount() + 1, t.outStart().length);
        assertEquals(ps.size(), t.outIds().length);
        assertEquals(0, t.rootRow()['x'], "no name starts with x");
        assertTrue(t.rootRow()['H'] != 0 && t.rootRow()['H'] > 0, "H starts Helen and Hector, and ends nothing");
        PfacTable one = PfacTable.of(PatternSet.of("a", "a"));
        assertTrue(one.rootRow()['a'] < 0, "a one-byte pattern makes the root's edge final");
        assertEquals(2, one.outStart()[2] - one.outStart()[1], "duplicates each report");
    }

    /** The limit is the table's own size: at it the table builds, one entry below it the set is refused. */
    @Test
    void aTableOneEntryAboveTheLimitIsAPatternLimit() {
        PatternSet ps = PatternSet.builder().addAll(TestData.words(1_000, 7)).build();
        Trie trie = Trie.of(ps);
        long entries = PfacTable.of(trie, ps.maxLength()).next().length;
        assertEquals(entries, PfacTable.of(trie, ps.maxLength(), entries).next().length);
        PatternLimitException e = assertThrows(PatternLimitException.class,
                () -> PfacTable.of(trie, ps.maxLength(), entries - 1));
        assertEquals(entries, e.needed());
        assertEquals(entries - 1, e.limit());
        assertEquals("the PFAC table would need " + entries + " entries (" + trie.stateCount() + " states x "
                + trie.classes().count() + " byte classes); the limit is " + (entries - 1), e.getMessage());
    }
}
