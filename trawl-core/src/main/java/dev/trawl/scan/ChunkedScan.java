package dev.trawl.scan;

import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

/**
 * Runs a {@link RangeSearcher} over a whole input on several threads. The input is cut into chunks of
 * start positions ({@link ChunkPlan}); a searcher reading one chunk may read on by the longest pattern
 * minus one, so a match that crosses a chunk boundary is found by the chunk it starts in and by no
 * other: nothing is lost or reported twice.
 *
 * <p>Matches are delivered in order: each chunk's matches are buffered and put in order (see
 * {@link MatchBuffer}: usually without a sort), and chunks are
 * handed to the sink in input order while at most {@code 2 * threads} chunks are in flight, which
 * bounds memory on inputs of any size. Counting needs no buffers and no order.
 *
 * <p>Threads: the calling thread scans chunks itself, helped by the process's shared {@link ScanPool}
 * (see {@link OrderedChunkRun}); no scan starts threads of its own, and scans run at once from any
 * threads, the pool's own included, neither deadlock nor starve. The sink is only ever called on the
 * calling thread.
 */
public final class ChunkedScan {
    private static final long MIN_CHUNK = 256 << 10;
    private static final long MAX_CHUNK = 8 << 20;
    /** Never started; only asks whether a segment may be read from threads other than its owner. */
    private static final Thread OTHER_THREAD = new Thread(() -> {});

    private final RangeSearcher searcher;
    private final int[] patternLengths;
    private final MatcherOptions options;

    public ChunkedScan(RangeSearcher searcher, int[] patternLengths, MatcherOptions options) {
        this.searcher = searcher;
        this.patternLengths = patternLengths;
        this.options = options;
    }

    /**
     * Chunks per thread for a whole-text count. A fast literal count over 512 MiB on 16 threads takes
     * 15-25 ms, so with 4 chunks a thread one thread that falls behind (a JIT or GC thread on its core)
     * held the run up by several milliseconds: on the H200 host, 16 threads, 4 against 16 chunks a
     * thread, in pairs of one run: 1,000 words 4.85 and 4.82 against 5.89 and 5.19 GB/s, 2,500 long words
     * 21.2 and 21.3 against 22.9 and 23.2; on 2 cores the same either way.
     */
    static final int COUNT_CHUNKS_PER_THREAD = ChunkedScan.BALANCED_CHUNKS_PER_THREAD;

    public long count(MemorySegment text) {
        long n = text.byteSize();
        long chunk = chunkSize(options, n, COUNT_CHUNKS_PER_THREAD);
        int threads = threadsFor(text);
        if (chunk >= n) {
            long c = searcher.count(text, 0, n);
            options.progress().bytesDone(n, n);
            return c;
        }
        return countChunks(options, text, chunk, threads, end -> end, searcher::count);
    }

    /**
     * The smallest chunk of a count on several threads, whose plan is {@linkplain ChunkPlan#tapered
     * tapered}. On the H200 host, 16 threads, 256 MiB, alternated three times in one call, 1,000 words
     * over the Iliad counted at 11.0, 9.48 and 9.22 GB/s tapered against 9.70, 9.13 and 8.84 in equal
     * 1 MiB chunks; the other sets and the regex templates moved both ways within that host's spread.
     */
    static final long TAPERED_LEAST = 128 << 10;

    /** A count over one range of the text. */
    public interface RangeCount {
        long count(MemorySegment text, long from, long to);
    }

