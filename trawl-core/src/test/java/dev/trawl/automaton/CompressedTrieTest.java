package dev.trawl.automaton;

import static dev.trawl.automaton.CompressedTrie.intAt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.testing.TestData;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The compressed trie's byte layout, checked field by field on a set small enough to draw. */
class CompressedTrieTest {

    @Test
    void layoutIsChosenFromTheSet() {
        assertEquals(CompressedTrie.Layout.LETTERS,
                CompressedTrie.compile(PatternSet.builder().add("Hector").add("ajax").caseInsensitive(true).build()).layout());
        assertEquals(CompressedTrie.Layout.BYTES, CompressedTrie.compile(PatternSet.of("Hector", "ajax")).layout());
        assertEquals(CompressedTrie.Layout.BYTES,
                CompressedTrie.compile(PatternSet.builder().add("Hector").add("a-x").caseInsensitive(true).build()).layout());
        assertThrows(IllegalArgumentException.class,
                () -> CompressedTrie.compile(PatternSet.of("abc"), CompressedTrie.Layout.LETTERS));
    }

    /**
     * he, hers, his, she, he (ids 0..4), case-insensitive: array nodes for the root, "h" and "he" (a
     * pattern ends there and the trie goes on); suffixes "he" under root's s, "s" under h's i and
     * "s" under he's r.
     */
    @Test
    void lettersLayoutByteByByte() {
        PatternSet ps = PatternSet.builder().add("he").add("HERS").add("his").add("she").add("he")
                .caseInsensitive(true).build();
        CompressedTrie t = CompressedTrie.compile(ps);
        byte[] b = t.bytes();
        assertEquals(CompressedTrie.MAGIC, intAt(b, 0));
        assertEquals(CompressedTrie.FLAG_CASE_INSENSITIVE | CompressedTrie.FLAG_LETTERS | CompressedTrie.FLAG_SUFFIXES,
                t.flags());
        assertEquals(26, t.width());
        assertEquals(0, t.terminator());
        assertEquals('h' - 'a', t.slotOf('H'));
        assertEquals(-1, t.slotOf('z'), "z is in no pattern");
        int root = intAt(b, CompressedTrie.ROOT_FIELD);
        assertEquals(CompressedTrie.ROOT, root);
        assertEquals(0, intAt(b, root), "no pattern ends at the root");
        int h = slot(b, root, 'h');
        int s = slot(b, root, 's');
        assertEquals(0, slot(b, root, 'a'));
        assertEquals(0, h & CompressedTrie.SUFFIX_FLAG, "h branches: an array node");
        assertEquals(CompressedTrie.SUFFIX_FLAG, s & CompressedTrie.SUFFIX_FLAG, "s does not: a suffix");
        assertEquals(0, intAt(b, h));
        int he = slot(b, h, 'e');
        assertEquals(0, he & CompressedTrie.SUFFIX_FLAG, "he ends patterns and goes on: an array node");
        assertEquals(2, intAt(b, he));
        assertArrayEquals(new int[] {0, 4}, new int[] {intAt(b, he + 4 * 27), intAt(b, he + 4 * 28)});
        assertSuffix(b, s, "he", 3);
        assertSuffix(b, slot(b, h, 'i'), "s", 2);
        assertSuffix(b, slot(b, he, 'r'), "s", 1);
    }

    @Test
    void bytesLayoutWithoutAFreeTerminatorHasNoSuffixes() {
        PatternSet.Builder all = PatternSet.builder();
        for (int v = 0; v < 256; v++) {
            all.add(new byte[] {(byte) v, 'x', 'y'});
        }
        CompressedTrie t = CompressedTrie.compile(all.build());
        assertEquals(0, t.flags() & CompressedTrie.FLAG_SUFFIXES);
        assertEquals(257, t.width(), "256 classes and the empty class 0");
        CompressedTrie withFree = CompressedTrie.compile(PatternSet.of("\u0000x", "abc"));
        assertEquals(1, withFree.terminator(), "the smallest byte no pattern uses");
    }

    private static int slot(byte[] b, int node, char c) {
        return intAt(b, node + 4 + 4 * (c - 'a'));
    }

    private static void assertSuffix(byte[] b, int slotValue, String rest, int... ids) {
        assertEquals(CompressedTrie.SUFFIX_FLAG, slotValue & CompressedTrie.SUFFIX_FLAG);
        int p = slotValue & CompressedTrie.OFFSET_MASK;
        byte[] expected = rest.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertArrayEquals(expected, Arrays.copyOfRange(b, p, p + expected.length));
        assertEquals(0, b[p + expected.length], "terminator");
        int at = (p + expected.length + 4) & ~3;
        assertEquals(ids.length, intAt(b, at));
        for (int k = 0; k < ids.length; k++) {
            assertEquals(ids[k], intAt(b, at + 4 + 4 * k));
        }
    }

    /** The limit is the trie's own size: at it the trie builds, one byte below it the set is refused. */
    @Test
    void aTrieOneByteAboveTheLimitIsAPatternLimit() {
        for (boolean ci : new boolean[] {true, false}) {
            PatternSet ps = PatternSet.builder().addAll(TestData.words(1_000, 11)).caseInsensitive(ci).build();
            CompressedTrie.Layout layout = CompressedTrie.compile(ps).layout();
            int size = CompressedTrie.compile(ps).bytes().length;
            assertEquals(size, CompressedTrie.compile(ps, layout, size).bytes().length);
            PatternLimitException e = assertThrows(PatternLimitException.class,
                    () -> CompressedTrie.compile(ps, layout, size - 1));
            assertEquals(size, e.needed(), layout.name());
            assertEquals(size - 1, e.limit());
            assertEquals("the compressed trie would need at least " + size + " bytes; the limit is " + (size - 1)
                    + " (its offsets are 31-bit)", e.getMessage());
        }
    }
}
