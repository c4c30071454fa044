package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.Records;
import dev.trawl.cuda.Gpu;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;

/**
 * Streams a {@link Records} column through a {@link TiledKernels} family's per-record pass, the
 * answers ({@link RecordOp}) reduced on the device: what comes back is one slot per record, never the
 * matches. Chunks are runs of whole records (so no match is lost at a chunk's edge, and none needs
 * the overlap a text chunk has), {@value #SLOTS} in flight on their own streams as in
 * {@link ScanPipeline}, whose slots ({@link ChunkSlot}) they use.
 *
 * <p>Per chunk the host copies the records' bytes (from the first one's start to the last one's end)
 * into the slot's pinned staging buffer and writes their bounds there as ints relative to the
 * chunk, both on {@link HostCopier}'s threads; then it queues the copies, {@code tiles_record_index},
 * the clearing of the answer slots, the family's per-record kernel and, for {@code FIRST}, the
 * keys' conversion to ids, and the copy back (1 byte a record for {@code ANY}, 4 for {@code FIRST},
 * 8 for {@code COUNT}). On lines of about 140 bytes the bounds add 6% to the bytes sent and the
 * answers 3% or less coming back.
 *
 * <p>A chunk spans at most the options' chunk size ({@link ScanPipeline#DEFAULT_CHUNK} by default,
 * never more than {@link ScanPipeline#MAX_CHUNK}: offsets are 32-bit, and never less than
 * {@value #MIN_CHUNK}: a chunk of whole records has no edge effects to exercise, and a device round
 * trip per few records would cost more than it teaches) and {@value #MAX_CHUNK_RECORDS} records. A
 * record longer than a chunk on its own is answered by {@link Answers#alone} (the matcher's
 * whole-text scan of that record), in its turn between chunks.
 */
final class RecordPipeline implements AutoCloseable {
    static final int SLOTS = ScanPipeline.SLOTS;
    static final int MAX_CHUNK_RECORDS = 1 << 22;
    static final long MIN_CHUNK = 64 << 10;
    /** Records per piece of the bounds fill: below this one thread does it. */
    private static final int MIN_FILL_PIECE = 1 << 15;

    /** Where a chunk's answers go, and how a record too long for a chunk is answered. */
    interface Answers {
        /**
         * Takes the answers of records {@code [first, first + count)} from pinned host memory: bytes
         * ({@code ANY}), int ids ({@code FIRST}) or longs ({@code COUNT}).
         */
        void take(MemorySegment slots, int first, int count);

        /** Answers a record that is longer than a chunk by other means. */
        void alone(int record);
    }

    private final Gpu gpu;
    private final TiledKernels kernels;
    private final TileKernels tiles;
    private final MatcherOptions options;
    private final ChunkSlot[] slots = new ChunkSlot[SLOTS];
    private boolean healthy;

    RecordPipeline(Gpu gpu, TiledKernels kernels, MatcherOptions options) {
        this.gpu = gpu;
        this.kernels = kernels;
        this.tiles = new TileKernels(gpu);
        this.options = options;
    }

    /** Answers {@code op} for every record, chunk by chunk, in record order. */
    void run(Records records, RecordOp op, Answers answers) {
        int n = records.size();
        if (n == 0) {
            return;
        }
        gpu.bind();
        long chunk = chunkBytes(options.chunkBytes());
        long total = records.totalBytes();
        long done = 0;
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        try {
            int i = 0;
            for (int r0 = 0; r0 < n; ) {
                int r1 = cut(records, r0, chunk);
                if (r1 < 0) {
                    answers.alone(r0);
                    done += records.length(r0);
                    r0++;
                    continue;
                }
                if (inFlight.size() == SLOTS) {
                    done += finish(inFlight.poll(), answers);
                    options.progress().bytesDone(Math.min(done, total), total);
                }
                ChunkSlot s = slot(i++ % SLOTS);
                queue(s, records, r0, r1, op);
                inFlight.add(s);
                r0 = r1;
            }
            while (!inFlight.isEmpty()) {
                done += finish(inFlight.poll(), answers);
                options.progress().bytesDone(Math.min(done, total), total);
            }
        } finally {
            for (ChunkSlot s : inFlight) {
                s.stream.synchronize();
            }
        }
    }

