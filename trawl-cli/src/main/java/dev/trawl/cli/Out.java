package dev.trawl.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The command's byte output: a buffer in front of standard output (flushed when full, at the end,
 * and after every line when output is line-buffered), or a growing buffer that keeps one file's
 * output until its turn comes ({@link #memory()}, for files searched in parallel). A write that
 * fails (a closed pipe) throws {@link BrokenPipe}, so the scan stops at the first failed write;
 * a {@link PrintStream}, which hides its errors, is asked through {@code checkError()} at each flush.
 */
final class Out {
    private static final int SIZE = 1 << 16;

    private final OutputStream sink; // null: a memory buffer
    private final boolean lineBuffered;
    private byte[] buf;
    private MemorySegment bufSegment; // buf as a segment: segment-to-segment copies need no type switch
    private int n;
    private long written;

    private Out(OutputStream sink, boolean lineBuffered, int size) {
        this.sink = sink;
        this.lineBuffered = lineBuffered;
        this.buf = new byte[size];
        this.bufSegment = MemorySegment.ofArray(buf);
    }

    static Out of(OutputStream sink, boolean lineBuffered) {
        return new Out(sink, lineBuffered, SIZE);
    }

    /** A buffer that grows instead of flushing; {@link #drainTo} hands its bytes on. */
    static Out memory() {
        return new Out(null, false, 1024);
    }

    void write(int b) {
        if (n == buf.length) {
            spill(1);
        }
        buf[n++] = (byte) b;
    }

    void write(byte[] b) {
        write(b, 0, b.length);
    }

    void write(byte[] b, int off, int len) {
        if (len > buf.length - n) {
            spill(len);
            if (sink != null && len > buf.length) {
                send(b, off, len);
                return;
            }
        }
        System.arraycopy(b, off, buf, n, len);
        n += len;
    }

    /** Bytes {@code [from, to)} of {@code text}, copied straight from the segment. */
    void write(MemorySegment text, long from, long to) {
        long len = to - from;
        while (len > 0) {
            if (n == buf.length) {
                spill((int) Math.min(len, Integer.MAX_VALUE - 16));
            }
            int k = (int) Math.min(len, buf.length - n);
            // the copy into an array would bootstrap the JDK's array type switch (~10 ms at start-up)
            MemorySegment.copy(text, from, bufSegment, n, k);
            n += k;
            from += k;
            len -= k;
        }
    }

    /** ASCII or UTF-8 text. */
    void print(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                write(s.getBytes(StandardCharsets.UTF_8));
                return;
            }
        }
        if (s.length() > buf.length - n) {
            spill(s.length());
        }
        if (s.length() <= buf.length - n) {
            for (int i = 0; i < s.length(); i++) {
                buf[n++] = (byte) s.charAt(i);
            }
        } else {
            write(s.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    void print(long v) {
        if (v >= 0 && v < 10) {
            write('0' + (int) v);
        } else {
            print(Long.toString(v));
        }
    }

    /** The end of an output line: flushed when output is line-buffered. */
    void endLine() {
        if (lineBuffered) {
            flush();
        }
    }

    void flush() {
        if (sink == null) {
            return;
        }
        if (n > 0) {
            send(buf, 0, n);
            n = 0;
        }
        try {
            sink.flush();
        } catch (IOException e) {
            throw new BrokenPipe();
        }
        if (sink instanceof PrintStream ps && ps.checkError()) {
            throw new BrokenPipe();
        }
    }

    /** Bytes written so far, buffered ones included. */
    long written() {
        return written + n;
    }

    boolean isEmpty() {
        return written() == 0;
    }

    /** Writes what a memory buffer holds to {@code to}. */
    void drainTo(Out to) {
        to.write(buf, 0, n);
    }

    /** Makes room for {@code need} bytes: grows a memory buffer, sends a stream's. */
    private void spill(int need) {
        if (sink == null) {
            long size = Math.max((long) buf.length * 2, (long) n + need);
            if (size > Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("output buffer over 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) size);
            bufSegment = MemorySegment.ofArray(buf);
            return;
        }
        if (n > 0) {
            send(buf, 0, n);
            n = 0;
        }
    }

    private void send(byte[] b, int off, int len) {
        try {
            sink.write(b, off, len);
        } catch (IOException e) {
            throw new BrokenPipe();
        }
        written += len;
        if (sink instanceof PrintStream ps && ps.checkError()) {
            throw new BrokenPipe();
        }
    }
}
