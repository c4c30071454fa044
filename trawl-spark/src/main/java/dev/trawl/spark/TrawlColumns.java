package dev.trawl.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * New columns computed in batches: the recommended way to run Trawl over a DataFrame. Each call
 * adds one column, a {@link TrawlFunction} of a string column under a registered pattern set;
 * {@link #apply} returns the DataFrame with those columns appended, in call order:
 *
 * <pre>{@code
 * Dataset<Row> out = TrawlSpark.columns(logs)
 *         .first("template", "value", "templates")   // new column, input column, pattern set
 *         .count("hits", "value", "errors")
 *         .apply();
 * }</pre>
 *
 * <p>Each partition's rows go to the engine {@code spark.trawl.batchSize} at a time (4,096 by
 * default) as one Arrow-style column of their UTF-8 bytes, copied from Spark's internal strings
 * without decoding; the results come back as Spark's internal values. Outputs reading the same
 * input column share its batch.
 *
 * <p>The result is a new plan over the input's rows (Spark's RDD scan): filters and column pruning
 * written after {@code apply} are not pushed below it into the input's source, so select and filter
 * the input first. The batch size and threads are read from the session when {@code apply} runs.
 */
public final class TrawlColumns {
    private record Call(TrawlFunction function, String output, String input, String set) {}

    private final Dataset<Row> input;
    private final List<Call> calls = new ArrayList<>();

    TrawlColumns(Dataset<Row> input) {
        this.input = Objects.requireNonNull(input, "input");
    }

    /** {@code output}: whether {@code input} holds a match of {@code set} (boolean). */
    public TrawlColumns any(String output, String input, String set) {
        return add(TrawlFunction.ANY, output, input, set);
    }

    /** {@code output}: the label (or id) of the pattern matching first in {@code input}, or null (string). */
    public TrawlColumns first(String output, String input, String set) {
        return add(TrawlFunction.FIRST, output, input, set);
    }

    /** {@code output}: the labels (or ids) of the distinct patterns matching in {@code input}, by id (array of string). */
    public TrawlColumns matched(String output, String input, String set) {
        return add(TrawlFunction.MATCHED, output, input, set);
    }

    /** {@code output}: the number of matches in {@code input} (bigint). */
    public TrawlColumns count(String output, String input, String set) {
        return add(TrawlFunction.COUNT, output, input, set);
    }

    /** {@code output}: every match in {@code input} as (label, start, end) in characters (array of struct). */
    public TrawlColumns extract(String output, String input, String set) {
        return add(TrawlFunction.EXTRACT, output, input, set);
    }

    /** {@code output}: {@code function} of {@code input} under {@code set}. */
    public TrawlColumns add(TrawlFunction function, String output, String input, String set) {
        calls.add(new Call(Objects.requireNonNull(function, "function"), Objects.requireNonNull(output, "output"),
                Objects.requireNonNull(input, "input"), Objects.requireNonNull(set, "set")));
        return this;
    }

    /**
     * The input with the new columns appended.
     *
     * @throws IllegalArgumentException for an input column that is missing or not a string, an
     *     output name already taken, or a set not registered in the input's session
     */
    public Dataset<Row> apply() {
        var spark = TrawlSpark.classic(input.sparkSession());
        StructType schema = input.schema();
        List<Integer> inputs = new ArrayList<>(); // input columns' ordinals, each once
        List<BatchEvaluation.Output> outputs = new ArrayList<>();
        StructType out = schema;
        for (Call call : calls) {
            int ordinal = ordinal(schema, call.input());
            if (!schema.fields()[ordinal].dataType().equals(DataTypes.StringType)) {
                throw new IllegalArgumentException("column " + call.input() + " is " + schema.fields()[ordinal]
                        .dataType().simpleString() + ", Trawl's functions take a string column");
            }
            if (has(out, call.output())) {
                throw new IllegalArgumentException("column " + call.output() + " exists already: name the output otherwise");
            }
            if (!inputs.contains(ordinal)) {
                inputs.add(ordinal);
            }
            outputs.add(new BatchEvaluation.Output(call.function(), inputs.indexOf(ordinal), TrawlSpark.set(spark, call.set())));
            out = out.add(call.output(), call.function().dataType(), true);
        }
        int[] ordinals = inputs.stream().mapToInt(Integer::intValue).toArray();
        BatchEvaluation evaluation = new BatchEvaluation(TrawlSpark.batchSize(spark), ordinals,
                outputs.toArray(BatchEvaluation.Output[]::new));
        RDD<InternalRow> rows = toRdd(input).toJavaRDD().mapPartitions(evaluation).rdd();
        return spark.internalCreateDataFrame(rows, out, false);
    }

    private static RDD<InternalRow> toRdd(Dataset<Row> ds) {
        return ((org.apache.spark.sql.classic.Dataset<Row>) ds).queryExecution().toRdd();
    }

    private static int ordinal(StructType schema, String column) {
        StructField[] fields = schema.fields();
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].name().equals(column)) {
                return i;
            }
        }
        for (int i = 0; i < fields.length; i++) { // Spark's names are case-insensitive by default
            if (fields[i].name().toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT))) {
                return i;
            }
        }
        throw new IllegalArgumentException("no column " + column + " among " + String.join(", ", schema.fieldNames()));
    }

    private static boolean has(StructType schema, String column) {
        for (String name : schema.fieldNames()) {
            if (name.equalsIgnoreCase(column)) {
                return true;
            }
        }
        return false;
    }
}
