package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code gpu:pfac}'s first-occurrence table as a {@link RecordPipeline} pass: per chunk of records
 * (sent with their bounds), {@code pfac_first_segments} finds, a thread per {@value #DEFAULT_SEGMENT} starts
 * (a warp's lanes interleaved over 32 times as many, so that its reads are coalesced), the patterns that
 * begin there, {@code pfac_first_merge} makes each record's row of first occurrences
 * from its segments, sorted by pattern, and {@code pfac_rows_order} puts the rows in record order
 * ({@code pfac.cu}); the rows and, per record, its row's length and start come back, and
 * {@link FirstRowsTable} makes them the table on the host's threads, a run of records' rows with one
 * copy. A pair comes back as {@code pattern << 32 | offset}, or in 4 bytes, {@code pattern << 16 | offset},
 * when every pattern id fits in 16 bits (the device's records are at most 64 KiB).
 *
 * <p>A chunk's rows are made into the table on the common pool while later chunks are staged, copied
 * and scanned. Its slot's results come back into two pinned pairs of buffers in turn, so the slot's
 * next chunk waits only for the take of the chunk before last.
 *
 * <p>The room on the device is guessed from the segments' entries per record seen so far in the run
 * (a quarter more, at least {@value #MIN_CAPACITY}); a chunk whose entries overflow it runs again with
 * room for them all, its text still on the device.
 */
final class PfacFirstRows implements RecordPipeline.ChunkPass {
    /** Bits an offset in a row from the device needs: its records are at most {@link #LONGEST} bytes. */
    static final int OFFSET_BITS = 16;
    /** Records longer than this are left to the host: their offsets would not fit a 4-byte pair. */
    static final int LONGEST = 1 << OFFSET_BITS;
    private static final long MIN_CAPACITY = 1 << 16;
    private static final long MAX_PAIRS = Integer.MAX_VALUE - 8;

    private final PfacLauncher launcher;
    private final FirstRowsTable table;
    /**
     * Starts per thread of {@code pfac_first_segments} (by default {@value #DEFAULT_SEGMENT}): a 16 MiB chunk
     * is then 262,144 threads, as many as an H200 holds at once. A thread per record left a chunk of
     * 544-byte records to two warps per scheduler (1.29 ms a 16 MiB chunk, Nsight Compute, H200). A
     * warp takes a region of 32 times this, its lanes interleaved.
     */
    private static final int DEFAULT_SEGMENT = 64;
    static final int SEGMENT = Integer.getInteger("trawl.gpu.firstRows.segment", DEFAULT_SEGMENT);
    /**
     * Segments' entries per record: a pattern is kept once per segment of a record it occurs in (so up
     * to once per lane of a region).
     */
    private double entriesPerRecord = 8; // log lines against a thousand patterns hold about seven pairs
    private long reruns; // RecordPipeline.TRACE_PROPERTY: chunks run again, and time copying rows back and making the table
    private long copyNs;
    private final AtomicLong tableNs = new AtomicLong(); // summed over the chunks' takes, which overlap
    private long pairs;
    private long awaitNs; // RecordPipeline.TRACE: of queueing, waiting for the slot's takes, and the rest
    private long launchNs;
    /**
     * Each slot's last chunks being made into the table, oldest first, on the common pool while later
     * chunks run (the pieces on {@link HostCopier}'s threads). A slot's results come back into one of
     * its two host pairs in turn ({@link ChunkSlot#swapHostResults}), so its next chunk waits only for
     * the take of the chunk before last, which used the pair it is about to fill.
     */
    private final Map<ChunkSlot, ArrayDeque<CompletableFuture<Void>>> taking = new HashMap<>();

    /** 0, or {@link #OFFSET_BITS} when every pattern id fits above them: pairs come back as 4 bytes, not 8. */
    private final int shift;

    PfacFirstRows(PfacLauncher launcher, FirstRowsTable table, int patterns) {
        this.launcher = launcher;
        this.table = table;
        this.shift = patterns <= 1 << (32 - OFFSET_BITS) ? OFFSET_BITS : 0;
    }

    private int pairBytes() {
        return shift != 0 ? 4 : 8;
    }

    @Override
    public boolean needsBounds() {
        return true; // a thread takes a record by its bounds
    }

    @Override
    public void queue(ChunkSlot s, boolean lines) {
        long t0 = RecordPipeline.TRACE ? System.nanoTime() : 0;
        // Waiting for the slot's last take here held the queue for a whole take on every chunk (the take
        // of chunk c starts just before chunk c + SLOTS is queued): 1.4-2.9 ms of a 7-9 ms call over
        // 128 MiB of short records on an H200 host. The last take reads the other host pair.
        awaitTaken(s, 1);
        s.swapHostResults();
        long t1 = RecordPipeline.TRACE ? System.nanoTime() : 0;
        ensureRoom(s, Math.min(MAX_PAIRS, Math.max(MIN_CAPACITY, (long) (s.records * entriesPerRecord * 1.25))));
        s.ensureScratch(8L * PfacLauncher.segments(s.starts, SEGMENT));
        launch(s);
        if (RecordPipeline.TRACE) {
            awaitNs += t1 - t0;
            launchNs += System.nanoTime() - t1;
        }
    }

    /**
     * Room on the device for {@code pairs} segments' entries, as many rows as the merge appends them
     * and as many in record order (8 bytes each); on the host, for the rows in record order.
     */
    private void ensureRoom(ChunkSlot s, long pairs) {
        s.ensureOut(24 * pairs, pairBytes() * pairs);
    }

    /** Pairs each of the three areas of the slot's device output holds. */
    private static long capacity(ChunkSlot s) {
        return s.out.byteSize() / 24;
    }

    /**
     * Queues the kernels (segments' entries, then rows: {@link PfacLauncher#firstRows}), the rows'
     * ordering and the copies back of the two counts (rows, then entries: the slot's scalars), and of
     * each record's row length and start ({@code answers}: rowAt, rowLen, rowStart, an int each per
     * record; the last two come back). The rows come back once the host knows the count. The device
     * output holds the entries, the rows as appended and the rows in record order, {@link #capacity}
     * pairs each.
     */
    private void launch(ChunkSlot s) {
        int count = s.records;
        long starts = s.bounds.pointer();
        long rowAt = s.answers.pointer();
        long rowLen = rowAt + 4L * count;
        long rowStart = rowLen + 4L * count;
        long capacity = capacity(s);
        long entries = s.out.pointer();
        long rows = entries + 8 * capacity;
        long segAt = s.scratch.pointer();
        long segLen = segAt + 4L * PfacLauncher.segments(s.starts, SEGMENT);
        s.stream.clear(s.scalars.pointer(), 16);
        launcher.firstRows(s.stream, s.text.pointer(), s.starts, starts, starts + 4L * count, count, LONGEST, SEGMENT,
                segAt, segLen, entries, s.scalars.pointer() + 8, rowAt, rowLen, rows, capacity, s.scalars.pointer());
        launcher.orderRows(s.stream, rows, rowAt, rowLen, rowStart, rows + 8 * capacity, count, shift);
        s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 16);
        s.stream.copyToHost(s.answersHost.segment(), rowLen, 8L * count);
    }

    /** The segments' entries the chunk's last launch counted (the slot's second scalar). */
    private static long entries(ChunkSlot s) {
        return s.scalarsHost.segment().get(java.lang.foreign.ValueLayout.JAVA_LONG, 8);
    }

    @Override
    public void take(ChunkSlot s) {
        long e = entries(s);
        if (e > MAX_PAIRS) {
            throw new TrawlException("gpu:pfac: " + e + " first occurrences in one chunk of records, more than an array"
                    + " holds; use smaller chunks (MatcherOptions.withChunkBytes)");
        }
        long t0 = System.nanoTime();
        if (e > capacity(s)) { // the rows are then incomplete: run again with room for every entry
            ensureRoom(s, e);
            launch(s);
            s.stream.synchronize();
            reruns++;
        }
        long n = s.total(); // rows: never more than the entries
        s.ensureOutHost(pairBytes() * n);
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer() + 16 * capacity(s), pairBytes() * n);
        s.stream.synchronize();
        long t1 = System.nanoTime();
        entriesPerRecord = Math.max(entriesPerRecord * 0.75, (double) e / Math.max(1, s.records));
        int first = s.firstRecord;
        int count = s.records;
        MemorySegment info = s.answersHost.segment(); // the pair this chunk used: the slot swaps before its next
        MemorySegment rows = s.outHost.segment();
        Runnable take = () -> {
            long b0 = System.nanoTime();
            table.take(first, count, info, rows, n, shift);
            tableNs.addAndGet(System.nanoTime() - b0);
        };
        if (table.shareable()) {
            taking.computeIfAbsent(s, k -> new ArrayDeque<>()).add(CompletableFuture.runAsync(take));
        } else {
            take.run(); // a confined column: only this thread may read it
        }
        copyNs += t1 - t0;
        pairs += n;
    }

    /** Waits until at most {@code pending} of the slot's takes are still running. */
    private void awaitTaken(ChunkSlot s, int pending) {
        ArrayDeque<CompletableFuture<Void>> q = taking.get(s);
        while (q != null && q.size() > pending) {
            join(q.poll());
        }
    }

    /**
     * Waits until every chunk's rows are in the table (call after the run, before building the table).
     * After the run's own {@code failure}, the takes' failures are added to it rather than thrown.
     */
    void awaitAll(Throwable failure) {
        RuntimeException first = null;
        for (ArrayDeque<CompletableFuture<Void>> q : taking.values()) {
            for (CompletableFuture<Void> f; (f = q.poll()) != null; ) { // every take, so none reads on after a failure
                try {
                    join(f);
                } catch (RuntimeException e) {
                    if (failure != null) {
                        failure.addSuppressed(e);
                    } else if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void join(CompletableFuture<Void> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Where the takes' time went, for {@link RecordPipeline#TRACE_PROPERTY}'s report. */
    String trace() {
        return String.format(java.util.Locale.ROOT, "first rows: %,d pairs from the device, %d chunks run again;"
                + " copying rows back %.2f ms, making the table %.2f ms (beside the pipeline); queueing: awaiting takes"
                + " %.2f ms, room, kernels and copies %.2f", pairs, reruns, copyNs / 1e6, tableNs.get() / 1e6,
                awaitNs / 1e6, launchNs / 1e6);
    }

    @Override
    public void alone(int record) {
        table.alone(record);
    }
}
