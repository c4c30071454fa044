package dev.trawl.scan;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.RejectedExecutionException;

/**
 * One count over an input by two engines at once, from one {@link ChunkQueue}: a lead (the GPU
 * pipeline, taking large chunks with several in flight) on the calling thread, and CPU threads from the
 * shared {@link ScanPool}, each taking small chunks and counting them one by one, each chunk sized to
 * take about a millisecond at the thread's measured speed ({@link #nextSize}). Whoever is free takes
 * the next chunk, so each engine gets the share its speed earns and both finish close together; every
 * start is in exactly one chunk, so the counts add up to the whole input's count exactly once.
 *
 * <p>A CPU thread that starts after the lead has finished returns without work (the pool may be busy
 * with other scans: then the lead does more). The caller waits only for CPU threads that are running a
 * chunk, never for a queued task. A failure on either side stops the queue and is thrown once the other
 * side has stopped.
 */
public final class SharedQueueCount {
    /** The total, and how many bytes (starts) each side counted. */
    public record Outcome(long count, long leadBytes, long cpuBytes) {}

    private final ChunkQueue queue;
    private final MemorySegment text;
    private final ChunkCounter cpu;
    private final long cpuChunk;

    // Guarded by this.
    private int running;
    private boolean closed;
    private long cpuCount;
    private long cpuBytes;
    private Throwable failure;

    private SharedQueueCount(MemorySegment text, ChunkQueue queue, ChunkCounter cpu, long cpuChunk) {
        this.text = text;
        this.queue = queue;
        this.cpu = cpu;
        this.cpuChunk = cpuChunk;
    }

    /**
     * Counts {@code text} with {@code lead} on the calling thread and {@code cpuThreads} threads running
     * {@code cpu} on chunks of {@code cpuChunk} starts, all from one queue whose chunks read on by
     * {@code longestPattern} minus one bytes. CPU threads need a {@code text} other threads may read;
     * for a confined one the lead counts alone.
     */
    public static Outcome count(MemorySegment text, int longestPattern, QueueCounter lead, ChunkCounter cpu,
            int cpuThreads, long cpuChunk) {
        SharedQueueCount run = new SharedQueueCount(text, new ChunkQueue(text.byteSize(), longestPattern), cpu, cpuChunk);
        return run.run(lead, ChunkedScan.shareable(text) ? cpuThreads : 0);
    }

    private Outcome run(QueueCounter lead, int cpuThreads) {
        for (int k = 0; k < cpuThreads && queue.remaining() > 0; k++) {
            try {
                ScanPool.execute(this::work);
            } catch (RejectedExecutionException e) {
                break; // the lead takes what no CPU thread does
            }
        }
        long leadCount;
        try {
            leadCount = lead.countTaking(text, queue);
        } catch (RuntimeException | Error e) {
            queue.stop();
            closeWorkers();
            throw e;
        }
        closeWorkers();
        synchronized (this) {
            if (failure != null) {
                throw ChunkedScan.rethrown(failure);
            }
            return new Outcome(leadCount + cpuCount, text.byteSize() - cpuBytes, cpuBytes);
        }
    }

    /** A CPU thread's life: chunks until the queue is empty; nothing if the run is already over. */
    private void work() {
        synchronized (this) {
            if (closed) {
                return;
            }
            running++;
        }
        long count = 0;
        long bytes = 0;
        Throwable failed = null;
        try {
            long size = Math.min(cpuChunk, FIRST_CPU_CHUNK);
            for (ChunkQueue.Chunk c; (c = queue.claim(size)) != null; ) {
                long t0 = System.nanoTime();
                count += cpu.count(text, c);
                bytes += c.starts();
                size = nextSize(c.starts(), System.nanoTime() - t0, cpuChunk);
            }
        } catch (Throwable t) {
            failed = t;
            queue.stop();
        } finally {
            synchronized (this) {
                cpuCount += count;
                cpuBytes += bytes;
                if (failed != null && failure == null) {
                    failure = failed;
                }
                running--;
                notifyAll();
            }
        }
    }

    /** A CPU thread's first chunk (at most the run's CPU chunk): its time sizes the next. */
    static final long FIRST_CPU_CHUNK = 256L << 10;
    /** The least chunk a CPU thread takes once it knows its speed (unless the run's CPU chunk is smaller). */
    static final long LEAST_CPU_CHUNK = 64L << 10;
    /**
     * The time a CPU thread's chunk should take. The GPU ends a 512 MiB count in about 13 ms; a CPU
     * thread still in a chunk then holds the whole count up. Chunks of a fixed 4 MiB took one thread
     * 10 ms at 1,000 words (0.4 GB/s a thread on the H200 host), and the count with the CPU helping
     * ran at 19-25 GB/s against the GPU's 36 alone.
     */
    static final long CPU_CHUNK_NANOS = 1_000_000;

    /** The next chunk of a CPU thread whose last chunk of {@code starts} took {@code nanos}: about {@link #CPU_CHUNK_NANOS} of work. */
    static long nextSize(long starts, long nanos, long most) {
        long bytesPerMs = (long) Math.min(Long.MAX_VALUE / 2.0, (double) starts * CPU_CHUNK_NANOS / Math.max(1, nanos));
        return Math.clamp(bytesPerMs, Math.min(most, LEAST_CPU_CHUNK), most);
    }

    /** No CPU thread starts work any more; waits for those running (each is in a chunk, never queued). */
    private synchronized void closeWorkers() {
        closed = true;
        boolean interrupted = false;
        while (running > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
