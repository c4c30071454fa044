package dev.trawl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One input, handed out as {@link Batch}es of whole lines. Three kinds:
 *
 * <ul>
 *   <li>{@link #map}: a regular file, memory-mapped; batches are windows of the mapping cut after a
 *       newline, so a file of any size is searched without copying.
 *   <li>{@link #read}: a small regular file read whole into a heap array with one read (mapping and
 *       unmapping cost more than copying a few hundred kilobytes, which matters over thousands of
 *       files in {@code -r}).
 *   <li>{@link #stream}: standard input, a pipe, a FIFO, a character device: read in blocks into a
 *       buffer of bounded size, each batch cut after its last newline and the rest carried to the
 *       next read, so any size streams through. Lines before the batch that leading context may
 *       need are kept in the buffer. When output is line-buffered a batch is handed out as soon as
 *       a read completes a line, so {@code tail -f log | trawl x} prints as lines arrive.
 * </ul>
 *
 * A file grep would call binary ({@link #BINARY_PROBE}) can be switched to {@link #zapNuls()},
 * after which NUL bytes read as newlines, as grep treats them.
 */
abstract class LineInput implements AutoCloseable {
    /** grep's first read: a NUL among the first 96 KiB makes a file binary. */
    static final int BINARY_PROBE = 96 * 1024;
    /** Regular files up to this size are read rather than mapped. */
    static final long READ_LIMIT = 1 << 20;

    /** The next batch: at least one whole line (the last may lack its newline), about {@code want} bytes; null at the end. */
    abstract Batch next(long want) throws IOException;

    /**
     * Whether a NUL byte lies in the first {@link #BINARY_PROBE} bytes (for a stream, in its first
     * read, as grep tests its first buffer); asked before the first batch.
     */
    abstract boolean startsBinary() throws IOException;

    /** From now on NUL bytes read as newlines; asked before the first batch. */
    abstract void zapNuls();

    /** The size in bytes when known before reading (regular files), else -1. */
    abstract long size();

    @Override
    public void close() {}

    static LineInput map(FileChannel ch, long position, long size) throws IOException {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, position, size, arena);
            return new Mapped(seg, arena);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    static LineInput read(FileChannel ch, long size) throws IOException {
        byte[] b = new byte[(int) size];
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b);
        while (bb.hasRemaining()) {
            if (ch.read(bb) < 0) {
                break; // the file shrank
            }
        }
        return new Whole(b, bb.position());
    }

    /** A regular file: mapped, or read when small. */
    static LineInput open(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            return size <= READ_LIMIT ? read(ch, size) : map(ch, 0, size);
        }
    }

    static LineInput stream(InputStream in, boolean eager, long keepLines) {
        return new Stream(in, eager, keepLines);
    }

    /** A mapped file; batches are windows of the mapping. */
    private static final class Mapped extends LineInput {
        private final MemorySegment seg;
        private final Arena arena;
        private long pos;
        private boolean zap;

        Mapped(MemorySegment seg, Arena arena) {
            this.seg = seg;
            this.arena = arena;
        }

        @Override
        Batch next(long want) {
            long size = seg.byteSize();
            if (pos >= size) {
                return null;
            }
            long end = Math.min(size, pos + Math.max(want, 1));
            long cut;
            if (end == size) {
                cut = size;
            } else {
                long nl = Bytes.lastNewline(seg, pos, end);
                if (nl < 0) {
                    nl = Bytes.firstNewline(seg, end, size);
                }
                cut = nl < 0 ? size : nl + 1;
            }
            long from = pos;
            pos = cut;
            if (zap) {
                byte[] copy = seg.asSlice(from, cut - from).toArray(ValueLayout.JAVA_BYTE);
                Bytes.zapNuls(copy, 0, copy.length);
                return new Batch(MemorySegment.ofArray(copy), from, 0, copy.length);
            }
            return new Batch(seg, 0, from, cut);
        }

        @Override
        boolean startsBinary() {
            return Bytes.hasNul(seg, 0, Math.min(seg.byteSize(), BINARY_PROBE));
        }

        @Override
        void zapNuls() {
            zap = true;
        }

        @Override
        long size() {
            return seg.byteSize();
        }

        @Override
        public void close() {
            arena.close();
        }
    }

    /** A small file read whole: one batch. */
    private static final class Whole extends LineInput {
        private final byte[] b;
        private final int length;
        private boolean done;

        Whole(byte[] b, int length) {
            this.b = b;
            this.length = length;
        }

        @Override
        Batch next(long want) {
            if (done || length == 0) {
                return null;
            }
            done = true;
            return new Batch(MemorySegment.ofArray(b).asSlice(0, length), 0, 0, length);
        }

        @Override
        boolean startsBinary() {
            return Bytes.hasNul(MemorySegment.ofArray(b), 0, Math.min(length, BINARY_PROBE));
        }

        @Override
        void zapNuls() {
            Bytes.zapNuls(b, 0, length);
        }

        @Override
        long size() {
            return length;
        }
    }

    /**
     * A stream read in blocks. The buffer holds {@code [0, filled)}: kept lines before {@code from}
     * (leading context), then unsearched bytes; it grows only for a line longer than itself.
     */
    private static final class Stream extends LineInput {
        private static final int INITIAL = 1 << 16;

        private final InputStream in;
        private final boolean eager;
        private final long keepLines;
        private byte[] buf = new byte[INITIAL];
        private int filled;
        private int from;
        private long bufOffset;
        private boolean eof;
        private boolean zap;

        Stream(InputStream in, boolean eager, long keepLines) {
            this.in = in;
            this.eager = eager;
            this.keepLines = keepLines;
        }

        @Override
        Batch next(long want) throws IOException {
            compact();
            int limit = (int) Math.min(Math.max(want, INITIAL), 1 << 26);
            while (!eof) {
                int nl = Bytes.lastNewline(buf, from, filled);
                if (nl >= 0 && (eager || filled - from >= limit)) {
                    break;
                }
                if (filled == buf.length) {
                    if (nl >= 0 && buf.length - from >= limit) {
                        break;
                    }
                    grow(); // no whole line yet, or the buffer is smaller than a batch
                }
                readOnce();
            }
            int nl = Bytes.lastNewline(buf, from, filled);
            int to = eof ? filled : nl + 1;
            if (to <= from) {
                return null;
            }
            Batch b = new Batch(MemorySegment.ofArray(buf).asSlice(0, to), bufOffset, from, to);
            from = to;
            return b;
        }

        private void readOnce() throws IOException {
            int r = in.read(buf, filled, buf.length - filled);
            if (r < 0) {
                eof = true;
            } else {
                if (zap) {
                    Bytes.zapNuls(buf, filled, filled + r);
                }
                filled += r;
            }
        }

        /** Drops the bytes before the lines leading context may still need, and makes room to read. */
        private void compact() {
            int keepFrom = from;
            for (long k = 0; k < keepLines && keepFrom > 0; k++) {
                int nl = Bytes.lastNewline(buf, 0, keepFrom - 1);
                keepFrom = nl + 1;
            }
            if (keepFrom > 0 && (filled == buf.length || keepFrom > buf.length / 2)) {
                System.arraycopy(buf, keepFrom, buf, 0, filled - keepFrom);
                filled -= keepFrom;
                from -= keepFrom;
                bufOffset += keepFrom;
            }
            if (filled == buf.length && from < filled && buf.length < (1 << 26)) {
                grow();
            }
        }

        private void grow() {
            if (buf.length >= Integer.MAX_VALUE / 2) {
                throw new OutOfMemoryError("a line longer than 1 GiB");
            }
            buf = java.util.Arrays.copyOf(buf, buf.length * 2);
        }

        /** grep's test on its first read: reads one block if nothing is read yet. */
        @Override
        boolean startsBinary() throws IOException {
            if (filled == 0 && !eof) {
                readOnce();
            }
            return Bytes.hasNul(MemorySegment.ofArray(buf), 0, Math.min(filled, BINARY_PROBE));
        }

        @Override
        void zapNuls() {
            zap = true;
            Bytes.zapNuls(buf, 0, filled);
        }

        @Override
        long size() {
            return -1;
        }
    }
}
