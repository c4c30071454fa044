package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored automaton tables: read back equal to a fresh compile, never taken for another set or a
 * damaged file, and the directory kept within its bounds.
 */
class AutomatonCacheTest {

    private static List<String> words(int n, String suffix) {
        List<String> w = new ArrayList<>();
        for (String s : TestData.dictionary(n)) {
            w.add(s + suffix);
        }
        return w;
    }

    private static List<Path> stored(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tables")).sorted().toList();
        }
    }

    private static void assertSameTables(AhoCorasickAutomaton want, AhoCorasickAutomaton got) {
        assertArrayEquals(want.classTable(), got.classTable(), "classes");
        assertArrayEquals(want.table(), got.table(), "table");
        assertArrayEquals(want.outIds(), got.outIds(), "outputs");
        assertArrayEquals(want.patternLengths(), got.patternLengths(), "lengths");
        assertEquals(want.denseEnd(), got.denseEnd(), "dense end");
        assertEquals(want.stateCount(), got.stateCount(), "states");
    }

    @Test
    void tablesReadBackEqualToAFreshCompile(@TempDir Path dir) throws IOException {
        for (boolean caseless : new boolean[] {false, true}) {
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(caseless);
            words(2000, "").forEach(b::add);
            PatternSet ps = b.build();
            AhoCorasickAutomaton fresh = AhoCorasickAutomaton.compile(ps);
            AhoCorasickAutomaton first = AutomatonCache.compile(ps, dir, 100);
            assertSameTables(fresh, first);
            AhoCorasickAutomaton again = AutomatonCache.compile(ps, dir, 100);
            assertSameTables(fresh, again);
        }
        assertEquals(2, stored(dir).size(), "one file per set (the case rule is part of the key)");
        // Through the public options: the same counts as without the cache, on the second compile too.
        PatternSet ps = PatternSet.of(TestData.dictionary(20_000));
        byte[] iliad = TestData.iliadBytes();
        long want = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME)).count(Input.of(iliad));
        for (int round = 0; round < 2; round++) {
            Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withCompileCache(dir));
            assertEquals(want, m.count(Input.of(iliad)), "round " + round);
        }
        assertEquals(3, stored(dir).size());
    }

    @Test
    void anotherSetNeverReadsTheseTables(@TempDir Path dir) throws IOException {
        List<String> a = words(1000, "");
        List<String> b = new ArrayList<>(a);
        b.set(500, b.get(500) + "x"); // one byte more
        List<String> c = new ArrayList<>(a);
        c.set(500, c.get(500).substring(0, c.get(500).length() - 1) + "#"); // same lengths, one byte changed
        AutomatonCache.compile(PatternSet.of(a), dir, 100);
        for (List<String> other : List.of(b, c)) {
            PatternSet ps = PatternSet.of(other);
            assertNotEquals(AutomatonCache.key(PatternSet.of(a)), AutomatonCache.key(ps));
            assertSameTables(AhoCorasickAutomaton.compile(ps), AutomatonCache.compile(ps, dir, 100));
        }
        assertEquals(3, stored(dir).size());
    }

    @Test
    void aDamagedFileIsCompiledAgainAndReplaced(@TempDir Path dir) throws IOException {
        PatternSet ps = PatternSet.of(words(1000, ""));
        AhoCorasickAutomaton fresh = AhoCorasickAutomaton.compile(ps);
        AutomatonCache.compile(ps, dir, 100);
        Path file = stored(dir).getFirst();
        long size = Files.size(file);
        byte[] whole = Files.readAllBytes(file);
        for (byte[] damaged : new byte[][] {java.util.Arrays.copyOf(whole, (int) size / 2), new byte[0],
                "not tables at all".getBytes()}) {
            Files.write(file, damaged);
            assertSameTables(fresh, AutomatonCache.compile(ps, dir, 100));
            assertEquals(size, Files.size(file), "written anew");
        }
    }

    @Test
    void smallSetsAndUnwritableDirectoriesCompileAsWithout(@TempDir Path dir) throws IOException {
        PatternSet small = PatternSet.of(words(50, ""));
        assertSameTables(AhoCorasickAutomaton.compile(small), AutomatonCache.compile(small, dir, 100));
        assertEquals(0, stored(dir).size(), "below the threshold nothing is stored");
        Path notADir = Files.writeString(dir.resolve("file"), "x");
        PatternSet ps = PatternSet.of(words(1000, ""));
        assertSameTables(AhoCorasickAutomaton.compile(ps), AutomatonCache.compile(ps, notADir.resolve("sub"), 100));
    }

    @Test
    void theLeastRecentlyUsedGoBeyondTheFileLimit(@TempDir Path dir) throws IOException {
        // MAX_FILES sets stored long ago, in order; then set 0 is read back (used now), and three new
        // sets push out the three least recently used: sets 1, 2 and 3.
        for (int i = 0; i < AutomatonCache.MAX_FILES; i++) {
            PatternSet ps = PatternSet.of(words(200, "-" + i));
            AutomatonCache.compile(ps, dir, 100);
            Files.setLastModifiedTime(fileOf(dir, ps), java.nio.file.attribute.FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        AutomatonCache.compile(PatternSet.of(words(200, "-0")), dir, 100);
        for (int i = AutomatonCache.MAX_FILES; i < AutomatonCache.MAX_FILES + 3; i++) {
            AutomatonCache.compile(PatternSet.of(words(200, "-" + i)), dir, 100);
        }
        assertEquals(AutomatonCache.MAX_FILES, stored(dir).size());
        for (int i = 0; i < AutomatonCache.MAX_FILES + 3; i++) {
            boolean kept = Files.exists(fileOf(dir, PatternSet.of(words(200, "-" + i))));
            assertEquals(i == 0 || i > 3, kept, "set " + i);
        }
    }

    private static Path fileOf(Path dir, PatternSet ps) throws IOException {
        String key = AutomatonCache.key(ps);
        return stored(dir).stream().filter(p -> p.getFileName().toString().contains(key)).findFirst()
                .orElse(dir.resolve("absent-" + key));
    }
}
