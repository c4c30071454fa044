package dev.trawl.cuda;

import dev.trawl.Records;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A copy of a {@link Records} column in page-locked host memory (a {@link PinnedBuffer}), for a caller
 * who asks the GPU about the same records more than once: the record operations of the GPU engines
 * copy it to the device straight, with no staging copy on the host (on an H200, a 128 MiB
 * first-occurrence call went from 39.9 to 46.5 GB/s, 10.05x to 11.7x {@code cpu:aho-corasick} on 16
 * threads in one run, {@code docs/results/h200-session14}). Any engine
 * reads it as it reads the original. The copy is an Arrow column (64-bit offsets) of the records'
 * bytes, separators of lines left out. {@link #close()} frees it; the records must not be used after.
 *
 * <pre>{@code
 * try (PinnedRecords pinned = PinnedRecords.copyOf(Gpu.get(), lines)) {
 *     FirstOccurrences table = matcher.firstOccurrence(pinned.records());
 * }
 * }</pre>
 */
public final class PinnedRecords implements AutoCloseable {
    private final PinnedBuffer buffer;
    private final Arena offsetsArena;
    private final Records records;

    private PinnedRecords(PinnedBuffer buffer, Arena offsetsArena, Records records) {
        this.buffer = buffer;
        this.offsetsArena = offsetsArena;
        this.records = records;
    }

    /** Copies {@code records}' bytes into pinned memory on {@code gpu}'s context, runs of touching records at once. */
    public static PinnedRecords copyOf(Gpu gpu, Records records) {
        int n = records.size();
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            bytes += records.length(i);
        }
        PinnedBuffer buffer = new PinnedBuffer(gpu, bytes);
        Arena arena = Arena.ofShared();
        try {
            MemorySegment offsets = arena.allocate(8L * (n + 1), 8);
            MemorySegment from = records.data();
            MemorySegment to = buffer.segment();
            long at = 0;
            long runFrom = 0; // the run of touching records not yet copied: [runFrom, runEnd) in the data
            long runEnd = 0;
            for (int i = 0; i < n; i++) {
                long s = records.start(i);
                if (s != runEnd) {
                    MemorySegment.copy(from, runFrom, to, at - (runEnd - runFrom), runEnd - runFrom);
                    runFrom = s;
                }
                offsets.setAtIndex(ValueLayout.JAVA_LONG, i, at);
                runEnd = records.end(i);
                at += runEnd - s;
            }
            MemorySegment.copy(from, runFrom, to, at - (runEnd - runFrom), runEnd - runFrom);
            offsets.setAtIndex(ValueLayout.JAVA_LONG, n, at);
            return new PinnedRecords(buffer, arena, Records.arrowLarge(to.asSlice(0, bytes), offsets, n));
        } catch (RuntimeException | Error e) {
            buffer.close();
            arena.close();
            throw e;
        }
    }

    /** The copy, as a column to hand to any engine. */
    public Records records() {
        return records;
    }

    /** Frees the pinned memory and the offsets. */
    @Override
    public void close() {
        buffer.close();
        offsetsArena.close();
    }
}
