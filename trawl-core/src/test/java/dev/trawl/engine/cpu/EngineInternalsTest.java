package dev.trawl.engine.cpu;

import dev.trawl.scan.RangeSearcher;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.Match;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.automaton.CompressedTrie;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What the contract suite cannot reach from outside: forced trie layouts and Boyer-Moore's tables. */
class EngineInternalsTest {

    /** The general layout must also be right for the sets that would get the letters layout. */
    @Test
    void trieBytesLayoutOnLetterSets() {
        Random r = new Random(11);
        byte[] letters = {'a', 'b', 'A', 'B', 'c'};
        for (int i = 0; i < 300; i++) {
            PatternSet ps = Differential.randomPatterns(r, letters, 10, 6).withCaseInsensitive(true);
            byte[] text = Differential.randomBytes(r, letters, r.nextInt(300));
            checkForced(ps, text, CompressedTrie.Layout.BYTES);
            checkForced(ps, text, CompressedTrie.Layout.LETTERS);
        }
        PatternSet names = PatternSet.builder().addAll(TestData.HERO_NAMES).caseInsensitive(true).build();
        checkForced(names, TestData.iliadBytes(), CompressedTrie.Layout.BYTES);
    }

    /** A set using all 256 byte values leaves no terminator: every state is an array node. */
    @Test
    void trieWithoutSuffixes() {
        Random r = new Random(12);
        PatternSet.Builder b = PatternSet.builder();
        for (int v = 0; v < 256; v++) {
            b.add(new byte[] {(byte) v});
            b.add(new byte[] {(byte) v, (byte) (v * 7), (byte) (v + 1)});
        }
        PatternSet ps = b.build();
        byte[] text = new byte[20_000];
        r.nextBytes(text);
        checkForced(ps, text, CompressedTrie.Layout.BYTES);
    }

    private static void checkForced(PatternSet ps, byte[] text, CompressedTrie.Layout layout) {
        List<Match> expected = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
        RangeSearcher s = CompressedTrieEngine.searcher(CompressedTrie.compile(ps, layout), ps);
        CpuMatcher m = new CpuMatcher(CompressedTrieEngine.NAME, ps, MatcherOptions.defaults().withThreads(1), s);
        assertEquals(expected, m.findAll(text), layout + " " + ps);
        assertEquals(expected.size(), m.count(text));
    }

    /** The good-suffix table against its definition, shift by shift (the strong rule). */
    @Test
    void boyerMooreGoodSuffixMatchesItsDefinition() {
        Random r = new Random(13);
        for (int i = 0; i < 3000; i++) {
            byte[] x = Differential.randomBytes(r, new byte[] {'a', 'b', 'c'}, 1 + r.nextInt(12));
            if (r.nextInt(4) == 0) {
                x = Differential.randomBytes(r, new byte[] {'a', 'b'}, 1 + r.nextInt(20));
            }
            assertArrayEquals(bruteGoodSuffix(x), BoyerMooreEngine.goodSuffix(x), new String(x));
        }
    }

    /**
     * The smallest shift that keeps the matched suffix x[i+1..] consistent and puts a different byte
     * under the mismatch (or moves x[i] off the left end).
     */
    private static int[] bruteGoodSuffix(byte[] x) {
        int m = x.length;
        int[] gs = new int[m];
        for (int i = 0; i < m; i++) {
            for (int s = 1; s <= m; s++) {
                boolean ok = i - s < 0 || x[i - s] != x[i];
                for (int k = i + 1; k < m && ok; k++) {
                    ok = k - s < 0 || x[k - s] == x[k];
                }
                if (ok) {
                    gs[i] = s;
                    break;
                }
            }
        }
        return gs;
    }

    @Test
    void boyerMooreBadCharacterIsCappedSafely() {
        byte[] x = new byte[600];
        java.util.Arrays.fill(x, (byte) 'a');
        x[0] = 'b';
        byte[] bc = BoyerMooreEngine.badCharacter(x);
        assertEquals(255, bc['z'] & 0xFF, "600 would be the true shift; 255 is stored");
        assertEquals(255, bc['b'] & 0xFF, "599 capped");
        assertEquals(1, bc['a'] & 0xFF);
        // The capped table still finds every occurrence.
        byte[] text = new byte[5000];
        java.util.Arrays.fill(text, (byte) 'a');
        System.arraycopy(x, 0, text, 1000, x.length);
        System.arraycopy(x, 0, text, 3000, x.length);
        PatternSet ps = PatternSet.builder().add(x).add(new byte[] {'b'}).build();
        Differential.check("long pattern", ps, text, MatcherOptions.defaults().withEngine(BoyerMooreEngine.NAME));
    }
}
