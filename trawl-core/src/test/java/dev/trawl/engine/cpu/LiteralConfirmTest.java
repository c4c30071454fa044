package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.Fingerprint;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.prefilter.ScalarFingerprint;
import dev.trawl.testing.Differential;
import dev.trawl.testing.RecordCheck;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code cpu:aho-corasick}'s direct confirmation of filter candidates ({@link LiteralConfirm}) against
 * a brute-force oracle: every start in the range compared with every pattern. Random sets of 2-8
 * words (bytes above 0x7F, shared first bytes, duplicates, prefixes of each other), every fingerprint
 * width and the chosen filter, ranges that cut matches at both ends, matches ending at the last
 * byte, on and off heap; sets of hundreds to thousands of patterns of 8+ bytes, keyed by their
 * first 8 bytes; and real log words over loghub lines, per line.
 */
class LiteralConfirmTest {

    /** Matches starting in {@code [from, to)} and ending by the text's end, by comparing everything. */
    private static long bruteCount(PatternSet ps, byte[] t, int from, int to) {
        long n = 0;
        for (int x = from; x < to; x++) {
            for (int id = 0; id < ps.size(); id++) {
                byte[] p = ps.bytes(id);
                if (x + p.length <= t.length && Arrays.equals(t, x, x + p.length, p, 0, p.length)) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Entry {@code x}: the matches starting before {@code x} (that end by the text's end), for a set
     * whose patterns all have at least 8 bytes: each position compared only with the patterns
     * that share its first 8 bytes.
     */
    private static long[] startsBefore(PatternSet ps, byte[] t) {
        java.util.Map<String, List<byte[]>> byPrefix = new java.util.HashMap<>();
        for (int id = 0; id < ps.size(); id++) {
            byte[] p = ps.bytes(id);
            byPrefix.computeIfAbsent(new String(p, 0, 8, StandardCharsets.ISO_8859_1), k -> new ArrayList<>()).add(p);
        }
        long[] out = new long[t.length + 1];
        for (int x = 0; x < t.length; x++) {
            long n = 0;
            if (x + 8 <= t.length) {
                for (byte[] p : byPrefix.getOrDefault(new String(t, x, 8, StandardCharsets.ISO_8859_1), List.of())) {
                    if (x + p.length <= t.length && Arrays.equals(t, x, x + p.length, p, 0, p.length)) {
                        n++;
                    }
                }
            }
            out[x + 1] = out[x] + n;
        }
        return out;
    }

    private static List<Prefilter> filters(PatternSet ps) {
        List<Prefilter> out = new ArrayList<>();
        for (int w = 1; w <= Math.min(Fingerprint.MAX_WIDTH, ps.minLength()); w++) {
            out.add(new ScalarFingerprint(Fingerprint.of(ps, w)));
        }
        Prefilter chosen = Prefilters.choose(ps);
        if (chosen != null) {
            out.add(chosen);
        }
        return out;
    }

    private static PatternSet randomWords(Random r, byte[] alpha) {
        PatternSet.Builder b = PatternSet.builder();
        int n = 2 + r.nextInt(7);
        List<byte[]> added = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] p = i > 0 && r.nextInt(6) == 0
                    ? Arrays.copyOf(added.get(r.nextInt(i)), 1 + r.nextInt(added.get(r.nextInt(i)).length))
                    : Differential.randomBytes(r, alpha, 1 + r.nextInt(r.nextInt(4) == 0 ? 20 : 9));
            added.add(p);
            b.add(p);
        }
        return b.build();
    }

    @Test
    void randomSetsCountEveryRangeAndFilter() {
        Random r = new Random(20260610L);
        long total = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < 300; i++) {
                byte[] alpha = r.nextBoolean() ? Differential.smallAlphabet(r)
                        : new byte[] {'e', 'r', 'o', 'u', 's', (byte) 0x80, (byte) 0xE9, ' ', '\n'};
                PatternSet ps = randomWords(r, alpha);
                byte[] t = Differential.planted(r, ps, alpha, r.nextInt(3000), 1 + r.nextInt(40));
                if (t.length > 0 && r.nextBoolean()) { // a match that ends at the last byte
                    byte[] p = ps.bytes(r.nextInt(ps.size()));
                    if (p.length <= t.length) {
                        System.arraycopy(p, 0, t, t.length - p.length, p.length);
                    }
                }
                MemorySegment off = arena.allocate(Math.max(1, t.length)).asSlice(0, t.length);
                off.copyFrom(MemorySegment.ofArray(t));
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
                for (Prefilter f : filters(ps)) {
                    AhoCorasickSearcher s = AhoCorasickEngine.searcher(ac, f);
                    assertNotNull(s.confirm(), "a small case-sensitive set is confirmed directly");
                    for (int k = 0; k < 4; k++) {
                        int from = k == 0 ? 0 : r.nextInt(t.length + 1);
                        int to = k == 0 ? t.length : from + r.nextInt(t.length - from + 1);
                        long want = bruteCount(ps, t, from, to);
                        String what = "case " + i + " " + ps + ", " + f.describe() + ", [" + from + ", " + to + ") of "
                                + t.length;
                        assertEquals(want, s.count(MemorySegment.ofArray(t), from, to), what + " on heap");
                        assertEquals(want, s.count(off, from, to), what + " off heap");
                        total += want;
                    }
                }
            }
        }
        assertTrue(total > 20_000, "planted words should match often: " + total);
    }

