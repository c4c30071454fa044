package dev.trawl.engine;

import dev.trawl.Engine;

/**
 * The name and one-line description an engine is listed with, fixed when it is made: the base of the
 * CPU engines and of the GPU engines of literal sets.
 */
public abstract class NamedEngine implements Engine {
    private final String name;
    private final String description;

    protected NamedEngine(String name, String description) {
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
}
