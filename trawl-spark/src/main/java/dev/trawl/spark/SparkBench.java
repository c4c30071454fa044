package dev.trawl.spark;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;

import dev.trawl.Matcher;
import dev.trawl.PatternSet;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.Trawl;
import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Classifies log rows by loghub template on Spark in local mode, on all cores, four ways, and prints
 * rows per second: Trawl's batched {@code trawl_first} ({@link TrawlSpark#classify}), Trawl's SQL
 * function (row by row), Spark's own {@code rlike} in a {@code CASE WHEN} chain over the same
 * templates, and a Spark UDF looping over {@code java.util.regex} patterns. Rows are the loghub
 * sample lines (all systems, interleaved) replayed to {@code --rows} (default 10 million), cached
 * before timing; the templates are {@link LoghubTemplates#all}, 1,363 regexes.
 *
 * <p>The two Spark rows answer "the first template in list order that matches", Trawl's
 * {@code trawl_first} "the template whose match starts first" (the lowest id among those starting
 * there); each row's counts per template are checked against Trawl's core library on the distinct
 * lines ({@link Matcher#firstMatch}, or the lowest id of {@link Matcher#matchedPatterns}). The slower
 * methods run on fewer rows, and the table says how many: Trawl's SQL function on
 * {@code --row-by-row-rows} (default 200,000), the two Spark ones on {@code --peer-rows} (default
 * 5,000; they classify about a hundred rows a second per core).
 *
 * <pre>
 * scripts/spark-run.sh dev.trawl.spark.SparkBench --rows 200000 [--row-by-row-rows N] [--peer-rows N]
 *     [--partitions N] [--data DIR]
 * </pre>
 */
public final class SparkBench {
    /** How many rows a method is timed on. */
    private enum Rows { ALL, ROW_BY_ROW, PEER }

    private record Method(String name, Rows rows, boolean lowestId, Function<Dataset<Row>, Dataset<Row>> classify) {}

    private record Result(Method method, long rows, double seconds, boolean agrees) {}

    private SparkBench() {}

    public static void main(String[] args) {
        Map<String, String> opts = options(args);
        long rows = Long.parseLong(opts.getOrDefault("rows", "10000000"));
        long rowByRowRows = Math.min(rows, Long.parseLong(opts.getOrDefault("row-by-row-rows", "200000")));
        long peerRows = Math.min(rowByRowRows, Long.parseLong(opts.getOrDefault("peer-rows", "5000")));
        Path data = Path.of(opts.getOrDefault("data", "data"));
        int cores = Runtime.getRuntime().availableProcessors();
        SparkSession spark = SparkSession.builder().appName("trawl-spark-bench").master("local[*]")
                // the count per template shuffles: one reduce task per core rather than Spark's default 200
                .config("spark.sql.shuffle.partitions", Integer.toString(cores)).getOrCreate();
        try {
            int partitions = Integer.parseInt(opts.getOrDefault("partitions",
                    Integer.toString(4 * spark.sparkContext().defaultParallelism())));
            run(spark, data, new long[] {rows, rowByRowRows, peerRows}, partitions);
        } finally {
            spark.stop();
        }
    }

    /** {@code rows}: how many rows each of {@link Rows} means. */
    static void run(SparkSession spark, Path data, long[] rows, int partitions) {
        List<LoghubTemplates> templates = LoghubTemplates.all(data);
        PatternSet set = LoghubTemplates.patternSet(templates);
        long t0 = System.nanoTime();
        TrawlSpark.register(spark, "templates", set);
        double register = (System.nanoTime() - t0) / 1e9;
        List<String> lines = interleavedLines(data);

        List<Method> methods = List.of(
                new Method("Trawl `trawl_first`, batched (`TrawlSpark.classify`)", Rows.ALL, false,
                        df -> TrawlSpark.classify(df, "value", "templates", "template")),
                new Method("Trawl `trawl_first` SQL function (row by row)", Rows.ROW_BY_ROW, false,
                        df -> df.select(TrawlFunctions.trawl_first(col("value"), "templates").as("template"))),
                new Method("Spark `rlike`, `CASE WHEN` chain", Rows.PEER, true,
                        df -> df.select(caseWhen(templates).as("template"))),
                new Method("Spark UDF over `java.util.regex`", Rows.PEER, true,
                        df -> df.select(udf(new FirstRegex(templates), DataTypes.StringType).apply(col("value")).as("template"))));

        String[] firstExpected = perLine(set, lines, false);
        String[] lowestExpected = perLine(set, lines, true);
        Dataset<Row> warm = replay(spark, lines, Math.min(rows[2], 1000), partitions);
        List<Dataset<Row>> inputs = new ArrayList<>(); // by Rows
        for (int i = 0; i < rows.length; i++) {
            inputs.add(i > 0 && rows[i] == rows[i - 1] ? inputs.get(i - 1) : replay(spark, lines, rows[i], partitions));
        }
        List<Result> results = new ArrayList<>();
        for (Method m : methods) {
            counts(m.classify().apply(warm)); // codegen, JIT, compiled sets
            Dataset<Row> input = inputs.get(m.rows().ordinal());
            long n = rows[m.rows().ordinal()];
            long start = System.nanoTime();
            Map<String, Long> got = counts(m.classify().apply(input));
            double s = (System.nanoTime() - start) / 1e9;
            Map<String, Long> want = expected(m.lowestId() ? lowestExpected : firstExpected, n);
            results.add(new Result(m, n, s, want.equals(got)));
            System.err.printf("%s: %,d rows in %.2f s%n", m.name(), n, s);
        }
        double core = coreRowsPerSecond(set, lines);
        print(results, rows[0], partitions, templates.size(), lines.size(), register, core);
        for (Dataset<Row> d : inputs) {
            d.unpersist();
        }
        warm.unpersist();
    }

    /** Lines per template (null: no template). */
    private static Map<String, Long> counts(Dataset<Row> classified) {
        Map<String, Long> out = new HashMap<>();
        for (Row r : classified.groupBy("template").count().collectAsList()) {
            out.put(r.isNullAt(0) ? null : r.getString(0), r.getLong(1));
        }
        return out;
    }

    /** {@code rows} rows: row {@code i} is line {@code i mod lines}, in {@code partitions} partitions, cached. */
    private static Dataset<Row> replay(SparkSession spark, List<String> lines, long rows, int partitions) {
        List<Row> keyed = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            keyed.add(RowFactory.create((long) k, lines.get(k)));
        }
        StructType schema = new StructType().add("k", DataTypes.LongType).add("value", DataTypes.StringType);
        Dataset<Row> byKey = spark.createDataFrame(keyed, schema);
        Dataset<Row> out = spark.range(0, rows, 1, partitions).withColumn("k", pmod(col("id"), lit(lines.size())))
                .join(broadcast(byKey), "k").select("value").persist(StorageLevel.MEMORY_AND_DISK());
        out.count();
        return out;
    }

    /** What a replay of {@code rows} rows should count per template, given each line's template. */
    private static Map<String, Long> expected(String[] perLine, long rows) {
        Map<String, Long> out = new HashMap<>();
        long full = rows / perLine.length;
        long rest = rows % perLine.length;
        for (int line = 0; line < perLine.length; line++) {
            long times = full + (line < rest ? 1 : 0);
            if (times > 0) {
                out.merge(perLine[line], times, Long::sum);
            }
        }
        return out;
    }

    /** Each line's template (null for none) from the core library: by first match, or the lowest id matching. */
    private static String[] perLine(PatternSet set, List<String> lines, boolean lowestId) {
        Matcher m = Trawl.compile(set);
        String[] out = new String[lines.size()];
        try (Records records = Records.of(lines)) {
            int[] first = lowestId ? null : m.firstMatch(records);
            RecordPatterns all = lowestId ? m.matchedPatterns(records) : null;
            for (int i = 0; i < out.length; i++) {
                int id = lowestId ? (all.count(i) == 0 ? -1 : all.id(i, 0)) : first[i];
                out[i] = id < 0 ? null : set.label(id);
            }
        }
        return out;
    }

    private static Column caseWhen(List<LoghubTemplates> templates) {
        Column c = null;
        for (LoghubTemplates t : templates) {
            Column test = col("value").rlike(t.regex());
            c = c == null ? when(test, lit(t.label())) : c.when(test, lit(t.label()));
        }
        return c;
    }

    /** The label of the first template in list order whose regex {@code find}s in the value, or null. */
    private static final class FirstRegex implements UDF1<String, String> {
        @Serial
        private static final long serialVersionUID = 1L;
        private final String[] regexes;
        private final String[] labels;
        private transient Pattern[] patterns;

        FirstRegex(List<LoghubTemplates> templates) {
            this.regexes = templates.stream().map(LoghubTemplates::regex).toArray(String[]::new);
            this.labels = templates.stream().map(LoghubTemplates::label).toArray(String[]::new);
        }

        @Override
        public String call(String value) {
            if (value == null) {
                return null;
            }
            if (patterns == null) {
                patterns = new Pattern[regexes.length];
                for (int i = 0; i < regexes.length; i++) {
                    patterns[i] = Pattern.compile(regexes[i]);
                }
            }
            for (int i = 0; i < patterns.length; i++) {
                if (patterns[i].matcher(value).find()) {
                    return labels[i];
                }
            }
            return null;
        }
    }

    /** Every system's sample lines (empty ones left out), interleaved: line 0 of each system, then line 1, ... */
    private static List<String> interleavedLines(Path data) {
        List<List<String>> per = new ArrayList<>();
        for (Path log : LoghubTemplates.logs(data)) {
            try {
                per.add(Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isEmpty()).toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            boolean any = false;
            for (List<String> l : per) {
                if (i < l.size()) {
                    out.add(l.get(i));
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    /** Rows per second of {@link Matcher#firstMatch} alone on the distinct lines, on all cores, best of five. */
    private static double coreRowsPerSecond(PatternSet set, List<String> lines) {
        Matcher m = Trawl.compile(set);
        double best = Double.MAX_VALUE;
        try (Records records = Records.of(lines)) {
            for (int run = 0; run < 5; run++) {
                long start = System.nanoTime();
                m.firstMatch(records);
                best = Math.min(best, (System.nanoTime() - start) / 1e9);
            }
        }
        return lines.size() / best;
    }

    private static void print(List<Result> results, long rows, int partitions, int templates, int lines, double register,
            double core) {
        double base = results.stream().filter(r -> r.method().name().startsWith("Spark `rlike`"))
                .mapToDouble(r -> r.rows() / r.seconds()).findFirst().orElse(Double.NaN);
        System.out.printf("%n%,d log rows (%,d loghub lines replayed), %,d templates, local[*] on %d cores, %d partitions;"
                + " Trawl's set registered (broadcast and compiled) in %.2f s%n%n", rows, lines, templates,
                Runtime.getRuntime().availableProcessors(), partitions, register);
        System.out.println("| method | rows timed | seconds | rows/s | vs `rlike` | counts per template |");
        System.out.println("|---|---:|---:|---:|---:|---|");
        for (Result r : results) {
            double rate = r.rows() / r.seconds();
            System.out.printf("| %s | %,d | %.2f | %,.0f | %.1fx | %s |%n", r.method().name(), r.rows(), r.seconds(), rate,
                    rate / base, r.agrees() ? "as the core library" : "DIFFER from the core library");
        }
        System.out.printf("%nTrawl's core library alone (`Matcher.firstMatch` on the %,d distinct lines as one `Records`"
                + " column, all cores, no Spark): %,.0f rows/s%n", lines, core);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException(
                        "usage: SparkBench [--rows N] [--row-by-row-rows N] [--peer-rows N] [--partitions N] [--data DIR]");
            }
            out.put(args[i].substring(2), args[++i]);
        }
        return out;
    }
}
