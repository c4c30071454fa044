package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PatternSetTest {

    @Test
    void readsOnePatternPerLineWithCrlfAndNoTrailingEmpty(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.txt");
        Files.write(f, "Hector\r\nAchilles\nhéros\n".getBytes(StandardCharsets.UTF_8));
        PatternSet ps = PatternSet.fromFile(f);
        assertEquals(3, ps.size());
        assertEquals("Hector", ps.pattern(0));
        assertEquals("héros", ps.pattern(2));
        assertEquals(6, ps.length(2));
        assertEquals(8, ps.maxLength());
        assertEquals(6, ps.minLength());
    }

    @Test
    void fileErrorsNameTheLine(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "a\nb\n\nc\n");
        PatternFileException e = assertThrows(PatternFileException.class, () -> PatternSet.fromFile(empty));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith(empty + ":3: empty pattern"), e.getMessage());

        Path bad = dir.resolve("bad.txt");
        Files.write(bad, new byte[] {'a', '\n', 'b', '\n', (byte) 0xE2, (byte) 0x82, '\n'});
        e = assertThrows(PatternFileException.class, () -> PatternSet.fromFile(bad));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("invalid UTF-8"), e.getMessage());

        e = assertThrows(PatternFileException.class, () -> PatternSet.fromFile(dir.resolve("missing")));
        assertTrue(e.getMessage().endsWith("no such file"), e.getMessage());
        e = assertThrows(PatternFileException.class, () -> PatternSet.fromFile(dir));
        assertTrue(e.getMessage().contains("directory"), e.getMessage());
    }

    @Test
    void emptyPatternFromCodeIsRejected() {
        TrawlException e = assertThrows(TrawlException.class, () -> PatternSet.of("a", ""));
        assertTrue(e.getMessage().contains("pattern 1 is empty"), e.getMessage());
        assertThrows(TrawlException.class, () -> PatternSet.builder().add(new byte[0]));
    }

    @Test
    void labelsAndCaseOption() {
        PatternSet ps = PatternSet.builder().add("a").add("b", "bee").caseInsensitive(true).build();
        assertNull(ps.label(0));
        assertEquals("bee", ps.label(1));
        assertTrue(ps.caseInsensitive());
        assertEquals(false, ps.withCaseInsensitive(false).caseInsensitive());
    }

    @Test
    void millionPatternsBuildAndMatch() {
        List<String> words = TestData.words(1_000_000, 11);
        PatternSet ps = PatternSet.of(words);
        assertEquals(1_000_000, ps.size());
        Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withThreads(2));
        String probe = " " + words.get(999_999) + " ";
        assertTrue(m.findAll(probe).stream().anyMatch(x -> x.patternId() == 999_999));
    }
}
