package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.regex.Regexes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pattern kinds: regexes beside literals, pattern files with and without prefixes, the CLI helpers. */
class PatternSetKindsTest {

    @Test
    void kindsAndFiles(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.txt");
        Files.writeString(f, "re:a+b\nlit:re:x\nplain.txt\n");
        PatternSet mixed = PatternSet.builder().addPrefixedFile(f).build();
        assertEquals(List.of(PatternSet.Kind.REGEX, PatternSet.Kind.LITERAL, PatternSet.Kind.LITERAL),
                List.of(mixed.kind(0), mixed.kind(1), mixed.kind(2)));
        assertEquals("re:x", mixed.pattern(1));
        assertEquals(1, mixed.regexCount());
        PatternSet asRegex = PatternSet.builder().defaultKind(PatternSet.Kind.REGEX).addPrefixedFile(f).build();
        assertTrue(asRegex.isRegex(2));
        PatternSet plain = PatternSet.fromFile(f);
        assertFalse(plain.hasRegex(), "plain files stay literal: prefixes mean nothing there");
        assertEquals("re:a+b", plain.pattern(0));
        Files.writeString(f, "re:a(b\n");
        PatternFileException e = assertThrows(PatternFileException.class, () -> PatternSet.builder().addPrefixedFile(f));
        assertTrue(e.getMessage().contains(":1:") && e.getMessage().contains("missing ')'"), e.getMessage());
    }

    @Test
    void cliHelpers() {
        Matcher m = Trawl.compile(PatternSet.builder().addRegex(Regexes.word("ab|cd")).addRegex(Regexes.line("x.z"))
                .addRegex(Regexes.quote("a.b(c)")).build(), MatcherOptions.defaults().withEngine("cpu:dfa"));
        String text = "ab abc cd\nxyz\nxyzz a.b(c) axb(c)";
        assertEquals(List.of(new Match(0, 0, 2), new Match(0, 7, 9), new Match(1, 10, 13), new Match(2, 19, 25)),
                m.findAll(text));
    }

    @Test
    void regexSetsGoToARegexEngineAndLiteralSetsStayOnALiteralEngine() {
        assertEquals("cpu:dfa", Engines.auto(PatternSet.builder().addRegex("a+").build()).name());
        assertFalse(Engines.auto(PatternSet.of("a", "b")).supportsRegex(), "literal sets keep a literal engine");
    }
}
