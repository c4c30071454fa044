package dev.trawl.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One input, handed out as {@link Batch}es of whole lines in a heap buffer of bounded size: each
 * batch is cut after its last newline and the rest carried to the next one, so an input of any size
 * goes through, and the lines before a batch that leading context may need stay in the buffer. The
 * bytes come from:
 *
 * <ul>
 *   <li>{@link #open}: a regular file, memory-mapped and copied window by window into the buffer,
 *       or, up to {@link #READ_LIMIT}, read whole with one read (mapping and unmapping cost more than
 *       copying a few hundred kilobytes, which matters over thousands of files in {@code -r}).
 *   <li>{@link #stream}: standard input, a pipe, a FIFO, a character device, read in blocks. When
 *       output is line-buffered a batch is handed out as soon as a read completes a line, so
 *       {@code tail -f log | trawl x} prints as lines arrive.
 * </ul>
 *
 * Batches are heap arrays rather than windows of the mapping because the engines search heap
 * arrays much faster: measured on the 512 MiB Iliad, {@code -F -c} of ten names took 1.3 s warm
 * over the mapping and 0.66 s over 8 MiB heap copies; of 100,000 words, 6.2 s and 1.55 s (the
 * engines' per-line first-match search copies off-heap bytes into a heap window at each call).
 *
 * <p>A file grep would call binary ({@link #BINARY_PROBE}) can be switched to {@link #zapNuls()},
 * after which NUL bytes read as newlines, as grep treats them.
 */
abstract class LineInput implements AutoCloseable {
    /** grep's first read: a NUL among the first 96 KiB makes a file binary. */
    static final int BINARY_PROBE = 96 * 1024;
    /** Regular files up to this size are read whole rather than mapped. */
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

    /**
     * The whole of a memory-mapped file, taken instead of batches (nothing is left to read after),
     * when none has been handed out and NULs are not being read as newlines; else null. A count
     * over the mapping reads each byte where it lies: no copy into the heap.
     */
    MemorySegment takeMapped() {
        return null;
    }

    @Override
    public void close() {}

    /** A regular file: read whole when small, else mapped. */
    static LineInput open(Path file, boolean eager, long keepLines) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            return size <= READ_LIMIT ? whole(ch, size) : map(ch, 0, size, keepLines);
        }
    }

    /** {@code size} bytes of a regular file from {@code position}, mapped. */
    static LineInput map(FileChannel ch, long position, long size, long keepLines) throws IOException {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, position, size, arena);
            return new Buffered(new MappedSource(seg, arena), false, keepLines);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    static LineInput stream(InputStream in, boolean eager, long keepLines) {
        return new Buffered(new StreamSource(in), eager, keepLines);
    }

    /**
     * Reads a small file whole into its thread's reusable array: a new array for each file cost its
     * allocation and zeroing, a tenth of the Java time of {@code trawl -r -l} over 7,000 files
     * (/usr/share/doc and /usr/lib/python3, 150 MB).
     */
    private static LineInput whole(FileChannel ch, long size) throws IOException {
        byte[] b = ReadBuffers.take((int) size);
        ByteBuffer bb = ByteBuffer.wrap(b, 0, (int) size);
        try {
            while (bb.hasRemaining()) {
                if (ch.read(bb) < 0) {
                    break; // the file shrank
                }
            }
        } catch (IOException | RuntimeException e) {
            ReadBuffers.give(b);
            throw e;
        }
        return new Whole(b, bb.position());
    }

    /** Where a buffered input's bytes come from. */
    private interface Source extends AutoCloseable {
        /** Reads up to {@code len} bytes; -1 at the end. */
        int read(byte[] b, int off, int len) throws IOException;

        /** Whether a NUL lies in the first {@code n} bytes, when that can be told without reading; else null. */
        Boolean nulInFirst(int n);

        @Override
        void close();
    }

    /** A stream; a file stream is read through its channel, into the heap array with one copy. */
    private static final class StreamSource implements Source {
        private final InputStream in;
        private final FileChannel channel;

        StreamSource(InputStream in) {
            this.in = in;
            this.channel = in instanceof FileInputStream f ? f.getChannel() : null;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (channel != null) {
                // FileInputStream.read(byte[]) mallocs and frees a native buffer of len bytes per call
                return channel.read(ByteBuffer.wrap(b, off, Math.min(len, 1 << 20)));
            }
            return in.read(b, off, len);
        }

        @Override
        public Boolean nulInFirst(int n) {
            return null;
        }

        @Override
        public void close() {}
    }

    /** A mapped file, copied out window by window. */
    private static final class MappedSource implements Source {
        /** The least bytes a thread of a parallel copy takes. */
        private static final int PARALLEL_SLICE = 2 << 20;

        private final MemorySegment seg;
        private final Arena arena;
        private long pos;

        MappedSource(MemorySegment seg, Arena arena) {
            this.seg = seg;
            this.arena = arena;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            long left = seg.byteSize() - pos;
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            copy(seg, pos, b, off, n);
            pos += n;
            return n;
        }

        /**
         * A large copy is cut into slices copied on the common pool: the copy faults the mapping in as
         * it goes, and on one thread it took a third of a 16-core count's time over 512 MiB, the
         * search threads waiting for each batch.
         */
        private static void copy(MemorySegment seg, long pos, byte[] b, int off, int n) {
            int slices = Math.min(java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1, n / PARALLEL_SLICE);
            if (slices < 2) {
                MemorySegment.copy(seg, pos, MemorySegment.ofArray(b), off, n);
                return;
            }
            MemorySegment to = MemorySegment.ofArray(b);
            long slice = (n + slices - 1) / slices;
            java.util.stream.IntStream.range(0, slices).parallel().forEach(i -> {
                long at = i * slice;
                long len = Math.min(slice, n - at);
                if (len > 0) {
                    MemorySegment.copy(seg, pos + at, to, off + at, len);
                }
            });
        }

        @Override
        public Boolean nulInFirst(int n) {
            return Bytes.hasNul(seg, 0, Math.min(seg.byteSize(), n));
        }

        /** The bytes not read yet, which then count as read. */
        MemorySegment takeRest() {
            MemorySegment rest = seg.asSlice(pos);
            pos = seg.byteSize();
            return rest;
        }

        @Override
        public void close() {
            arena.close();
        }
    }

    /** A small file read whole: one batch, in an array given back to its thread at close. */
    private static final class Whole extends LineInput {
        private final byte[] array;
        private final MemorySegment text;
        private boolean done;

        Whole(byte[] array, int length) {
            this.array = array;
            this.text = MemorySegment.ofArray(array).asSlice(0, length);
        }

        @Override
        Batch next(long want) {
            if (done || text.byteSize() == 0) {
                return null;
            }
            done = true;
            return new Batch(text, 0, 0, text.byteSize());
        }

        @Override
        boolean startsBinary() {
            return Bytes.hasNul(text, 0, Math.min(text.byteSize(), BINARY_PROBE));
        }

        @Override
        void zapNuls() {
            Bytes.zapNuls(array, 0, (int) text.byteSize());
        }

        @Override
        public void close() {
            ReadBuffers.give(array);
        }
    }

    /**
     * Batches from a source through one buffer holding {@code [0, filled)}: kept lines before
     * {@code from} (leading context), then unsearched bytes. It grows to the batch size asked for,
     * and beyond only for a line longer than itself.
     */
    private static final class Buffered extends LineInput {
        private static final int INITIAL = 1 << 16;
        private static final int MAX_BATCH = 1 << 26;

        private final Source src;
        private final boolean eager;
        private final long keepLines;
        private byte[] buf = new byte[INITIAL];
        private int filled;
        private int from;
        private long bufOffset;
        private boolean eof;
        private boolean zap;

        Buffered(Source src, boolean eager, long keepLines) {
            this.src = src;
            this.eager = eager;
            this.keepLines = keepLines;
        }

        @Override
        Batch next(long want) throws IOException {
            compact();
            int limit = (int) Math.min(Math.max(want, INITIAL), MAX_BATCH);
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
            int r = src.read(buf, filled, buf.length - filled);
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
                keepFrom = Bytes.lastNewline(buf, 0, keepFrom - 1) + 1;
            }
            if (keepFrom > 0) {
                System.arraycopy(buf, keepFrom, buf, 0, filled - keepFrom);
                filled -= keepFrom;
                from -= keepFrom;
                bufOffset += keepFrom;
            }
        }

        private void grow() {
            if (buf.length >= Integer.MAX_VALUE / 2) {
                throw new OutOfMemoryError("a line longer than 1 GiB");
            }
            buf = java.util.Arrays.copyOf(buf, buf.length * 2);
        }

        @Override
        boolean startsBinary() throws IOException {
            Boolean known = src.nulInFirst(BINARY_PROBE);
            if (known != null) {
                return known;
            }
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
        MemorySegment takeMapped() {
            if (!(src instanceof MappedSource m) || zap || filled != 0 || bufOffset != 0 || eof) {
                return null;
            }
            eof = true;
            return m.takeRest();
        }

        @Override
        public void close() {
            src.close();
        }
    }
}
