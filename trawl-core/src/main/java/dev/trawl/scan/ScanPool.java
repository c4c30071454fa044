package dev.trawl.scan;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's one pool of scan helpers: daemon threads, one per available processor, that exit
 * after a while idle. Every multi-threaded scan lends its chunks to it rather than starting threads
 * of its own ({@link OrderedChunkRun}). Nothing waits for a task here to start: a scan's own thread
 * does the work that no helper has taken yet, so a queue full of other scans' helpers (or a scan run
 * from inside this pool) slows a scan down and never blocks it.
 */
final class ScanPool {
    private static final int SIZE = Math.max(1, Runtime.getRuntime().availableProcessors());
    private static final ThreadPoolExecutor POOL = pool();

    private ScanPool() {}

    /** The most helpers that run at once. */
    static int size() {
        return SIZE;
    }

    /** Queues a helper; it runs when a pool thread is free. */
    static void execute(Runnable helper) {
        POOL.execute(helper);
    }

    private static ThreadPoolExecutor pool() {
        AtomicInteger ids = new AtomicInteger();
        ThreadPoolExecutor p = new ThreadPoolExecutor(SIZE, SIZE, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, "trawl-scan-" + ids.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        p.allowCoreThreadTimeOut(true);
        return p;
    }
}
