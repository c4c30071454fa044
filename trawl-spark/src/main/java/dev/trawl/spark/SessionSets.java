package dev.trawl.spark;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pattern sets registered in one session, by name. The SQL functions hold this object, and a
 * task gets a copy of it when Spark serializes the query's plan for it, so a query sees the sets
 * registered when it runs, whenever the functions were registered.
 */
final class SessionSets implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final ConcurrentHashMap<String, RegisteredSet> sets = new ConcurrentHashMap<>();
    private final Set<String> order = new LinkedHashSet<>(); // registration order, for messages

    synchronized void put(RegisteredSet set) {
        sets.put(set.name(), set);
        order.remove(set.name());
        order.add(set.name());
    }

    /**
     * @throws IllegalArgumentException naming the sets there are, when {@code name} is not one
     */
    RegisteredSet get(String name) {
        RegisteredSet set = name == null ? null : sets.get(name);
        if (set == null) {
            throw new IllegalArgumentException("no Trawl pattern set named " + name + " in this session (registered: "
                    + (sets.isEmpty() ? "none" : String.join(", ", names())) + "); see TrawlSpark.register");
        }
        return set;
    }

    synchronized Set<String> names() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(order));
    }
}
