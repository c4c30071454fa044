package dev.trawl.bench.data;

import dev.trawl.Records;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The text an experiment scans, once, for every engine: the bytes off-heap (so native peers read them
 * in place and inputs may pass 2 GiB), where each line starts, and the line-aligned {@link Chunk}s that
 * bench-side threads share out. Engines that take Java strings get each chunk (or each line) decoded
 * byte-for-byte as ISO-8859-1, so their char offsets are byte offsets; that decoding is done once,
 * before timing, as a user holding strings would already have them.
 *
 * <p>Layout: {@code lineStarts[k]} is where line k starts; {@code lineStarts[lines]} is the text's
 * length. A line includes its terminating newline.
 *
 * <p>Engines that answer per line get the lines the same way, once, before timing: Trawl's engines as a
 * {@link Records} column over a range ({@link #lines(long, long)}, its line starts found by
 * {@code Records.lines}), native per-line peers as the line starts off-heap ({@link #nativeLineStarts()}),
 * as a user holding a log column (Arrow's offsets and data, say) already has them.
 */
public final class Workload implements AutoCloseable {
    private final String description;
    private final Arena arena;
    private final MemorySegment text;
    private final long[] lineStarts;
    private final int lines;
    private final List<Chunk> chunks;
    private final BuiltOnce<String[]> chunkStrings = new BuiltOnce<>(this::decodeChunks);
    private final BuiltOnce<String[]> lineStrings = new BuiltOnce<>(this::decodeLines);
    private final Map<Range, Records> records = new ConcurrentHashMap<>();
    private volatile Arena lineStartsArena;
    private volatile MemorySegment nativeLineStarts;

    private Workload(String description, Arena arena, MemorySegment text, long[] lineStarts, int lines,
            long chunkBytes) {
        // arena is null for a head() view, which owns nothing
        this.description = description;
        this.arena = arena;
        this.text = text;
        this.lineStarts = lineStarts;
        this.lines = lines;
        this.chunks = cut(chunkBytes);
    }

    /**
     * Copies {@code bytes} off-heap and indexes its lines. {@code chunkBytes} is the target chunk size
     * (a chunk ends at the first line end at or after it); 0 picks one from the size and thread count.
     */
    public static Workload of(String description, byte[] bytes, long chunkBytes, int threads) {
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(Math.max(1, bytes.length), 64).asSlice(0, bytes.length);
        MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return of(description, arena, seg, chunkBytes, threads);
    }

    /** Takes ownership of {@code arena}, which holds {@code text}. */
    public static Workload of(String description, Arena arena, MemorySegment text, long chunkBytes, int threads) {
        long n = text.byteSize();
        long[] starts = new long[1024];
        int count = 0;
        starts[count++] = 0;
        for (long i = 0; i < n; i++) {
            if (text.get(ValueLayout.JAVA_BYTE, i) == '\n' && i + 1 < n) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, starts.length * 2);
                }
                starts[count++] = i + 1;
            }
        }
        if (n == 0) {
            count = 0;
        }
        long[] ls = Arrays.copyOf(starts, count + 1);
        ls[count] = n;
        long chunk = chunkBytes > 0 ? chunkBytes
                : Math.max(64 << 10, Math.min(4L << 20, n / (8L * Math.max(1, threads))));
        return new Workload(description, arena, text, ls, count, chunk);
    }

    /**
     * The first whole lines covering at least {@code bytes} bytes, as a workload of one chunk sharing this
     * one's memory: for trial runs that must stay short whatever the engine.
     */
    public Workload head(long bytes) {
        int end = lines == 0 ? 0 : lineOf(Math.min(bytes, text.byteSize()) - 1) + 1;
        long[] ls = Arrays.copyOf(lineStarts, end + 1);
        MemorySegment slice = text.asSlice(0, ls[end]);
        return new Workload(description + " (head)", null, slice, ls, end, Math.max(1, ls[end]));
    }

    private List<Chunk> cut(long chunkBytes) {
        List<Chunk> out = new ArrayList<>();
        int line = 0;
        while (line < lines) {
            long from = lineStarts[line];
            int end = lineOf(Math.min(from + chunkBytes, text.byteSize()) - 1) + 1;
            end = Math.max(end, line + 1);
            out.add(new Chunk(out.size(), from, lineStarts[end], line, end));
            line = end;
        }
        return List.copyOf(out);
    }

    public String description() {
        return description;
    }

    public MemorySegment text() {
        return text;
    }

    public long bytes() {
        return text.byteSize();
    }

    public int lines() {
        return lines;
    }

    public long lineStart(int line) {
        return lineStarts[line];
    }

    /** The line holding byte {@code pos} (binary search). */
    public int lineOf(long pos) {
        int lo = 0;
        int hi = lines - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= pos) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    public List<Chunk> chunks() {
        return chunks;
    }

    /** The chunks covering about {@code fraction} of the bytes from the start (at least one). */
    public List<Chunk> prefix(double fraction) {
        long want = (long) (bytes() * fraction);
        int k = 0;
        while (k < chunks.size() && (k == 0 || chunks.get(k - 1).to() < want)) {
            k++;
        }
        return chunks.subList(0, Math.max(1, k));
    }

    /** The chunk's bytes as a Latin-1 string (built once, on first use). */
    public String chunkString(int chunk) {
        return chunkStrings.get()[chunk];
    }

    private String[] decodeChunks() {
        String[] s = new String[chunks.size()];
        for (Chunk c : chunks) {
            s[c.index()] = decode(c.from(), c.to());
        }
        return s;
    }

    /** The line without its newline as a Latin-1 string (all built once, on first use). */
    public String lineString(int line) {
        return lineStrings.get()[line];
    }

    private String[] decodeLines() {
        String[] s = new String[lines];
        for (int k = 0; k < lines; k++) {
            long from = lineStarts[k];
            long to = lineStarts[k + 1];
            if (to > from && text.get(ValueLayout.JAVA_BYTE, to - 1) == '\n') {
                to--;
            }
            s[k] = decode(from, to);
        }
        return s;
    }

    private record Range(long from, long to) {}

    /**
     * The lines of bytes {@code [from, to)} (line-aligned: a run of chunks) as records, {@code '\r'}
     * kept, as the match-stream reductions see them; made on first use for each range and kept.
     */
    public Records lines(long from, long to) {
        return records.computeIfAbsent(new Range(from, to), r -> Records.lines(text.asSlice(from, to - from), false));
    }

    /** {@code lineStarts} off-heap ({@code lines + 1} longs, native order), for native peers; made on first use. */
    public MemorySegment nativeLineStarts() {
        MemorySegment s = nativeLineStarts;
        if (s == null) {
            synchronized (this) {
                s = nativeLineStarts;
                if (s == null) {
                    Arena a = Arena.ofShared();
                    s = a.allocate(ValueLayout.JAVA_LONG, lineStarts.length);
                    MemorySegment.copy(lineStarts, 0, s, ValueLayout.JAVA_LONG, 0, lineStarts.length);
                    lineStartsArena = a;
                    nativeLineStarts = s;
                }
            }
        }
        return s;
    }

    private String decode(long from, long to) {
        byte[] b = text.asSlice(from, to - from).toArray(ValueLayout.JAVA_BYTE);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        chunkStrings.clear();
        lineStrings.clear();
        records.clear();
        synchronized (this) {
            if (lineStartsArena != null) {
                lineStartsArena.close();
                lineStartsArena = null;
                nativeLineStarts = null;
            }
        }
        if (arena != null) {
            arena.close();
        }
    }
}
