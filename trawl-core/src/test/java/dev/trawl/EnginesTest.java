package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.engine.cpu.AhoCorasickEngine;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EnginesTest {
    @Test
    void namesAreUniqueAndPrefixed() {
        Set<String> names = new HashSet<>();
        for (Engine e : Engines.all()) {
            assertTrue(names.add(e.name()), e.name());
            assertTrue(e.name().startsWith("cpu:") || e.name().startsWith("gpu:"), e.name());
            assertTrue(!e.description().isBlank() && !e.description().contains("\n"), e.name());
        }
    }

    @Test
    void autoPicksAnAvailableEngine() {
        Engine e = Engines.auto(PatternSet.of("x"));
        assertTrue(e.unavailableReason().isEmpty());
        assertTrue(Engines.autoMayPick(e), e.name());
        if (Engines.all().stream().noneMatch(x -> x.name().startsWith("gpu:") && x.unavailableReason().isEmpty())) {
            assertEquals(AhoCorasickEngine.NAME, e.name());
        }
    }

    @Test
    void unknownEngineListsTheKnownOnes() {
        EngineUnavailableException ex = assertThrows(EngineUnavailableException.class,
                () -> Trawl.compile(PatternSet.of("x"), MatcherOptions.defaults().withEngine("cpu:nope")));
        assertTrue(ex.getMessage().contains("unknown engine 'cpu:nope'") && ex.getMessage().contains(AhoCorasickEngine.NAME));
    }

    @Test
    void badOptionsAreClear() {
        TrawlException ex = assertThrows(TrawlException.class, () -> MatcherOptions.defaults().withThreads(0));
        assertEquals("threads must be at least 1, got 0", ex.getMessage());
    }
}
