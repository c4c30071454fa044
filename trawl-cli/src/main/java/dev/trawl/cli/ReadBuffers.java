package dev.trawl.cli;

/**
 * One array a thread for reading small files whole ({@link LineInput}): reused from file to file, so
 * that each file costs no allocation and no zeroing. An array still held when the thread asks again
 * (nested reads) is not shared: a new one is made. Heap arrays rather than direct buffers (which would
 * also skip NIO's copy through a temporary buffer): the engines and line tables then see one kind of
 * memory segment, and with native ones mixed in, regex and {@code -w} searches over a tree ran 15%
 * slower.
 */
final class ReadBuffers {
    private static final int LEAST = 64 << 10;
    private static final ThreadLocal<byte[]> FREE = new ThreadLocal<>();

    private ReadBuffers() {}

    /** An array of at least {@code size} bytes. */
    static byte[] take(int size) {
        byte[] b = FREE.get();
        if (b == null || b.length < size) {
            return new byte[Math.max(LEAST, Integer.highestOneBit(Math.max(1, size - 1)) << 1)];
        }
        FREE.remove();
        return b;
    }

    /** Gives {@code b} back to this thread, for its next file. */
    static void give(byte[] b) {
        byte[] held = FREE.get();
        if (held == null || held.length < b.length) {
            FREE.set(b);
        }
    }
}
