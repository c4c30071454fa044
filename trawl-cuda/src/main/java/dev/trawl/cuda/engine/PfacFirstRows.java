package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code gpu:pfac}'s first-occurrence table as a {@link RecordPipeline} pass: per chunk of records
 * (sent with their bounds), {@code pfac_first_rows} writes each record's row of first occurrences,
 * sorted by pattern, and {@code pfac_rows_order} puts the rows in record order ({@code pfac.cu}); the
 * rows and, per record, its row's length and start come back, and {@link FirstRowsTable} makes them
 * the table on the host's threads, a run of records' rows with one copy. A pair comes back as
 * {@code pattern << 32 | offset}, or in 4 bytes, {@code pattern << 16 | offset}, when every pattern id
 * fits in 16 bits (the device's records are at most 64 KiB).
 *
 * <p>A chunk's rows are made into the table on the common pool while later chunks are staged, copied
 * and scanned; its slot's next chunk waits for that before its own copies back into the same pinned
 * buffers.
 *
 * <p>The rows' room on the device is guessed from the pairs per record seen so far in the run (a
 * quarter more, at least {@value #MIN_CAPACITY}); a chunk whose rows overflow it runs again with room
 * for them all, its text still on the device.
 */
final class PfacFirstRows implements RecordPipeline.ChunkPass {
    /** Bits an offset in a row from the device needs: its records are at most {@link #LONGEST} bytes. */
    static final int OFFSET_BITS = 16;
    /** Records longer than this are left to the host: one thread would hold its warp for too long. */
    static final int LONGEST = 1 << OFFSET_BITS;
    private static final long MIN_CAPACITY = 1 << 16;
    private static final long MAX_PAIRS = Integer.MAX_VALUE - 8;

    private final PfacLauncher launcher;
    private final FirstRowsTable table;
    private double pairsPerRecord = 8; // log lines against a thousand patterns hold about seven
    private long reruns; // RecordPipeline.TRACE_PROPERTY: chunks run again, and time copying rows back and making the table
    private long copyNs;
    private final AtomicLong tableNs = new AtomicLong(); // summed over the chunks' takes, which overlap
    private long pairs;
    /**
     * Each slot's last chunk being made into the table, on the common pool while later chunks run (the
     * pieces on {@link HostCopier}'s threads); the slot's next chunk waits for it before its copies back.
     */
    private final Map<ChunkSlot, CompletableFuture<Void>> taking = new HashMap<>();

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
        awaitTaken(s); // its last chunk's rows are read from its pinned buffers until taken
        ensureRoom(s, Math.min(MAX_PAIRS, Math.max(MIN_CAPACITY, (long) (s.records * pairsPerRecord * 1.25))));
        launch(s);
    }

    /** Room for {@code pairs} rows as the kernel appends them, and as many in record order after them. */
    private static void ensureRoom(ChunkSlot s, long pairs) {
        s.ensureOut(2 * pairs);
    }

    private static long capacity(ChunkSlot s) {
        return s.out.byteSize() / 16;
    }

    /**
     * Queues the kernel, the rows' ordering and the copies back of the count, of each record's row
     * length and start ({@code answers}: rowAt, rowLen, rowStart, an int each per record; the last two
     * come back) and, once the host knows the count, the rows.
     */
    private void launch(ChunkSlot s) {
        int count = s.records;
        long starts = s.bounds.pointer();
        long rowAt = s.answers.pointer();
        long rowLen = rowAt + 4L * count;
        long rowStart = rowLen + 4L * count;
        long capacity = capacity(s);
        s.stream.clear(s.scalars.pointer(), 8);
        launcher.firstRows(s.stream, s.text.pointer(), s.starts, starts, starts + 4L * count, count, LONGEST, rowAt,
                rowLen, s.out.pointer(), capacity, s.scalars.pointer());
        launcher.orderRows(s.stream, s.out.pointer(), rowAt, rowLen, rowStart, s.out.pointer() + 8 * capacity, count,
                shift);
        s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 8);
        s.stream.copyToHost(s.answersHost.segment(), rowLen, 8L * count);
    }

    @Override
    public void take(ChunkSlot s) {
        long n = s.total();
        if (n > MAX_PAIRS) {
            throw new TrawlException("gpu:pfac: " + n + " first occurrences in one chunk of records, more than an array"
                    + " holds; use smaller chunks (MatcherOptions.withChunkBytes)");
        }
        long t0 = System.nanoTime();
        if (n > capacity(s)) {
            ensureRoom(s, n);
            launch(s);
            s.stream.synchronize();
            reruns++;
        }
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer() + 8 * capacity(s), pairBytes() * n);
        s.stream.synchronize();
        long t1 = System.nanoTime();
        pairsPerRecord = Math.max(pairsPerRecord * 0.75, (double) n / Math.max(1, s.records));
        int first = s.firstRecord;
        int count = s.records;
        Runnable take = () -> {
            long b0 = System.nanoTime();
            table.take(first, count, s.answersHost.segment(), s.outHost.segment(), n, shift);
            tableNs.addAndGet(System.nanoTime() - b0);
        };
        if (table.shareable()) {
            taking.put(s, CompletableFuture.runAsync(take));
        } else {
            take.run(); // a confined column: only this thread may read it
        }
        copyNs += t1 - t0;
        pairs += n;
    }

    private void awaitTaken(ChunkSlot s) {
        CompletableFuture<Void> last = taking.remove(s);
        if (last != null) {
            join(last);
        }
    }

    /**
     * Waits until every chunk's rows are in the table (call after the run, before building the table).
     * After the run's own {@code failure}, the takes' failures are added to it rather than thrown.
     */
    void awaitAll(Throwable failure) {
        for (ChunkSlot s : List.copyOf(taking.keySet())) {
            try {
                awaitTaken(s);
            } catch (RuntimeException e) {
                if (failure == null) {
                    throw e;
                }
                failure.addSuppressed(e);
            }
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
                + " copying rows back %.2f ms, making the table %.2f ms (beside the pipeline)", pairs, reruns, copyNs / 1e6, tableNs.get() / 1e6);
    }

    @Override
    public void alone(int record) {
        table.alone(record);
    }
}
