package dev.trawl.prefilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Match;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Prefilters against the oracle: a filter may name positions where nothing starts, but must name
 * every position where a match starts (that ends by the limit), and the vector and scalar
 * fingerprint loops must name exactly the same positions.
 */
class PrefilterTest {

    /** Every position the filter names in [from, to), walking it as the engine does. */
    private static List<Integer> candidates(Prefilter f, byte[] a, int from, int to, int limit) {
        List<Integer> out = new ArrayList<>();
        for (int x = from; x < to;) {
            int q = f.next(a, x, to, limit);
            assertTrue(q >= x && q <= to, f.describe() + ": next(" + x + ") = " + q);
            if (q == to) {
                break;
            }
            out.add(q);
            x = q + 1;
        }
        return out;
    }

    /** As {@link #candidates(Prefilter, byte[], int, int, int)}, the text read where it lies, off the heap. */
    private static List<Integer> candidatesInPlace(InPlacePrefilter f, byte[] a, int from, int to, int limit) {
        List<Integer> out = new ArrayList<>();
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment text = arena.allocate(Math.max(1, a.length)).asSlice(0, a.length);
            text.copyFrom(java.lang.foreign.MemorySegment.ofArray(a));
            for (long x = from; x < to;) {
                long q = f.next(text, x, to, limit);
                assertTrue(q >= x && q <= to, f.describe() + ": next(" + x + ") in place = " + q);
                if (q == to) {
                    break;
                }
                out.add((int) q);
                x = q + 1;
            }
        }
        return out;
    }

    /**
     * As {@link #candidatesInPlace}, by runs of masks ({@link MaskingPrefilter}) of {@code run} steps at
     * most, the positions past the whole steps by {@code next}, as the engine's count takes them.
     */
    private static List<Integer> candidatesByMasks(MaskingPrefilter f, byte[] a, int from, int to, int limit, int run) {
        List<Integer> out = new ArrayList<>();
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment text = arena.allocate(Math.max(1, a.length)).asSlice(0, a.length);
            text.copyFrom(java.lang.foreign.MemorySegment.ofArray(a));
            long[] pairs = new long[2 * run];
            boolean dense = run % 2 == 0; // both ways of keeping pairs, alternating
            long x = from;
            for (int steps; x < to && (steps = Math.min(run, f.stepsWithin(x, to, limit))) > 0; x += (long) steps * f.stepBytes()) {
                int n = f.masks(text, x, steps, pairs, dense);
                dense = !dense;
                assertTrue(n % 2 == 0 && n <= 2 * steps, f.describe() + ": masks(" + x + ", " + steps + ") wrote " + n);
                for (int i = 0; i < n; i += 2) {
                    assertTrue(pairs[i + 1] != 0, f.describe() + ": an empty mask kept at " + pairs[i]);
                    for (long m = pairs[i + 1]; m != 0; m &= m - 1) {
                        long q = pairs[i] + Long.numberOfTrailingZeros(m);
                        if (q < to) {
                            out.add((int) q);
                        }
                    }
                }
            }
            for (; x < to;) {
                long q = f.next(text, x, to, limit);
                if (q == to) {
                    break;
                }
                out.add((int) q);
                x = q + 1;
            }
        }
        return out;
    }

    /** Match starts in [from, to) whose match ends by the limit. */
    private static TreeSet<Integer> starts(PatternSet ps, byte[] a, int from, int to, int limit) {
        TreeSet<Integer> s = new TreeSet<>();
        for (Match m : Trawl.compile(ps, Differential.oracleOptions()).findAll(a)) {
            if (m.start() >= from && m.start() < to && m.end() <= limit) {
                s.add((int) m.start());
            }
        }
        return s;
    }

    private static void checkComplete(String what, Prefilter f, PatternSet ps, byte[] a, int from, int to, int limit) {
        List<Integer> named = candidates(f, a, from, to, limit);
        TreeSet<Integer> missing = starts(ps, a, from, to, limit);
        missing.removeAll(named);
        assertTrue(missing.isEmpty(), what + " " + f.describe() + " missed starts " + missing + " of " + ps);
    }

    private static byte[] alphabet(Random r) {
        byte[][] choices = {
            {'a', 'b', 'c'},
            {'a', 'b', 'A', 'B', ' '},
            {'x', 'y', (byte) 0xC3, (byte) 0xA9, (byte) 0x80, (byte) 0xFF},
            "etaoin shrdlu".getBytes(StandardCharsets.US_ASCII),
        };
        return choices[r.nextInt(choices.length)];
    }

    @Test
    void fingerprintFiltersNameEveryStartAndAgree() {
        Random r = new Random(12);
        int byteTables = 0;
        for (int i = 0; i < 600; i++) {
            byte[] alpha = alphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alpha, 1 + r.nextInt(r.nextBoolean() ? 8 : 60), 1 + r.nextInt(7));
            byte[] text = Differential.randomBytes(r, alpha, r.nextInt(700));
            int limit = text.length - (text.length > 0 ? r.nextInt(Math.min(text.length, 9)) : 0);
            int from = limit > 0 ? r.nextInt(limit) : 0;
            int to = from + (limit > from ? r.nextInt(limit - from + 1) : 0);
            for (int w = 1; w <= Math.min(Fingerprint.MAX_WIDTH, ps.minLength()); w++) {
                Fingerprint fp = Fingerprint.of(ps, w);
                ScalarFingerprint scalar = new ScalarFingerprint(fp);
                checkComplete("case " + i, scalar, ps, text, from, to, limit);
                if (Prefilters.vectorAvailable()) {
                    List<Integer> want = candidates(scalar, text, from, to, limit);
                    for (Prefilter teddy : java.util.Arrays.asList(VectorFilters.teddy(fp),
                            VectorFilters.teddy(fp, false), VectorFilters.teddy(fp, true))) {
                        if (teddy != null) { // byte tables: 64-lane vectors and ASCII fingerprints only
                            assertEquals(want, candidates(teddy, text, from, to, limit),
                                    "case " + i + ": " + teddy.describe() + " and scalar differ for " + ps + " width " + w);
                            assertEquals(want, candidatesInPlace((InPlacePrefilter) teddy, text, from, to, limit),
                                    "case " + i + ": " + teddy.describe() + " in place and scalar differ for " + ps + " width " + w);
                            assertEquals(want, candidatesByMasks((MaskingPrefilter) teddy, text, from, to, limit, 1 + r.nextInt(4)),
                                    "case " + i + ": " + teddy.describe() + " by masks and scalar differ for " + ps + " width " + w);
                            byteTables += teddy.describe().contains("byte tables") ? 1 : 0;
                        }
                    }
                    // Bytes of 0x80 or more that a 7-bit lookup would take for pattern bytes.
                    byte[] high = text.clone();
                    for (int k = 0; k < high.length; k++) {
                        high[k] |= (byte) (r.nextInt(8) == 0 ? 0x80 : 0);
                    }
                    Prefilter bytes = VectorFilters.teddy(fp, true);
                    if (bytes != null) {
                        assertEquals(candidates(scalar, high, from, to, limit), candidates(bytes, high, from, to, limit),
                                "case " + i + ": byte tables and scalar differ over high bytes for " + ps + " width " + w);
                        assertEquals(candidates(scalar, high, from, to, limit),
                                candidatesInPlace((InPlacePrefilter) bytes, high, from, to, limit),
                                "case " + i + ": byte tables in place and scalar differ over high bytes for " + ps + " width " + w);
                        assertEquals(candidates(scalar, high, from, to, limit),
                                candidatesByMasks((MaskingPrefilter) bytes, high, from, to, limit, 1 + r.nextInt(4)),
                                "case " + i + ": byte tables by masks and scalar differ over high bytes for " + ps + " width " + w);
                    }
                }
            }
        }
        if (Prefilters.vectorAvailable() && VectorFilters.lanes() == 64) {
            assertTrue(byteTables > 500, "byte tables tried " + byteTables + " times");
        }
    }

    /**
     * The scalar fingerprint's eight-byte range test (sets whose fingerprints open in a narrow ASCII
     * range: capitals, digits) names exactly what its byte-at-a-time loop names, near every edge of
     * the eight-byte words, over text with bytes above 0x7F whose low seven bits fall in the range.
     */
    @Test
    void scalarRangeTestNamesWhatTheByteLoopNames() {
        Random r = new Random(31);
        byte[] openers = "ABCHPU0123".getBytes(StandardCharsets.US_ASCII);
        byte[] rest = "aehlorstx ".getBytes(StandardCharsets.US_ASCII);
        byte[] text = new byte[0];
        int ranged = 0;
        for (int i = 0; i < 400; i++) {
            int n = 1 + r.nextInt(r.nextBoolean() ? 3 : 40);
            List<String> words = new ArrayList<>();
            boolean digits = r.nextBoolean();
            for (int k = 0; k < n; k++) {
                StringBuilder b = new StringBuilder();
                b.append((char) openers[(digits ? 6 : 0) + r.nextInt(digits ? 4 : 6)]);
                for (int len = r.nextInt(6); len > 0; len--) {
                    b.append((char) rest[r.nextInt(rest.length)]);
                }
                words.add(b.toString());
            }
            PatternSet ps = PatternSet.of(words);
            if (i % 20 == 0) { // a new text now and then: long ones cross many words
                text = new byte[r.nextInt(i % 40 == 0 ? 5000 : 300)];
                for (int k = 0; k < text.length; k++) {
                    int pick = r.nextInt(20);
                    text[k] = pick < 3 ? openers[r.nextInt(openers.length)]
                            : pick < 4 ? (byte) (openers[r.nextInt(openers.length)] | 0x80) // high byte, low bits in range
                            : pick < 5 ? (byte) r.nextInt(256)
                            : rest[r.nextInt(rest.length)];
                }
            }
            int limit = text.length - (text.length > 0 ? r.nextInt(Math.min(text.length, 12)) : 0);
            int from = limit > 0 ? r.nextInt(Math.min(limit, 40)) : 0;
            int to = from + (limit > from ? r.nextInt(limit - from + 1) : 0);
            for (int w = 1; w <= Math.min(Fingerprint.MAX_WIDTH, ps.minLength()); w++) {
                Fingerprint fp = Fingerprint.of(ps, w);
                ScalarFingerprint fast = new ScalarFingerprint(fp);
                ScalarFingerprint plain = new ScalarFingerprint(fp, false);
                ranged += fast.describe().contains("range test") ? 1 : 0;
                assertEquals(candidates(plain, text, from, to, limit), candidates(fast, text, from, to, limit),
                        "case " + i + ": " + fast.describe() + " for " + ps + " width " + w);
                checkComplete("case " + i, fast, ps, text, from, to, limit);
            }
        }
        assertTrue(ranged > 300, "range test used " + ranged + " times");
    }

    @Test
    void teddyOnLongInputsAndCaseFolding() {
        assumeTrue(Prefilters.vectorAvailable(), "Vector API module not present");
        byte[] iliad = TestData.iliadBytes();
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        for (PatternSet ps : List.of(names, names.withCaseInsensitive(true))) {
            Prefilter f = Prefilters.choose(ps);
            assertNotNull(f, "ten names should be filtered");
            assertTrue(f.describe().startsWith("teddy"), f.describe());
            checkComplete("iliad", f, ps, iliad, 0, iliad.length, iliad.length);
            // Unaligned starts and a limit that cuts a name.
            checkComplete("iliad slice", f, ps, iliad, 12_345, 300_001, 300_004);
            List<Integer> named = candidates(f, iliad, 0, iliad.length, iliad.length);
            assertTrue(named.size() < iliad.length / 50, "candidates should be rare: " + named.size());
        }
    }

    @Test
    void wuManberNamesEveryStart() {
        Random r = new Random(34);
        for (int i = 0; i < 300; i++) {
            byte[] alpha = alphabet(r);
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
            int n = 1 + r.nextInt(40);
            int min = 8 + r.nextInt(20);
            for (int k = 0; k < n; k++) {
                b.add(Differential.randomBytes(r, alpha, min + r.nextInt(6)));
            }
            PatternSet ps = b.build();
            WuManber wm = WuManber.forPatterns(ps);
            assertNotNull(wm);
            // Texts that contain the patterns, with random bytes between.
            byte[] text = plant(r, ps, alpha, 2_000);
            int limit = text.length - r.nextInt(20);
            int from = r.nextInt(100);
            checkComplete("case " + i, wm, ps, text, from, limit, limit);
        }
        assertNull(WuManber.forPatterns(PatternSet.of("short", "longer patterns")), "patterns under 8 bytes");
    }

    @Test
    void wuManberOnEnglishSkipsAndFinds() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.of("immortal gods", "swift-footed Achilles", "Agamemnon, King of men");
        WuManber wm = WuManber.forPatterns(ps);
        assertTrue(wm.expectedShift() > 6, wm.describe());
        checkComplete("iliad", wm, ps, iliad, 0, iliad.length, iliad.length);
        checkComplete("iliad ci", WuManber.forPatterns(ps.withCaseInsensitive(true)), ps.withCaseInsensitive(true), iliad,
                0, iliad.length, iliad.length);
    }

    /**
     * Sets of 100 to 5,000 literals of mixed lengths (1 to 24 bytes, some of 1-3), over alphabets
     * with bytes above 0x7F, half of them case-insensitive, in texts that hold many of them; the
     * range and the limit cut the text at random, as blocks and records do.
     */
    @Test
    void fdrNamesEveryStartOfLargeMixedSets() {
        Random r = new Random(24);
        for (int i = 0; i < 40; i++) {
            byte[] alpha = alphabet(r);
            PatternSet ps = mixedSet(r, alpha, 100 + r.nextInt(4901));
            byte[] text = plant(r, ps, alpha, 2_000 + r.nextInt(4_000));
            int limit = text.length - r.nextInt(12);
            int from = r.nextInt(limit / 2);
            int to = from + r.nextInt(limit - from + 1);
            for (Prefilter f : List.of(Fdr.forPatterns(ps), Fdr.narrow(ps))) {
                checkComplete("case " + i, f, ps, text, from, to, limit);
                checkComplete("case " + i + " whole", f, ps, text, 0, text.length, text.length);
            }
        }
    }

    /**
     * The shift-or filters read a round's bytes a word at a time while 16 bytes are left before the
     * limit and a position at a time after: every from, to and limit near that switch, and near a
     * round's edge, on dictionary words and on random sets over bytes above 0x7F, in texts dense
     * with matches (overlapping ones included).
     */
    @Test
    void fdrNamesEveryStartNearTheLimit() {
        Random r = new Random(25);
        List<PatternSet> sets = new ArrayList<>(List.of(PatternSet.of(TestData.dictionary(1_000))));
        for (int i = 0; i < 3; i++) {
            byte[] alpha = alphabet(r);
            sets.add(mixedSet(r, alpha, 100 + r.nextInt(2_000)));
        }
        for (PatternSet ps : sets) {
            byte[] alpha = ps.size() == 1_000 ? "etaoin shrdlu".getBytes(StandardCharsets.US_ASCII) : alphabet(r);
            byte[] text = plant(r, ps, alpha, 200 + r.nextInt(100));
            for (int k = 0; k < 6; k++) { // matches ending in the last 24 bytes, where the reads switch
                byte[] p = ps.bytes(r.nextInt(ps.size()));
                int at = text.length - p.length - r.nextInt(24);
                if (at >= 0) {
                    System.arraycopy(p, 0, text, at, p.length);
                }
            }
            List<Match> all = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
            for (Prefilter f : List.of(Fdr.forPatterns(ps), Fdr.narrow(ps))) {
                for (int limit = text.length - 40; limit <= text.length; limit++) {
                    for (int from = 0; from < 20; from++) {
                        checkComplete("limit " + limit + " from " + from, f, all, text, from, limit, limit);
                        checkComplete("limit " + limit + " from " + from + " short", f, all, text, from,
                                limit - 1 - r.nextInt(24), limit);
                    }
                }
            }
        }
    }

    /**
     * Block q-grams on sets of 1 to 5,000 patterns of 8 to 40 bytes (the window capped at 32), over
     * alphabets with bytes above 0x7F, half case-insensitive, in texts that hold many of them, cut at
     * random as blocks and records are; and with from, to and limit on every offset near a look.
     */
    @Test
    void blockGramsNameEveryStart() {
        Random r = new Random(56);
        int vectorCases = 0;
        int shortStepCases = 0; // 6-byte grams in windows of 8 or 9 bytes: a look every 3 or 4 bytes
        for (int i = 0; i < 60; i++) {
            byte[] alpha = alphabet(r);
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
            int n = i < 15 ? 1 + r.nextInt(20) : 100 + r.nextInt(4901);
            int min = 8 + r.nextInt(r.nextBoolean() ? 4 : 30);
            for (int k = 0; k < n; k++) {
                b.add(Differential.randomBytes(r, alpha, min + r.nextInt(9)));
            }
            PatternSet ps = b.build();
            BlockGrams f = BlockGrams.forPatterns(ps);
            assertNotNull(f, ps.size() + " patterns of " + ps.minLength() + "+ bytes");
            shortStepCases += f.gram() == BlockGrams.LONG_GRAM && ps.minLength() < BlockGrams.LONG_GRAM_WINDOW ? 1 : 0;
            byte[] text = plant(r, ps, alpha, 1_000 + r.nextInt(2_000));
            List<Match> all = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
            int limit = text.length - r.nextInt(40);
            int from = r.nextInt(limit / 2);
            int to = from + r.nextInt(limit - from + 1);
            checkComplete("case " + i, f, all, text, from, to, limit);
            checkComplete("case " + i + " whole", f, all, text, 0, text.length, text.length);
            for (int d = 0; d < 2 * f.step(); d++) {
                checkComplete("case " + i + " edge " + d, f, all, text, from + d, Math.min(limit, to + d), limit - d % 3);
                int dFrom = from + d;
                int dTo = Math.max(dFrom, Math.min(limit, to + d));
                assertEquals(candidates(f, text, dFrom, dTo, limit - d % 3), candidatesInPlace(f, text, dFrom, dTo, limit - d % 3),
                        "case " + i + " edge " + d + ": in place and on the heap differ");
                // A start whose window would run past the limit is never named.
                for (int x : candidates(f, text, dFrom, dTo, limit - d % 3)) {
                    assertTrue(x + Math.min(BlockGrams.MAX_WINDOW, ps.minLength()) <= limit - d % 3,
                            "case " + i + " edge " + d + ": " + x + " runs past the limit " + (limit - d % 3));
                }
            }
            assertEquals(candidates(f, text, 0, text.length, text.length),
                    candidatesInPlace(f, text, 0, text.length, text.length), "case " + i + ": in place and on the heap differ");
            InPlacePrefilter v = vectorForm(f);
            if (v != null) {
                vectorCases++;
                for (int d = 0; d < 2 * f.step(); d++) {
                    int dFrom = from + d;
                    int dTo = Math.max(dFrom, Math.min(limit, to + d));
                    sameCandidates("case " + i + " edge " + d, f, v, text, dFrom, dTo, limit - d % 3);
                }
                sameCandidates("case " + i + " whole", f, v, text, 0, text.length, text.length);
            }
        }
        assertNull(BlockGrams.forPatterns(PatternSet.of("seven77", "longer patterns")), "patterns under 8 bytes");
        assertTrue(shortStepCases >= 5, "6-byte grams in short windows on " + shortStepCases + " cases");
        if (VectorFilters.lanes() == 64) {
            assertTrue(vectorCases >= 30, "the vector form ran on " + vectorCases + " cases");
        }
    }

    /**
     * Short windows take 6-byte grams once the set holds {@value BlockGrams#DENSE_SHORT_GRAMS} 5-byte
     * grams, and the bound on the set's size stays that of 5-byte grams.
     */
    @Test
    void blockGramsLengthFollowsTheSet() {
        Random r = new Random(57);
        byte[] alpha = "abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.US_ASCII);
        List<byte[]> eights = new ArrayList<>();
        for (int k = 0; k < 5_001; k++) {
            eights.add(Differential.randomBytes(r, alpha, 8));
        }
        BlockGrams few = BlockGrams.forPatterns(setOf(eights.subList(0, 1_499)));
        assertEquals(BlockGrams.GRAM, few.gram(), "1,499 patterns of 8 bytes: 5,996 5-byte grams");
        assertEquals(4, few.step());
        BlockGrams many = BlockGrams.forPatterns(setOf(eights.subList(0, 1_500)));
        assertEquals(BlockGrams.LONG_GRAM, many.gram(), "1,500 patterns of 8 bytes: 6,000 5-byte grams");
        assertEquals(3, many.step());
        assertNotNull(BlockGrams.forPatterns(setOf(eights.subList(0, 5_000))), "1,250 a 5-byte gram's step");
        assertNull(BlockGrams.forPatterns(setOf(eights)), "5,001 patterns of 8 bytes");
        List<String> longWords = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            longWords.add(new String(Differential.randomBytes(r, alpha, 10), StandardCharsets.US_ASCII));
        }
        assertEquals(BlockGrams.LONG_GRAM, BlockGrams.forPatterns(PatternSet.of(longWords)).gram(), "windows of 10 bytes");
    }

    private static PatternSet setOf(List<byte[]> patterns) {
        PatternSet.Builder b = PatternSet.builder();
        patterns.forEach(b::add);
        return b.build();
    }

    /** Block q-grams with eight looks a vector, where this machine has 512-bit vectors, else null. */
    private static InPlacePrefilter vectorForm(BlockGrams f) {
        return Prefilters.vectorAvailable() && VectorFilters.lanes() == 64 && f.step() <= VectorFilters.blockGramsMaxStep()
                ? VectorFilters.blockGrams(f) : null;
    }

    /** The vector form names exactly the scalar form's candidates, on the heap and in place. */
    private static void sameCandidates(String what, BlockGrams scalar, InPlacePrefilter vector, byte[] a, int from, int to,
            int limit) {
        List<Integer> want = candidates(scalar, a, from, to, limit);
        assertEquals(want, candidates(vector, a, from, to, limit), what + ": " + vector.describe() + " on the heap");
        assertEquals(want, candidatesInPlace(vector, a, from, to, limit), what + ": " + vector.describe() + " in place");
    }

    /** As {@link #checkComplete(String, Prefilter, PatternSet, byte[], int, int, int)}, the oracle's matches given. */
    private static void checkComplete(String what, Prefilter f, List<Match> all, byte[] a, int from, int to, int limit) {
        TreeSet<Integer> missing = new TreeSet<>();
        for (Match m : all) {
            if (m.start() >= from && m.start() < to && m.end() <= limit) {
                missing.add((int) m.start());
            }
        }
        missing.removeAll(candidates(f, a, from, to, limit));
        assertTrue(missing.isEmpty(), what + " " + f.describe() + " missed starts " + missing);
    }

    @Test
    void blockGramsOnLongWordsOverEnglish() {
        byte[] iliad = java.util.Arrays.copyOfRange(TestData.iliadBytes(), 100_000, 200_000);
        // Words that occur in the slice (cut out of it) among long dictionary words that mostly do not.
        List<String> words = new ArrayList<>(longWords(2_000));
        for (int x = 17; x + 40 < iliad.length; x += 997) {
            words.add(new String(iliad, x, 8 + x % 23, StandardCharsets.ISO_8859_1));
        }
        PatternSet set = PatternSet.of(words);
        for (PatternSet ps : List.of(set, set.withCaseInsensitive(true))) {
            Prefilter f = Prefilters.choose(ps);
            assertTrue(f.describe().startsWith("block-grams"), f.describe());
            BlockGrams scalar = BlockGrams.forPatterns(ps);
            InPlacePrefilter v = vectorForm(scalar);
            if (v != null) {
                sameCandidates("iliad", scalar, v, iliad, 0, iliad.length, iliad.length);
                sameCandidates("iliad slice", scalar, v, iliad, 12_345, 60_001, 60_004);
            }
            checkComplete("iliad", f, ps, iliad, 0, iliad.length, iliad.length);
            checkComplete("iliad slice", f, ps, iliad, 12_345, 60_001, 60_004);
            List<Integer> named = candidates(f, iliad, 0, iliad.length, iliad.length);
            assertTrue(named.size() < 3 * starts(ps, iliad, 0, iliad.length, iliad.length).size() + iliad.length / 2_000,
                    f.describe() + ": candidates should be rare: " + named.size());
        }
    }

    @Test
    void fdrOnDictionaryWordsOverEnglish() {
        // A slice: the naive oracle tries every word at every position.
        byte[] iliad = java.util.Arrays.copyOfRange(TestData.iliadBytes(), 200_000, 280_000);
        for (PatternSet words : List.of(PatternSet.of(TestData.dictionary(1_000)), PatternSet.of(TestData.dictionary(300)))) {
            for (PatternSet ps : List.of(words, words.withCaseInsensitive(true))) {
                // Each form on the sizes it is chosen for.
                Prefilter f = ps.size() > 300 ? Fdr.forPatterns(ps) : Fdr.narrow(ps);
                checkComplete("iliad", f, ps, iliad, 0, iliad.length, iliad.length);
                checkComplete("iliad slice", f, ps, iliad, 12_345, 60_001, 60_004);
                List<Integer> named = candidates(f, iliad, 0, iliad.length, iliad.length);
                // The oracle's starts are about 1 in 500 positions; the confirmation keeps chance passes few.
                assertTrue(named.size() < iliad.length / 100, f.describe() + ": candidates should be rare: " + named.size());
            }
        }
    }

    static PatternSet mixedSet(Random r, byte[] alpha, int n) {
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextBoolean());
        for (int k = 0; k < n; k++) {
            int shape = r.nextInt(10);
            int len = shape == 0 ? 1 + r.nextInt(3) : shape < 5 ? 4 + r.nextInt(5) : 9 + r.nextInt(16);
            b.add(Differential.randomBytes(r, alpha, len));
        }
        return b.build();
    }

    @Test
    void choosesByTheSet() {
        assertNotNull(Prefilters.choose(PatternSet.of(TestData.HERO_NAMES)));
        // Single common letters fire everywhere: no filter.
        assertNull(Prefilters.choose(PatternSet.of("e", "t", "a")));
        // Hundreds of dictionary words: too many for the fingerprint, too short to skip; the shift-or filter.
        Prefilter words = Prefilters.choose(PatternSet.of(TestData.dictionary(300)));
        assertNotNull(words);
        assertTrue(words.describe().startsWith("fdr"), words.describe());
        Prefilter hundreds = Prefilters.choose(PatternSet.of(TestData.dictionary(600)));
        assertTrue(hundreds.describe().startsWith("fdr(600 patterns in 8 buckets"), hundreds.describe());
        // A thousand: the plain walk (the filter measured slower on a 16-core host).
        assertNull(Prefilters.choose(PatternSet.of(TestData.dictionary(1_000))));
        // Twenty thousand: every filter would fire everywhere.
        assertNull(Prefilters.choose(PatternSet.of(TestData.dictionary(20_000))));
        Prefilter longOnes = Prefilters.choose(PatternSet.of(longWords(2000)));
        assertNotNull(longOnes);
        assertTrue(longOnes.describe().startsWith("block-grams"), longOnes.describe());
        // Too many for a look every 4 bytes: Wu-Manber or nothing, not block grams.
        Prefilter many = Prefilters.choose(PatternSet.of(TestData.words(20_000, 5).stream()
                .filter(w -> w.length() >= 8).limit(8_000).toList()));
        assertTrue(many == null || !many.describe().startsWith("block-grams"), many == null ? "none" : many.describe());
    }

    static List<String> longWords(int n) {
        List<String> out = new ArrayList<>();
        for (String w : TestData.words(80_000, 5)) {
            if (w.length() >= 15 && out.size() < n) {
                out.add(w);
            }
        }
        return out;
    }

    static byte[] plant(Random r, PatternSet ps, byte[] alpha, int length) {
        return Differential.planted(r, ps, alpha, length, 40);
    }
}
