package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A set whose PFAC table would pass {@link PfacTable#MAX_ENTRIES}: {@code rejects} gives the reason
 * and {@code compile} throws it as a {@link PatternLimitException}, before looking for a GPU, so this
 * runs with or without one.
 */
class GpuPfacLimitTest {

    @Test
    void aSetBeyondTheTableLimitIsRejectedAndRefusedWithTheSameReason() {
        // Random bytes use every byte value, so every byte is a class of its own and 9 MB of patterns
        // bound the table above 2^31 entries.
        Random r = new Random(9);
        PatternSet.Builder b = PatternSet.builder();
        for (int i = 0; i < 9_000; i++) {
            byte[] p = new byte[1_000];
            r.nextBytes(p);
            b.add(p);
        }
        PatternSet big = b.build();
        long entries = PfacTable.entriesFor(big);
        assertTrue(entries > PfacTable.MAX_ENTRIES, entries + " entries");

        GpuPfacEngine engine = new GpuPfacEngine();
        Optional<String> why = engine.rejects(big);
        PatternLimitException e = assertThrows(PatternLimitException.class,
                () -> engine.compile(big, MatcherOptions.defaults()));
        assertEquals(why, Optional.of(e.getMessage()));
        assertEquals(entries, e.needed());
        assertEquals(PfacTable.MAX_ENTRIES, e.limit());
        assertEquals("the GPU PFAC table would need up to " + entries + " entries; the limit is "
                + PfacTable.MAX_ENTRIES, e.getMessage());
        assertFalse(engine.rejects(PatternSet.of("Hector", "Achilles")).filter(m -> m.contains("entries")).isPresent());
    }
}
