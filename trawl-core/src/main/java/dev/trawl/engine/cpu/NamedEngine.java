package dev.trawl.engine.cpu;

import dev.trawl.Engine;

/** The name and one-line description a CPU engine is listed with, fixed when it is made. */
abstract class NamedEngine implements Engine {
    private final String name;
    private final String description;

    NamedEngine(String name, String description) {
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
