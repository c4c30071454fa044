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
import dev.trawl.scan.RecordScan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * A set compiled for the CPU, and for the GPU once a call is worth it: each call goes to one of the
 * two by its input's size and the measured costs ({@link RouteCosts}). The GPU engine is probed and
 * compiled on the first call routed to it; if it cannot run here or refuses the set, the CPU serves
 * every call and the reason is logged once. Both give the same answers, so callers see only the
 * speed. {@link #engine()} names the engine that served the latest call. Thread-safe.
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

    CostRoutedMatcher(Matcher cpu, Engine gpuEngine, PatternSet patterns, MatcherOptions options, CostRoutedEngine.Policy policy) {
        this.cpu = cpu;
        this.gpuEngine = gpuEngine;
        this.patterns = patterns;
        this.options = options;
        this.policy = policy;
        this.costs = new RouteCosts(options.threads());
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

    /** Why the GPU does not serve this set, once a call has tried it; empty otherwise. */
    Optional<String> gpuRefusal() {
        return Optional.ofNullable(gpuRefusal);
    }

    // ---- routing ----

    private <T> T route(long bytes, Function<Matcher, T> call) {
        Matcher m = choose(bytes);
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
            case COST -> bytes > 0 && costs.useGpu(bytes);
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

    // ---- the Matcher API, each call routed ----

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return route(input.byteSize(), m -> m.scan(input, sink));
    }

    @Override
    public boolean scan(Input input, MatchBatchSink sink) {
        return route(input.byteSize(), m -> m.scan(input, sink));
    }

    @Override
    public long count(Input input) {
        return route(input.byteSize(), m -> m.count(input));
    }

    @Override
    public long count(Path file) {
        return route(size(file), m -> m.count(file));
    }

    @Override
    public boolean scan(Path file, MatchSink sink) {
        return route(size(file), m -> m.scan(file, sink));
    }

    @Override
    public long countMatchingRecords(Input input, byte separator) {
        return route(input.byteSize(), m -> m.countMatchingRecords(input, separator));
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
