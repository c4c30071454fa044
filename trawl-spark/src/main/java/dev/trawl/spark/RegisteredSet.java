package dev.trawl.spark;

import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.broadcast.Broadcast;

/**
 * A pattern set as registered in a session: its name, the engine and threads to compile it for,
 * and the set itself, broadcast once. This is what a query's tasks carry (a few dozen bytes: the
 * broadcast is a reference); {@link #compiled()} turns it into a matcher, once per executor JVM.
 *
 * @param name the name functions and transforms refer to it by
 * @param engine the engine ({@code spark.trawl.engine} when it was registered)
 * @param threads matcher threads per task ({@code spark.trawl.threads} when it was registered)
 * @param version a digest of the patterns, so a name registered again is compiled again
 * @param spec the patterns, broadcast
 */
record RegisteredSet(String name, String engine, int threads, String version, Broadcast<PatternSetSpec> spec)
        implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    RegisteredSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(spec, "spec");
    }

    /** The compiled set, from this JVM's cache (compiled on first use). */
    CompiledSet compiled() {
        return CompiledSets.get(this);
    }
}