    /**
     * The sum of {@code count} over the chunks (cut as {@link #runChunks} does), on {@code threads}
     * threads, reporting progress as chunks finish. The chunks are counted in no particular order
     * ({@link UnorderedChunkCount}): with the ordered run's window, one slow chunk held the other threads
     * back. On the H200 host, 16 threads, 256 MiB, alternated twice in one call: 2,500 long words over
     * loghub lines 18.0 and 24.8 GB/s ordered against 25.4 and 26.7, five log words 32.2 and 33.8
     * against 38.8 and 41.1, 1,000 words over the Iliad 7.0 and 8.0 against 8.9 and 10.5.
     */
    public static long countChunks(MatcherOptions options, MemorySegment text, long chunk, int threads,
            LongUnaryOperator cut, RangeCount count) {
        long n = text.byteSize();
        AtomicLong done = new AtomicLong();
        RangeCount counted = (t, from, to) -> {
            long c = count.count(t, from, to);
            options.progress().bytesDone(done.addAndGet(to - from), n);
            return c;
        };
        ChunkPlan plan = new ChunkPlan(n, chunk, 0).cutAt(cut);
        if (threads > 1) {
            return UnorderedChunkCount.run(text, plan.tapered(threads, TAPERED_LEAST), threads, counted);
        }
        long total = 0;
        for (long from = 0, to; from < n; from = to) {
            to = plan.end(from);
            total += counted.count(text, from, to);
        }
        return total;
    }

    public boolean scan(MemorySegment text, MatchSink sink) {
        long n = text.byteSize();
        long chunk = chunkSize(n);
        int threads = threadsFor(text);
        if (searcher.reportsInOrder() && (threads == 1 || chunk >= n)) {
            // In order already and nothing to overlap: stream straight to the sink, no buffers.
            ChunkPlan plan = new ChunkPlan(n, chunk, 0);
            for (long from = 0, to; from < n; from = to) {
                to = plan.end(from);
                if (!searcher.search(text, from, to, sink)) {
                    return false;
                }
                options.progress().bytesDone(to, n);
            }
            return true;
        }
        AtomicLong done = new AtomicLong();
        return runChunks(n, chunk, threads, (from, to) -> () -> {
            MatchBuffer buf = new MatchBuffer(from);
            searcher.search(text, from, to, buf);
            buf.sort(); // a no-op when the searcher (or the buffer's insertion) kept the order
            options.progress().bytesDone(done.addAndGet(to - from), n);
            return buf;
        }, buf -> buf.drainTo(sink, patternLengths));
    }

    /** True when anything matches; chunks stop at their first match, and the scan at the first chunk with one. */
    public boolean anyMatch(MemorySegment text) {
        long n = text.byteSize();
        ChunkPlan plan = ChunkPlan.forLongestPattern(n, chunkSize(n), maxPatternLength());
        boolean[] found = {false};
        runChunks(plan, threadsFor(text), (from, to) -> () -> searcher.firstMatchEnd(text, from, plan.readEnd(to)) >= 0,
                f -> {
                    found[0] = f;
                    return !f;
                });
        return found[0];
    }

    /**
     * The number of records (runs of bytes between {@code separator}s) that hold a match lying wholly
     * inside them. Each record costs a walk up to its first match, no more: matches are never
     * materialised, and records without matches are crossed at full scan speed. Say whether any
     * pattern contains the separator: only then can a match span records and need a second look.
     */
    public long countRecords(MemorySegment text, byte separator, boolean separatorInPatterns) {
        long n = text.byteSize();
        return countChunks(options, text, chunkSize(n), threadsFor(text), end -> end, (t, from, to) -> {
            long rf = alignToRecord(text, from, separator);
            long rt = alignToRecord(text, to, separator);
            long direct = separatorInPatterns ? -1 : searcher.matchingRecords(text, rf, rt, separator, null);
            if (direct >= 0) {
                return direct;
            }
            long[] c = {0};
            records(text, rf, rt, separator, separatorInPatterns,
                    (s, e) -> {
                        c[0]++;
                        return true;
                    });
            return c[0];
        });
    }

