package dev.trawl.spark;

import dev.trawl.Matcher;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The five functions, each one call of a {@link Matcher} per-record operation over a whole
 * {@link RecordBatch}, answering with Spark's internal values ({@code Boolean}, {@link UTF8String},
 * {@link ArrayData}, {@code Long}); a null value answers null. A pattern is reported by its label,
 * or by its id in decimal when it has none ({@link CompiledSet#name}).
 */
public enum TrawlFunction {
    /** {@code boolean}: whether the value holds a match ({@link Matcher#anyMatch}). */
    ANY(DataTypes.BooleanType) {
        @Override
        void evaluate(CompiledSet set, RecordBatch batch, Object[] out) {
            boolean[] hit = set.matcher().anyMatch(batch.records());
            perValue(batch, out, i -> hit[i]);
        }
    },
    /**
     * {@code string}: the pattern whose match starts first in the value, the lowest id among those
     * starting there ({@link Matcher#firstMatch}); null when none matches.
     */
    FIRST(DataTypes.StringType) {
        @Override
        void evaluate(CompiledSet set, RecordBatch batch, Object[] out) {
            int[] first = set.matcher().firstMatch(batch.records());
            perValue(batch, out, i -> first[i] < 0 ? null : set.utf8Name(first[i]));
        }
    },
    /** {@code array<string>}: the distinct patterns that match in the value, by ascending id ({@link Matcher#matchedPatterns}). */
    MATCHED(DataTypes.createArrayType(DataTypes.StringType, false)) {
        @Override
        void evaluate(CompiledSet set, RecordBatch batch, Object[] out) {
            RecordPatterns rows = set.matcher().matchedPatterns(batch.records());
            int[] offsets = rows.offsets();
            int[] ids = rows.ids();
            for (int i = 0; i < rows.size(); i++) {
                if (batch.isNull(i)) {
                    out[i] = null;
                    continue;
                }
                Object[] names = new Object[offsets[i + 1] - offsets[i]];
                for (int k = 0; k < names.length; k++) {
                    names[k] = set.utf8Name(ids[offsets[i] + k]);
                }
                out[i] = new GenericArrayData(names);
            }
        }
    },
    /** {@code bigint}: the number of matches in the value ({@link Matcher#countPerRecord}). */
    COUNT(DataTypes.LongType) {
        @Override
        void evaluate(CompiledSet set, RecordBatch batch, Object[] out) {
            long[] n = set.matcher().countPerRecord(batch.records());
            perValue(batch, out, i -> n[i]);
        }
    },
    /**
     * {@code array<struct<label: string, start: int, end: int>>}: every match in the value, ordered
     * by start, then pattern id ({@link Matcher#scanRecords}); {@code start} and {@code end}
     * (exclusive) count characters from 0, as {@link CharOffsets} says.
     */
    EXTRACT(DataTypes.createArrayType(new StructType()
            .add("label", DataTypes.StringType, false)
            .add("start", DataTypes.IntegerType, false)
            .add("end", DataTypes.IntegerType, false), false)) {
        @Override
        void evaluate(CompiledSet set, RecordBatch batch, Object[] out) {
            Records records = batch.records();
            int[] counts = new int[records.size() + 1];
            long[][] found = {new long[64]}; // (pattern id, start, end) per match, in order
            int[] n = {0};
            set.matcher().scanRecords(records, (record, id, start, end) -> {
                if (3 * n[0] + 3 > found[0].length) {
                    found[0] = Arrays.copyOf(found[0], found[0].length * 2);
                }
                found[0][3 * n[0]] = id;
                found[0][3 * n[0] + 1] = start;
                found[0][3 * n[0] + 2] = end;
                n[0]++;
                counts[record]++;
                return true;
            });
            CharOffsets chars = new CharOffsets();
            long[] m = found[0];
            int at = 0;
            for (int i = 0; i < records.size(); i++) {
                if (batch.isNull(i)) {
                    out[i] = null;
                    at += counts[i]; // a null is an empty record, where an empty-matching regex still matches
                    continue;
                }
                chars.reset(batch.data(), batch.start(i), batch.end(i) - batch.start(i));
                Object[] rows = new Object[counts[i]];
                for (int k = 0; k < rows.length; k++, at++) {
                    rows[k] = new GenericInternalRow(new Object[] {
                        set.utf8Name((int) m[3 * at]), chars.start(m[3 * at + 1]), chars.end(m[3 * at + 2])});
                }
                out[i] = new GenericArrayData(rows);
            }
        }
    };

    private final DataType dataType;

    TrawlFunction(DataType dataType) {
        this.dataType = dataType;
    }

    /** The Spark type of the function's result. */
    public DataType dataType() {
        return dataType;
    }

    /** The SQL name: {@code trawl_any}, {@code trawl_first}, ... */
    public String sqlName() {
        return "trawl_" + name().toLowerCase(Locale.ROOT);
    }

    /** Writes the answer for each value of {@code batch} to {@code out[0 .. batch.size())}. */
    abstract void evaluate(CompiledSet set, RecordBatch batch, Object[] out);

    /** {@code out[i]} is {@code answer(i)} for each value of the batch, null for a null value. */
    private static void perValue(RecordBatch batch, Object[] out, IntFunction<Object> answer) {
        for (int i = 0; i < batch.size(); i++) {
            out[i] = batch.isNull(i) ? null : answer.apply(i);
        }
    }
}
