package dev.trawl.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.desc;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The example job: every line of the loghub samples ({@code data/loghub/*}{@code /*_2k.log}) is
 * classified by the first loghub template that matches in it (batched, through
 * {@link TrawlSpark#classify}), then lines are counted per template. Runs in local mode on all cores
 * unless {@code spark.master} says otherwise; {@code scripts/spark-example.sh} runs it.
 *
 * <p>Arguments: the data directory (default {@code data}).
 */
public final class LoghubExample {
    private LoghubExample() {}

    public static void main(String[] args) {
        Path data = Path.of(args.length > 0 ? args[0] : "data");
        SparkSession spark = SparkSession.builder().appName("trawl-loghub-example").master("local[*]")
                // counting per template shuffles: a reduce task per core rather than Spark's default 200
                .config("spark.sql.shuffle.partitions", Integer.toString(Runtime.getRuntime().availableProcessors()))
                .getOrCreate();
        try {
            run(spark, data);
        } finally {
            spark.stop();
        }
    }

    static void run(SparkSession spark, Path data) {
        List<LoghubTemplates> templates = LoghubTemplates.all(data);
        TrawlSpark.register(spark, "templates", LoghubTemplates.patternSet(templates));

        String[] logs = LoghubTemplates.logs(data).stream().map(Path::toString).toArray(String[]::new);
        Dataset<Row> lines = spark.read().text(logs); // one row per line, column "value"
        long t0 = System.nanoTime();
        Dataset<Row> classified = TrawlSpark.classify(lines, "value", "templates", "template").cache();
        List<Row> perTemplate = classified.groupBy("template").count().orderBy(desc("count"), col("template")).collectAsList();
        double seconds = (System.nanoTime() - t0) / 1e9;

        long total = 0;
        long unmatched = 0;
        for (Row r : perTemplate) {
            total += r.getLong(1);
            unmatched += r.isNullAt(0) ? r.getLong(1) : 0;
        }
        System.out.printf("%,d lines of %d loghub systems, %,d templates: %,d lines classified into %,d templates, %,d"
                + " unmatched, in %.2f s%n", total, logs.length, templates.size(), total - unmatched,
                perTemplate.size() - (unmatched > 0 ? 1 : 0), unmatched, seconds);
        System.out.println("Lines per template, most frequent first:");
        classified.groupBy("template").count().orderBy(desc("count"), col("template")).show(15, false);

        // The same through SQL, row by row (convenient, slower on many rows)
        lines.createOrReplaceTempView("logs");
        spark.sql("SELECT trawl_first(value, 'templates') AS template, substr(value, 1, 60) AS line"
                + " FROM logs WHERE trawl_any(value, 'templates') LIMIT 5").show(false);
        classified.unpersist();
    }
}
