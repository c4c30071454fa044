package dev.trawl;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How to compile and run a matcher: which engine, how many threads, and who hears about progress.
 * Immutable; the {@code with...} methods return changed copies.
 *
 * @param engine an engine name ({@code auto}, {@code cpu:aho-corasick}, ...)
 * @param threads worker threads for engines that split the input (at least 1)
 * @param progress told how many bytes are done, from scanning threads; {@link Progress#NONE} by default
 * @param chunkBytes bytes of input per unit of parallel work, or 0 to let the engine choose (a tuning
 *     knob; tests set tiny values to put chunk boundaries inside matches)
 * @param compileCache a directory where {@code cpu:aho-corasick} keeps the compiled tables of sets of
 *     10,000 patterns or more, and reads them back when the same set is compiled again, in this
 *     process or a later one; {@code null} (the default): none
 */
public record MatcherOptions(String engine, int threads, Progress progress, long chunkBytes, Path compileCache) {
    /** The engine name that lets Trawl pick the engine for the pattern set (see {@link Engines#auto}). */
    public static final String AUTO = "auto";

    /** Hears how far a long scan has got. Called from worker threads; must be cheap and thread-safe. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total) -> {};

        void bytesDone(long done, long total);
    }

    public MatcherOptions {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(progress, "progress");
        if (threads < 1) {
            throw new TrawlException("threads must be at least 1, got " + threads);
        }
        if (chunkBytes < 0) {
            throw new TrawlException("chunk size must not be negative, got " + chunkBytes);
        }
    }

    /** The options without a compile cache (the form before there was one). */
    public MatcherOptions(String engine, int threads, Progress progress, long chunkBytes) {
        this(engine, threads, progress, chunkBytes, null);
    }

    /** {@code auto}, one thread per available processor, no progress reports, no compile cache. */
    public static MatcherOptions defaults() {
        return new MatcherOptions(AUTO, Runtime.getRuntime().availableProcessors(), Progress.NONE, 0, null);
    }

    public MatcherOptions withEngine(String name) {
        return new MatcherOptions(name, threads, progress, chunkBytes, compileCache);
    }

    public MatcherOptions withThreads(int n) {
        return new MatcherOptions(engine, n, progress, chunkBytes, compileCache);
    }

    public MatcherOptions withProgress(Progress p) {
        return new MatcherOptions(engine, threads, p, chunkBytes, compileCache);
    }

    public MatcherOptions withChunkBytes(long bytes) {
        return new MatcherOptions(engine, threads, progress, bytes, compileCache);
    }

    /** These options with compiled tables kept in {@code dir} ({@code null}: none); see {@link #compileCache}. */
    public MatcherOptions withCompileCache(Path dir) {
        return new MatcherOptions(engine, threads, progress, chunkBytes, dir);
    }
}
