package dev.trawl.cuda.engine;

import dev.trawl.MatcherOptions;
import dev.trawl.Records;
import dev.trawl.TrawlException;
import dev.trawl.cuda.Gpu;
import java.util.ArrayDeque;

/**
 * The device half of {@code gpu:rabin-karp}'s first-occurrence table: streams a {@link Records} column
 * through the first-occurrence kernels ({@link RabinKarpLauncher#first}) and collects what they report,
 * per record, into {@link RabinKarpCandidates}.
 *
 * <p>Chunks are runs of whole records cut as {@link RecordPipeline} cuts them, {@value #SLOTS} in
 * flight on their own streams in pooled {@link ChunkSlot}s: per chunk, the records' bytes and bounds
 * go through the slot's pinned buffers (copied on {@link HostCopier}'s threads), the kernels append
 * their reports to the slot's output with a counter, and the counter comes back, then as many
 * reports as it says (8 bytes each). A chunk whose reports overflow the output runs again with room
 * for them all. A record longer than a chunk is left to {@link RabinKarpCandidates} (searched alone).
 *
 * <p>Batches: the keys of at most {@link RabinKarpPatterns#BATCH} patterns sit in constant memory at
 * once, so a larger set streams the records once per batch, holding
 * {@link RabinKarpLauncher#CONSTANT_MEMORY} throughout (other matchers' first-occurrence passes wait).
 */
final class RabinKarpFirstPass implements AutoCloseable {
    static final int SLOTS = ScanPipeline.SLOTS;
    /** Output room a chunk starts with, in reports (grows to the largest chunk's). */
    private static final long MIN_CAPACITY = 1 << 16;

    private final Gpu gpu;
    private final RabinKarpLauncher launcher;
    private final MatcherOptions options;
    private final boolean verify;
    private final RabinKarpLookup lookup;
    private final int warpFrom;
    private final PipelineSlots slots;

    /**
     * @param verify whether the kernels verify each hit (their reports are first occurrences) or
     *     report each entry's first hit, for the host to verify
     * @param lookup how the kernels find the patterns of a window's hash
     * @param warpFrom the record length from which a warp, not a thread, takes a record
     */
    RabinKarpFirstPass(Gpu gpu, RabinKarpLauncher launcher, MatcherOptions options, boolean verify,
            RabinKarpLookup lookup, int warpFrom) {
        this.gpu = gpu;
        this.slots = new PipelineSlots(gpu);
        this.launcher = launcher;
        this.options = options;
        this.verify = verify;
        this.lookup = lookup;
        this.warpFrom = warpFrom;
    }

    RabinKarpCandidates run(Records records) {
        RabinKarpPatterns table = launcher.table();
        RabinKarpCandidates found = new RabinKarpCandidates(table, verify);
        int n = records.size();
        if (n == 0 || table.entries() == 0) {
            return found;
        }
        gpu.bind();
        long chunk = RecordPipeline.chunkBytes(options.chunkBytes());
        RabinKarpLauncher.CONSTANT_MEMORY.lock();
        try {
            for (int b = 0; b < table.batches(); b++) {
                int groupCount = launcher.uploadBatch(b);
                runBatch(records, chunk, b, groupCount, found);
            }
        } finally {
            RabinKarpLauncher.CONSTANT_MEMORY.unlock();
        }
        return found;
    }

    private void runBatch(Records records, long chunk, int b, int groupCount, RabinKarpCandidates found) {
        ArrayDeque<ChunkSlot> inFlight = new ArrayDeque<>();
        try {
            int i = 0;
            for (int r0 = 0; r0 < records.size(); ) {
                int r1 = RecordPipeline.cut(records, r0, chunk);
                if (r1 < 0) {
                    if (b == 0) {
                        found.alone(r0);
                    }
                    r0++;
                    continue;
                }
                if (inFlight.size() == SLOTS) {
                    finish(inFlight.poll(), b, groupCount, found);
                }
                ChunkSlot s = slots.get(i++ % SLOTS);
                queue(s, records, r0, r1, b, groupCount);
                inFlight.add(s);
                r0 = r1;
            }
            while (!inFlight.isEmpty()) {
                finish(inFlight.poll(), b, groupCount, found);
            }
        } finally {
            PipelineSlots.quiesce(inFlight);
        }
    }

    /** Stages records {@code [r0, r1)} and queues their kernels. */
    private void queue(ChunkSlot s, Records records, int r0, int r1, int b, int groupCount) {
        int count = r1 - r0;
        long base = records.start(r0);
        long span = s.stageRecords(records, r0, r1, true);
        s.ensureOut(Math.max(MIN_CAPACITY, 2L * count));
        RecordPipeline.fillBounds(records, r0, count, base, s.boundsHost.segment());
        s.stream.copyToDevice(s.text.pointer(), s.staging.segment(), span);
        s.stream.copyToDevice(s.bounds.pointer(), s.boundsHost.segment(), 8L * count);
        launch(s, b, groupCount);
    }

    private void launch(ChunkSlot s, int b, int groupCount) {
        long starts = s.bounds.pointer();
        s.stream.clear(s.scalars.pointer(), 8);
        launcher.first(s.stream, s.text.pointer(), starts, starts + 4L * s.records, s.records, warpFrom, b, groupCount,
                verify, lookup, s.out.pointer(), s.out.byteSize() / 8, s.scalars.pointer());
        s.stream.copyToHost(s.scalarsHost.segment(), s.scalars.pointer(), 8);
        s.counted.record(s.stream);
    }

    /** Waits for a chunk's kernels (again with more room, if they overflowed) and takes its reports. */
    private void finish(ChunkSlot s, int b, int groupCount, RabinKarpCandidates found) {
        s.counted.synchronize();
        long n = s.total();
        if (n > s.out.byteSize() / 8) {
            s.ensureOut(n);
            launch(s, b, groupCount);
            s.counted.synchronize();
            n = s.total();
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new TrawlException("gpu:rabin-karp: " + n + " first occurrences in one chunk of records, more than an"
                    + " array holds; use smaller chunks (MatcherOptions.withChunkBytes)");
        }
        s.stream.copyToHost(s.outHost.segment(), s.out.pointer(), 8 * n);
        s.stream.synchronize();
        found.add(b, s.firstRecord, s.records, s.outHost.segment(), (int) n);
    }

    /** Call when the run ended without error: its slots are then pooled rather than freed. */
    void succeeded() {
        slots.succeeded();
    }

    @Override
    public void close() {
        slots.close();
    }
}
