package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.CostRoutedEngine;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.scan.ChunkCounter;
import dev.trawl.scan.SharedQueueCount;
import dev.trawl.testing.RandomText;
import dev.trawl.testing.TestData;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One count shared by the GPU pipeline and CPU threads from one chunk queue: directly
 * ({@link SharedQueueCount} with gpu:pfac and gpu:trie as the lead) and through {@code auto} with
 * {@code trawl.auto.split=on}, against cpu:aho-corasick alone, over inputs of many GPU and CPU chunks.
 */
@Tag("gpu")
class GpuSharedCountTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @AfterEach
    void clearProperties() {
        System.clearProperty(CostRoutedEngine.SPLIT_PROPERTY);
        System.clearProperty(CostRoutedEngine.POLICY_PROPERTY);
    }

    private static final PatternSet PATTERNS = PatternSet.of("a", "aa", "aab", "ba", "b\nb", "abababab", "Hector",
            "Achilles");

    private static MemorySegment randomText(Arena arena, long n, long seed) {
        return RandomText.segment(arena, n, seed, (byte) 'a', (byte) 'a', (byte) 'b', (byte) '\n', (byte) 'x');
    }

    @Test
    void theGpuAndCpuThreadsShareOneQueue() {
        Matcher cpu = Trawl.compile(PATTERNS, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        Matcher one = Trawl.compile(PATTERNS, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(1));
        try (Arena arena = Arena.ofShared()) {
            MemorySegment text = randomText(arena, (24 << 20) + 11, 1);
            long want = cpu.count(Input.of(text));
            for (String engine : new String[] {GpuPfacEngine.NAME, GpuTrieEngine.NAME}) {
                try (GpuMatcher gpu = (GpuMatcher) Trawl.compile(PATTERNS,
                        MatcherOptions.defaults().withEngine(engine).withChunkBytes((2 << 20) + 5))) {
                    for (int threads : new int[] {0, 1, 4}) {
                        SharedQueueCount.Outcome o = SharedQueueCount.count(text, PATTERNS.maxLength(), gpu,
                                ChunkCounter.of(one), threads, 64 << 10);
                        assertEquals(want, o.count(), engine + " with " + threads + " CPU threads");
                        assertEquals(text.byteSize(), o.leadBytes() + o.cpuBytes());
                    }
                }
            }
        }
    }

    @Test
    void autoSharesACountWhenAskedTo() throws IOException {
        System.setProperty(CostRoutedEngine.SPLIT_PROPERTY, "on");
        System.setProperty(CostRoutedEngine.POLICY_PROPERTY, "always");
        PatternSet heroes = PatternSet.of(TestData.HERO_NAMES.toArray(String[]::new));
        Matcher auto = Trawl.compile(heroes);
        Matcher cpu = Trawl.compile(heroes, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        byte[] iliad = TestData.iliadBytes();
        Path file = dir.resolve("iliad-x20.txt");
        try (var out = Files.newOutputStream(file)) {
            for (int i = 0; i < 20; i++) {
                out.write(iliad);
            }
        }
        long want = cpu.count(file);
        assertEquals(want, auto.count(file));
        assertTrue(auto.engine().startsWith("gpu:"), auto.engine());
        try (Input in = Input.map(file)) {
            assertEquals(want, auto.count(in));
        }
    }
}
