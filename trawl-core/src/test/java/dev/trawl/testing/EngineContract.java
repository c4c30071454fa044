package dev.trawl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential suite every engine must pass: random sets over small alphabets, the Iliad with the
 * hero names, 100,000 generated words, dense matches, every input kind, chunk boundaries inside
 * matches, early stop. Subclass it (or parameterise it) with an engine name.
 */
public abstract class EngineContract {

    protected abstract String engineName();

    /** Cases for the random test; engines slow by design may lower it. */
    protected int randomCases() {
        return 1500;
    }

    /** Whether the engine takes 100,000 patterns (say in the engine's docs why not). */
    protected boolean copesWithLargeSets() {
        return true;
    }

    protected MatcherOptions options() {
        return MatcherOptions.defaults().withEngine(engineName());
    }

    @Test
    void randomSetsOverSmallAlphabets() {
        Random r = new Random(20261123L ^ engineName().hashCode());
        int total = 0;
        for (int i = 0; i < randomCases(); i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alphabet, 12, 6);
            byte[] text = Differential.randomBytes(r, alphabet, r.nextInt(400));
            MatcherOptions o = options().withThreads(1 + r.nextInt(3)).withChunkBytes(r.nextBoolean() ? 0 : 1 + r.nextInt(40));
            total += Differential.check("case " + i + " seed-case " + i, ps, text, o);
        }
        assertTrue(total > 10_000, "random cases should produce many matches, got " + total);
    }

    @Test
    void iliadHeroNames() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        int n = Differential.check("iliad", names, iliad, options());
        assertTrue(n > 1000, "the Iliad names its heroes often: " + n);
        Differential.check("iliad, 3 threads, 4 KiB chunks", names, iliad, options().withThreads(3).withChunkBytes(4096));
        int ci = Differential.check("iliad, case-insensitive", names.withCaseInsensitive(true), iliad, options());
        assertTrue(ci >= n);
    }

    @Test
    void hundredThousandWords() {
        if (!copesWithLargeSets()) {
            return;
        }
        List<String> words = TestData.words(100_000, 7);
        PatternSet ps = PatternSet.of(words);
        byte[] text = Arrays.copyOfRange(TestData.iliadBytes(), 100_000, 102_000);
        int n = Differential.check("100k words", ps, text, options().withThreads(2).withChunkBytes(333));
        assertTrue(n > 500, "English-like words should hit English text: " + n);
    }

    @Test
    void denseOverlapsOfOneLetter() {
        byte[] text = new byte[10_000];
        Arrays.fill(text, (byte) 'a');
        PatternSet ps = PatternSet.of("a", "aa", "aaa");
        int n = Differential.check("all a", ps, text, options().withThreads(2).withChunkBytes(1000));
        assertEquals(10_000 + 9_999 + 9_998, n);
    }

    @Test
    void edgeCases() {
        PatternSet ps = PatternSet.of("abc", "abc", "b", "abcdefghijklmnopqrstuvwxyz0123456789", "bc", "c");
        Differential.check("empty input", ps, new byte[0], options());
        Differential.check("pattern longer than text", ps, "xabcx".getBytes(StandardCharsets.US_ASCII), options());
        Differential.check("duplicates and suffixes", ps, "abcabcbcb".getBytes(StandardCharsets.US_ASCII), options());
        Differential.check("one byte", PatternSet.of("\u00e9"), "é é e".getBytes(StandardCharsets.UTF_8), options());
        Differential.check("bytes above 0x7F", PatternSet.builder().add(new byte[] {(byte) 0xFF, (byte) 0x80}).build(),
                new byte[] {(byte) 0xFF, (byte) 0x80, (byte) 0xFF, (byte) 0x80, (byte) 0x80}, options());
    }

    @Test
    void everyInputKindGivesTheSameMatches(@TempDir Path dir) throws Exception {
        PatternSet ps = PatternSet.of("Hector", "Achilles", "héros", "ü");
        String text = "Hector and Achilles, héros of Troy, über Hector";
        Matcher m = Trawl.compile(ps, options());
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        List<Match> bytes = m.findAll(utf8);
        assertEquals(Trawl.compile(ps, Differential.oracleOptions()).findAll(utf8), bytes);
        assertEquals(5, bytes.size());

        ByteBuffer direct = ByteBuffer.allocateDirect(utf8.length + 3);
        direct.put(new byte[] {'x', 'y', 'z'}).put(utf8).flip().position(3);
        assertEquals(bytes, m.findAll(direct));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(utf8.length);
            seg.copyFrom(MemorySegment.ofArray(utf8));
            assertEquals(bytes, m.findAll(seg));
        }
        Path f = dir.resolve("t.txt");
        Files.write(f, utf8);
        assertEquals(bytes, m.findAll(f));
        assertEquals(5, m.count(f));

        // Text inputs report char offsets.
        List<Match> chars = m.findAll(text);
        List<String> found = new ArrayList<>();
        for (Match x : chars) {
            found.add(text.substring((int) x.start(), (int) x.end()));
        }
        assertEquals(List.of("Hector", "Achilles", "héros", "ü", "Hector"), found);
        Path empty = dir.resolve("empty");
        Files.write(empty, new byte[0]);
        assertEquals(List.of(), m.findAll(empty));
    }

    @Test
    void sinkCanStopTheScan() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        Matcher m = Trawl.compile(ps, options().withThreads(2).withChunkBytes(8192));
        List<Match> all = m.findAll(iliad);
        List<Match> firstFive = new ArrayList<>();
        boolean completed = m.scan(Input.of(iliad), (id, s, e) -> {
            firstFive.add(new Match(id, s, e));
            return firstFive.size() < 5;
        });
        assertFalse(completed);
        assertEquals(all.subList(0, 5), firstFive);
    }
}
