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
 * matches. The per-chunk work is a {@link ChunkPass}; the record ops are one, and
 * {@link PfacFirstRows} (the first-occurrence table's rows) another. Chunks are runs of whole records (so no match is lost at a chunk's edge, and none needs
 * the overlap a text chunk has), {@value #SLOTS} in flight on their own streams as in
 * {@link ScanPipeline}, whose slots ({@link ChunkSlot}) they use.
 *
 * <p>The run's chunks are cut before it starts ({@link Plan}), and a {@link StagingRun} copies each
 * chunk's records' bytes (from the first one's start to the last one's end) into its slot's pinned
 * staging buffer, ahead of this thread, on {@link HostCopier#threads()} threads for the whole run. Per
 * chunk this thread waits for its staging and queues its copy, the clearing of the answer slots, the family's per-record kernel and, for {@code FIRST}, the keys'
 * conversion to ids, and the copy back (1 byte a record for {@code ANY}, 4 for {@code FIRST}, 8 for
 * {@code COUNT}: on lines of about 140 bytes, 3% or less of the bytes sent). Records are described
 * to the kernel one of two ways:
 * <ul>
 *   <li><b>Lines</b> ({@link Records#lines}, {@link Records#mapLines}) and a set without {@code '\r'}:
 *       nothing more is sent. The device counts each tile's {@code '\n'}s ({@code tiles_line_counts},
 *       {@code tiles_scan}) and each thread the ones among its bytes, so a start's record is a
 *       popcount away, and a match holding a {@code '\n'} is dropped. Without a {@code '\r'} in any
 *       pattern no match can hold the {@code '\r'} a line may drop before its {@code '\n'}, so the
 *       line's end is its {@code '\n'} either way. A column is lines when its first record ends
 *       before the second starts (an Arrow column's records touch).
 *   <li><b>Bounds</b>, every other column: the host writes each record's start and end as ints
 *       relative to the chunk into the pinned buffer (on the staging threads), and the device finds
 *       each tile's first record ({@code tiles_record_index}) and bisects a few records per match.
 *       This costs the host two calls per record: on 50 million loghub lines (H200 host, 12 threads)
 *       firstMatch took 322 ms this way against 171 ms the lines way and 145 ms for counting the same
 *       bytes. On the device alone the bounds way is the faster (22 against 28 ms; counting 15 ms):
 *       a bisection per match in cached ints costs less than the lines way's per-tile count and its
 *       look for a {@code '\n'} inside each match ({@code docs/results/h200-records}).
 * </ul>
 *
 * <p>A chunk spans at most the options' chunk size (by default an eighth of the run, between
 * {@value #LEAST_DEFAULT_CHUNK} bytes and {@link ScanPipeline#DEFAULT_CHUNK}, the last chunks smaller;
 * see {@link #chunkBytes(long, long)} and {@link Plan#cut}), never more than {@link ScanPipeline#MAX_CHUNK}: offsets are 32-bit, and never less than
 * {@value #MIN_CHUNK}: a chunk of whole records has no edge effects to exercise, and a device round
 * trip per few records would cost more than it teaches) and {@value #MAX_CHUNK_RECORDS} records. A
 * record longer than a chunk on its own is answered by {@link Answers#alone} (the matcher's
 * whole-text scan of that record), in its turn between chunks.
 *
 * <p>Records whose bytes are already page-locked (built in a {@link dev.trawl.cuda.PinnedBuffer}, or
 * registered) skip the staging of their bytes: each chunk is copied to the device straight from them,
 * so the run goes at the link's speed rather than the staging threads' ({@link #DIRECT_PROPERTY}).
 */
public final class RecordPipeline implements AutoCloseable {
    /**
     * Chunks in flight: staged, copied, scanned, handed on. Measured over 1M loghub lines (H200, best of
     * 30): 37.3 GB/s with 3, 38.0 with 4, 34.4 with 6 ({@code docs/results/h200-session10}).
     */
    static final int SLOTS = 4;
    static final int MAX_CHUNK_RECORDS = 1 << 22;
    static final long MIN_CHUNK = 64 << 10;
    /** {@code false} sends every column's bounds, lines too (read when a matcher is compiled; for comparison). */
    public static final String LINES_PROPERTY = "trawl.gpu.records.lines";
    /**
     * {@code false} stages page-locked records' bytes like any others (read per run; for comparison).
     * On an H200, amp's 128 MiB first-occurrence call ({@code FirstOccurrenceBench}, {@code gpu:pfac}'s
     * rows, warm) took 3.4 ms staged (40 GB/s) and 2.9 ms copied straight (46.5 GB/s), the link's
     * 53 GB/s less the start and the last chunk's kernels ({@code docs/results/h200-session14}).
     */
    public static final String DIRECT_PROPERTY = "trawl.gpu.records.direct";
    /** Records per piece of the bounds fill: below this one thread does it. */
    private static final int MIN_FILL_PIECE = 1 << 15;

    /**
     * What a run does with each chunk once its bytes (and bounds) are queued for the device: queues its
     * kernels and the copies back on the chunk's stream, then, once they are done, takes what came back.
     * {@link #run(Records, RecordOp, Answers)} is one: a {@link RecordOp} reduced into a slot per record.
     */
    interface ChunkPass {
        /** Whether the kernels need every record's bounds, even of lines. */
        boolean needsBounds();

        /** Queues the chunk's kernels and copies back on {@code s.stream}; {@code lines}: no bounds were sent. */
        void queue(ChunkSlot s, boolean lines);

        /** Takes the chunk's results, its stream's work done; may queue more on it and wait. */
        void take(ChunkSlot s);

        /** Answers a record that is longer than a chunk by other means. */
        void alone(int record);
    }

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
    private final boolean linesAllowed;
    private final PipelineSlots slots;

    /** @param linesAllowed whether the set may take the lines way: no pattern holds a {@code '\r'} */
    RecordPipeline(Gpu gpu, TiledKernels kernels, MatcherOptions options, boolean linesAllowed) {
        this.gpu = gpu;
        this.slots = new PipelineSlots(gpu, SLOTS);
        this.kernels = kernels;
        this.tiles = new TileKernels(gpu);
        this.options = options;
        this.linesAllowed = linesAllowed;
    }

    /** Whether the records are lines ({@link Records#lines}): the first ends before the second starts. */
    static boolean areLines(Records records) {
        return records.size() >= 2 && records.end(0) < records.start(1);
    }

    /**
     * {@code true}: each run prints to standard error where its time went (host staging and queueing,
     * waiting for the device, handing answers on), for finding the fixed costs of short calls.
     */
    public static final String TRACE_PROPERTY = "trawl.gpu.records.trace";
    static final boolean TRACE = Boolean.getBoolean(TRACE_PROPERTY);

    /** Answers {@code op} for every record, chunk by chunk, in record order. */
    void run(Records records, RecordOp op, Answers answers) {
        run(records, new OpPass(op, answers));
    }

    /** Runs {@code pass} over every record, chunk by chunk, in record order. */
    void run(Records records, ChunkPass pass) {
        int n = records.size();
        if (n == 0) {
            return;
        }
        long t0 = TRACE ? System.nanoTime() : 0;
        gpu.bind();
        timeline = TRACE ? new PipelineTimeline(gpu, slots.get(0).stream) : null;
        long total = records.totalBytes();
        boolean lines = linesAllowed && !pass.needsBounds() && areLines(records);
        MemorySegment direct = pageLocked(records) ? records.data() : null;
        Plan plan = Plan.cut(records, chunkBytes(options.chunkBytes(), total));
        int chunks = plan.chunks();
        sizeSlots(plan, lines, direct == null);
        long done = 0;
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        int a = 0; // records answered alone so far
        if (direct != null && chunks > 0) {
            // Starting the staging threads (for the bounds) takes 0.2-0.3 ms: the first copy goes first.
            slots.get(0).holdRecords(records, plan.first.get(0), plan.end.get(0));
            sendText(slots.get(0), direct);
        }
        try (StagingRun staging = chunks == 0 ? null : stage(records, plan, lines, direct == null)) {
            for (int c = 0; c < chunks; c++) {
                for (; a < plan.alone.size() && plan.alone.get(a) < plan.first.get(c); a++) {
                    pass.alone(plan.alone.get(a));
                    done += records.length(plan.alone.get(a));
                }
                if (inFlight.size() == SLOTS) {
                    done += finish(inFlight.poll(), pass);
                    options.progress().bytesDone(Math.min(done, total), total);
                }
                long w0 = TRACE ? System.nanoTime() : 0;
                ChunkSlot s = slots.get(c % SLOTS);
                s.holdRecords(records, plan.first.get(c), plan.end.get(c));
                if (direct != null && c > 0) {
                    sendText(s, direct); // before the bounds' staging: the copy engine starts at once
                }
                staging.awaitStaged(c);
                long q0 = TRACE ? System.nanoTime() : 0;
                if (direct == null) {
                    sendText(s, null);
                }
                queue(s, pass, lines);
                staging.copyQueued(c, () -> {
                    gpu.bind();
                    s.loaded.synchronize();
                });
                inFlight.add(s);
                if (TRACE) {
                    copyNs += q0 - w0;
                    queueNs += System.nanoTime() - q0;
                }
            }
            for (; a < plan.alone.size(); a++) {
                pass.alone(plan.alone.get(a));
                done += records.length(plan.alone.get(a));
            }
            while (!inFlight.isEmpty()) {
                done += finish(inFlight.poll(), pass);
                options.progress().bytesDone(Math.min(done, total), total);
            }
            if (timeline != null) {
                timeline.print();
            }
        } finally {
            PipelineSlots.quiesce(inFlight);
            if (timeline != null) {
                timeline.close();
                timeline = null;
            }
        }
        if (TRACE) {
            System.err.printf(java.util.Locale.ROOT,
                    "records pipeline: %,d records, %,d bytes in %d chunks of up to %,d%s: %.2f ms, of which waiting for"
                            + " staging %.2f, queueing %.2f (copies %.2f, the pass %.2f), waiting for the device %.2f,"
                            + " handing answers on %.2f%n",
                    n, total, chunks, plan.widest, direct == null ? "" : ", copied straight", (System.nanoTime() - t0) / 1e6, copyNs / 1e6, queueNs / 1e6,
                    sendNs / 1e6, passNs / 1e6, waitNs / 1e6, takeNs / 1e6);
            queueNs = copyNs = waitNs = takeNs = sendNs = passNs = 0;
        }
    }

    private PipelineTimeline timeline; // TRACE: this run's, or null
    private long queueNs; // TRACE: this run's time waiting for staging, queueing, waiting for the device, handing on
    private long copyNs;
    private long waitNs;
    private long takeNs;
    private long sendNs; // TRACE: of queueing, the copies to the device, and the pass's own queueing
    private long passNs;

    /**
     * A run's chunks, cut before it starts (so the staging threads can run ahead): chunk {@code c} is
     * records {@code [first[c], end[c])}; {@code alone} are the records longer than a chunk, in order.
     */
    record Plan(IntList first, IntList end, IntList alone, long widest, int mostRecords) {
        static Plan cut(Records records, long chunk) {
            IntList first = new IntList();
            IntList end = new IntList();
            IntList alone = new IntList();
            long widest = 0;
            int most = 0;
            long last = records.size() == 0 ? 0 : records.end(records.size() - 1);
            for (int r0 = 0, n = records.size(); r0 < n; ) {
                // The last chunks shrink, halving what is left down to LEAST_TAIL_CHUNK: what the device
                // does after the last chunk is staged (its copy and kernels) is all the run waits for.
                long size = Math.min(chunk, Math.max(Math.min(chunk, LEAST_TAIL_CHUNK), (last - records.start(r0)) / 2));
                int r1 = RecordPipeline.cut(records, r0, size);
                if (r1 < 0 && size < chunk) {
                    r1 = RecordPipeline.cut(records, r0, chunk);
                }
                if (r1 < 0) {
                    alone.add(r0++);
                    continue;
                }
                first.add(r0);
                end.add(r1);
                widest = Math.max(widest, records.end(r1 - 1) - records.start(r0));
                most = Math.max(most, r1 - r0);
                r0 = r1;
            }
            return new Plan(first, end, alone, widest, most);
        }

        int chunks() {
            return first.size();
        }
    }

    /** A growable list of ints. */
    static final class IntList {
        private int[] items = new int[16];
        private int size;

        void add(int v) {
            if (size == items.length) {
                items = java.util.Arrays.copyOf(items, 2 * size);
            }
            items[size++] = v;
        }

        int get(int i) {
            return items[i];
        }

        int size() {
            return size;
        }
    }

    /**
     * Whether the records' bytes are page-locked, so the device can copy them as they are (and
     * {@link #DIRECT_PROPERTY} allows it). Asked once a run: three driver calls.
     */
    private static boolean pageLocked(Records records) {
        if (records.size() == 0 || !records.data().isNative() || !Boolean.parseBoolean(System.getProperty(DIRECT_PROPERTY, "true"))) {
            return false;
        }
        long from = records.start(0);
        long to = records.end(records.size() - 1);
        return to > from && dev.trawl.cuda.PinnedBuffer.isPageLocked(records.data().asSlice(from, to - from));
    }

    /** Sizes the slots the run's chunks will use for its widest chunk and its most records, before staging starts. */
    private void sizeSlots(Plan plan, boolean lines, boolean staged) {
        for (int k = 0; k < Math.min(SLOTS, plan.chunks()); k++) {
            ChunkSlot s = slots.get(k);
            s.ensureText(plan.widest(), staged);
            s.ensureRecords(plan.mostRecords(), TiledKernels.tiles(plan.widest()), !lines);
        }
    }

    /**
     * Bytes a staging worker copies at a time: a sixteenth of the widest chunk, between 1 and 4 MiB, so
     * that every worker has a piece of a short call's chunks, and a long call's pieces stay as large as
     * {@link HostCopier}'s.
     */
    static long stagePiece(long widest) {
        return Math.clamp(widest / 16, 1L << 20, 4L << 20);
    }
    /** Records whose bounds a staging worker writes at a time. */
    static final int BOUNDS_PIECE = 1 << 16;

    /**
     * Starts staging the plan's chunks: each chunk's bytes into its slot's pinned buffer in pieces of
     * {@link #stagePiece} (unless {@code !text}: they are copied to the device straight), then (the bounds
     * way) its records' bounds in pieces of {@link #BOUNDS_PIECE}. A chunk with nothing to stage has one
     * empty piece, so that its slot still waits for its previous chunk's copy.
     */
    private StagingRun stage(Records records, Plan plan, boolean lines, boolean text) {
        int chunks = plan.chunks();
        long piece = stagePiece(plan.widest());
        int[] textPieces = new int[chunks];
        int[] pieces = new int[chunks];
        for (int c = 0; c < chunks; c++) {
            int r0 = plan.first.get(c);
            int r1 = plan.end.get(c);
            long span = records.end(r1 - 1) - records.start(r0);
            textPieces[c] = text ? (int) Math.max(1, (span + piece - 1) / piece) : 0;
            pieces[c] = Math.max(1, textPieces[c] + (lines ? 0 : (r1 - r0 + BOUNDS_PIECE - 1) / BOUNDS_PIECE));
        }
        MemorySegment data = records.data();
        // Record ends of lines may read the data (a '\r' dropped), which only its owner may do when confined.
        // With nothing to stage (page-locked lines) the chunks' empty pieces run inline: no workers to start.
        int threads = HostCopier.shareable(data) && (text || !lines) ? HostCopier.threads() : 0;
        return new StagingRun(SLOTS, pieces, threads, (c, p) -> {
            ChunkSlot s = slots.get(c % SLOTS);
            int r0 = plan.first.get(c);
            int r1 = plan.end.get(c);
            long base = records.start(r0);
            if (p < textPieces[c]) {
                long span = records.end(r1 - 1) - base;
                long at = p * piece;
                MemorySegment.copy(data, base + at, s.staging.segment(), at, Math.min(piece, span - at));
            } else if (!lines) {
                int k0 = (p - textPieces[c]) * BOUNDS_PIECE;
                writeBounds(records, r0, r1 - r0, base, s.boundsHost.segment(), k0, Math.min(r1 - r0, k0 + BOUNDS_PIECE));
            }
        });
    }

    /** The bytes a chunk of records may span when {@code requested} are asked for (0: the default). */
    static long chunkBytes(long requested) {
        return Math.clamp(requested > 0 ? requested : ScanPipeline.DEFAULT_CHUNK, MIN_CHUNK, ScanPipeline.MAX_CHUNK);
    }

    /**
     * The bytes a chunk of a run over {@code total} bytes may span: {@code requested} when asked,
     * else the run over {@value #DEFAULT_CHUNKS_PER_RUN}, between {@value #LEAST_DEFAULT_CHUNK} bytes and
     * {@link ScanPipeline#DEFAULT_CHUNK}, so a short run's first copy and last kernel are short too.
     */
    static long chunkBytes(long requested, long total) {
        if (requested > 0) {
            return chunkBytes(requested);
        }
        return Math.clamp(total / DEFAULT_CHUNKS_PER_RUN + 1, LEAST_DEFAULT_CHUNK, ScanPipeline.DEFAULT_CHUNK);
    }

    static final long LEAST_DEFAULT_CHUNK = 8L << 20;
    static final int DEFAULT_CHUNKS_PER_RUN = 8;
    /**
     * The smallest chunk the end of a run is cut into (see {@link Plan#cut}). Copied straight, amp's
     * 128 MiB first-occurrence call on an H200 (the host's code compiled) measured 44.3 GB/s with tails
     * down to 8 MiB, 47.2 to 4 MiB, 46.2 to 2 MiB, 47.1 to 1 MiB ({@code docs/results/h200-session14}).
     * Before its code is compiled the host takes about 0.2 ms to queue a chunk, and small tails then
     * leave the copy engine idle.
     */
    static final long LEAST_TAIL_CHUNK = 2L << 20;

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

    /**
     * Queues the copy of the slot's chunk's bytes to the device: from its staging buffer, or straight from
     * {@code direct}, the records' page-locked data.
     */
    private void sendText(ChunkSlot s, MemorySegment direct) {
        long t0 = TRACE ? System.nanoTime() : 0;
        s.stream.copyToDevice(s.text.pointer(), direct == null ? s.staging.segment() : direct.asSlice(s.from, s.starts), s.starts);
        if (TRACE) {
            sendNs += System.nanoTime() - t0;
        }
    }

    /** Queues the copy of the slot's staged bounds (unless {@code lines}), then the pass over the chunk. */
    private void queue(ChunkSlot s, ChunkPass pass, boolean lines) {
        long t0 = TRACE ? System.nanoTime() : 0;
        if (!lines) {
            s.stream.copyToDevice(s.bounds.pointer(), s.boundsHost.segment(), 8L * s.records);
        }
        s.loaded.record(s.stream); // the staging buffers may take the next chunk once this passes
        if (timeline != null) {
            timeline.copyQueued(s.stream);
        }
        long t1 = TRACE ? System.nanoTime() : 0;
        pass.queue(s, lines);
        s.counted.record(s.stream);
        if (timeline != null) {
            timeline.passQueued(s.stream);
        }
        if (TRACE) {
            sendNs += t1 - t0;
            passNs += System.nanoTime() - t1;
        }
    }

    /** A {@link RecordOp} reduced on the device into a slot per record; the slots come back to the slot's pinned memory. */
    private final class OpPass implements ChunkPass {
        private final RecordOp op;
        private final Answers answers;

        OpPass(RecordOp op, Answers answers) {
            this.op = op;
            this.answers = answers;
        }

        @Override
        public boolean needsBounds() {
            return false;
        }

        @Override
        public void queue(ChunkSlot s, boolean lines) {
            int count = s.records;
            long span = s.starts;
            long tileCount = TiledKernels.tiles(span);
            long slots = s.answers.pointer();
            s.stream.fill(slots, op.clearTo, (long) op.slotBytes * count);
            if (lines) {
                long lineCounts = s.bounds.pointer();
                long lineOffsets = lineCounts + 8 * (tileCount + 1);
                tiles.lineCounts(s.stream, s.text.pointer(), span, tileCount, lineCounts);
                tiles.scan(s.stream, lineCounts, lineOffsets, tileCount, s.scalars.pointer());
                kernels.lines(s.stream, s.text.pointer(), span, lineOffsets, op, slots);
            } else {
                long starts = s.bounds.pointer();
                long ends = starts + 4L * count;
                long tileFirst = starts + 8L * count;
                tiles.recordIndex(s.stream, starts, count, tileCount + 1, tileFirst);
                kernels.records(s.stream, s.text.pointer(), span, starts, ends, tileFirst, op, slots);
            }
            if (op == RecordOp.FIRST) {
                long ids = slots + 8L * count;
                tiles.firstIds(s.stream, slots, ids, count);
                s.stream.copyToHost(s.answersHost.segment(), ids, 4L * count);
            } else {
                s.stream.copyToHost(s.answersHost.segment(), slots, (long) op.slotBytes * count);
            }
        }

        @Override
        public void take(ChunkSlot s) {
            answers.take(s.answersHost.segment(), s.firstRecord, s.records);
        }

        @Override
        public void alone(int record) {
            answers.alone(record);
        }
    }

    /** Writes the starts, then the ends, of records {@code [r0, r0 + count)} relative to {@code base}, as ints. */
    static void fillBounds(Records records, int r0, int count, long base, MemorySegment bounds) {
        // Record ends of lines may read the data (a '\r' dropped), which only its owner may do when confined.
        int minPiece = HostCopier.shareable(records.data()) ? MIN_FILL_PIECE : Integer.MAX_VALUE;
        HostCopier.inPieces(count, minPiece, (from, to) -> writeBounds(records, r0, count, base, bounds, from, to));
    }

    /** Writes the bounds of records {@code r0 + [from, to)} of a chunk of {@code count} records. */
    private static void writeBounds(Records records, int r0, int count, long base, MemorySegment bounds, int from,
            int to) {
        for (int k = from; k < to; k++) {
            // unaligned: the aligned layout checks each write's alignment, which profiled as most of the
            // staging threads' time on loghub lines (H200 host, JFR); the pinned buffer is aligned anyway
            bounds.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, k, (int) (records.start(r0 + k) - base));
            bounds.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, count + k, (int) (records.end(r0 + k) - base));
        }
    }

    /** Waits for the oldest chunk and hands its results on; returns the bytes it spanned. */
    private long finish(ChunkSlot s, ChunkPass pass) {
        long t0 = TRACE ? System.nanoTime() : 0;
        s.counted.synchronize();
        long t1 = TRACE ? System.nanoTime() : 0;
        pass.take(s);
        if (TRACE) {
            waitNs += t1 - t0;
            takeNs += System.nanoTime() - t1;
        }
        return s.starts;
    }

    /** Call when the run ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        slots.succeeded();
    }

    /** Gives the slots back to the pool, or frees them after an error. */
    @Override
    public void close() {
        slots.close();
    }
}
