package dev.trawl.spark;

import dev.trawl.Records;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One batch of a string column, laid out as Arrow lays out a string column: every value's UTF-8
 * bytes back to back in one buffer, and {@code size() + 1} offsets into it. A null is an empty
 * record marked null. Values are copied in from Spark's {@link UTF8String}s as bytes, never decoded
 * to Java strings. The buffers grow to the largest batch seen and are reused by {@link #clear}.
 */
final class RecordBatch {
    /** By default a batch stops growing past this many bytes, so that its offsets stay far from int32's limit. */
    static final int MAX_BYTES = 64 << 20;

    private final int maxBytes;

    private byte[] data = new byte[1 << 16];
    private int[] offsets = new int[1025];
    private boolean[] nulls = new boolean[1024];
    private int size;
    private int bytes;

    RecordBatch() {
        this(MAX_BYTES);
    }

    RecordBatch(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    void clear() {
        size = 0;
        bytes = 0;
    }

    int size() {
        return size;
    }

    /** Whether a value of {@code numBytes} more would take the batch past its byte limit (never for an empty batch). */
    boolean full(int numBytes) {
        return size > 0 && (long) bytes + numBytes > maxBytes;
    }

    /** Appends a value; {@code null} appends a null. */
    void add(UTF8String value) {
        int n = value == null ? 0 : value.numBytes();
        ensure(n);
        if (value != null) {
            value.writeToMemory(data, Platform.BYTE_ARRAY_OFFSET + bytes);
        }
        append(n, value == null);
    }

    /** Appends UTF-8 bytes; {@code null} appends a null. */
    void add(byte[] utf8) {
        int n = utf8 == null ? 0 : utf8.length;
        ensure(n);
        if (utf8 != null) {
            System.arraycopy(utf8, 0, data, bytes, n);
        }
        append(n, utf8 == null);
    }

    boolean isNull(int i) {
        return nulls[i];
    }

    /** The buffer holding every value's bytes (value {@code i} is {@code [start(i), start(i + 1))}). */
    byte[] data() {
        return data;
    }

    int start(int i) {
        return offsets[i];
    }

    int end(int i) {
        return offsets[i + 1];
    }

    /** The batch as Trawl records, without copying (valid until the batch changes). */
    Records records() {
        MemorySegment offs = MemorySegment.ofArray(offsets);
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) { // Arrow offsets are little-endian
            int[] le = new int[size + 1];
            for (int i = 0; i <= size; i++) {
                le[i] = Integer.reverseBytes(offsets[i]);
            }
            offs = MemorySegment.ofArray(le);
        }
        return Records.arrow(MemorySegment.ofArray(data).asSlice(0, bytes), offs, size);
    }

    private void ensure(int more) {
        if (bytes + (long) more > data.length) {
            long want = Math.max(bytes + (long) more, data.length * 2L);
            data = Arrays.copyOf(data, (int) Math.min(want, Integer.MAX_VALUE - 8));
        }
        if (size == nulls.length) {
            nulls = Arrays.copyOf(nulls, nulls.length * 2);
            offsets = Arrays.copyOf(offsets, nulls.length + 1);
        }
    }

    private void append(int n, boolean isNull) {
        nulls[size] = isNull;
        bytes += n;
        size++;
        offsets[size] = bytes;
    }
}
