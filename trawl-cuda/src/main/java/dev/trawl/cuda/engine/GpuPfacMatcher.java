package dev.trawl.cuda.engine;

import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;
import java.lang.ref.Cleaner;

/**
 * A pattern set on the GPU: its {@link PfacTable} in device memory. Each scan runs a
 * {@link PfacPipeline} whose streams and buffers come from the process-wide {@link SlotPool}.
 * Thread-safe. Device memory is freed by {@link #close()}, or when the matcher is garbage collected
 * if nobody closed it.
 */
public final class GpuPfacMatcher implements Matcher, AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "trawl-gpu-cleaner");
        t.setDaemon(true);
        return t;
    });

    private final String engine;
    private final PatternSet patterns;
    private final MatcherOptions options;
    private final Gpu gpu;
    private final int[] lengths;
    private final Resources resources;
    private final Cleaner.Cleanable cleanable;

    /** What must be freed; holds no reference to the matcher, so the cleaner can run. */
    private static final class Resources implements Runnable {
        final Gpu gpu;
        final PfacLauncher launcher;
        volatile boolean closed;

        Resources(Gpu gpu, PfacLauncher launcher) {
            this.gpu = gpu;
            this.launcher = launcher;
        }

        @Override
        public void run() {
            closed = true;
            gpu.bind();
            launcher.close();
        }
    }

    GpuPfacMatcher(String engine, PatternSet patterns, MatcherOptions options, Gpu gpu) {
        this.engine = engine;
        this.patterns = patterns;
        this.options = options;
        this.gpu = gpu;
        this.lengths = new int[patterns.size()];
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
        }
        this.resources = new Resources(gpu, new PfacLauncher(gpu, PfacTable.of(patterns)));
        this.cleanable = CLEANER.register(this, resources);
    }

    @Override
    public String engine() {
        return engine;
    }

    @Override
    public PatternSet patterns() {
        return patterns;
    }

    /** The launcher, for benchmarks that time the kernels alone. */
    public PfacLauncher launcher() {
        return resources.launcher;
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        try (PfacPipeline p = pipeline()) {
            boolean all = p.scan(input.segment(), input.translate(sink));
            p.succeeded();
            return all;
        }
    }

    @Override
    public long count(Input input) {
        try (PfacPipeline p = pipeline()) {
            long n = p.count(input.segment());
            p.succeeded();
            return n;
        }
    }

    private PfacPipeline pipeline() {
        if (resources.closed) {
            throw new IllegalStateException("this GPU matcher is closed");
        }
        gpu.bind();
        return new PfacPipeline(gpu, resources.launcher, lengths, patterns.maxLength(), options);
    }

    /** Frees the device table now. Scans must not run during or after it. */
    @Override
    public void close() {
        cleanable.clean();
    }
}
