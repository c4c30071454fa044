package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.testing.RandomText;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A count shared by two engines from one chunk queue ({@link SharedQueueCount}), here two CPU engines
 * (cpu:aho-corasick as the lead, cpu:naive on the CPU threads) against cpu:naive over the whole input:
 * chunks of a few bytes, so overlapping matches cross every chunk edge, tiny and empty inputs, and the
 * chunks both sides took covering every start exactly once.
 */
class SharedQueueCountTest {
    /** Overlapping self-similar patterns: runs of a and b cross chunk edges at every offset. */
    private static final PatternSet OVERLAPPING = PatternSet.of("a", "aa", "aaa", "aab", "abab", "ba", "bab", "b\nb",
            "aaaaaaaaaaaa");

    private static Matcher engine(String name, PatternSet ps) {
        return Engines.get(name, ps).compile(ps, MatcherOptions.defaults().withThreads(1));
    }

    private static MemorySegment randomText(int n, long seed, Arena arena) {
        return RandomText.segment(arena, n, seed, (byte) 'a', (byte) 'a', (byte) 'b', (byte) '\n', (byte) 'a', (byte) 'b');
    }

    /** Counts {@code ps} in {@code text} shared, and checks it against cpu:naive alone and the chunks' cover. */
    private static void checkShared(PatternSet ps, MemorySegment text, long leadChunk, long cpuChunk, int cpuThreads) {
        long want = engine("cpu:naive", ps).count(Input.of(text));
        List<ChunkQueue.Chunk> taken = new ArrayList<>();
        ChunkCounter lead = recording(ChunkCounter.of(engine("cpu:aho-corasick", ps)), taken);
        ChunkCounter cpu = recording(ChunkCounter.of(engine("cpu:naive", ps)), taken);
        SharedQueueCount.Outcome o = SharedQueueCount.count(text, ps.maxLength(), QueueCounter.of(lead, leadChunk), cpu,
                cpuThreads, cpuChunk);
        String what = "n=" + text.byteSize() + " chunks " + leadChunk + "/" + cpuChunk + " threads " + cpuThreads;
        assertEquals(want, o.count(), what);
        assertEquals(text.byteSize(), o.leadBytes() + o.cpuBytes(), what);
        taken.sort(Comparator.comparingLong(ChunkQueue.Chunk::index));
        long next = 0;
        for (int i = 0; i < taken.size(); i++) {
            ChunkQueue.Chunk c = taken.get(i);
            assertEquals(i, c.index(), what);
            assertEquals(next, c.from(), what + ": chunks must follow one another");
            assertTrue(c.to() > c.from(), what);
            assertEquals(Math.min(text.byteSize(), c.to() + ps.maxLength() - 1), c.readEnd(), what);
            next = c.to();
        }
        assertEquals(text.byteSize(), next, what + ": every start in one chunk");
    }

    private static ChunkCounter recording(ChunkCounter counter, List<ChunkQueue.Chunk> taken) {
        return (text, c) -> {
            synchronized (taken) {
                taken.add(c);
            }
            return counter.count(text, c);
        };
    }

    @Test
    void sharedCountsEqualOneEngineAloneAcrossChunkEdges() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment text = randomText(20_000, 3, arena);
            for (long leadChunk : new long[] {1, 5, 97, 4096}) {
                for (long cpuChunk : new long[] {1, 3, 11, 1000}) {
                    for (int threads : new int[] {0, 1, 3}) {
                        checkShared(OVERLAPPING, text, leadChunk, cpuChunk, threads);
                    }
                }
            }
        }
    }

    @Test
    void tinyAndEmptyInputs() {
        try (Arena arena = Arena.ofShared()) {
            for (int n = 0; n <= 40; n++) {
                MemorySegment text = randomText(n, n, arena);
                checkShared(OVERLAPPING, text, 1, 2, 2);
                checkShared(OVERLAPPING, text, 7, 1, 1);
            }
        }
    }

    @Test
    void theIliadWithManyPatterns() {
        PatternSet words = PatternSet.of(TestData.words(500, 11).toArray(String[]::new));
        try (Arena arena = Arena.ofShared()) {
            byte[] iliad = TestData.iliadBytes();
            MemorySegment text = arena.allocate(iliad.length);
            MemorySegment.copy(MemorySegment.ofArray(iliad), 0, text, 0, iliad.length);
            checkShared(words, text, 64 << 10, 8 << 10, 3);
        }
    }

    @Test
    void aConfinedTextIsCountedByTheLeadAlone() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = randomText(5000, 9, arena);
            long want = engine("cpu:naive", OVERLAPPING).count(Input.of(text));
            SharedQueueCount.Outcome o = SharedQueueCount.count(text, OVERLAPPING.maxLength(),
                    QueueCounter.of(ChunkCounter.of(engine("cpu:aho-corasick", OVERLAPPING)), 100),
                    ChunkCounter.of(engine("cpu:naive", OVERLAPPING)), 4, 10);
            assertEquals(want, o.count());
            assertEquals(0, o.cpuBytes());
        }
    }

    @Test
    void aFailureOnTheCpuSideIsThrown() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment text = randomText(200_000, 5, arena);
            ChunkCounter slowLead = (t, c) -> {
                try {
                    Thread.sleep(1); // leaves chunks for the CPU threads
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return 0;
            };
            ChunkCounter failing = (t, c) -> {
                throw new IllegalStateException("cpu side broke");
            };
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> SharedQueueCount.count(text, 3, QueueCounter.of(slowLead, 1000), failing, 2, 1000));
            assertEquals("cpu side broke", e.getMessage());
        }
    }

    @Test
    void aCpuThreadsNextChunkTakesAboutAMillisecondAtItsSpeed() {
        // 4 MiB in 10 ms (0.4 GB/s): about 0.42 MB next
        long next = SharedQueueCount.nextSize(4L << 20, 10_000_000, 4L << 20);
        assertTrue(next > 400_000 && next < 440_000, "next " + next);
        // a fast thread is held to the run's chunk, a slow one to the least chunk
        assertEquals(4L << 20, SharedQueueCount.nextSize(4L << 20, 100_000, 4L << 20));
        assertEquals(SharedQueueCount.LEAST_CPU_CHUNK, SharedQueueCount.nextSize(1 << 10, 1_000_000_000L, 4L << 20));
        // a run's chunk below the least chunk stays the most (tests cut chunks of a few bytes)
        assertEquals(3, SharedQueueCount.nextSize(3, 1_000_000_000L, 3));
        assertEquals(3, SharedQueueCount.nextSize(3, 0, 3));
    }
}
