package dev.trawl.cuda.engine;

import dev.trawl.Input;
import dev.trawl.MatchBatchSink;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.cuda.DeviceInput;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.NamedMatcher;
import dev.trawl.scan.ChunkQueue;
import dev.trawl.scan.QueueCounter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.function.IntConsumer;

/**
 * A pattern set on the GPU in one kernel family's tables ({@link TiledKernels}: PFAC, the compressed
 * trie). Each scan runs a {@link ScanPipeline}, each per-record answer a {@link RecordPipeline}, whose
 * streams and buffers come from the process-wide {@link SlotPool}. Thread-safe. Device memory is freed
 * by {@link #close()}, or when the matcher is garbage collected if nobody closed it.
 *
 * <p>Per record, {@code anyMatch}, {@code firstMatch} and {@code countPerRecord} are reduced on the
 * device (only one slot per record comes back); {@code matchedPatterns} and {@code scanRecords} take
 * the generic way, a whole-text scan whose matches are put in their records on the host. A record
 * longer than a chunk is answered by a scan of that record alone.
 *
 * <p>Text already in device memory ({@link DeviceInput}) is counted and scanned in place, with no host
 * copy; per-record operations take host {@link Records} only. As a {@link QueueCounter} the matcher
 * shares one count with CPU threads from one chunk queue ({@code auto}'s shared count).
 */
