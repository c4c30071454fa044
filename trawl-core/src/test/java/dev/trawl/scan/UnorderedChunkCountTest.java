package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UnorderedChunkCountTest {
    private static final MemorySegment TEXT = MemorySegment.ofArray(new byte[1000]);

    @Test
    void countsEveryChunkOnce() {
        ConcurrentHashMap<Long, Long> seen = new ConcurrentHashMap<>();
        ChunkPlan plan = new ChunkPlan(1000, 7, 0);
        long sum = UnorderedChunkCount.run(TEXT, plan, 4, (t, from, to) -> {
            assertEquals(null, seen.put(from, to), "chunk at " + from + " counted twice");
            return to - from;
        });
        assertEquals(1000, sum);
        assertEquals(143, seen.size()); // ceil(1000 / 7)
    }

    @Test
    void aSlowChunkHoldsBackOnlyItsThread() throws InterruptedException {
        // The first chunk finishes only once all 99 others have: an ordered run, which claims at most
        // twice the threads' chunks past the oldest unfinished one, would never get there.
        ChunkPlan plan = new ChunkPlan(100, 1, 0);
        CountDownLatch others = new CountDownLatch(99);
        AtomicInteger waited = new AtomicInteger();
        long sum = UnorderedChunkCount.run(TEXT, plan, 2, (t, from, to) -> {
            if (from == 0) {
                try {
                    assertTrue(others.await(20, TimeUnit.SECONDS), "the other chunks were held back");
                    waited.incrementAndGet();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            } else {
                others.countDown();
            }
            return 1;
        });
        assertEquals(100, sum);
        assertEquals(1, waited.get());
    }

    @Test
    void aFailureIsThrownAfterTheRunningChunks() {
        ChunkPlan plan = new ChunkPlan(1000, 10, 0);
        AtomicInteger running = new AtomicInteger();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> UnorderedChunkCount.run(TEXT, plan, 4,
                (t, from, to) -> {
                    running.incrementAndGet();
                    try {
                        if (from == 300) {
                            throw new IllegalStateException("chunk 30");
                        }
                        Thread.sleep(1);
                        return 1;
                    } catch (InterruptedException x) {
                        throw new IllegalStateException(x);
                    } finally {
                        running.decrementAndGet();
                    }
                }));
        assertEquals("chunk 30", e.getMessage());
        assertEquals(0, running.get(), "a chunk still running after the count returned");
    }
}
