package dev.trawl.spark;

import java.io.Serial;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;

/**
 * The SQL functions ({@code trawl_any(value, 'set')}, ...) as Spark UDFs: each call searches one
 * value, so the engine sees one record at a time and Spark hands the UDF a decoded Java string
 * (re-encoded to UTF-8 here; malformed UTF-8 in the data has become U+FFFD by then). Convenient in
 * SQL; {@link TrawlColumns} is the fast way. Results are the batched path's, converted to Spark's
 * external types.
 */
final class RowFunctions implements UDF2<String, String, Object> {
    @Serial
    private static final long serialVersionUID = 1L;

    // one single-value batch per task thread, reused
    private static final ThreadLocal<RecordBatch> BATCH = ThreadLocal.withInitial(RecordBatch::new);

    private final TrawlFunction function;
    private final SessionSets sets;

    private RowFunctions(TrawlFunction function, SessionSets sets) {
        this.function = function;
        this.sets = sets;
    }

    /** Registers the five functions in {@code spark}, over its sets. */
    static void register(SparkSession spark, SessionSets sets) {
        for (TrawlFunction f : TrawlFunction.values()) {
            UserDefinedFunction udf = functions.udf(new RowFunctions(f, sets), f.dataType());
            spark.udf().register(f.sqlName(), udf);
        }
    }

    @Override
    public Object call(String value, String setName) {
        if (value == null) {
            return null;
        }
        RegisteredSet set = sets.get(setName);
        RecordBatch batch = BATCH.get();
        batch.clear();
        batch.add(value.getBytes(StandardCharsets.UTF_8));
        Object[] out = new Object[1];
        function.evaluate(set.compiled(), batch, out);
        return external(out[0]);
    }

    /** Spark's internal value as the external one a UDF returns. */
    private Object external(Object v) {
        return switch (function) {
            case ANY, COUNT -> v;
            case FIRST -> v == null ? null : v.toString();
            case MATCHED -> {
                ArrayData a = (ArrayData) v;
                String[] names = new String[a.numElements()];
                for (int k = 0; k < names.length; k++) {
                    names[k] = a.getUTF8String(k).toString();
                }
                yield names;
            }
            case EXTRACT -> {
                ArrayData a = (ArrayData) v;
                Row[] matches = new Row[a.numElements()];
                for (int k = 0; k < matches.length; k++) {
                    InternalRow m = a.getStruct(k, 3);
                    matches[k] = RowFactory.create(m.getUTF8String(0).toString(), m.getInt(1), m.getInt(2));
                }
                yield matches;
            }
        };
    }
}
