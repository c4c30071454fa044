package dev.trawl.engine;

import dev.trawl.Engine;
import dev.trawl.FirstOccurrences;
import dev.trawl.Input;
import dev.trawl.MatchBatchSink;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.RecordMatchSink;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.TrawlException;
import dev.trawl.scan.ChunkCounter;
import dev.trawl.scan.QueueCounter;
import dev.trawl.scan.RecordScan;
import dev.trawl.scan.SharedQueueCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A set compiled for the CPU, and for the GPU once a call is worth it: each call goes to one of the
 * two by its input's size and the measured costs ({@link RouteCosts}). The GPU engine is probed and
 * compiled on the first call routed to it; if it cannot run here or refuses the set, the CPU serves
 * every call and the reason is logged once. Both give the same answers, so callers see only the
 * speed. {@link #engine()} names the engine that served the latest call.
 *
 * <p>A count the GPU takes may be shared with CPU threads ({@link CostRoutedEngine.Split}): the GPU
 * pipeline and the CPU threads take chunks from one queue ({@link SharedQueueCount}) and their counts
 * are summed. The CPU threads run a one-thread compilation of the CPU engine, made on the first shared
 * call; by default they are half the matcher's threads, the other half left to the pipeline's copy
 * threads, which stage the input into pinned memory.
 *
 * <p>An input already in device memory ({@link Input#ofDevice}) goes to the GPU whatever its size
 * unless the policy is {@code never}: anything else would copy it back to the host first.
 * {@link #countMatchingRecords} of host input stays on the CPU under the {@code cost} policy: the
 * GPU engines have no record walk (every match comes back to the host), and the costs measured on
 * whole-text calls would route it wrongly. On an H200 host, lines of the Iliad with a match counted
 * at 6.4-7.1 GB/s on {@code gpu:pfac} for ten names and 0.3 for 10,000 words (session 26, run 11),
 * where the CPU engine stops each line at its first match.
 * Thread-safe.
 */
final class CostRoutedMatcher implements Matcher {
    private static final System.Logger LOG = System.getLogger(CostRoutedMatcher.class.getName());

    private final Matcher cpu;
    private final Engine gpuEngine;
    private final PatternSet patterns;
    private final MatcherOptions options;
    private final CostRoutedEngine.Policy policy;
    private final RouteCosts costs;
    private volatile Matcher gpu;
    private volatile String gpuRefusal;
    private volatile Matcher latest;
    private final CostRoutedEngine.Split split;
    private final Supplier<Matcher> cpuOneThread; // null: never shares a count
    private final int splitThreads;
    private volatile Matcher cpuOne;
    private volatile SharedQueueCount.Outcome lastShared;
    private volatile boolean recordsOnly;

    CostRoutedMatcher(Matcher cpu, Engine gpuEngine, PatternSet patterns, MatcherOptions options, CostRoutedEngine.Policy policy) {
        this(cpu, gpuEngine, patterns, options, policy, CostRoutedEngine.Split.OFF, null);
    }

    /**
     * @param cpuOneThread compiles the CPU engine for one thread, for the CPU's part of a shared count
     */
    CostRoutedMatcher(Matcher cpu, Engine gpuEngine, PatternSet patterns, MatcherOptions options,
            CostRoutedEngine.Policy policy, CostRoutedEngine.Split split, Supplier<Matcher> cpuOneThread) {
        this.split = split;
        this.cpuOneThread = cpuOneThread;
        this.splitThreads = Math.max(1, Integer.getInteger(CostRoutedEngine.SPLIT_THREADS_PROPERTY,
                Math.max(1, options.threads() / 2)));
        this.cpu = cpu;
        this.gpuEngine = gpuEngine;
        this.patterns = patterns;
        this.options = options;
        this.policy = policy;
        this.costs = new RouteCosts(options.threads(), patterns.hasRegex() ? RouteCosts.CPU_REGEX_BYTES_PER_NS_PER_THREAD
                : RouteCosts.CPU_BYTES_PER_NS_PER_THREAD);
        this.latest = cpu;
    }

    @Override
    public String engine() {
        return latest.engine();
    }

    @Override
    public PatternSet patterns() {
        return patterns;
    }

    /** When true, whole-text calls (over an {@link Input} or a file) stay on the CPU; per-record ones are routed. */
    void recordsOnly(boolean only) {
        this.recordsOnly = only;
    }

    /** The CPU engine took {@code ns} to compile the set (the GPU's start-up estimate grows with it). */
    void cpuCompiledIn(long ns) {
        costs.cpuCompiledIn(ns);
    }

    /** Why the GPU does not serve this set, once a call has tried it; empty otherwise. */
    Optional<String> gpuRefusal() {
        return Optional.ofNullable(gpuRefusal);
    }

    // ---- routing ----

    private <T> T route(long bytes, Function<Matcher, T> call) {
        return run(choose(bytes), bytes, call);
    }

    /** As {@link #route(long, Function)}, with an input in device memory sent to the GPU when it can take it. */
    private <T> T route(Input input, Function<Matcher, T> call) {
        return run(choose(input), input.byteSize(), call);
    }

    private Matcher choose(Input input) {
        if (recordsOnly) {
            return cpu;
        }
        if (input.device().isEmpty() || policy == CostRoutedEngine.Policy.NEVER || gpuRefusal != null) {
            return choose(input.byteSize());
        }
        Matcher g = gpu;
        return g != null ? g : startGpu();
    }

    private <T> T run(Matcher m, long bytes, Function<Matcher, T> call) {
        latest = m;
        long t = System.nanoTime();
        T result = call.apply(m);
        long ns = System.nanoTime() - t;
        if (m == cpu) {
            costs.cpuRan(bytes, ns);
        } else {
            costs.gpuRan(bytes, ns);
        }
        return result;
    }

    private Matcher choose(long bytes) {
        boolean wantGpu = switch (policy) {
            case ALWAYS -> bytes > 0;
            case NEVER -> false;
            case COST -> bytes > 0 && costs.useGpu(bytes, gpuEngine.deviceStarted());
        };
        if (!wantGpu || gpuRefusal != null) {
            return cpu;
        }
        Matcher g = gpu;
        return g != null ? g : startGpu();
    }

    private synchronized Matcher startGpu() {
        if (gpu != null || gpuRefusal != null) {
            return gpu != null ? gpu : cpu;
        }
        long t = System.nanoTime();
        Optional<String> why = gpuEngine.unavailableReason().or(() -> gpuEngine.rejects(patterns));
        if (why.isEmpty()) {
            try {
                gpu = gpuEngine.compile(patterns, options);
            } catch (TrawlException e) {
                why = Optional.of(e.getMessage());
            }
        }
        if (why.isPresent()) {
            gpuRefusal = gpuEngine.name() + " is unavailable (" + why.get() + ")";
            LOG.log(System.Logger.Level.DEBUG, "auto uses " + cpu.engine() + " because " + gpuRefusal);
            return cpu;
        }
        costs.gpuStartedIn(System.nanoTime() - t);
        return gpu;
    }

    private static long size(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0; // the engine that runs reports the error
        }
    }

    // ---- a count shared by the GPU and CPU threads ----

    /** Whether a count of {@code n} host bytes that {@code chosen} is to run is shared with CPU threads. */
    private boolean shares(Matcher chosen, long n) {
        if (chosen == cpu || cpuOneThread == null || n == 0) {
            return false;
        }
        return switch (split) {
            case ON -> true;
            case OFF -> false;
            case COST -> costs.split(n, splitThreads);
        };
    }

    /** Counts {@code input} with {@code g} as the lead and {@link #splitThreads} CPU threads, from one queue. */
    private long sharedCount(Matcher g, Input input) {
        latest = g;
        long n = input.byteSize();
        QueueCounter lead = g instanceof QueueCounter q ? q
                : QueueCounter.of(ChunkCounter.of(g), Math.clamp(n / 8, 64L << 10, 64L << 20));
        long cpuChunk = Math.clamp(n / (16L * splitThreads), 64L << 10, 4L << 20);
        long t = System.nanoTime();
        SharedQueueCount.Outcome o = SharedQueueCount.count(input.segment(), patterns.maxLength(), lead,
                ChunkCounter.of(cpuOne()), splitThreads, cpuChunk);
        costs.splitRan(o.leadBytes(), o.cpuBytes(), splitThreads, System.nanoTime() - t);
        lastShared = o;
        return o.count();
    }

    private Matcher cpuOne() {
        Matcher m = cpuOne;
        if (m == null) {
            synchronized (this) {
                m = cpuOne;
                if (m == null) {
                    m = cpuOneThread.get();
                    cpuOne = m;
                }
            }
        }
        return m;
    }

    /** The latest shared count's outcome (who counted how much), if any count was shared. */
    Optional<SharedQueueCount.Outcome> lastShared() {
        return Optional.ofNullable(lastShared);
    }

    // ---- the Matcher API, each call routed ----

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return route(input, m -> m.scan(input, sink));
    }

    @Override
    public boolean scan(Input input, MatchBatchSink sink) {
        return route(input, m -> m.scan(input, sink));
    }

    @Override
    public long count(Input input) {
        Matcher m = choose(input);
        if (input.device().isEmpty() && shares(m, input.byteSize())) {
            return sharedCount(m, input);
        }
        return run(m, input.byteSize(), c -> c.count(input));
    }

    @Override
    public long count(Path file) {
        long n = size(file);
        Matcher m = recordsOnly ? cpu : choose(n);
        if (shares(m, n)) {
            try (Input in = Input.map(file)) {
                return sharedCount(m, in);
            }
        }
        return run(m, n, c -> c.count(file));
    }

    @Override
    public boolean scan(Path file, MatchSink sink) {
        long n = size(file);
        return run(recordsOnly ? cpu : choose(n), n, m -> m.scan(file, sink));
    }

    @Override
    public long countMatchingRecords(Input input, byte separator) {
        if (policy == CostRoutedEngine.Policy.COST && input.device().isEmpty()) {
            return run(cpu, input.byteSize(), m -> m.countMatchingRecords(input, separator));
        }
        return route(input, m -> m.countMatchingRecords(input, separator));
    }

    @Override
    public boolean[] anyMatch(Records records, boolean[] out) {
        return route(records.data().byteSize(), m -> m.anyMatch(records, out));
    }

    @Override
    public int[] firstMatch(Records records, int[] out) {
        return route(records.data().byteSize(), m -> m.firstMatch(records, out));
    }

    @Override
    public RecordPatterns matchedPatterns(Records records, int[] offsets) {
        return route(records.data().byteSize(), m -> m.matchedPatterns(records, offsets));
    }

    @Override
    public long[] countPerRecord(Records records, long[] out) {
        return route(records.data().byteSize(), m -> m.countPerRecord(records, out));
    }

    @Override
    public FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        return route(records.data().byteSize(), m -> m.firstOccurrence(records, layout));
    }

    @Override
    public boolean scanRecords(Records records, RecordMatchSink sink) {
        return route(records.data().byteSize(), m -> m.scanRecords(records, sink));
    }

    @Override
    public RecordScan recordScan() {
        return cpu.recordScan();
    }
}
