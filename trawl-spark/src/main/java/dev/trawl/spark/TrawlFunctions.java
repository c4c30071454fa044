package dev.trawl.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * The DataFrame forms of the SQL functions, for {@code select} and {@code withColumn}:
 * {@code df.withColumn("template", trawl_first(col("value"), "templates"))}. They call the functions
 * {@link TrawlSpark#register} registered in the DataFrame's session, row by row; for many rows,
 * {@link TrawlSpark#columns} computes the same values in batches, much faster.
 */
public final class TrawlFunctions {
    private TrawlFunctions() {}

    /** Whether {@code value} holds a match of {@code set} (boolean; null for null). */
    public static Column trawl_any(Column value, String set) {
        return call(TrawlFunction.ANY, value, set);
    }

    /** The label (or id) of the pattern matching first in {@code value}; null when none does (string). */
    public static Column trawl_first(Column value, String set) {
        return call(TrawlFunction.FIRST, value, set);
    }

    /** The labels (or ids) of the distinct patterns matching in {@code value}, by id (array of string). */
    public static Column trawl_matched(Column value, String set) {
        return call(TrawlFunction.MATCHED, value, set);
    }

    /** The number of matches in {@code value} (bigint). */
    public static Column trawl_count(Column value, String set) {
        return call(TrawlFunction.COUNT, value, set);
    }

    /** Every match in {@code value} as (label, start, end), character offsets (array of struct). */
    public static Column trawl_extract(Column value, String set) {
        return call(TrawlFunction.EXTRACT, value, set);
    }

    private static Column call(TrawlFunction f, Column value, String set) {
        return functions.call_function(f.sqlName(), value, functions.lit(set));
    }
}
