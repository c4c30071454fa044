package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trawl.PatternLimitException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The program-size limit is a {@link PatternLimitException} at exactly the program's size: a set
 * compiles under a limit equal to its instruction count and is refused one below it, whichever
 * regex crosses the limit.
 */
class ProgramLimitTest {

    @Test
    void aProgramOneInstructionAboveTheLimitIsAPatternLimit() {
        List<String> sources = List.of("err(or)?", "[a-z]{3,7}x", "(?i)warn|fail\\d+");
        List<Regexp> res = sources.stream().map(s -> Simplify.trimLazyTail(Parser.parse(s, 0))).toList();
        int[] ids = {0, 1, 2};
        int size = Compiler.compile(res, ids, sources).size();
        assertEquals(size, Compiler.compile(res, ids, sources, size).size());
        PatternLimitException e = assertThrows(PatternLimitException.class,
                () -> Compiler.compile(res, ids, sources, size - 1));
        assertEquals(size, e.needed());
        assertEquals(size - 1, e.limit());
        // The last instruction belongs to the last regex, so that is the one the message names.
        assertEquals("the regex program passes its limit of " + (size - 1) + " instructions at regex '"
                + sources.get(2) + "' (counted repetitions multiply their operand; every regex of a set adds its own)",
                e.getMessage());
    }
}
