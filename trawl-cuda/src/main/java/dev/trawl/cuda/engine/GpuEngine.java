package dev.trawl.cuda.engine;

import dev.trawl.PatternLimitException;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.NamedEngine;
import java.util.Optional;

/** A GPU engine of literal sets: a name and a description, and {@link Gpu}'s availability. */
abstract class GpuEngine extends NamedEngine {
    GpuEngine(String name, String description) {
        super(name, description);
    }

    @Override
    public Optional<String> unavailableReason() {
        return Gpu.unavailableReason();
    }

    @Override
    public boolean deviceStarted() {
        return Gpu.started();
    }

    /**
     * A table of {@code bytes} must fit in half the free device memory, leaving the rest to the scans'
     * buffers; otherwise the refusal, naming {@code table} ("the GPU trie").
     */
    static Optional<PatternLimitException> halfFreeMemory(String table, long bytes, Gpu gpu) {
        long free = gpu.memoryFree();
        if (bytes <= free / 2) {
            return Optional.empty();
        }
        return Optional.of(new PatternLimitException(table + " (up to " + (bytes >> 20)
                + " MiB) would not fit in half the free GPU memory; the limit is " + (free / 2 >> 20) + " MiB",
                bytes, free / 2));
    }
}
