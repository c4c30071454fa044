package dev.trawl;

import dev.trawl.input.LineStarts;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A column of byte strings (log lines, the rows of a string column), searched record by record by
 * the per-record operations of {@link Matcher}: each record is searched as if it were the whole
 * input, so matches never cross from one record into the next and {@code ^ $ \A \z} hold at a
 * record's edges.
 *
 * <pre>{@code
 * try (Records lines = Records.mapLines(Path.of("app.log"), true)) {   // zero-copy, '\r\n' too
 *     boolean[] hit = matcher.anyMatch(lines);                          // one answer per line
 *     int[] first = matcher.firstMatch(lines);                          // a pattern id, or -1
 * }
 * Records column = Records.of(List.of("GET /index.html", "POST /login"));
 * }</pre>
 *
 * <h2>Layout</h2>
 * Apache Arrow's layout for strings: one data buffer holding every record's bytes (UTF-8 for
 * strings, but any bytes do), and a table of {@code size() + 1} offsets into it, little-endian, as
 * {@code int32} while the data fits in 2 GiB and as {@code int64} beyond ({@link #arrowLarge}). In
 * an Arrow column record {@code i} is {@code [offset[i], offset[i + 1])}. The offsets are all a
 * column costs per record: four bytes (eight past 2 GiB), so 100 million records take 400 MB
 * besides their bytes.
 *
 * <p>Lines ({@link #mapLines}, {@link #lines}) keep the text as it is, separators included, and
 * their offsets are the lines' starts ({@link LineStarts}): entry {@code i + 1} is one past line
 * {@code i}'s {@code '\n'}, so line {@code i} is {@code [offset[i], offset[i + 1] - 1)}, less a
 * {@code '\r'} before the {@code '\n'} when carriage returns are dropped. A last line without
 * {@code '\n'} gets an entry one past the text's end, as if it had one. Data and offsets are
 * {@link MemorySegment}s, so a column can be a mapped file, Arrow buffers from elsewhere, or arrays.
 *
 * <p>Records from a file own its mapping: {@link #close()} unmaps it. Others own nothing; close is a
 * no-op and the caller keeps their segments alive.
 */
public final class Records implements AutoCloseable {
    private static final ValueLayout.OfInt INT32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong INT64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** The largest heap array the JVM reliably gives. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final MemorySegment data;
    private final MemorySegment offsets;
    private final boolean wide; // int64 offsets
    private final boolean lines; // offsets are line starts: a record ends before the next one's '\n'
    private final boolean dropCR;
    private final int size;
    private final Arena arena; // owns a mapping, or null

    private Records(MemorySegment data, MemorySegment offsets, boolean wide, boolean lines, boolean dropCR, int size,
            Arena arena) {
        this.data = data;
        this.offsets = offsets;
        this.wide = wide;
        this.lines = lines;
        this.dropCR = dropCR;
        this.size = size;
        this.arena = arena;
    }

    /** The strings as UTF-8 (an unpaired surrogate becomes {@code '?'}, as {@link String#getBytes} does). */
    public static Records of(List<String> strings) {
        Objects.requireNonNull(strings, "strings");
        long total = 0;
        for (String s : strings) {
            total += utf8Length(Objects.requireNonNull(s, "a record"));
        }
        Builder b = new Builder(strings.size(), total);
        for (String s : strings) {
            b.add(s.getBytes(StandardCharsets.UTF_8));
        }
        return b.build();
    }

    /** The byte strings, copied. */
    public static Records of(byte[]... records) {
        Objects.requireNonNull(records, "records");
        long total = 0;
        for (byte[] r : records) {
            total += Objects.requireNonNull(r, "a record").length;
        }
        Builder b = new Builder(records.length, total);
        for (byte[] r : records) {
            b.add(r);
        }
        return b.build();
    }

    /** The lines of a file, memory-mapped (files over 2 GiB work); {@code '\r'} stays in the records. */
    public static Records mapLines(Path file) {
        return mapLines(file, false);
    }

    /**
     * The lines of a file, memory-mapped and split at {@code '\n'} without copying; with
     * {@code dropCarriageReturn}, a {@code '\r'} just before a {@code '\n'} is not part of its line.
     * Close the records to unmap the file.
     *
     * @throws TrawlException for a missing file, a directory, an I/O error or more than 2^31 - 2 lines
     */
    public static Records mapLines(Path file, boolean dropCarriageReturn) {
        return Input.mapFile(file, (text, arena) -> lines(text, dropCarriageReturn, arena, file.toString()));
    }

    /**
     * The {@code '\n'}-separated lines of a text, without copying it (grep's lines: a final
     * {@code '\n'} does not make an empty last line). The caller keeps {@code text} alive.
     */
    public static Records lines(MemorySegment text, boolean dropCarriageReturn) {
        return lines(Objects.requireNonNull(text, "text"), dropCarriageReturn, null, "text");
    }

    private static Records lines(MemorySegment text, boolean dropCR, Arena arena, String name) {
        long count = LineStarts.count(text);
        if (count > MAX_ARRAY - 1) {
            throw new TrawlException(name + ": " + count + " lines, more than the " + (MAX_ARRAY - 1) + " a column holds");
        }
        int n = (int) count;
        boolean wide = text.byteSize() + 1 > Integer.MAX_VALUE;
        MemorySegment offsets = wide ? MemorySegment.ofArray(new long[n + 1]) : MemorySegment.ofArray(new int[n + 1]);
        if (wide) {
            LineStarts.fill(text, n, (i, start) -> offsets.setAtIndex(INT64, i, start));
        } else {
            LineStarts.fill(text, n, (i, start) -> offsets.setAtIndex(INT32, i, (int) start));
        }
        return new Records(text, offsets, wide, true, dropCR, n, arena);
    }

    /**
     * An Arrow string column without copying: {@code count + 1} little-endian {@code int32} offsets
     * into {@code data} (Arrow's {@code Utf8}/{@code Binary}). The caller keeps both segments alive.
     *
     * @throws TrawlException when the offsets are too few, negative, decreasing or past the data's
     *     end, naming the first bad index
     */
    public static Records arrow(MemorySegment data, MemorySegment int32Offsets, int count) {
        return arrow(data, int32Offsets, count, false);
    }

    /** As {@link #arrow}, with {@code int64} offsets (Arrow's {@code LargeUtf8}/{@code LargeBinary}). */
    public static Records arrowLarge(MemorySegment data, MemorySegment int64Offsets, int count) {
        return arrow(data, int64Offsets, count, true);
    }

    private static Records arrow(MemorySegment data, MemorySegment offsets, int count, boolean wide) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(offsets, "offsets");
        String kind = wide ? "int64" : "int32";
        if (count < 0 || count > MAX_ARRAY - 1) {
            throw new TrawlException("arrow column: bad record count " + count);
        }
        long need = (count + 1L) * (wide ? 8 : 4);
        if (offsets.byteSize() < need) {
            throw new TrawlException("arrow column: " + count + " records need " + (count + 1) + " " + kind
                    + " offsets (" + need + " bytes), the buffer has " + offsets.byteSize() + " bytes");
        }
        long prev = 0;
        for (int i = 0; i <= count; i++) {
            long o = wide ? offsets.getAtIndex(INT64, i) : offsets.getAtIndex(INT32, i);
            if (o < prev) {
                throw new TrawlException("arrow column: offset " + i + " is " + o
                        + (i == 0 ? ", negative" : ", less than offset " + (i - 1) + " (" + prev + ")"));
            }
            if (o > data.byteSize()) {
                throw new TrawlException("arrow column: offset " + i + " is " + o + ", past the data's end ("
                        + data.byteSize() + " bytes)");
            }
            prev = o;
        }
        return new Records(data, offsets, wide, false, false, count, null);
    }

    /** The number of records. */
    public int size() {
        return size;
    }

    /** Where record {@code i} starts in {@link #data()}. */
    public long start(int i) {
        Objects.checkIndex(i, size);
        return offset(i);
    }

    /** Where record {@code i} ends in {@link #data()} (exclusive). */
    public long end(int i) {
        Objects.checkIndex(i, size);
        return endOf(i);
    }

    public long length(int i) {
        Objects.checkIndex(i, size);
        return endOf(i) - offset(i);
    }

    /** The buffer that holds every record's bytes (for lines, the whole text, separators included). */
    public MemorySegment data() {
        return data;
    }

    /** Record {@code i}'s bytes, a slice of {@link #data()} (no copy). */
    public MemorySegment record(int i) {
        long s = start(i);
        return data.asSlice(s, endOf(i) - s);
    }

    /** Record {@code i} decoded as UTF-8 (malformed bytes become U+FFFD). */
    public String string(int i) {
        MemorySegment r = record(i);
        if (r.byteSize() > MAX_ARRAY) {
            throw new TrawlException("record " + i + " has " + r.byteSize() + " bytes, too many for a String");
        }
        return new String(r.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /**
     * The bytes the records span, from the first one's start to the last one's end: their lengths'
     * sum for an Arrow column, that plus the separators between them for lines. 0 without records.
     */
    public long totalBytes() {
        return size == 0 ? 0 : endOf(size - 1) - offset(0);
    }

    /** Unmaps the file of {@link #mapLines}; a no-op for other records. */
    @Override
    public void close() {
        if (arena != null) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return size + " records, " + totalBytes() + " bytes" + (lines ? " (lines)" : "");
    }

    private long offset(int i) {
        return wide ? offsets.getAtIndex(INT64, i) : offsets.getAtIndex(INT32, i);
    }

    private long endOf(int i) {
        long next = offset(i + 1);
        if (!lines) {
            return next;
        }
        long end = next - 1; // the '\n', or the text's end for a last line without one
        if (dropCR && end > offset(i) && end < data.byteSize() && data.get(ValueLayout.JAVA_BYTE, end - 1) == '\r') {
            end--;
        }
        return end;
    }

    /** The bytes {@link String#getBytes} gives in UTF-8, counted without encoding. */
    private static long utf8Length(String s) {
        long n = 0;
        int len = s.length();
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                n++; // encoded as '?'
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** Copies records into one data buffer: an array up to 2 GiB, memory the GC frees beyond. */
    private static final class Builder {
        private final MemorySegment data;
        private final MemorySegment offsets;
        private final boolean wide;
        private final int count;
        private long at;
        private int next;

        Builder(int count, long totalBytes) {
            this.count = count;
            this.wide = totalBytes > Integer.MAX_VALUE;
            this.data = totalBytes <= MAX_ARRAY ? MemorySegment.ofArray(new byte[(int) totalBytes])
                    : Arena.ofAuto().allocate(totalBytes, 1);
            this.offsets = wide ? MemorySegment.ofArray(new long[count + 1]) : MemorySegment.ofArray(new int[count + 1]);
        }

        void add(byte[] record) {
            MemorySegment.copy(MemorySegment.ofArray(record), 0, data, at, record.length);
            at += record.length;
            next++;
            set(next, at);
        }

        private void set(int i, long offset) {
            if (wide) {
                offsets.setAtIndex(INT64, i, offset);
            } else {
                offsets.setAtIndex(INT32, i, (int) offset);
            }
        }

        Records build() {
            if (next != count || at != data.byteSize()) {
                throw new IllegalStateException("the records changed while being copied");
            }
            return new Records(data, offsets, wide, false, false, count, null);
        }
    }
}
