package dev.trawl.cuda.engine;

import dev.trawl.TrawlException;

/**
 * {@code gpu:pfac}'s first-occurrence table as a {@link RecordPipeline} pass: per chunk of records
 * (sent with their bounds), {@code pfac_first_rows} writes each record's row of first occurrences,
 * sorted by pattern ({@code pfac.cu}); the rows and, per record, where its row went and its length
 * come back, and {@link FirstRowsTable} makes them the table on the host's threads.
 *
 * <p>The rows' room on the device is guessed from the pairs per record seen so far in the run (a
 * quarter more, at least {@value #MIN_CAPACITY}); a chunk whose rows overflow it runs again with room
 * for them all, its text still on the device.
 */
final class PfacFirstRows implements RecordPipeline.ChunkPass {
    /** Records longer than this are left to the host: one thread would hold its warp for too long. */
    static final int LONGEST = 1 << 16;
    private static final long MIN_CAPACITY = 1 << 16;
    private static final long MAX_PAIRS = Integer.MAX_VALUE - 8;

    private final PfacLauncher launcher;
    private final FirstRowsTable table;
    private double pairsPerRecord = 8; // log lines against a thousand patterns hold about seven

    PfacFirstRows(PfacLauncher launcher, FirstRowsTable table) {
        this.launcher = launcher;
        this.table = table;
    }

    @Override
    public boolean needsBounds() {
        return true; // a thread takes a record by its bounds
    }

    @Override
    public void queue(ChunkSlot s, boolean lines) {
        s.ensureOut(Math.min(MAX_PAIRS, Math.max(MIN_CAPACITY, (long) (s.records * pairsPerRecord * 1.25))));
        launch(s);
    }

    private void launch(ChunkSlot s) {
        int count = s.records;
        long starts = s.bounds.pointer();
        long rowAt = s.answers.pointer();
        s.stream.clear(s.scalars.pointer(), 8);
        launcher.firstRows(s.stream, s.text.pointer(), s.starts, starts, starts + 4L * count, count, LONGEST, rowAt,
                rowAt + 4L * count, s.out.pointer(), s.out.byteSize() / 8, s.scalars.pointer());
        s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 8);
        s.stream.copyToHost(s.answersHost.segment(), rowAt, 8L * count);
    }

    @Override
    public void take(ChunkSlot s) {
        long n = s.total();
        if (n > MAX_PAIRS) {
            throw new TrawlException("gpu:pfac: " + n + " first occurrences in one chunk of records, more than an array"
                    + " holds; use smaller chunks (MatcherOptions.withChunkBytes)");
        }
        if (n > s.out.byteSize() / 8) {
            s.ensureOut(n);
            launch(s);
            s.stream.synchronize();
        }
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer(), 8 * n);
        s.stream.synchronize();
        pairsPerRecord = Math.max(pairsPerRecord * 0.75, (double) n / Math.max(1, s.records));
        table.take(s.firstRecord, s.records, s.answersHost.segment(), s.outHost.segment());
    }

    @Override
    public void alone(int record) {
        table.alone(record);
    }
}
