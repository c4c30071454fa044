package dev.trawl;

import java.util.Optional;

/**
 * A named search algorithm: compiles a {@link PatternSet} into a {@link Matcher}. CPU engines live in
 * {@code dev.trawl.engine.cpu}; others (the GPU ones) arrive through {@link EngineProvider}.
 */
public interface Engine {

    /** {@code cpu:...} or {@code gpu:...}; stable, used on the command line. */
    String name();

    /** One line for {@code trawl --list-engines}. */
    String description();

    /** Empty when the engine can run here, else why not (no GPU, no driver, ...). */
    default Optional<String> unavailableReason() {
        return Optional.empty();
    }

    /**
     * A cheap first answer to {@link #unavailableReason()}: false when the engine surely cannot run
     * here, true when it may (the full check can still say no). GPU engines answer from the driver
     * library's presence without starting CUDA, so {@code auto} can defer that start-up until an input
     * is worth it.
     */
    default boolean mayBeAvailable() {
        return unavailableReason().isEmpty();
    }

    /**
     * Whether the device this engine runs on is already set up in this process (for a GPU engine: the
     * context made and the kernels loaded, by an earlier matcher), so that compiling a matcher costs only
     * its own tables. Never starts anything. {@code auto} counts a GPU's start-up only while it is not.
     */
    default boolean deviceStarted() {
        return true;
    }

    /**
     * Whether this engine takes regex patterns ({@link PatternSet#hasRegex()}); literal-only engines
     * keep the default, and {@link Engines} refuses them sets with regexes, so they never see one.
     */
    default boolean supportsRegex() {
        return false;
    }

    /** Whether this engine accepts the given set (some engines limit pattern counts); empty if so. */
    default Optional<String> rejects(PatternSet patterns) {
        return Optional.empty();
    }

    Matcher compile(PatternSet patterns, MatcherOptions options);
}
