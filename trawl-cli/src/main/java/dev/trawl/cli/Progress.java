package dev.trawl.cli;

import dev.trawl.MatcherOptions;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress bar on stderr for files over 1 GiB, drawn only when stderr is a terminal (as the
 * launcher tells through {@code -Dtrawl.stderr.tty}, else checked through /proc, since Java cannot ask
 * about stderr alone), at most ten times a second, after each batch of lines is searched.
 */
final class Progress implements MatcherOptions.Progress {
    static final long THRESHOLD = 1L << 30;

    private final PrintStream err;
    private final AtomicLong lastDraw = new AtomicLong();
    private volatile long total;
    private volatile long started;

    private Progress(PrintStream err) {
        this.err = err;
    }

    /** A progress bar, or null when stderr is not a terminal. */
    static Progress forStderr(PrintStream err) {
        if (err != System.err) {
            return null;
        }
        String told = System.getProperty("trawl.stderr.tty");
        if (told != null) {
            return Boolean.parseBoolean(told) ? new Progress(err) : null;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") ? new Progress(err) : null;
        } catch (Exception e) {
            return null;
        }
    }

    void start(long bytes) {
        total = bytes;
        started = System.nanoTime();
    }

    void done() {
        if (total >= THRESHOLD) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    @Override
    public void bytesDone(long done, long all) {
        if (total < THRESHOLD) {
            return;
        }
        long now = System.nanoTime();
        long last = lastDraw.get();
        if (now - last < 100_000_000L || !lastDraw.compareAndSet(last, now)) {
            return;
        }
        int width = 40;
        int filled = (int) (width * done / Math.max(1, all));
        double secs = (now - started) / 1e9;
        String bar = "#".repeat(filled) + " ".repeat(width - filled);
        synchronized (err) {
            err.printf("\r[%s] %3d%% %.2f GB/s", bar, (int) (100 * done / Math.max(1, all)), done / 1e9 / Math.max(secs, 1e-9));
            err.flush();
        }
    }
}
