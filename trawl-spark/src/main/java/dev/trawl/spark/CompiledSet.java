package dev.trawl.spark;

import dev.trawl.Matcher;
import org.apache.spark.unsafe.types.UTF8String;

/** A set compiled on an executor, with the names its patterns are reported by, made once. */
final class CompiledSet {
    private final Matcher matcher;
    private final String[] names;
    private final UTF8String[] utf8Names;

    CompiledSet(Matcher matcher, PatternSetSpec spec) {
        this.matcher = matcher;
        this.names = new String[spec.size()];
        this.utf8Names = new UTF8String[spec.size()];
        for (int id = 0; id < names.length; id++) {
            names[id] = spec.name(id);
            utf8Names[id] = UTF8String.fromString(names[id]);
        }
    }

    Matcher matcher() {
        return matcher;
    }

    /** Pattern {@code id}'s label, or its id in decimal when it has none. */
    String name(int id) {
        return names[id];
    }

    /** {@link #name} as Spark's internal string. */
    UTF8String utf8Name(int id) {
        return utf8Names[id];
    }
}