    /** A filter that names nearly every position: the count gives it up midway and stays exact. */
    @Test
    void denseCandidatesGiveTheFilterUp() {
        Random r = new Random(7);
        byte[] alpha = {'a', 'b'};
        PatternSet ps = PatternSet.of("aab", "abba", "ba");
        byte[] t = Differential.randomBytes(r, alpha, 200_000);
        AhoCorasickSearcher s = AhoCorasickEngine.searcher(AhoCorasickAutomaton.compile(ps),
                new ScalarFingerprint(Fingerprint.of(ps, 1)));
        for (int from : new int[] {0, 1, 99_999}) {
            assertEquals(bruteCount(ps, t, from, t.length), s.count(MemorySegment.ofArray(t), from, t.length));
        }
    }

    @Test
    void onlyCaseSensitiveSetsThatAreSmallOrLong() {
        assertNotNull(LiteralConfirm.forSet(PatternSet.of("error", "user")));
        assertNull(LiteralConfirm.forSet(PatternSet.builder().caseInsensitive(true).add("error").build()));
        List<String> many = new ArrayList<>();
        List<String> manyLong = new ArrayList<>();
        for (int i = 0; i <= LiteralConfirm.MAX_PATTERNS; i++) {
            many.add("w" + i);
            manyLong.add("longword" + i);
        }
        assertNull(LiteralConfirm.forSet(PatternSet.of(many)), "past 16 patterns, only 8 bytes or more");
        assertNotNull(LiteralConfirm.forSet(PatternSet.of(manyLong)));
        manyLong.add("short");
        assertNull(LiteralConfirm.forSet(PatternSet.of(manyLong)));
    }

