package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.PatternSet;
import dev.trawl.automaton.CompressedTrie;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.engine.TrieLauncher.Optimization;
import dev.trawl.testing.TestData;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** What {@code gpu:trie} says with or without a GPU: registered, never auto's pick, its switches parsed. */
class GpuTrieEngineTest {
    @Test
    void registeredButNeverPickedByAuto() {
        Engine e = Engines.all().stream().filter(x -> x.name().equals(GpuTrieEngine.NAME)).findFirst().orElseThrow();
        assertFalse(Engines.autoMayPick(e), "gpu:pfac serves the same sets");
        assertEquals(Gpu.unavailableReason(), e.unavailableReason());
        assertFalse(e.rejects(PatternSet.of("error", "warn")).isPresent());
    }

    @Test
    void theSwitchesParse() {
        assertEquals(EnumSet.of(Optimization.SPLIT, Optimization.ALIGNED), TrieLauncher.optimizations(null));
        assertEquals(EnumSet.allOf(Optimization.class), TrieLauncher.optimizations("all"));
        assertEquals(EnumSet.noneOf(Optimization.class), TrieLauncher.optimizations("none"));
        assertEquals(EnumSet.of(Optimization.SPLIT, Optimization.PREFETCH), TrieLauncher.optimizations("split,prefetch"));
        assertEquals(EnumSet.of(Optimization.ALIGNED), TrieLauncher.optimizations(" Aligned "));
        assertThrows(IllegalArgumentException.class, () -> TrieLauncher.optimizations("split,unroll"));
        assertEquals(TrieLauncher.Placement.GLOBAL, TrieLauncher.placement("global"));
        assertThrows(IllegalArgumentException.class, () -> TrieLauncher.placement("texture"));
    }

    @Test
    void theSizeBoundHoldsTheTrie() {
        for (PatternSet ps : new PatternSet[] {PatternSet.of("a"), PatternSet.of(TestData.HERO_NAMES).withCaseInsensitive(true),
            PatternSet.of(TestData.words(20_000, 3)), PatternSet.of(TestData.words(20_000, 3)).withCaseInsensitive(true)}) {
            long actual = CompressedTrie.compile(ps).bytes().length;
            assertTrue(actual <= GpuTrieEngine.upperBound(ps), actual + " > " + GpuTrieEngine.upperBound(ps));
        }
    }
}
