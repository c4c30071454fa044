package dev.trawl.bench.engine;

import dev.trawl.bench.harness.BenchEngine;

/** A row for a library Trawl is measured against: a fixed name, and the kind {@code peer}. */
abstract class PeerEngine implements BenchEngine {
    private final String name;

    PeerEngine(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public String kind() {
        return "peer";
    }
}
