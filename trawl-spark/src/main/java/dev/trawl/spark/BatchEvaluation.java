package dev.trawl.spark;

import java.io.Serial;
import java.io.Serializable;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.JoinedRow;

/**
 * What {@link TrawlColumns#apply} runs on each partition: the partition's rows in batches of up to
 * {@code batchSize} (fewer when a column's bytes would pass {@link RecordBatch#MAX_BYTES}), each input column
 * copied into one {@link RecordBatch}, each output one call of its function over the whole batch,
 * then the rows again with the outputs appended.
 *
 * <p>A batch holds copies of its rows (Spark reuses the row objects an iterator hands out) and the
 * column's bytes; at the default 4,096 rows of 200-byte log lines that is about 2 MB a task.
 */
final class BatchEvaluation implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
    @Serial
    private static final long serialVersionUID = 1L;

    /** One new column: a function of input column {@code input} (an index into the inputs) under a set. */
    record Output(TrawlFunction function, int input, RegisteredSet set) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
    }

    private final int batchSize;
    private final int maxBatchBytes;
    private final int[] inputOrdinals; // the input columns' ordinals in the row, each once
    private final Output[] outputs;

    BatchEvaluation(int batchSize, int[] inputOrdinals, Output[] outputs) {
        this(batchSize, RecordBatch.MAX_BYTES, inputOrdinals, outputs);
    }

    /** With a batch's bytes per input column limited to {@code maxBatchBytes} (tests make it small). */
    BatchEvaluation(int batchSize, int maxBatchBytes, int[] inputOrdinals, Output[] outputs) {
        this.batchSize = batchSize;
        this.maxBatchBytes = maxBatchBytes;
        this.inputOrdinals = inputOrdinals;
        this.outputs = outputs;
    }

    @Override
    public Iterator<InternalRow> call(Iterator<InternalRow> rows) {
        return new Batches(rows);
    }

    private final class Batches implements Iterator<InternalRow> {
        private final Iterator<InternalRow> in;
        private final InternalRow[] rows = new InternalRow[batchSize];
        private final RecordBatch[] columns = new RecordBatch[inputOrdinals.length];
        private final CompiledSet[] sets = new CompiledSet[outputs.length];
        private final Object[][] results = new Object[outputs.length][batchSize];
        private final GenericInternalRow appended = new GenericInternalRow(outputs.length);
        private final JoinedRow joined = new JoinedRow();
        private InternalRow pending; // read, but left for the next batch, which the last one had no room for
        private int size;
        private int next;

        Batches(Iterator<InternalRow> in) {
            this.in = in;
            for (int c = 0; c < columns.length; c++) {
                columns[c] = new RecordBatch(maxBatchBytes);
            }
        }

        @Override
        public boolean hasNext() {
            if (next < size) {
                return true;
            }
            fill();
            return size > 0;
        }

        @Override
        public InternalRow next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            int i = next++;
            for (int o = 0; o < outputs.length; o++) {
                appended.update(o, results[o][i]);
            }
            // the scan above this (Spark's RDD scan) projects each row to an UnsafeRow before asking
            // for the next, so one joined row and one row of outputs serve the whole batch
            return joined.apply(rows[i], appended);
        }

        private void fill() {
            next = 0;
            size = 0;
            for (RecordBatch c : columns) {
                c.clear();
            }
            while (size < batchSize) {
                InternalRow row;
                if (pending != null) {
                    row = pending;
                    pending = null;
                } else if (in.hasNext()) {
                    row = in.next().copy();
                } else {
                    break;
                }
                if (wouldOverflow(row)) {
                    pending = row;
                    break;
                }
                rows[size++] = row;
                for (int c = 0; c < columns.length; c++) {
                    int ord = inputOrdinals[c];
                    columns[c].add(row.isNullAt(ord) ? null : row.getUTF8String(ord));
                }
            }
            if (size == 0) {
                return;
            }
            for (int o = 0; o < outputs.length; o++) {
                if (sets[o] == null) {
                    sets[o] = outputs[o].set().compiled();
                }
                outputs[o].function().evaluate(sets[o], columns[outputs[o].input()], results[o]);
            }
        }

        private boolean wouldOverflow(InternalRow row) {
            for (int c = 0; c < columns.length; c++) {
                int ord = inputOrdinals[c];
                if (!row.isNullAt(ord) && columns[c].full(row.getUTF8String(ord).numBytes())) {
                    return true;
                }
            }
            return false;
        }
    }
}
