package dev.trawl.bench.data;

import java.util.function.Supplier;

/**
 * A value built on first use, once, by the first thread that asks (double-checked locking), for
 * what only some engines need, such as a workload's text decoded to strings. {@link #clear} drops it
 * to free the memory; asked again, it is built again.
 */
final class BuiltOnce<T> {
    private final Supplier<T> build;
    private volatile T value;

    BuiltOnce(Supplier<T> build) {
        this.build = build;
    }

    T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = build.get();
                    value = v;
                }
            }
        }
        return v;
    }

    void clear() {
        value = null;
    }
}