    /** Reports, in order, each record that holds a match (see {@link #countRecords}). */
    public boolean scanRecords(MemorySegment text, byte separator, boolean separatorInPatterns, RecordSink sink) {
        long n = text.byteSize();
        return runChunks(n, chunkSize(n), threadsFor(text), (from, to) -> () -> {
            long[][] found = {new long[64]};
            int[] size = {0};
            RecordSink keep = (s, e) -> {
                if (size[0] + 2 > found[0].length) {
                    found[0] = java.util.Arrays.copyOf(found[0], found[0].length * 2);
                }
                found[0][size[0]++] = s;
                found[0][size[0]++] = e;
                return true;
            };
            long rf = alignToRecord(text, from, separator);
            long rt = alignToRecord(text, to, separator);
            if (separatorInPatterns || searcher.matchingRecords(text, rf, rt, separator, keep) < 0) {
                records(text, rf, rt, separator, separatorInPatterns, keep);
            }
            return java.util.Arrays.copyOf(found[0], size[0]);
        }, pairs -> {
            for (int i = 0; i < pairs.length; i += 2) {
                if (!sink.onRecord(pairs[i], pairs[i + 1])) {
                    return false;
                }
            }
            return true;
        });
    }

    /** The first record start at or after {@code pos}: 0, the end, or just past a separator. */
    public static long alignToRecord(MemorySegment text, long pos, byte separator) {
        long n = text.byteSize();
        if (pos <= 0 || pos >= n) {
            return Math.max(0, Math.min(pos, n));
        }
        long i = indexOf(text, pos - 1, n, separator);
        return i == n ? n : i + 1;
    }

    /**
     * The matching records among the whole records of {@code [from, to)}. The earliest-ending match
     * from {@code pos} on tells which record to look at: every record before it holds no match (one
     * would have ended earlier). That record matches if a match lies wholly inside it (the one found
     * may span a separator, when patterns contain it); then the walk resumes past its end.
     */
    private void records(MemorySegment text, long from, long to, byte separator, boolean separatorInPatterns,
            RecordSink sink) {
        long pos = from;
        while (pos < to) {
            long e = searcher.firstMatchEnd(text, pos, to);
            if (e < 0) {
                return;
            }
            long last = e - 1;
            long ls = last;
            while (ls > pos && text.get(ValueLayout.JAVA_BYTE, ls - 1) != separator) {
                ls--;
            }
            long le = indexOf(text, last, to, separator);
            // A match without the separator lies inside its record; only one with it needs a second look.
            boolean inside = !separatorInPatterns || searcher.firstMatchEnd(text, ls, le) >= 0;
            if (inside && !sink.onRecord(ls, le)) {
                return;
            }
            pos = le + 1;
        }
    }

    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** The first index of {@code b} in {@code [from, to)}, or {@code to}; eight bytes per step (SWAR). */
    public static long indexOf(MemorySegment text, long from, long to, byte b) {
        long i = from;
        long pattern = (b & 0xFFL) * 0x0101_0101_0101_0101L;
        for (; i + 8 <= to; i += 8) {
            long x = text.get(WORD, i) ^ pattern;
            long zero = (x - 0x0101_0101_0101_0101L) & ~x & 0x8080_8080_8080_8080L;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (text.get(ValueLayout.JAVA_BYTE, i) == b) {
                return i;
            }
        }
        return to;
    }

    private int maxPatternLength() {
        int m = 1;
        for (int len : patternLengths) {
            m = Math.max(m, len);
        }
        return m;
    }

    /** A segment of a confined arena can only be read by its owner thread: then scan on this one. */
    private int threadsFor(MemorySegment text) {
        return threadsFor(options, text);
    }

    public static int threadsFor(MatcherOptions options, MemorySegment text) {
        return shareable(text) ? options.threads() : 1;
    }

    /** Whether threads other than the segment's owner may read it (not one of a confined arena). */
    static boolean shareable(MemorySegment text) {
        return text.isAccessibleBy(OTHER_THREAD);
    }

    private long chunkSize(long n) {
        return chunkSize(options, n);
    }

    /** The chunk size the options ask for, or one that gives each thread a few chunks. */
    public static long chunkSize(MatcherOptions options, long n) {
        return chunkSize(options, n, 4);
    }

