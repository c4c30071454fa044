package dev.trawl.prefilter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ClassCompaction} against a byte-at-a-time reference, and the Aho-Corasick count over compacted
 * classes against {@code cpu:naive}. Runs where the CPU has what the compaction needs (AVX-512 VBMI and
 * VBMI2, as this project's machines do); elsewhere the compaction is never made and the tests are skipped.
 */
class ClassCompactionTest {
    /** Classes: lower-case letters 1..26, the rest 0 (bytes 0x80 and up too). */
    private static int[] letterClasses() {
        int[] c = new int[256];
        for (int b = 'a'; b <= 'z'; b++) {
            c[b] = b - 'a' + 1;
        }
        return c;
    }

    private static int reference(int[] classOf, byte[] a, int from, int to, byte[] out, int o) {
        boolean zeroBefore = false;
        for (int k = from; k < to; k++) {
            int c = classOf[a[k] & 0xFF];
            if (c != 0 || !zeroBefore) {
                out[o++] = (byte) c;
            }
            zeroBefore = c == 0;
        }
        return o;
    }

    @Test
    void compactsAsTheByteAtATimeReference() {
        int[] classOf = letterClasses();
        ClassCompaction cc = Prefilters.classCompaction(classOf);
        assumeTrue(cc != null, "no AVX-512 VBMI2 here");
        Random rnd = new Random(27);
        byte[] alphabet = "ab  ,.9\u00e9Z\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        for (int trial = 0; trial < 400; trial++) {
            int len = trial < 200 ? rnd.nextInt(300) : rnd.nextInt(5000);
            byte[] a = new byte[len + 7];
            for (int i = 0; i < a.length; i++) {
                a[i] = rnd.nextInt(4) == 0 ? (byte) rnd.nextInt(256) : alphabet[rnd.nextInt(alphabet.length)];
            }
            int from = rnd.nextInt(8);
            int to = from + len;
            byte[] want = new byte[len + 80];
            int o = rnd.nextInt(10);
            int wantEnd = reference(classOf, a, from, to, want, o);
            // The range read where it lies: on the heap and off it.
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment offHeap = arena.allocate(a.length);
                offHeap.copyFrom(MemorySegment.ofArray(a));
                for (MemorySegment text : List.of(MemorySegment.ofArray(a), offHeap)) {
                    byte[] got = new byte[len + 80];
                    int gotEnd = cc.compact(text, from, to, got, o);
                    String where = "trial " + trial + (text.isNative() ? ", off heap" : ", on heap");
                    assertEquals(wantEnd, gotEnd, where);
                    assertArrayEquals(Arrays.copyOfRange(want, o, wantEnd), Arrays.copyOfRange(got, o, gotEnd), where);
                }
            }
        }
    }

    @Test
    void notMadeWhereHighBytesDifferOrNothingIsClassZero() {
        int[] high = letterClasses();
        high[0xC3] = 27;
        assertNull(Prefilters.classCompaction(high));
        int[] none = new int[256];
        Arrays.fill(none, 1);
        assertNull(Prefilters.classCompaction(none));
    }

    @Test
    void countsOverCompactedClassesAgreeWithNaive() {
        assumeTrue(Prefilters.classCompaction(letterClasses()) != null, "no AVX-512 VBMI2 here");
        Random rnd = new Random(2027);
        // Short words of a-f: matches at most steps (the count's branch-free rounds). Words of 5-8 letters:
        // a match every hundred or so steps (the rounds over flagged rows, which branch on a match).
        countsAgree(rnd, words(rnd, 300, 1, 9));
        countsAgree(rnd, words(rnd, 200, 5, 8));
        assertNotNull(Prefilters.classCompaction(letterClasses()));
    }

    private static List<String> words(Random rnd, int count, int shortest, int longest) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder w = new StringBuilder();
            int len = shortest + rnd.nextInt(longest - shortest + 1);
            for (int k = 0; k < len; k++) {
                w.append((char) ('a' + rnd.nextInt(6)));
            }
            words.add(w.toString());
        }
        return words;
    }

    private static void countsAgree(Random rnd, List<String> words) {
        words.add("ab");
        words.add("ab"); // a duplicate
        words.add("\u00e9t\u00e9"); // bytes above 0x7F in a pattern: no compaction for this set
        for (boolean withHigh : new boolean[] {false, true}) {
            List<String> ws = withHigh ? words : words.subList(0, words.size() - 1);
            PatternSet set = PatternSet.of(ws);
            // Small chunks on two threads (each a block, walked in one round), and one thread over whole 256 KiB
            // blocks (4 rounds each, so the count changes loops as matches come densely or rarely).
            var ac = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(2).withChunkBytes(1 << 16));
            var whole = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(1));
            var naive = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:naive").withThreads(1));
            // Log-like text: letters in runs, long runs of digits, punctuation and spaces, some high bytes,
            // 3 MiB so the count crosses its 256 KiB blocks and its chunks.
            byte[] text = new byte[3 << 20];
            for (int i = 0; i < text.length;) {
                int run = 1 + rnd.nextInt(rnd.nextBoolean() ? 12 : 90);
                boolean letters = rnd.nextBoolean();
                for (int k = 0; k < run && i < text.length; k++, i++) {
                    text[i] = letters ? (byte) ('a' + rnd.nextInt(7)) : (byte) " 0123456789:-,[]\n\u00c3\u00a9".charAt(rnd.nextInt(18));
                }
            }
            long want = naive.count(Input.of(text));
            assertEquals(want, ac.count(Input.of(text)), "heap, high pattern " + withHigh);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(text.length);
                MemorySegment.copy(text, 0, seg, ValueLayout.JAVA_BYTE, 0, text.length);
                assertEquals(want, ac.count(Input.of(seg)), "off heap, high pattern " + withHigh);
                assertEquals(want, whole.count(Input.of(seg)), "off heap, one thread, high pattern " + withHigh);
            }
            assertEquals(want, whole.count(Input.of(text)), "heap, one thread, high pattern " + withHigh);
            byte[] head = Arrays.copyOf(text, 100_003);
            assertEquals(naive.count(Input.of(head)), ac.count(Input.of(head)), "short text");
        }
    }
}
