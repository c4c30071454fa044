package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.engine.cpu.RabinKarpEngine.RollingHash;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.testing.Differential;
import dev.trawl.testing.RecordCheck;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code cpu:rabin-karp} with hashes weakened so that collisions are the rule, against the
 * {@code cpu:naive} oracle: every match, the count, the earliest match end ({@code -c}, {@code -l}),
 * and every per-record operation, the first-occurrence table in both layouts included. The contract
 * suite runs the real hash, which almost never collides on its cases.
 */
class RabinKarpCollisionTest {
    /** Hashes that collide: the bytes' sum (anagrams), two bits kept (four keys), none kept (one key per width). */
    static final List<RollingHash> WEAK = List.of(new RollingHash(1, -1), new RollingHash(RollingHash.POLYNOMIAL.base(), 3),
            new RollingHash(RollingHash.POLYNOMIAL.base(), 0));

    private static Matcher matcher(PatternSet ps, RollingHash hash, MatcherOptions o) {
        return new RabinKarpEngine(hash).compile(ps, o);
    }

    @Test
    void randomSetsTextsAndColumns() {
        Random r = new Random(20260612L);
        MatcherOptions oracleOptions = Differential.oracleOptions();
        try (Arena arena = Arena.ofShared()) {
            for (RollingHash hash : WEAK) {
                for (int i = 0; i < 120; i++) {
                    byte[] alphabet = Differential.smallAlphabet(r);
                    PatternSet ps = Differential.randomPatterns(r, alphabet, 10, 40);
                    byte[] text = Differential.randomBytes(r, alphabet, r.nextInt(500));
                    MatcherOptions o = MatcherOptions.defaults().withThreads(1 + r.nextInt(3))
                            .withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(50));
                    Matcher m = matcher(ps, hash, o);
                    Matcher oracle = Trawl.compile(ps, oracleOptions);
                    String what = hash + " case " + i + " " + ps;
                    List<Match> expected = oracle.findAll(text);
                    assertEquals(expected, m.findAll(text), what);
                    assertEquals(expected.size(), m.count(text), what + ": count");
                    assertEquals(oracle.countMatchingRecords(Input.of(text), (byte) '\n'),
                            m.countMatchingRecords(Input.of(text), (byte) '\n'), what + ": matching lines");
                    checkFirstMatchEnd(what, ((CpuMatcher) m).searcher(), expected, text, r);

                    List<byte[]> column = new ArrayList<>();
                    for (int k = r.nextInt(10); k > 0; k--) {
                        column.add(Differential.randomBytes(r, alphabet, r.nextInt(5) == 0 ? 0 : r.nextInt(60)));
                    }
                    for (Records records : RecordCheck.everyFactory(column, arena, r)) {
                        RecordCheck.check(what + " on " + records, m, records, RecordCheck.naive(ps, records), true);
                    }
                }
            }
        }
    }

    /** The earliest end of a match lying wholly in a random range, by definition from the oracle's matches. */
    private static void checkFirstMatchEnd(String what, RangeSearcher s, List<Match> all, byte[] text, Random r) {
        for (int k = 0; k < 5; k++) {
            int from = text.length == 0 ? 0 : r.nextInt(text.length + 1);
            if (k == 0) {
                from = 0;
            }
            int limit = from + r.nextInt(text.length - from + 1);
            long best = -1;
            for (Match m : all) {
                if (m.start() >= from && m.end() <= limit && (best < 0 || m.end() < best)) {
                    best = m.end();
                }
            }
            assertEquals(best, s.firstMatchEnd(MemorySegment.ofArray(text), from, limit),
                    what + ": firstMatchEnd in [" + from + ", " + limit + ")");
        }
    }

    /** Runs of zeros against patterns of zeros: every window a candidate and, mostly, a match. */
    @Test
    void runsOfZeros() {
        PatternSet ps = PatternSet.builder().add(new byte[3]).add(new byte[8]).add(new byte[8]).add(new byte[40])
                .add(new byte[] {0, 0, 0, 'x'}).add(new byte[33]).add(new byte[] {0, 1, 0, 1, 0, 1, 0, 1, 0}).build();
        byte[] text = new byte[5000];
        for (int at : new int[] {100, 1000, 1001, 1040, 2500}) {
            text[at] = 'x';
        }
        for (int at = 3000; at < 3100; at += 2) {
            text[at + 1] = 1; // a run of period 2
        }
        List<Match> expected = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
        List<byte[]> column = List.of(new byte[0], new byte[2], new byte[3], new byte[39], new byte[40],
                Arrays.copyOfRange(text, 0, 1200), Arrays.copyOfRange(text, 2990, 3200), text);
        List<RollingHash> hashes = new ArrayList<>(WEAK);
        hashes.add(RollingHash.POLYNOMIAL);
        for (RollingHash hash : hashes) {
            for (int threads = 1; threads <= 2; threads++) {
                Matcher m = matcher(ps, hash, MatcherOptions.defaults().withThreads(threads).withChunkBytes(threads == 1 ? 0 : 333));
                assertEquals(expected, m.findAll(text), hash + " zeros");
                assertEquals(expected.size(), m.count(text), hash + " zeros: count");
                Records records = Records.of(column.toArray(new byte[0][]));
                RecordCheck.check(hash + " zero records", m, records, RecordCheck.naive(ps, records), true);
            }
        }
    }

    /** The earliest match end when the first match lies far into a search block, or past several of them. */
    @Test
    void firstMatchEndFarAway() {
        PatternSet ps = PatternSet.of("Hector", "xyz", "Achilles son of Peleus");
        Random r = new Random(21);
        List<RollingHash> hashes = new ArrayList<>(WEAK);
        hashes.add(RollingHash.POLYNOMIAL);
        for (int at : new int[] {0, 255, 4090, 5000, 9000, 20_000, 70_000, 199_990}) {
            byte[] text = Differential.randomBytes(r, new byte[] {'a', 'b', 'c', ' '}, 200_000);
            System.arraycopy("Hector".getBytes(), 0, text, at, Math.min(6, text.length - at));
            List<Match> all = Trawl.compile(ps, Differential.oracleOptions()).findAll(text);
            for (RollingHash hash : hashes) {
                RangeSearcher s = ((CpuMatcher) matcher(ps, hash, MatcherOptions.defaults())).searcher();
                checkFirstMatchEnd(hash + ", Hector at " + at, s, all, text, r);
                assertEquals(at + 6 <= text.length ? at + 6 : -1, s.firstMatchEnd(MemorySegment.ofArray(text), 0, text.length),
                        hash + ", Hector at " + at);
            }
        }
    }

    @Test
    void smallestPeriods() {
        Random r = new Random(5);
        for (int i = 0; i < 2000; i++) {
            byte[] p = Differential.randomBytes(r, new byte[] {'a', 'b'}, 1 + r.nextInt(12));
            int q = 1;
            while (!hasPeriod(p, q)) {
                q++;
            }
            assertEquals(q, RabinKarpTable.smallestPeriod(p), new String(p));
        }
    }

    private static boolean hasPeriod(byte[] p, int q) {
        for (int k = 0; k + q < p.length; k++) {
            if (p[k] != p[k + q]) {
                return false;
            }
        }
        return true;
    }

    /** The Iliad with the hero names through a hash of two bits: thousands of collisions per name. */
    @Test
    void iliadThroughAWeakHash() {
        byte[] iliad = Arrays.copyOfRange(TestData.iliadBytes(), 0, 100_000);
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        List<Match> expected = Trawl.compile(names, Differential.oracleOptions()).findAll(iliad);
        Matcher m = matcher(names, new RollingHash(RollingHash.POLYNOMIAL.base(), 3), MatcherOptions.defaults().withThreads(2));
        assertEquals(expected, m.findAll(iliad));
        checkFirstMatchEnd("Iliad, weak hash", ((CpuMatcher) m).searcher(), expected, iliad, new Random(8));
        checkFirstMatchEnd("Iliad", ((CpuMatcher) matcher(names, RollingHash.POLYNOMIAL, MatcherOptions.defaults()))
                .searcher(), expected, iliad, new Random(9));
        Records lines = Records.lines(MemorySegment.ofArray(iliad), false);
        RecordCheck.check("Iliad lines, weak hash", m, lines, RecordCheck.naive(names, lines), true);
    }
}
