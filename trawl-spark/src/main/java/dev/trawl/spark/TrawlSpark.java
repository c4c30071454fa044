package dev.trawl.spark;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Trawl on Apache Spark: pattern sets registered by name in a session, then searched from batched
 * DataFrame transforms ({@link #columns}, {@link #classify}; the fast way) or from the SQL functions
 * {@code trawl_any}, {@code trawl_first}, {@code trawl_matched}, {@code trawl_count} and
 * {@code trawl_extract} (row by row, for convenience; {@link TrawlFunctions} has their DataFrame
 * forms).
 *
 * <pre>{@code
 * TrawlSpark.register(spark, "errors", PatternSet.builder()
 *         .addRegex("timeout after \\d+ms", "timeout").add("OutOfMemoryError", "oom").build());
 * Dataset<Row> tagged = TrawlSpark.classify(logs, "value", "errors", "error");   // batched
 * spark.sql("SELECT trawl_first(value, 'errors') AS error, count(*) FROM logs GROUP BY 1").show();
 * }</pre>
 *
 * <p>Settings, read from the session's configuration: {@value #ENGINE} (default {@code auto}) and
 * {@value #THREADS} (matcher threads per task, default 1, since Spark runs a task per core already)
 * when a set is registered; {@value #BATCH_SIZE} (rows per engine call, default
 * {@value #DEFAULT_BATCH_SIZE}) when a batched transform is built.
 *
 * <p>A registered set is broadcast once; each executor JVM compiles it on first use and keeps it
 * for every later task and query, keyed by name, engine, threads and a digest of the patterns.
 */
public final class TrawlSpark {
    /** The engine sets are compiled for: a Trawl engine name, {@code auto} by default. */
    public static final String ENGINE = "spark.trawl.engine";
    /** Rows per call of the engine in batched transforms. */
    public static final String BATCH_SIZE = "spark.trawl.batchSize";
    /** Matcher threads inside each Spark task. */
    public static final String THREADS = "spark.trawl.threads";
    public static final int DEFAULT_BATCH_SIZE = 4096;

    // each session's sets; weak, so that a session's sets go when it does
    private static final Map<SparkSession, SessionSets> SESSIONS = new WeakHashMap<>();

    private TrawlSpark() {}

    /**
     * Registers {@code set} as {@code name} in {@code spark} (replacing a set of that name) and
     * broadcasts it; the first registration in a session also registers the SQL functions. The set
     * is compiled here once, so an engine that cannot take it fails now rather than in every task.
     */
    public static void register(SparkSession spark, String name, PatternSet set) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(set, "set");
        var classic = classic(spark);
        String engine = classic.conf().get(ENGINE, MatcherOptions.AUTO);
        int threads = positive(classic, THREADS, 1);
        PatternSetSpec spec = PatternSetSpec.of(set);
        Broadcast<PatternSetSpec> shipped = JavaSparkContext.fromSparkContext(classic.sparkContext()).broadcast(spec);
        RegisteredSet registered = new RegisteredSet(name, engine, threads, spec.version(), shipped);
        registered.compiled();
        SessionSets sets;
        boolean first;
        synchronized (SESSIONS) {
            first = !SESSIONS.containsKey(classic);
            sets = SESSIONS.computeIfAbsent(classic, s -> new SessionSets());
        }
        sets.put(registered);
        if (first) {
            RowFunctions.register(classic, sets);
        }
    }

    /**
     * Registers the patterns of a file, one per line, each a literal unless it starts with
     * {@code re:} (see {@link PatternSet.Builder#addPrefixedFile}). They have no labels, so the
     * functions report pattern ids (line numbers from 0).
     */
    public static void register(SparkSession spark, String name, Path patternFile) {
        register(spark, name, PatternSet.builder().addPrefixedFile(patternFile).build());
    }

    /** The names of the sets registered in {@code spark}, in registration order. */
    public static Set<String> sets(SparkSession spark) {
        return sessionSets(spark).names();
    }

    /** Batched new columns over {@code input}: see {@link TrawlColumns}. */
    public static TrawlColumns columns(Dataset<Row> input) {
        return new TrawlColumns(input);
    }

    /**
     * {@code input} with a column {@code output} naming the pattern of {@code set} that matches first
     * in string column {@code column} (its label, or its id when it has none; null when none
     * matches), computed in batches.
     */
    public static Dataset<Row> classify(Dataset<Row> input, String column, String set, String output) {
        return columns(input).first(output, column, set).apply();
    }

    /** @throws IllegalArgumentException when {@code spark} has no set named {@code name} */
    static RegisteredSet set(SparkSession spark, String name) {
        return sessionSets(spark).get(name);
    }

    private static SessionSets sessionSets(SparkSession spark) {
        synchronized (SESSIONS) {
            SessionSets sets = SESSIONS.get(spark);
            return sets != null ? sets : new SessionSets(); // none yet: an empty one, for the message
        }
    }

    static int batchSize(SparkSession spark) {
        return positive(classic(spark), BATCH_SIZE, DEFAULT_BATCH_SIZE);
    }

    static org.apache.spark.sql.classic.SparkSession classic(SparkSession spark) {
        if (spark instanceof org.apache.spark.sql.classic.SparkSession c) {
            return c;
        }
        throw new IllegalArgumentException("Trawl runs in Spark's classic (JVM) sessions, not through Spark Connect");
    }

    private static int positive(SparkSession spark, String key, int otherwise) {
        String v = spark.conf().get(key, Integer.toString(otherwise));
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a positive integer, got " + v);
    }
}