    /** The bytes a chunk of records may span when {@code requested} are asked for (0: the default). */
    static long chunkBytes(long requested) {
        return Math.clamp(requested > 0 ? requested : ScanPipeline.DEFAULT_CHUNK, MIN_CHUNK, ScanPipeline.MAX_CHUNK);
    }

    /**
     * The end of the chunk that starts at record {@code r0}: the most records from {@code r0} whose
     * bytes span at most {@code chunk}; -1 when record {@code r0} alone spans more. Record ends only
     * grow with the index, so this is a bisection.
     */
    static int cut(Records records, int r0, long chunk) {
        long base = records.start(r0);
        if (records.end(r0) - base > chunk) {
            return -1;
        }
        int lo = r0 + 1;
        int hi = (int) Math.min(records.size(), (long) r0 + MAX_CHUNK_RECORDS);
        while (lo < hi) {
            int m = (int) (((long) lo + hi + 1) >>> 1);
            if (records.end(m - 1) - base <= chunk) {
                lo = m;
            } else {
                hi = m - 1;
            }
        }
        return lo;
    }

    /** Stages records {@code [r0, r1)} and queues their pass; the answers come back to the slot's pinned memory. */
    private void queue(ChunkSlot s, Records records, int r0, int r1, RecordOp op) {
        int count = r1 - r0;
        long base = records.start(r0);
        long span = records.end(r1 - 1) - base;
        s.from = base;
        s.starts = span;
        s.readable = span;
        s.firstRecord = r0;
        s.records = count;
        long tileEntries = TiledKernels.tiles(span) + 1;
        s.ensureText(span, true);
        s.ensureRecords(count, tileEntries);

        HostCopier.copy(records.data(), base, s.staging.segment(), span);
        MemorySegment bounds = s.boundsHost.segment();
        // Record ends of lines may read the data (a '\r' dropped), which only its owner may do when confined.
        int minPiece = HostCopier.shareable(records.data()) ? MIN_FILL_PIECE : Integer.MAX_VALUE;
        HostCopier.inPieces(count, minPiece, (from, to) -> {
            for (int k = from; k < to; k++) {
                bounds.setAtIndex(ValueLayout.JAVA_INT, k, (int) (records.start(r0 + k) - base));
                bounds.setAtIndex(ValueLayout.JAVA_INT, count + k, (int) (records.end(r0 + k) - base));
            }
        });

        long starts = s.bounds.pointer();
        long ends = starts + 4L * count;
        long tileFirst = starts + 8L * count;
        long answers = s.answers.pointer();
        s.stream.copyToDevice(s.text.pointer(), s.staging.segment(), span);
        s.stream.copyToDevice(starts, bounds, 8L * count);
        tiles.recordIndex(s.stream, starts, count, tileEntries, tileFirst);
        s.stream.fill(answers, op.clearTo, (long) op.slotBytes * count);
        kernels.records(s.stream, s.text.pointer(), span, starts, ends, tileFirst, op, answers);
        if (op == RecordOp.FIRST) {
            long ids = answers + 8L * count;
            tiles.firstIds(s.stream, answers, ids, count);
            s.stream.copyToHost(s.answersHost.segment(), ids, 4L * count);
        } else {
            s.stream.copyToHost(s.answersHost.segment(), answers, (long) op.slotBytes * count);
        }
        s.counted.record(s.stream);
    }

    /** Waits for the oldest chunk and hands its answers on; returns the bytes it spanned. */
    private long finish(ChunkSlot s, Answers answers) {
        s.counted.synchronize();
        answers.take(s.answersHost.segment(), s.firstRecord, s.records);
        return s.starts;
    }

    private ChunkSlot slot(int i) {
        if (slots[i] == null) {
            slots[i] = SlotPool.take(gpu);
        }
        return slots[i];
    }

    /** Call when the run ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        healthy = true;
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
