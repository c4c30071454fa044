package dev.trawl.cuda.engine;

import dev.trawl.cuda.Gpu;
import java.util.ArrayDeque;

/**
 * The {@link ChunkSlot}s one pipeline run has borrowed from the {@link SlotPool}: taken the first
 * time each is needed, and given back at the end, to be pooled after a run that
 * {@link #succeeded()} and freed after one that failed (a slot may then hold work in an unknown
 * state).
 */
final class PipelineSlots implements AutoCloseable {
    private final Gpu gpu;
    private final ChunkSlot[] slots;
    private boolean healthy;

    PipelineSlots(Gpu gpu) {
        this(gpu, ScanPipeline.SLOTS);
    }

    /** Up to {@code count} slots. */
    PipelineSlots(Gpu gpu, int count) {
        this.gpu = gpu;
        this.slots = new ChunkSlot[count];
    }

    /** Slot {@code i} (below the count asked for), borrowed now if not yet. */
    ChunkSlot get(int i) {
        if (slots[i] == null) {
            slots[i] = SlotPool.take(gpu);
        }
        return slots[i];
    }

    /** Call when the run ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        healthy = true;
    }

    /** Waits for every chunk still queued, so buffers and registrations can be reused or freed. */
    static void quiesce(ArrayDeque<ChunkSlot> inFlight) {
        for (ChunkSlot s : inFlight) {
            s.stream.synchronize();
        }
        inFlight.clear();
    }

    /** Gives the slots back to the pool, or frees them after an error. */
    @Override
    public void close() {
        gpu.bind();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                SlotPool.give(slots[i], healthy);
                slots[i] = null;
            }
        }
    }
}
