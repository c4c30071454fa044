package dev.trawl.spark;

import org.apache.spark.sql.SparkSession;

/** A small local-mode session for tests: two cores, two shuffle partitions, no UI. */
final class LocalSpark {
    private LocalSpark() {}

    static SparkSession start(String name) {
        return SparkSession.builder()
                .appName(name)
                .master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }
}
