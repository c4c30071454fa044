package dev.trawl.engine.cpu;

import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/** Frozen copy of ChunkedScan at cf0dbf6, for before/after benchmarks only. */
/*
 * Runs a {@link RangeSearcher} over a whole input on several threads. The input is cut into chunks of
 * start positions; a searcher reading one chunk may read on by the longest pattern minus one, so a
 * match that crosses a chunk boundary is found by the chunk it starts in and by no other: nothing is
 * lost or reported twice.
 *
 * <p>Matches are delivered in order: each chunk's matches are buffered and sorted, and chunks are
 * handed to the sink in input order while at most {@code 2 * threads} chunks are in flight, which
 * bounds memory on inputs of any size. Counting needs no buffers and no order.
 */
public final class BaselineChunkedScan {
    private static final long MIN_CHUNK = 256 << 10;
    private static final long MAX_CHUNK = 8 << 20;
    /** Never started; only asks whether a segment may be read from threads other than its owner. */
    private static final Thread OTHER_THREAD = new Thread(() -> {});

    private final RangeSearcher searcher;
    private final int[] patternLengths;
    private final MatcherOptions options;

    public BaselineChunkedScan(RangeSearcher searcher, int[] patternLengths, MatcherOptions options) {
        this.searcher = searcher;
        this.patternLengths = patternLengths;
        this.options = options;
    }

    public long count(MemorySegment text) {
        long n = text.byteSize();
        long chunk = chunkSize(n);
        int threads = threadsFor(text);
        if (chunk >= n) {
            long c = searcher.count(text, 0, n);
            options.progress().bytesDone(n, n);
            return c;
        }
        AtomicLong done = new AtomicLong();
        long[] total = new long[1];
        runChunks(n, chunk, threads, (from, to) -> () -> {
            long c = searcher.count(text, from, to);
            options.progress().bytesDone(done.addAndGet(to - from), n);
            return c;
        }, c -> {
            total[0] += c;
            return true;
        });
        return total[0];
    }

    public boolean scan(MemorySegment text, MatchSink sink) {
        long n = text.byteSize();
        long chunk = chunkSize(n);
        if (chunk >= n && searcher.reportsInOrder()) {
            boolean all = searcher.search(text, 0, n, sink);
            options.progress().bytesDone(n, n);
            return all;
        }
        AtomicLong done = new AtomicLong();
        return runChunks(n, chunk, threadsFor(text), (from, to) -> () -> {
            BaselineMatchBuffer buf = new BaselineMatchBuffer(from);
            searcher.search(text, from, to, buf);
            if (!searcher.reportsInOrder()) {
                buf.sort();
            }
            options.progress().bytesDone(done.addAndGet(to - from), n);
            return buf;
        }, buf -> buf.drainTo(sink, patternLengths));
    }

    /** A segment of a confined arena can only be read by its owner thread: then scan on this one. */
    private int threadsFor(MemorySegment text) {
        return text.isAccessibleBy(OTHER_THREAD) ? options.threads() : 1;
    }

    private long chunkSize(long n) {
        if (options.chunkBytes() > 0) {
            return Math.max(1, Math.min(options.chunkBytes(), 1L << 30));
        }
        if (options.threads() == 1) {
            return n <= MAX_CHUNK ? Math.max(n, 1) : MAX_CHUNK;
        }
        return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, n / (4L * options.threads())));
    }

    private interface ChunkTask<R> {
        Callable<R> at(long from, long to);
    }

    private interface Consumer<R> {
        boolean accept(R result);
    }

    /** Runs chunk tasks with bounded look-ahead and consumes results in input order. */
    private <R> boolean runChunks(long n, long chunk, int threads, ChunkTask<R> task, Consumer<R> consumer) {
        if (threads == 1) {
            for (long from = 0; from < n; from += chunk) {
                if (!consumer.accept(call(task.at(from, Math.min(n, from + chunk))))) {
                    return false;
                }
            }
            return true;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "trawl-scan");
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Future<R>> inFlight = new ArrayDeque<>();
        try {
            long next = 0;
            while (next < n || !inFlight.isEmpty()) {
                while (next < n && inFlight.size() < 2 * threads) {
                    long from = next;
                    long to = Math.min(n, from + chunk);
                    inFlight.add(pool.submit(task.at(from, to)));
                    next = to;
                }
                if (!consumer.accept(await(inFlight.poll()))) {
                    return false;
                }
            }
            return true;
        } finally {
            for (Future<R> f : inFlight) {
                f.cancel(true);
            }
            pool.shutdownNow();
        }
    }

    private static <R> R call(Callable<R> c) {
        try {
            return c.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new TrawlException("scan failed: " + e, e);
        }
    }

    private static <R> R await(Future<R> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrawlException("scan interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new TrawlException("scan failed: " + c, c);
        }
    }
}
