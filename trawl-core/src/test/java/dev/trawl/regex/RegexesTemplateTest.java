package dev.trawl.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class RegexesTemplateTest {
    @Test
    void wildcardsBetweenPartsBecomeTheSeparatorAndThoseAtTheEndsAreDropped() {
        assertEquals("[Served block blk_]~[ to /]", Regexes.template("<*>Served block blk_<*> to /<*>", p -> "[" + p + "]", "~"));
        assertEquals("[a]~[]~[b]", Regexes.template("a<*><*>b", p -> "[" + p + "]", "~"));
        assertEquals("", Regexes.template("<*><*>", p -> "[" + p + "]", "~"));
        assertEquals("[no wildcard]", Regexes.template("no wildcard", p -> "[" + p + "]", "~"));
    }

    @Test
    void theRegexFindsALineTheTemplateWasFilledInto() {
        String template = "<*>Received block blk_<*> of size <*> from /<*>";
        Pattern regex = Pattern.compile(Regexes.template(template, Regexes::quote, ".*?"));
        assertTrue(regex.matcher("081109 INFO Received block blk_-160 of size 91178 from /10.250.10.6").find());
        assertFalse(regex.matcher("081109 INFO Received block blk_-160 from /10.250.10.6").find());
    }
}
