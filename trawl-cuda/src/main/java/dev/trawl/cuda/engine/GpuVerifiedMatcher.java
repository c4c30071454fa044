package dev.trawl.cuda.engine;

import dev.trawl.EngineUnavailableException;
import dev.trawl.FirstOccurrences;
import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.RecordMatchSink;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.NamedMatcher;
import dev.trawl.scan.RecordScan;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A regex set whose kernels say per record only whether it holds a match (1), none (0) or cannot tell
 * (2), with a CPU regex matcher beside it for everything else: {@link GpuNfaMatcher} (the set as a
 * {@link dev.trawl.regex.FlatNfa}) and {@link GpuChainMatcher} (literal chains). Thread-safe; device
 * memory is freed by {@link #close()}, or when the matcher is garbage collected.
 *
 * <ul>
 *   <li>{@code anyMatch}: on the GPU, the records streamed by {@link RecordPipeline} (by their bounds, or
 *       as lines where the kernels take them);
 *       a record the kernels call unknown (the NFA's frontier overflowed, a chain record holds non-ASCII
 *       bytes) or one longer than a chunk is searched on the CPU.
 *   <li>{@code firstMatch}, {@code countPerRecord}, {@code matchedPatterns}, {@code firstOccurrence},
 *       {@code scanRecords}: the GPU's {@code anyMatch} first, then the CPU matcher searches only the
 *       records that match, on the matcher's threads ({@link RecordScan}); the others answer "none".
 *       Spans and ids are therefore the CPU matcher's, exactly.
 *   <li>Whole-text {@code scan} and {@code count}: the CPU matcher (a regex's matches depend on where
 *       its previous match ended, which a per-start walk does not know).
 * </ul>
 * Without a GPU plan ({@code launcher == null}: a set the engine does not take, see
 * the engine's {@code rejects}) everything is the CPU matcher's, and {@link #engine()} says why.
 */
public abstract class GpuVerifiedMatcher extends NamedMatcher implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "trawl-gpu-verified-cleaner");
        t.setDaemon(true);
        return t;
    });

    private final MatcherOptions options;
    private final Gpu gpu; // null without a GPU plan
    private final TiledKernels launcher; // null without a GPU plan
    private final Matcher cpu; // all the matcher's threads
    private final Matcher cpuOne; // one thread, for one record at a time
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Cleaner.Cleanable cleanable;

    /** The CPU matcher that verifies records and scans whole texts: its engine's name, on all threads and on one. */
    record Cpu(String name, Matcher all, Matcher one) {
        /** {@code cpu:dfa}, or {@code cpu:pike} for a set {@code cpu:dfa} refuses. */
        static Cpu of(PatternSet patterns, MatcherOptions options) {
            String name = GpuNfaEngine.CPU;
            Matcher all;
            try {
                all = Trawl.compile(patterns, options.withEngine(name));
            } catch (EngineUnavailableException e) {
                name = GpuNfaEngine.CPU_FALLBACK;
                all = Trawl.compile(patterns, options.withEngine(name));
            }
            return new Cpu(name, all, Trawl.compile(patterns, options.withEngine(name).withThreads(1)));
        }
    }

    GpuVerifiedMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu, TiledKernels launcher,
            Cpu cpu) {
        super(engine, patterns);
        this.options = options;
        this.gpu = gpu;
        this.launcher = launcher;
        this.cpu = cpu.all();
        this.cpuOne = cpu.one();
        AtomicBoolean flag = closed;
        this.cleanable = launcher == null ? null : CLEANER.register(this, () -> {
            flag.set(true);
            gpu.bind();
            launcher.close();
        });
    }

    /** Whether the kernels answer {@code anyMatch}: false when the set runs on the CPU (the name says why). */
    public boolean onGpu() {
        return launcher != null;
    }

    /** The kernels, or {@code null} when the set runs on the CPU. */
    TiledKernels kernels() {
        return launcher;
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return cpu.scan(input, sink);
    }

    @Override
    public long count(Input input) {
        return cpu.count(input);
    }

    @Override
    public long countMatchingRecords(Input input, byte separator) {
        return cpu.countMatchingRecords(input, separator);
    }

    // ---- per record ----

    @Override
    public boolean[] anyMatch(Records records, boolean[] out) {
        if (launcher == null) {
            return cpu.anyMatch(records, out);
        }
        if (out.length < records.size()) {
            throw new IllegalArgumentException("anyMatch: the array has " + out.length + " slots for " + records.size()
                    + " records");
        }
        RecordPipeline.IntList unknown = answerOnGpu(records, out);
        // on the common pool when many: a record the kernels could not tell (non-ASCII bytes, an NFA's
        // frontier overflowed, longer than a chunk) is searched on the CPU
        int u = unknown.size();
        int pieces = (int) Math.max(1, Math.min(u / UNKNOWN_PER_PIECE,
                4L * java.util.concurrent.ForkJoinPool.getCommonPoolParallelism()));
        java.util.stream.IntStream.range(0, pieces).parallel().forEach(k -> {
            int to = (int) ((long) u * (k + 1) / pieces);
            for (int i = (int) ((long) u * k / pieces); i < to; i++) {
                int r = unknown.get(i);
                out[r] = matchesOnCpu(records, r);
            }
        });
        return out;
    }

    @Override
    public int[] firstMatch(Records records, int[] out) {
        return verified(records).firstMatch(records, out);
    }

    @Override
    public long[] countPerRecord(Records records, long[] out) {
        return verified(records).countPerRecord(records, out);
    }

    @Override
    public RecordPatterns matchedPatterns(Records records, int[] offsets) {
        return verified(records).matchedPatterns(records, offsets);
    }

    @Override
    public FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        return verified(records).firstOccurrence(records, patterns().size(), layout);
    }

    @Override
    public boolean scanRecords(Records records, RecordMatchSink sink) {
        return verified(records).scanRecords(records, sink);
    }

    /** Every per-record operation, on the CPU matcher alone. */
    @Override
    public RecordScan recordScan() {
        return cpu.recordScan();
    }

    /**
     * The records' per-record answers from the CPU matcher, which searches only the records the GPU
     * says match (or could not tell).
     */
    private RecordScan verified(Records records) {
        if (launcher == null) {
            return cpu.recordScan();
        }
        byte[] verdicts = gpuVerdicts(records);
        return RecordScan.of((recs, from, to, visitor) -> {
            for (int r = from; r < to; r++) {
                if (verdicts[r] != 0) {
                    int record = r;
                    cpuOne.scan(Input.of(recs.record(r)), (id, s, e) -> visitor.onMatch(record, id, s, e));
                }
            }
        }, options);
    }

    /** Whether the kernels answer columns of lines without their bounds ({@link RecordKernels#takesLines}). */
    static boolean takesLines(TiledKernels kernels) {
        return kernels instanceof RecordKernels r && r.takesLines();
    }

    /** Unknown records a piece of {@link #anyMatch}'s CPU searches takes at least. */
    private static final int UNKNOWN_PER_PIECE = 1 << 10;

    /**
     * Writes the kernels' answers into {@code out} chunk by chunk as they come back, while the device
     * works on later chunks (turning a separate array of verdicts into answers afterwards cost about 1.5
     * ms of a 7 ms call over 1M loghub lines, H200 host); returns the records the kernels could not tell,
     * in order, with {@code out} false for them.
     */
    private RecordPipeline.IntList answerOnGpu(Records records, boolean[] out) {
        RecordPipeline.IntList unknown = new RecordPipeline.IntList();
        runVerdicts(records, new RecordPipeline.Answers() {
            private byte[] verdicts = new byte[0];

            @Override
            public void take(MemorySegment slots, int first, int count) {
                if (verdicts.length < count) {
                    verdicts = new byte[count];
                }
                MemorySegment.copy(slots, ValueLayout.JAVA_BYTE, 0, verdicts, 0, count);
                for (int k = 0; k < count; k++) {
                    byte v = verdicts[k];
                    out[first + k] = v == 1;
                    if (v == 2) {
                        unknown.add(first + k);
                    }
                }
            }

            @Override
            public void alone(int record) {
                out[record] = false;
                unknown.add(record);
            }
        });
        return unknown;
    }

    /** Streams the records through the kernels' {@code anyMatch} pass, their verdicts handed to {@code answers}. */
    private void runVerdicts(Records records, RecordPipeline.Answers answers) {
        if (closed.get()) {
            throw new IllegalStateException("this GPU matcher is closed");
        }
        gpu.bind();
        try (RecordPipeline p = new RecordPipeline(gpu, launcher, options, takesLines(launcher))) {
            p.run(records, RecordOp.ANY, answers);
            p.succeeded();
        } finally {
            Reference.reachabilityFence(this); // the cleaner must not free the launcher mid-call
        }
    }

    /** Whether record {@code r} holds a match, by the CPU matcher (on any thread). */
    private boolean matchesOnCpu(Records records, int r) {
        boolean[] found = {false};
        cpuOne.scan(Input.of(records.record(r)), (id, s, e) -> {
            found[0] = true;
            return false;
        });
        return found[0];
    }

    /**
     * The kernels' answer per record: 1 a match, 2 unknown, 0 none. A record longer than a chunk is
     * left unknown (2), for the CPU. Public for the benchmarks, which time it apart from the verification.
     */
    public byte[] gpuVerdicts(Records records) {
        byte[] verdicts = new byte[records.size()];
        runVerdicts(records, new RecordPipeline.Answers() {
            @Override
            public void take(MemorySegment slots, int first, int count) {
                MemorySegment.copy(slots, ValueLayout.JAVA_BYTE, 0, verdicts, first, count);
            }

            @Override
            public void alone(int record) {
                verdicts[record] = 2;
            }
        });
        return verdicts;
    }

    /** Frees the device tables now. Per-record operations must not run during or after it. */
    @Override
    public void close() {
        if (cleanable != null) {
            cleanable.clean();
        }
    }
}
