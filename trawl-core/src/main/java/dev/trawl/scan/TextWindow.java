package dev.trawl.scan;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A byte-array view of part of a {@link MemorySegment}, for scan loops that index a {@code byte[]}
 * with ints: the JIT hoists their bounds checks, which it does not do for several long-indexed
 * segment reads per iteration (measured: twice as fast on four interleaved streams). A segment over
 * a writable {@code byte[]} is viewed in place; any other (a mapped file, off-heap or read-only
 * memory) is copied a block at a time into a scratch array that stays in cache. Not thread-safe:
 * one per scan call.
 *
 * <p>{@link #borrowing} lends the calling thread's spare scratch array, and {@link #release} gives it
 * back. A scan cut into many ranges then copies into the same warm megabyte on each thread. A fresh
 * array per range cost as much again in allocation and zeroing: 0.5 bytes allocated per byte of
 * mapped log lines for a five-word anyMatch, 256 MB a call at 16 threads. The young collections that
 * followed stop every thread. A window made while another holds the spare (a nested scan) makes its
 * own array.
 */
public final class TextWindow {
    private final MemorySegment text;
    private final byte[] heap;
    private final long heapOffset;
    private byte[] scratch;
    private byte[] bytes;
    private int offset;
    private int length;

    public TextWindow(MemorySegment text) {
        this(text, null);
    }

    /** A view that copies into {@code scratch} (grown when too small; {@code null}: made when needed). */
    private TextWindow(MemorySegment text, byte[] scratch) {
        this.text = text;
        this.scratch = scratch;
        Object base = text.heapBase().orElse(null);
        this.heap = base instanceof byte[] b ? b : null;
        this.heapOffset = heap != null ? text.address() : 0;
    }

    /** True when the text is viewed in place, so any range costs nothing to load. */
    public boolean onHeap() {
        return heap != null;
    }

    /** Makes text bytes {@code [from, limit)} readable at {@code bytes()[offset() ..]}; {@code limit - from < 2^31}. */
    public void load(long from, long limit) {
        length = Math.toIntExact(limit - from);
        if (heap != null) {
            bytes = heap;
            offset = (int) (heapOffset + from);
            return;
        }
        if (scratch == null || scratch.length < length) {
            scratch = new byte[Math.max(length, 4096)];
        }
        MemorySegment.copy(text, ValueLayout.JAVA_BYTE, from, scratch, 0, length);
        bytes = scratch;
        offset = 0;
    }

    /**
     * Loads the bytes a walk from each of the {@code starts} positions from {@code from} on may read: up to
     * the longest pattern past the last start, at most the text's end.
     */
    public void loadStarts(long from, int starts, int longestPattern) {
        load(from, Math.min(text.byteSize(), from + starts + Math.max(1, longestPattern) - 1));
    }

    private static final ThreadLocal<byte[]> SPARE = new ThreadLocal<>();

    /** A view of {@code text} copying into the calling thread's spare array; {@link #release} it when done. */
    public static TextWindow borrowing(MemorySegment text) {
        byte[] spare = SPARE.get();
        SPARE.set(null);
        return new TextWindow(text, spare);
    }

    /** Gives the view's array to the calling thread for its next {@link #borrowing} view. */
    public void release() {
        if (scratch != null) {
            SPARE.set(scratch);
        }
    }

    public byte[] bytes() {
        return bytes;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }
}