    /**
     * Chunks per thread for work that is slow per byte (regexes, per-record answers). Chunks are
     * claimed one at a time, so a thread that falls behind (a busier core, a late start) holds the
     * run up by as much as a chunk: with 4 chunks a thread, a quarter of its share; with 16, a
     * sixteenth. On 16 threads, 512 MiB of log lines came in 64 chunks of 8 MiB, about a tenth of a
     * second each for {@code cpu:dfa} at the 87 MB/s per thread it ran at there. Such work pays
     * little per chunk: 256 KiB, the least, is still more than a millisecond of it.
     */
    public static final int BALANCED_CHUNKS_PER_THREAD = 16;

    /**
     * The chunk size the options ask for, or one that gives each thread about {@code chunksPerThread}
     * chunks (between 256 KiB and 8 MiB).
     */
    public static long chunkSize(MatcherOptions options, long n, int chunksPerThread) {
        if (options.chunkBytes() > 0) {
            return Math.max(1, Math.min(options.chunkBytes(), 1L << 30));
        }
        if (options.threads() == 1) {
            return n <= MAX_CHUNK ? Math.max(n, 1) : MAX_CHUNK;
        }
        return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, n / ((long) chunksPerThread * options.threads())));
    }

    public interface ChunkTask<R> {
        Callable<R> at(long from, long to);
    }

    public interface Consumer<R> {
        boolean accept(R result);
    }

    private static <R> boolean runChunks(long n, long chunk, int threads, ChunkTask<R> task, Consumer<R> consumer) {
        return runChunks(new ChunkPlan(n, chunk, 0), threads, task, consumer);
    }

    /**
     * Runs chunk tasks with bounded look-ahead and consumes results in input order. A chunk's end is
     * {@code cut} applied to {@code from + chunk} (at least that, at most {@code n}): the identity, or a
     * move to the next record start. Cuts are made one after the other, so a cut that searches forward
     * reads each byte at most once in all.
     */
    public static <R> boolean runChunks(long n, long chunk, int threads, LongUnaryOperator cut,
            ChunkTask<R> task, Consumer<R> consumer) {
        return runChunks(new ChunkPlan(n, chunk, 0).cutAt(cut), threads, task, consumer);
    }

    /**
     * Chunks per thread an ordered run may have claimed and not yet consumed where each holds its
     * chunk's matches until its turn: the bound on what a scan buffers.
     */
    static final int ORDERED_AHEAD_PER_THREAD = 2;

    /**
     * Runs a task per chunk of the plan on {@code threads} threads (the calling one among them) and
     * hands the results to {@code consumer} in input order, on the calling thread, while at most
     * {@value #ORDERED_AHEAD_PER_THREAD} chunks a thread are in flight; false as soon as the consumer
     * returns false.
     */
    public static <R> boolean runChunks(ChunkPlan plan, int threads, ChunkTask<R> task, Consumer<R> consumer) {
        return runChunks(plan, threads, ORDERED_AHEAD_PER_THREAD, task, consumer);
    }

    /** As {@link #runChunks(ChunkPlan, int, ChunkTask, Consumer)}, at most {@code ahead} chunks a thread in flight. */
    static <R> boolean runChunks(ChunkPlan plan, int threads, int ahead, ChunkTask<R> task, Consumer<R> consumer) {
        if (threads > 1) {
            return new OrderedChunkRun<>(plan, threads, ahead, task).run(consumer);
        }
        for (long from = 0, to; from < plan.size(); from = to) {
            to = plan.end(from);
            if (!consumer.accept(call(task.at(from, to)))) {
                return false;
            }
        }
        return true;
    }

    /** What a scan throws for {@code t}: itself when unchecked (an {@code Error} is thrown here), else wrapped. */
    static RuntimeException rethrown(Throwable t) {
        if (t instanceof RuntimeException re) {
            return re;
        }
        if (t instanceof Error err) {
            throw err;
        }
        return new TrawlException("scan failed: " + t, t);
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
}
