package dev.trawl.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The form a set travels in: serialised and rebuilt, it matches as the original; its version follows its content. */
class PatternSetSpecTest {
    private static PatternSet set(String thirdLabel, boolean caseInsensitive) {
        return PatternSet.builder().caseInsensitive(caseInsensitive).multiline(true)
                .add("error", "err")
                .add(new byte[] {(byte) 0xFF, 'x'}) // not UTF-8: a byte literal, reported by id
                .addRegex("^warn(ing)?$", thirdLabel)
                .build();
    }

    @Test
    void aRebuiltSetMatchesAsTheOriginal() throws Exception {
        PatternSet original = set("warn", true);
        PatternSetSpec spec = roundTrip(PatternSetSpec.of(original));
        byte[] text = "ERROR\nwarning\n\u00ffx Error\nWARN".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(Trawl.compile(original).findAll(text), Trawl.compile(spec.toPatternSet()).findAll(text));
        assertEquals("err", spec.name(0));
        assertEquals("1", spec.name(1));
        assertEquals("warn", spec.name(2));
        assertEquals(PatternSetSpec.of(original).version(), spec.version());
    }

    @Test
    void theVersionChangesWithPatternsLabelsAndOptions() {
        String v = PatternSetSpec.of(set("warn", true)).version();
        assertEquals(v, PatternSetSpec.of(set("warn", true)).version());
        assertNotEquals(v, PatternSetSpec.of(set("warning", true)).version());
        assertNotEquals(v, PatternSetSpec.of(set("warn", false)).version());
        assertNotEquals(PatternSetSpec.of(PatternSet.of("ab", "c")).version(), PatternSetSpec.of(PatternSet.of("a", "bc")).version());
    }

    private static PatternSetSpec roundTrip(PatternSetSpec spec) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(spec);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (PatternSetSpec) in.readObject();
        }
    }
}