public abstract class GpuMatcher extends NamedMatcher implements AutoCloseable, QueueCounter {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "trawl-gpu-cleaner");
        t.setDaemon(true);
        return t;
    });
    /** Answers per piece when copying them out on several threads. */
    private static final int MIN_TAKE_PIECE = 1 << 16;

    private final MatcherOptions options;
    private final Gpu gpu;
    private final int[] lengths;
    private final boolean linesAllowed;
    private final Resources resources;
    private final Cleaner.Cleanable cleanable;

    /**
     * What must be freed; holds no reference to the matcher, so the cleaner can run. The cleaner frees
     * the device tables once the matcher is unreachable, which can happen while one of its own calls
     * still runs (the caller's last use of the matcher is that call, and the call stops using
     * {@code this} once its pipeline has the tables): every call that uses them ends with
     * {@link Reference#reachabilityFence}. Without it, a count that allocated (the lazy counting DFA)
     * let a collection free its tables mid-call: CUDA_ERROR_ILLEGAL_ADDRESS in GpuPfacContractTest.
     */
    private static final class Resources implements Runnable {
        final Gpu gpu;
        final TiledKernels kernels;
        volatile boolean closed;

        Resources(Gpu gpu, TiledKernels kernels) {
            this.gpu = gpu;
            this.kernels = kernels;
        }

        @Override
        public void run() {
            closed = true;
            gpu.bind();
            kernels.close();
        }
    }

    GpuMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, TiledKernels kernels) {
        super(engine, patterns);
        this.options = options;
        this.gpu = gpu;
        this.lengths = new int[patterns.size()];
        boolean cr = false;
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
            for (byte b : patterns.bytes(id)) {
                cr |= b == '\r';
            }
        }
        this.linesAllowed = !cr && !"false".equals(System.getProperty(RecordPipeline.LINES_PROPERTY));
        this.resources = new Resources(gpu, kernels);
        this.cleanable = CLEANER.register(this, resources);
    }

    TiledKernels kernels() {
        return resources.kernels;
    }

    MatcherOptions options() {
        return options;
    }

    Gpu gpu() {
        return gpu;
    }

    /** Whether per-record passes over lines may find records from the {@code '\n'}s alone ({@link RecordPipeline}). */
    boolean linesAllowed() {
        return linesAllowed;
    }

    /** Text in device memory ({@link DeviceInput}) is scanned in place; the rest is copied in chunks. */
    @Override
    public boolean scan(Input input, MatchSink sink) {
        DeviceInput device = device(input);
        try (ScanPipeline p = pipeline()) {
            boolean all = device != null ? p.scan(device, sink) : p.scan(input.segment(), input.translate(sink));
            p.succeeded();
            return all;
        } finally {
            Reference.reachabilityFence(this); // see Resources
        }
    }

    /** Matches in blocks the device wrote, unpacked into the batch's arrays on several threads. */
    @Override
    public boolean scan(Input input, MatchBatchSink sink) {
        if (input.charOffsets()) {
            return super.scan(input, sink); // offsets need translating one by one
        }
        DeviceInput device = device(input);
        try (ScanPipeline p = pipeline()) {
            boolean all = device != null ? p.scan(device, sink) : p.scan(input.segment(), sink);
            p.succeeded();
            return all;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public long count(Input input) {
        DeviceInput device = device(input);
        try (ScanPipeline p = pipeline()) {
            long n = device != null ? p.count(device) : p.count(input.segment());
            p.succeeded();
            return n;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Counts the chunks this matcher's pipeline takes from a queue it shares with CPU threads. */
    @Override
    public long countTaking(MemorySegment text, ChunkQueue queue) {
        try (ScanPipeline p = pipeline()) {
            long n = p.countTaking(text, queue);
            p.succeeded();
            return n;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** The input's text in this GPU's memory, or null when it is on the host (or another library's device). */
    private DeviceInput device(Input input) {
        return DeviceInput.in(input).filter(d -> d.gpu() == gpu).orElse(null);
    }

    // ---- per record, reduced on the device ----

    @Override
    public boolean[] anyMatch(Records records, boolean[] out) {
        checkLength(records, out.length, "anyMatch");
        runRecords(records, RecordOp.ANY, (slots, first, from, to) -> {
            for (int k = from; k < to; k++) {
                out[first + k] = slots.get(ValueLayout.JAVA_BYTE, k) != 0;
            }
        }, record -> {
            boolean[] found = {false};
            scan(Input.of(records.record(record)), (id, s, e) -> {
                found[0] = true;
                return false;
            });
            out[record] = found[0];
        });
        return out;
    }

    @Override
    public int[] firstMatch(Records records, int[] out) {
        checkLength(records, out.length, "firstMatch");
        runRecords(records, RecordOp.FIRST,
                (slots, first, from, to) -> MemorySegment.copy(slots, ValueLayout.JAVA_INT, 4L * from, out, first + from, to - from),
                record -> {
                    int[] id = {-1};
                    // Matches come in order: the first is the earliest start, lowest id.
                    scan(Input.of(records.record(record)), (p, s, e) -> {
                        id[0] = p;
                        return false;
                    });
                    out[record] = id[0];
                });
        return out;
    }

    @Override
    public long[] countPerRecord(Records records, long[] out) {
        checkLength(records, out.length, "countPerRecord");
        runRecords(records, RecordOp.COUNT,
                (slots, first, from, to) -> MemorySegment.copy(slots, ValueLayout.JAVA_LONG, 8L * from, out, first + from, to - from),
                record -> out[record] = count(Input.of(records.record(record))));
        return out;
    }

    /** Copies the answers of slots {@code [from, to)} (records {@code first + from, ...}) into the caller's array. */
    @FunctionalInterface
    private interface SlotCopy {
        void copy(MemorySegment slots, int first, int from, int to);
    }

    /**
     * Runs {@code op} over {@code records} on the device: each batch of answers is copied out of the
     * pinned slots by {@code copy}, in pieces on several host threads; a record longer than a chunk is
     * answered by {@code alone}.
     */
    private void runRecords(Records records, RecordOp op, SlotCopy copy, IntConsumer alone) {
        checkOpen();
        gpu.bind();
        try (RecordPipeline p = new RecordPipeline(gpu, resources.kernels, options, linesAllowed)) {
            p.run(records, op, new RecordPipeline.Answers() {
                @Override
                public void take(MemorySegment slots, int first, int count) {
                    HostCopier.inPieces(count, MIN_TAKE_PIECE, (from, to) -> copy.copy(slots, first, from, to));
                }

                @Override
                public void alone(int record) {
                    alone.accept(record);
                }
            });
            p.succeeded();
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    private static void checkLength(Records records, int length, String what) {
        if (length < records.size()) {
            throw new IllegalArgumentException(what + ": the array has " + length + " slots for " + records.size()
                    + " records");
        }
    }

    private ScanPipeline pipeline() {
        checkOpen();
        gpu.bind();
        return new ScanPipeline(gpu, resources.kernels, lengths, patterns().maxLength(), options);
    }

    void checkOpen() {
        if (resources.closed) {
            throw new IllegalStateException("this GPU matcher is closed");
        }
    }

    /** Frees the device tables now. Scans must not run during or after it. */
    @Override
    public void close() {
        cleanable.clean();
    }
}
