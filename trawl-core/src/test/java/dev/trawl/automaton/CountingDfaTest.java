package dev.trawl.automaton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The counting DFA's walks, as the GPU's count-only kernel runs them, against the naive oracle. */
class CountingDfaTest {

    private static List<Match> oracle(PatternSet ps, byte[] text) {
        return Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
    }

    @Test
    void countsEveryMatchOfRandomSetsAndEveryChunkSplit() {
        Random r = new Random(23);
        for (int i = 0; i < 300; i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alphabet, i % 3 == 0 ? 40 : 10, i % 4 == 0 ? 2 : 7);
            byte[] text = Differential.planted(r, ps, alphabet, r.nextInt(600), 7);
            CountingDfa dfa = CountingDfa.of(PfacTable.of(ps));
            List<Match> all = oracle(ps, text);
            assertEquals(all.size(), dfa.count(text, 0, text.length), "whole text, set " + i + " " + ps);
            // A chunk: matches starting before `starts` and ending by `readable`.
            int readable = text.length == 0 ? 0 : r.nextInt(text.length + 1);
            int starts = r.nextInt(readable + 1);
            long want = all.stream().filter(m -> m.start() < starts && m.end() <= readable).count();
            assertEquals(want, dfa.countStarting(text, starts, readable),
                    "starts " + starts + ", readable " + readable + ", set " + i);
        }
    }

    @Test
    void countsDictionaryWordsOverTheIliadLikeTheOracle() {
        byte[] text = Arrays.copyOf(TestData.iliadBytes(), 200_000);
        PatternSet ps = PatternSet.of(TestData.dictionary(1000));
        CountingDfa dfa = CountingDfa.of(PfacTable.of(ps));
        long want = oracle(ps, text).size();
        assertTrue(want > 0, "the sample should hold some dictionary words");
        assertEquals(want, dfa.count(text, 0, text.length));
        assertTrue(dfa.narrow(), dfa.stateCount() + " states");
    }

    @Test
    void narrowEntriesKeepTargetsAndFlags() {
        PatternSet ps = PatternSet.of("he", "she", "his", "hers");
        CountingDfa dfa = CountingDfa.of(PfacTable.of(ps));
        short[] narrow = dfa.narrowNext();
        for (int i = 0; i < narrow.length; i++) {
            assertEquals(dfa.next()[i] & PfacTable.STATE_MASK, narrow[i] & 0x7FFF);
            assertEquals(dfa.next()[i] < 0, narrow[i] < 0);
        }
        // "she" ends "he" too: the state after "she" counts both.
        byte[] text = "ushers".getBytes();
        assertEquals(oracle(ps, text).size(), dfa.count(text, 0, text.length));
        assertEquals(3, dfa.count(text, 0, text.length));
    }

    @Test
    void statesAreNumberedByExpectedUseWithTheRootFirst() {
        // Over English text "e" is read far more often than "z", so the state after "e" comes first.
        PatternSet ps = PatternSet.of("zebra", "eel", "zoo", "ear");
        CountingDfa dfa = CountingDfa.of(PfacTable.of(ps));
        int nc = dfa.classCount();
        int afterE = dfa.next()[dfa.classOf()['e']] & PfacTable.STATE_MASK;
        int afterZ = dfa.next()[dfa.classOf()['z']] & PfacTable.STATE_MASK;
        assertEquals(1, afterE, "the most used state after the root");
        assertTrue(afterZ > (dfa.next()[afterE * nc + dfa.classOf()['a']] & PfacTable.STATE_MASK), "z after ea");
        assertEquals(0, dfa.next()[dfa.classOf()['x']], "a byte of no pattern goes back to the root");
    }

    @Test
    void patternsWithEveryByteValueGetAtMost256Classes() {
        // The PFAC table then has 257 classes (class 0 empty); the DFA drops that column, so its classes
        // fit the GPU kernel's byte table.
        Random r = new Random(257);
        byte[] text = new byte[20_000];
        r.nextBytes(text);
        PatternSet ps = Differential.everyByteValue(r, text, 300);
        PfacTable t = PfacTable.of(ps);
        assertEquals(257, t.classCount());
        CountingDfa dfa = CountingDfa.of(t);
        assertEquals(256, dfa.classCount());
        for (int v = 0; v < 256; v++) {
            assertTrue(dfa.classOf()[v] >= 0 && dfa.classOf()[v] < 256);
        }
        assertEquals(oracle(ps, text).size(), dfa.count(text, 0, text.length));
    }

    @Test
    void largeTablesAreLeftToTheWalk() {
        PfacTable t = PfacTable.of(PatternSet.of(TestData.dictionary(100)));
        long entries = (long) t.stateCount() * t.classCount();
        assertTrue(CountingDfa.fits(t, entries));
        assertFalse(CountingDfa.fits(t, entries - 1));
        assertTrue(CountingDfa.fits(t));
        try {
            System.setProperty(CountingDfa.MAX_ENTRIES_PROPERTY, Long.toString(entries - 1));
            assertFalse(CountingDfa.fits(t), "the property lowers the limit");
            System.setProperty(CountingDfa.MAX_ENTRIES_PROPERTY, Long.toString(Long.MAX_VALUE));
            assertEquals(CountingDfa.LIMIT, CountingDfa.maxEntries(), "and raises it up to a 1 GiB table");
        } finally {
            System.clearProperty(CountingDfa.MAX_ENTRIES_PROPERTY);
        }
        assertEquals(CountingDfa.MAX_ENTRIES, CountingDfa.maxEntries());
    }
}
