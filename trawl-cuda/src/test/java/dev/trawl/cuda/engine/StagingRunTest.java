package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The staging threads that run ahead of a GPU pipeline ({@link StagingRun}) and the chunks they are
 * given ({@link RecordPipeline.Plan}), without a GPU: every piece is staged once, never into a slot
 * whose previous chunk has not been copied, failures reach the queueing thread, and a run cut short
 * stops.
 */
class StagingRunTest {
    private static final int SLOTS = 3;

    @Test
    void everyPieceIsStagedOnceAndNeverIntoABusySlot() {
        Random r = new Random(5);
        for (int round = 0; round < 30; round++) {
            int chunks = 1 + r.nextInt(12);
            int[] pieces = new int[chunks];
            int total = 0;
            for (int c = 0; c < chunks; c++) {
                pieces[c] = 1 + r.nextInt(round % 2 == 0 ? 3 : 40);
                total += pieces[c];
            }
            AtomicIntegerArray staged = new AtomicIntegerArray(total);
            int[] first = new int[chunks + 1];
            for (int c = 0; c < chunks; c++) {
                first[c + 1] = first[c] + pieces[c];
            }
            AtomicIntegerArray copied = new AtomicIntegerArray(chunks); // set when a chunk's "copy" has ended
            ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
            int threads = round % 3 == 0 ? 0 : 1 + r.nextInt(8); // 0: on this thread, as for a confined input
            Thread caller = Thread.currentThread();
            try (StagingRun run = new StagingRun(SLOTS, pieces, threads, (c, p) -> {
                if ((Thread.currentThread() == caller) != (threads == 0)) {
                    wrong.add("chunk " + c + " staged on " + Thread.currentThread().getName());
                }
                if (c >= SLOTS && copied.get(c - SLOTS) == 0) {
                    wrong.add("chunk " + c + " staged before chunk " + (c - SLOTS) + " left its slot");
                }
                staged.incrementAndGet(first[c] + p);
            })) {
                for (int c = 0; c < chunks; c++) {
                    run.awaitStaged(c);
                    for (int p = first[c]; p < first[c + 1]; p++) {
                        assertEquals(1, staged.get(p), "round " + round + ": chunk " + c + "'s piece " + p);
                    }
                    int done = c;
                    run.copyQueued(c, () -> copied.set(done, 1));
                }
            }
            for (int p = 0; p < total; p++) {
                assertEquals(1, staged.get(p), "round " + round + ": piece " + p);
            }
            assertTrue(wrong.isEmpty(), "round " + round + ": " + wrong);
        }
    }

    @Test
    void aFailingPieceFailsTheChunksAfterIt() {
        IllegalStateException boom = new IllegalStateException("boom");
        try (StagingRun run = new StagingRun(SLOTS, new int[] {4, 4, 4, 4, 4, 4}, 4, (c, p) -> {
            if (c == 1 && p == 2) {
                throw boom;
            }
        })) {
            run.awaitStaged(0);
            run.copyQueued(0, () -> {});
            assertSame(boom, assertThrows(IllegalStateException.class, () -> run.awaitStaged(1)));
            // a chunk no worker will stage fails too, rather than blocking its caller
            assertSame(boom, assertThrows(IllegalStateException.class, () -> run.awaitStaged(4)));
        }
    }

    @Test
    void aRunCutShortStops() {
        // chunk 3 and later wait for chunk 0's copy, which is never queued: close() must still return
        List<Integer> seen = new ArrayList<>();
        try (StagingRun run = new StagingRun(SLOTS, new int[] {2, 2, 2, 2, 2}, 3, (c, p) -> {
            synchronized (seen) {
                seen.add(c);
            }
        })) {
            run.awaitStaged(2);
        }
        synchronized (seen) {
            assertTrue(seen.stream().allMatch(c -> c < SLOTS), "staged past a busy slot: " + seen);
        }
    }

    @Test
    void aPlanHoldsEveryRecordOnceInOrder() {
        Random r = new Random(9);
        for (int round = 0; round < 50; round++) {
            int n = r.nextInt(300);
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                lines.add("x".repeat(r.nextInt(round % 3 == 0 ? 400 : 60)));
            }
            Records records = Records.of(lines);
            long chunk = 64 + r.nextInt(500);
            RecordPipeline.Plan plan = RecordPipeline.Plan.cut(records, chunk);
            int next = 0;
            int a = 0;
            for (int c = 0; c < plan.chunks(); c++) {
                for (; a < plan.alone().size() && plan.alone().get(a) < plan.first().get(c); a++) {
                    assertEquals(next++, plan.alone().get(a));
                }
                int r0 = plan.first().get(c);
                int r1 = plan.end().get(c);
                assertEquals(next, r0, "round " + round + ": chunk " + c + " starts where the last ended");
                assertTrue(r1 > r0 && records.end(r1 - 1) - records.start(r0) <= chunk);
                assertTrue(records.end(r1 - 1) - records.start(r0) <= plan.widest());
                assertTrue(r1 - r0 <= plan.mostRecords());
                // the most records that fit: the next one would not (chunks this small do not shrink at the end)
                assertTrue(r1 == n || records.end(r1) - records.start(r0) > chunk);
                next = r1;
            }
            for (; a < plan.alone().size(); a++) {
                assertEquals(next++, plan.alone().get(a));
            }
            assertEquals(n, next, "round " + round);
            for (int i = 0; i < plan.alone().size(); i++) {
                assertTrue(records.length(plan.alone().get(i)) > chunk);
            }
        }
    }

    @Test
    void aPlansLastChunksShrink() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            lines.add((char) ('a' + i % 26) + "y".repeat(999));
        }
        Records records = Records.of(lines); // 40 MB
        long chunk = 16L << 20;
        RecordPipeline.Plan plan = RecordPipeline.Plan.cut(records, chunk);
        long previous = Long.MAX_VALUE;
        int records0 = 0;
        for (int c = 0; c < plan.chunks(); c++) {
            assertEquals(records0, plan.first().get(c));
            records0 = plan.end().get(c);
            long span = records.end(records0 - 1) - records.start(plan.first().get(c));
            assertTrue(span <= chunk && span <= previous, "chunk " + c + " spans " + span + " after " + previous);
            previous = span;
        }
        assertEquals(records.size(), records0);
        assertTrue(previous <= RecordPipeline.LEAST_TAIL_CHUNK, "the last chunk spans " + previous);
        assertTrue(plan.chunks() >= 5, plan.chunks() + " chunks");
    }
}
