package dev.trawl.bench.harness;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import java.util.List;
import java.util.Optional;

/**
 * One row of an experiment: a Trawl engine, a bench-local baseline, or a peer library. Compiles an
 * experiment's {@link Problem} once, then runs over the workload as many times as the harness asks.
 */
public interface BenchEngine {

    /** Match semantics, which decide what a run can be checked against. */
    enum Semantics {
        /** Every occurrence of every pattern, overlapping ones included (Trawl's contract). */
        ALL_MATCHES,
        /** Non-overlapping, leftmost-first matches of one alternation (a regex library's find loop). */
        LEFTMOST_FIRST
    }

    String name();

    /** "trawl", "baseline" or "peer". */
    String kind();

    default Semantics semantics() {
        return Semantics.ALL_MATCHES;
    }

    /** Where this engine's semantics or setup differ from Trawl's; printed in the table. Empty if none. */
    default String note() {
        return "";
    }

    /** Threads this engine runs on for a run with {@code threads} requested. */
    default int threads(int threads) {
        return threads;
    }

    /**
     * True when the engine takes a run's chunks as one input and spreads it over threads itself (Trawl's
     * engines): the harness cannot tell how many of its threads a run uses, so it assumes one until a
     * run has been measured (see {@code Runner}). False for engines that the bench threads over chunks.
     */
    default boolean ownThreading() {
        return false;
    }

    /** Empty when it can run here; else why not (no GPU, library missing, ...). */
    default Optional<String> unavailable() {
        return Optional.empty();
    }

    /** Empty when it takes this problem; else why not. */
    Optional<String> rejects(Problem problem);

    Compiled compile(Problem problem, int threads) throws Throwable;

    /** A compiled pattern set. Runs may be repeated; close frees native memory. */
    interface Compiled extends AutoCloseable {

        /**
         * Makes what a run over {@code chunks} into {@code r} ({@code null}: a {@link #count}) needs and
         * a user would hold already, such as the lines as records; the harness calls it before each
         * timed run, untimed, so it should keep what it made.
         */
        default void prepare(Workload w, List<Chunk> chunks, Reduction r) throws Exception {}

        /** Feeds every match in {@code chunks} (a contiguous run of the workload's chunks) into parts of {@code r}. */
        Digest run(Workload w, List<Chunk> chunks, Reduction r) throws Exception;

        /** The number of matches in {@code chunks}. */
        default long count(Workload w, List<Chunk> chunks) throws Exception {
            return run(w, chunks, new Reduction.AllMatches()).count();
        }

        /**
         * True when {@link #count} is this engine's own fast path (Trawl's {@code Matcher.count}, counting
         * in C): experiments that count then time {@code count} and check with a separate run. Otherwise
         * they time {@link #run} into the digest the check needs, which costs such engines next to nothing
         * more than counting (a hash per match, beside a callback per match).
         */
        default boolean fastCount() {
            return false;
        }

        @Override
        default void close() {}
    }
}