    /**
     * Sets of 17 to 3,000 patterns of 8 to 40 bytes, confirmed by the slot of their first 8 bytes:
     * many share their first 8 bytes (one slot, different tails), some are duplicates or prefixes
     * of others, bytes above 0x7F; counted over random ranges on and off heap, behind the chosen
     * filter and behind one that names every position, and per record.
     */
    @Test
    void longSetsAreConfirmedByTheirFirstEightBytes() {
        Random r = new Random(20261124L);
        long total = 0;
        Prefilter everyPosition = new Prefilter() {
            @Override
            public int next(byte[] a, int from, int to, int limit) {
                return from;
            }

            @Override
            public String describe() {
                return "every position";
            }
        };
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < 40; i++) {
                byte[] alpha = i % 2 == 0 ? Differential.smallAlphabet(r)
                        : new byte[] {'e', 'r', 'o', 'u', 's', 't', (byte) 0x80, (byte) 0xE9, ' '};
                int n = LiteralConfirm.MAX_PATTERNS + 1 + r.nextInt(i < 30 ? 200 : 3_000);
                List<byte[]> added = new ArrayList<>();
                PatternSet.Builder b = PatternSet.builder();
                for (int k = 0; k < n; k++) {
                    byte[] p;
                    if (k > 0 && r.nextInt(4) == 0) { // the first 8 bytes of another, its own tail
                        byte[] o = added.get(r.nextInt(k));
                        p = Arrays.copyOf(o, 8 + r.nextInt(33));
                        for (int j = 8 + r.nextInt(p.length - 7); j < p.length; j++) {
                            p[j] = alpha[r.nextInt(alpha.length)];
                        }
                    } else if (k > 0 && r.nextInt(10) == 0) { // a duplicate or a prefix
                        byte[] o = added.get(r.nextInt(k));
                        p = Arrays.copyOf(o, Math.max(8, o.length - r.nextInt(4)));
                    } else {
                        p = Differential.randomBytes(r, alpha, 8 + r.nextInt(33));
                    }
                    added.add(p);
                    b.add(p);
                }
                PatternSet ps = b.build();
                byte[] t = Differential.planted(r, ps, alpha, 2_000 + r.nextInt(20_000), 1 + r.nextInt(60));
                MemorySegment off = arena.allocate(Math.max(1, t.length)).asSlice(0, t.length);
                off.copyFrom(MemorySegment.ofArray(t));
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
                List<Prefilter> fs = new ArrayList<>(filters(ps));
                fs.add(everyPosition);
                long[] startsBefore = startsBefore(ps, t);
                for (int k = 0; k < 3; k++) {
                    int from = k == 0 ? 0 : r.nextInt(t.length + 1);
                    int to = k == 0 ? t.length : from + r.nextInt(t.length - from + 1);
                    long want = startsBefore[to] - startsBefore[from];
                    for (Prefilter f : fs) {
                        AhoCorasickSearcher s = AhoCorasickEngine.searcher(ac, f);
                        assertNotNull(s.confirm(), "a set of 8-byte patterns is confirmed directly");
                        String what = "case " + i + " (" + ps.size() + " patterns), " + f.describe() + ", [" + from
                                + ", " + to + ") of " + t.length;
                        assertEquals(want, s.count(MemorySegment.ofArray(t), from, to), what + " on heap");
                        assertEquals(want, s.count(off, from, to), what + " off heap");
                        total += want;
                    }
                }
                List<byte[]> lines = new ArrayList<>();
                for (int at = 0; at < t.length;) {
                    int len = Math.min(t.length - at, 1 + r.nextInt(300));
                    lines.add(Arrays.copyOfRange(t, at, at + len));
                    at += len;
                }
                Records records = Records.lines(MemorySegment.ofArray(RecordCheck.join(lines, false, true)), false);
                AhoCorasickSearcher s = AhoCorasickEngine.searcher(ac, Prefilters.choose(ps));
                CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, MatcherOptions.defaults().withThreads(2), s,
                        new AhoCorasickRecords(s));
                RecordCheck.check("case " + i + " per record", m, records, RecordCheck.naive(ps, records), true);
            }
        }
        assertTrue(total > 5_000, "planted patterns should match often: " + total);
    }

    /** Real words of the logs, per line (anyMatch, firstMatch and the rest), with every filter. */
    @Test
    void logWordsOverLoghubLines() throws Exception {
        List<byte[]> lines = new ArrayList<>();
        try (var systems = Files.list(dev.trawl.testing.TestData.dataDir().resolve("loghub"))) {
            for (Path dir : systems.filter(Files::isDirectory).sorted().toList()) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.filter(p -> p.toString().endsWith("_2k.log")).toList()) {
                        for (String l : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
                            lines.add(l.getBytes(StandardCharsets.ISO_8859_1));
                        }
                    }
                }
            }
        }
        assertTrue(lines.size() > 10_000, "loghub lines: " + lines.size());
        byte[] joined = RecordCheck.join(lines, false, true);
        List<List<String>> sets = List.of(
                List.of("error", "user", "block", "connection", "Failed"),
                List.of("INFO", "WARN"),
                List.of("error", "session", "Connection", "failed", "INFO"),
                List.of("root", "rhost=", "authentication failure", "Invalid user", "Accepted password", "error", "a",
                        "session opened"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment off = arena.allocate(joined.length);
            off.copyFrom(MemorySegment.ofArray(joined));
            for (List<String> words : sets) {
                PatternSet ps = PatternSet.of(words);
                AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
                long count = bruteCount(ps, joined, 0, joined.length);
                for (Records records : List.of(Records.lines(MemorySegment.ofArray(joined), false),
                        Records.lines(off, false))) {
                    RecordCheck.Expected expected = RecordCheck.naive(ps, records);
                    for (Prefilter f : filters(ps)) {
                        AhoCorasickSearcher s = AhoCorasickEngine.searcher(ac, f);
                        CpuMatcher m = new CpuMatcher(AhoCorasickEngine.NAME, ps, MatcherOptions.defaults().withThreads(2),
                                s, new AhoCorasickRecords(s));
                        RecordCheck.check(words + ", " + f.describe(), m, records, expected, true);
                        assertEquals(count, s.count(off, 0, joined.length),
                                words + ", " + f.describe() + ": count");
                    }
                }
            }
        }
    }
}
