package dev.trawl.cuda.engine;

import dev.trawl.FirstOccurrences;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;
import java.lang.ref.Reference;

/**
 * A pattern set on the GPU as a {@link PfacTable} in device memory ({@link PfacLauncher}); scans and
 * per-record answers as {@link GpuMatcher} says, and the first-occurrence table from a thread per
 * record on the device ({@link PfacFirstRows}).
 */
public final class GpuPfacMatcher extends GpuMatcher {
    /**
     * How the first-occurrence table is found: {@code rows}, a row per record made on the device
     * ({@code pfac_first_segments}, a thread per 64 starts, then {@code pfac_first_merge}, a thread per
     * record); {@code generic}, from every match of a whole-text scan, put in its record on the host
     * (the way of engines with nothing better); or {@code auto} (the default): rows when the records
     * average at most {@value #ROWS_MAX_AVERAGE} bytes, else generic. Measured on an H200
     * (FirstOccurrenceBench, docs/results/h200-session12), rows against generic in the same runs: 1 GiB
     * of loghub lines (138 bytes on average, 55 million pairs) 0.048 s against 3.0 s; 128 MiB of random
     * records of 64 to 1,024 bytes 0.004-0.007 s against 0.010-0.012 s, of 256 to 4,096 bytes 0.095
     * against 0.105, of 1 to 16 KiB 0.048 against 0.062, of 4 to 64 KiB 0.016 against 0.021. Past an
     * average of 16 KiB more records pass 64 KiB, which the rows way leaves to a host thread each.
     */
    public static final String FIRST_OCCURRENCE_PROPERTY = "trawl.gpu.pfac.firstOccurrence";
    /** The longest average record {@code auto} takes the rows way for. */
    public static final int ROWS_MAX_AVERAGE = 16 << 10;

    GpuPfacMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu) {
        super(engine, patterns, options, gpu, new PfacLauncher(gpu, PfacTable.of(patterns)));
    }

    @Override
    public FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        String way = System.getProperty(FIRST_OCCURRENCE_PROPERTY, "auto");
        boolean rows = switch (way) {
            case "rows" -> true;
            case "generic" -> false;
            case "auto" -> records.totalBytes() <= (long) ROWS_MAX_AVERAGE * records.size();
            default -> throw new IllegalArgumentException(FIRST_OCCURRENCE_PROPERTY + ": '" + way
                    + "' is none of auto, rows and generic");
        };
        if (!rows) {
            return super.firstOccurrence(records, layout);
        }
        FirstOccurrences.Layout chosen = FirstOccurrences.layoutFor(records, patterns().size(), layout);
        checkOpen();
        gpu().bind();
        FirstRowsTable table = new FirstRowsTable(records, patterns(), launcher().table(), chosen);
        PfacFirstRows pass = new PfacFirstRows(launcher(), table, patterns().size());
        try (RecordPipeline p = new RecordPipeline(gpu(), kernels(), options(), linesAllowed())) {
            try {
                p.run(records, pass);
            } catch (RuntimeException | Error e) {
                pass.awaitAll(e); // the slots' pinned buffers are read until then
                throw e;
            }
            pass.awaitAll(null);
            p.succeeded();
        } finally {
            Reference.reachabilityFence(this); // the cleaner must not free the tables mid-call (GpuMatcher.Resources)
        }
        long t0 = System.nanoTime();
        FirstOccurrences built = table.build();
        if (Boolean.getBoolean(RecordPipeline.TRACE_PROPERTY)) {
            System.err.printf(java.util.Locale.ROOT, "%s; build %.2f ms%n", pass.trace(), (System.nanoTime() - t0) / 1e6);
        }
        return built;
    }

    /** The launcher, for benchmarks that time the kernels alone. */
    public PfacLauncher launcher() {
        return (PfacLauncher) kernels();
    }
}
