package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the count-only DFA kernel's segment follows the chunk (no GPU needed). */
class DfaCounterSegmentTest {
    private static final long GRID = 264L * DfaCounter.THREADS; // an H200's two blocks on each of 132 multiprocessors

    @Test
    void largeChunksGetNearlyTheLongestSegmentAndSmallOnesTheShortest() {
        int large = DfaCounter.segment(4L << 30, GRID);
        assertTrue(large > DfaCounter.SEGMENT - 64 && large <= DfaCounter.SEGMENT, "4 GiB: " + large);
        assertEquals(DfaCounter.LEAST_SEGMENT, DfaCounter.segment(1 << 20, GRID));
        assertEquals(DfaCounter.LEAST_SEGMENT, DfaCounter.segment(0, GRID));
    }

    @Test
    void inBetweenEveryThreadGetsOneSegmentInOneRound() {
        for (long chunk : new long[] {64L << 20, 128L << 20, 300_000_000L, 512L << 20}) {
            int seg = DfaCounter.segment(chunk, GRID);
            assertEquals(0, seg % 32, chunk + ": " + seg);
            assertTrue(seg >= DfaCounter.LEAST_SEGMENT && seg <= DfaCounter.SEGMENT, chunk + ": " + seg);
            long segments = (chunk + seg - 1) / seg;
            // One round: no thread is left a second segment while the others wait.
            assertTrue(segments <= GRID, chunk + ": " + segments + " segments");
            assertTrue(segments > GRID - GRID / 16 || seg == DfaCounter.LEAST_SEGMENT, chunk + ": " + segments);
        }
    }

    @Test
    void chunksLongerThanOneRoundTakeWholeRounds() {
        for (long chunk : new long[] {1L << 30, 700_000_000L, 3L * GRID * DfaCounter.SEGMENT - 5}) {
            int seg = DfaCounter.segment(chunk, GRID);
            long segments = (chunk + seg - 1) / seg;
            long rounds = (segments + GRID - 1) / GRID;
            assertEquals(0, seg % 32, chunk + ": " + seg);
            assertTrue(seg <= DfaCounter.SEGMENT, chunk + ": " + seg);
            // The last round keeps all but a sliver of the grid busy (segments of 2,048 left 6% of it idle at 1 GiB).
            assertTrue(segments > rounds * GRID - GRID / 32, chunk + ": " + segments + " segments in " + rounds + " rounds");
        }
    }
}
