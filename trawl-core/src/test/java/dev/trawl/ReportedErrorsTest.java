package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.regex.Compiler;
import dev.trawl.regex.Parser;
import dev.trawl.regex.RegexSyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Limits and bad input reach the caller as the {@link TrawlException} subtype a caller would catch,
 * with a one-line message that names the limit and the number.
 */
class ReportedErrorsTest {

    @Test
    void anUnknownEngineIsUnavailableAndTheMessageListsTheKnownOnes() {
        EngineUnavailableException e = assertThrows(EngineUnavailableException.class,
                () -> Trawl.compile(PatternSet.of("x"), MatcherOptions.defaults().withEngine("cpu:nope")));
        String known = Engines.all().stream().map(Engine::name).collect(Collectors.joining(", "));
        assertEquals("unknown engine 'cpu:nope'; known engines: auto, " + known, e.getMessage());
    }

    /** trawl-core alone (its own tests' class path) has no GPU engines: the message names the jar that has them. */
    @Test
    void aGpuEngineWithoutTheCudaModuleSaysWhichModuleBringsIt() {
        EngineUnavailableException e = assertThrows(EngineUnavailableException.class,
                () -> Trawl.compile(PatternSet.of("x"), MatcherOptions.defaults().withEngine("gpu:pfac")));
        assertTrue(e.getMessage().startsWith("unknown engine 'gpu:pfac' (the GPU engines come with the trawl-cuda"
                + " module, which is not on the class path); known engines: auto, cpu:"), e.getMessage());
    }

    @Test
    void aRegexSyntaxErrorNamesTheConstructAndItsPosition() {
        RegexSyntaxException e = assertThrows(RegexSyntaxException.class, () -> PatternSet.builder().addRegex("x("));
        assertEquals("missing ')' for the group opened at position 1 in regex 'x('", e.getMessage());
        assertEquals(1, e.index());
        assertEquals("x(", e.pattern());
    }

    /** The count limit is a property of the regex, so it is a syntax error (with its position), at the limit exactly. */
    @Test
    void aRepetitionCountAboveTheLimitIsASyntaxError() {
        PatternSet.builder().addRegex("a{" + Parser.MAX_REPEAT + "}"); // at the limit: fine
        String regex = "a{" + (Parser.MAX_REPEAT + 1) + "}";
        RegexSyntaxException e = assertThrows(RegexSyntaxException.class, () -> PatternSet.builder().addRegex(regex));
        assertEquals("repetition count in '{" + (Parser.MAX_REPEAT + 1) + "}' is above the limit of " + Parser.MAX_REPEAT
                + " at position 1 in regex '" + regex + "'", e.getMessage());
    }

    @Test
    void aRegexErrorInAPatternFileNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("patterns.txt");
        Files.writeString(f, "ok\nre:a{" + (Parser.MAX_REPEAT + 1) + "}\n");
        PatternFileException e = assertThrows(PatternFileException.class, () -> PatternSet.builder().addPrefixedFile(f));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith(f + ":2: repetition count in "), e.getMessage());
    }

    /**
     * Each count is within the limit, but the program multiplies them: the set as a whole is beyond
     * the regex engines' program size, which is a limit, not a syntax error.
     */
    @Test
    void aRegexProgramAboveTheInstructionLimitIsAPatternLimit() {
        String regex = "(?:(?:a{1000}){1000}){3}";
        PatternSet set = PatternSet.builder().addRegex(regex).build();
        PatternLimitException e = assertThrows(PatternLimitException.class,
                () -> Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:pike")));
        assertEquals(Compiler.MAX_INSTRUCTIONS, e.limit());
        assertTrue(e.needed() > e.limit(), e.needed() + " vs " + e.limit());
        assertTrue(e.getMessage().startsWith("the regex program passes its limit of " + Compiler.MAX_INSTRUCTIONS
                + " instructions at regex '" + regex + "'"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
