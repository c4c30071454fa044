package dev.trawl.cuda.engine;

import dev.trawl.FirstOccurrences;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;

/**
 * A pattern set on the GPU as a {@link PfacTable} in device memory ({@link PfacLauncher}); scans and
 * per-record answers as {@link GpuMatcher} says, and the first-occurrence table from a thread per
 * record on the device ({@link PfacFirstRows}).
 */
public final class GpuPfacMatcher extends GpuMatcher {
    /**
     * {@code rows} (the default): the first-occurrence table from {@code pfac_first_rows}, a row per
     * record made on the device; {@code generic}: from every match of a whole-text scan, put in its
     * record on the host (the way of engines with nothing better; kept to compare).
     */
    public static final String FIRST_OCCURRENCE_PROPERTY = "trawl.gpu.pfac.firstOccurrence";

    GpuPfacMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu) {
        super(engine, patterns, options, gpu, new PfacLauncher(gpu, PfacTable.of(patterns)));
    }

    @Override
    public FirstOccurrences firstOccurrence(Records records, FirstOccurrences.Layout layout) {
        String way = System.getProperty(FIRST_OCCURRENCE_PROPERTY, "rows");
        if (way.equals("generic")) {
            return super.firstOccurrence(records, layout);
        }
        if (!way.equals("rows")) {
            throw new IllegalArgumentException(FIRST_OCCURRENCE_PROPERTY + ": '" + way + "' is neither rows nor generic");
        }
        FirstOccurrences.Layout chosen = FirstOccurrences.layoutFor(records, patterns().size(), layout);
        checkOpen();
        gpu().bind();
        FirstRowsTable table = new FirstRowsTable(records, patterns().size(), launcher().table(), chosen);
        PfacFirstRows pass = new PfacFirstRows(launcher(), table);
        try (RecordPipeline p = new RecordPipeline(gpu(), kernels(), options(), linesAllowed())) {
            try {
                p.run(records, pass);
            } catch (RuntimeException | Error e) {
                pass.awaitAll(e); // the slots' pinned buffers are read until then
                throw e;
            }
            pass.awaitAll(null);
            p.succeeded();
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
