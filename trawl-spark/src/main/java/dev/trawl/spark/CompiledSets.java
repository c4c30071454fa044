package dev.trawl.spark;

import dev.trawl.MatcherOptions;
import dev.trawl.Trawl;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each executor JVM's compiled pattern sets, shared by all its tasks: a set is compiled once per
 * (name, engine, threads, version) however many tasks and queries use it. Entries stay for the
 * JVM's life, one per set version seen; a set registered again under its name with other patterns
 * is a new version and a new entry.
 */
final class CompiledSets {
    private record Key(String name, String engine, int threads, String version) {}

    private static final ConcurrentHashMap<Key, CompiledSet> CACHE = new ConcurrentHashMap<>();
    private static final AtomicLong COMPILES = new AtomicLong();

    private CompiledSets() {}

    static CompiledSet get(RegisteredSet set) {
        Key key = new Key(set.name(), set.engine(), set.threads(), set.version());
        CompiledSet c = CACHE.get(key);
        // computeIfAbsent compiles under the map's bin lock: concurrent tasks wait for one compile
        return c != null ? c : CACHE.computeIfAbsent(key, k -> compile(set));
    }

    private static CompiledSet compile(RegisteredSet set) {
        COMPILES.incrementAndGet();
        PatternSetSpec spec = set.spec().value();
        MatcherOptions options = MatcherOptions.defaults().withEngine(set.engine()).withThreads(set.threads());
        return new CompiledSet(Trawl.compile(spec.toPatternSet(), options), spec);
    }

    /** How many times this JVM has compiled a set (for tests). */
    static long compiles() {
        return COMPILES.get();
    }
}
