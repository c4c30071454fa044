package dev.trawl.cuda.engine;

import dev.trawl.cuda.Gpu;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Idle {@link ChunkSlot}s shared by every GPU matcher of the process. Slots own streams, pinned memory
 * and device buffers, all slow to create; a scan borrows a few and gives them back, so thousands of
 * small scans (or thousands of short-lived matchers) allocate nothing after the first.
 */
final class SlotPool {
    private static final int MAX_IDLE = 4 * ScanPipeline.SLOTS;
    private static final ConcurrentLinkedDeque<ChunkSlot> IDLE = new ConcurrentLinkedDeque<>();

    private SlotPool() {}

    static ChunkSlot take(Gpu gpu) {
        ChunkSlot s = IDLE.poll();
        return s != null ? s : new ChunkSlot(gpu);
    }

    /** Keeps a healthy slot for the next scan (up to a few); frees the rest. */
    static void give(ChunkSlot s, boolean healthy) {
        if (healthy && IDLE.size() < MAX_IDLE) {
            IDLE.push(s);
            return;
        }
        try {
            s.close();
        } catch (RuntimeException e) {
            // Already failing: the scan's own error is the one to report.
        }
    }

    /** Frees every idle slot (tests use it to compare device memory with nothing pooled). */
    static void drain() {
        for (ChunkSlot s; (s = IDLE.poll()) != null; ) {
            s.close();
        }
    }
}
