package dev.trawl.cuda.engine;

import dev.trawl.Engine;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/** What the GPU engines of literal sets say about themselves the same way: a name, a description, and {@link Gpu}'s availability. */
abstract class GpuEngine implements Engine {
    private final String name;
    private final String description;

    GpuEngine(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Gpu.unavailableReason();
    }
}
