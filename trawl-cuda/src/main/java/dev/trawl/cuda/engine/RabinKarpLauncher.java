package dev.trawl.cuda.engine;

import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The host side of {@code src/main/cuda/rabinkarp.cu}: one {@link RabinKarpPatterns} on the device
 * (keys, groups, entry ids, pattern bytes, in one buffer), the tiled passes over it
 * ({@link TiledKernels}), and the first-occurrence kernels, whose groups (and, for the constant-memory
 * lookup, keys) come from constant memory a batch at a time ({@link #uploadBatch}). The batches' lookup
 * tables ({@link RabinKarpPatterns#lookupTable}) sit in a second device buffer; a launch gives a
 * table that fits {@link #SHARED_LIMIT} as dynamic shared memory, for the kernel to copy it there.
 *
 * <p>The constant memory ({@code rk_hashes}, {@code rk_groups}) is one per process, not per matcher:
 * whoever runs the first-occurrence kernels holds {@link #CONSTANT_MEMORY} from the upload of a batch
 * until the last of its kernels is done ({@link RabinKarpFirstPass}).
 */
final class RabinKarpLauncher extends TiledLauncher {
    /** Held while a batch's keys sit in constant memory and kernels read them. */
    static final ReentrantLock CONSTANT_MEMORY = new ReentrantLock();
    /** Threads a block for the first-occurrence kernels. */
    static final int FIRST_THREADS = 256;
    /** The dynamic shared memory a launch may ask for without opting in: a lookup table larger than this is read from global memory. */
    static final int SHARED_LIMIT = 48 << 10;

    private final Gpu gpu;
    private final RabinKarpPatterns table;
    private final DeviceBuffer device;
    private final long keys;
    private final long groups;
    private final long entryPattern;
    private final long patStart;
    private final long bytes;
    private final int firstBlocks;
    private final Kernel[] first; // constant / table lookup x thread / warp per record x unverified / verified
    private final DeviceBuffer lookup;
    private final long[] lookupAt; // per batch, its table's address; its word count below
    private final int[] lookupWords;

    RabinKarpLauncher(Gpu gpu, RabinKarpPatterns table) {
        this.gpu = gpu;
        this.table = table;
        Kernel count = gpu.kernel("rk_count");
        Kernel write = gpu.kernel("rk_write");
        Kernel records = gpu.kernel("rk_records");
        Kernel lines = gpu.kernel("rk_lines");
        Kernel[] first = new Kernel[8];
        for (int k = 0; k < 8; k++) {
            first[k] = gpu.kernel("rk_first_" + ((k & 2) == 0 ? "t" : "w") + (k & 1) + ((k & 4) == 0 ? "c" : "h"));
        }
        this.first = first;
        super(gpu, count, write, records, lines, 0);
        int sms = gpu.info().multiprocessors();
        this.firstBlocks = Math.max(1, first[1].blocksPerMultiprocessor(FIRST_THREADS, 0)) * sms;
        int n = table.entries();
        long keysBytes = 4L * n;
        long groupsBytes = 4L * table.groups.length;
        long patStartBytes = 4L * table.patStart.length;
        long total = align(keysBytes) + align(groupsBytes) + align(keysBytes) + align(patStartBytes)
                + align(table.bytes.length + 1L);
        this.device = new DeviceBuffer(gpu, total);
        this.keys = device.pointer();
        this.groups = keys + align(keysBytes);
        this.entryPattern = groups + align(groupsBytes);
        this.patStart = entryPattern + align(keysBytes);
        this.bytes = patStart + align(patStartBytes);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(total, 16);
            MemorySegment.copy(table.keys, 0, host, ValueLayout.JAVA_INT, 0, n);
            MemorySegment.copy(table.groups, 0, host, ValueLayout.JAVA_INT, groups - keys, table.groups.length);
            MemorySegment.copy(table.entryPattern, 0, host, ValueLayout.JAVA_INT, entryPattern - keys, n);
            MemorySegment.copy(table.patStart, 0, host, ValueLayout.JAVA_INT, patStart - keys, table.patStart.length);
            MemorySegment.copy(table.bytes, 0, host, ValueLayout.JAVA_BYTE, bytes - keys, table.bytes.length);
            gpu.bind();
            CudaDriver.memcpyHtoD(device.pointer(), host, total);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
        int batches = table.batches();
        int[][] tables = new int[batches][];
        long lookupBytes = 0;
        for (int b = 0; b < batches; b++) {
            tables[b] = table.lookupTable(b);
            lookupBytes += align(4L * tables[b].length);
        }
        this.lookupAt = new long[batches];
        this.lookupWords = new int[batches];
        try {
            this.lookup = new DeviceBuffer(gpu, Math.max(16, lookupBytes));
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(Math.max(16, lookupBytes), 16);
            long at = 0;
            for (int b = 0; b < batches; b++) {
                MemorySegment.copy(tables[b], 0, host, ValueLayout.JAVA_INT, at, tables[b].length);
                lookupAt[b] = lookup.pointer() + at;
                lookupWords[b] = tables[b].length;
                at += align(4L * tables[b].length);
            }
            CudaDriver.memcpyHtoD(lookup.pointer(), host, Math.max(16, lookupBytes));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private static long align(long v) {
        return (v + 15) & ~15L;
    }

    RabinKarpPatterns table() {
        return table;
    }

    @Override
    Kernel.Args tableArgs(Arena a, int extra, long text, long readable, long starts) {
        return new Kernel.Args(a, 12 + extra).i64(text).i64(readable).i64(starts).i64(keys).i64(groups)
                .i32(table.groupCount()).i64(entryPattern).i64(patStart).i64(bytes).i32(table.base).i32(table.keyMask)
                .i32(table.fold ? 1 : 0);
    }

    /**
     * Puts batch {@code b}'s keys and groups in constant memory; returns its group count. The caller
     * holds {@link #CONSTANT_MEMORY}, and no first-occurrence kernel may be running: the copy goes
     * through the legacy stream, which the pipelines' non-blocking streams do not wait for, so the
     * whole context is synchronised after it.
     */
    int uploadBatch(int b) {
        int[] g = table.batchGroups(b);
        int lo = b * RabinKarpPatterns.BATCH;
        int n = Math.min(table.entries(), lo + RabinKarpPatterns.BATCH) - lo;
        long[] hashes = gpu.global("rk_hashes");
        long[] groupSymbol = gpu.global("rk_groups");
        if (hashes[1] < 4L * RabinKarpPatterns.BATCH || groupSymbol[1] < 4L * g.length) {
            throw new IllegalStateException("rabinkarp.cu's constant arrays are smaller than RabinKarpPatterns expects");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment k = a.allocate(4L * Math.max(1, n), 16);
            MemorySegment.copy(table.keys, lo, k, ValueLayout.JAVA_INT, 0, n);
            gpu.bind();
            CudaDriver.memcpyHtoD(hashes[0], k, 4L * n);
            if (g.length > 0) {
                MemorySegment gs = a.allocate(4L * g.length, 16);
                MemorySegment.copy(g, 0, gs, ValueLayout.JAVA_INT, 0, g.length);
                CudaDriver.memcpyHtoD(groupSymbol[0], gs, 4L * g.length);
            }
            CudaDriver.synchronizeContext();
        }
        return g.length / 4;
    }

    /**
     * Queues the first-occurrence kernels of batch {@code b} (uploaded, with {@code groupCount} groups)
     * over a chunk of {@code recordCount} records: a thread per record shorter than {@code split} bytes,
     * a warp per longer one. Each (record, entry) first hit (first occurrence when {@code verify}) is
     * appended to {@code out} (room for {@code capacity}) as {@code record << 42 | offset << 12 | entry};
     * {@code counter} (cleared by the caller) ends as the number of them, past {@code capacity} too.
     */
    void first(Stream stream, long text, long recordStarts, long recordEnds, int recordCount, int split, int b,
            int groupCount, boolean verify, RabinKarpLookup how, long out, long capacity, long counter) {
        int lo = b * RabinKarpPatterns.BATCH;
        int n = Math.min(table.entries(), lo + RabinKarpPatterns.BATCH) - lo;
        int k = (how == RabinKarpLookup.TABLE ? 4 : 0) + (verify ? 1 : 0);
        boolean shared = how == RabinKarpLookup.TABLE && 4L * lookupWords[b] <= SHARED_LIMIT;
        int sharedBytes = shared ? 4 * lookupWords[b] : 0;
        // Shared memory may hold fewer blocks a multiprocessor than registers do: a grid past what is
        // resident only queues blocks that copy the table again.
        int blocks = sharedBytes == 0 ? firstBlocks
                : Math.max(1, first[k].blocksPerMultiprocessor(FIRST_THREADS, sharedBytes)) * gpu.info().multiprocessors();
        long threadBlocks = (recordCount + FIRST_THREADS - 1L) / FIRST_THREADS;
        long warpBlocks = (recordCount + FIRST_THREADS / 32 - 1L) / (FIRST_THREADS / 32);
        try (Arena a = Arena.ofConfined()) {
            first[k].launch((int) Math.max(1, Math.min(threadBlocks, blocks)), FIRST_THREADS, sharedBytes, stream,
                    firstArgs(a, text, recordStarts, recordEnds, recordCount, split, groupCount, b, n, out, capacity,
                            counter, shared));
            first[2 + k].launch((int) Math.max(1, Math.min(warpBlocks, blocks)), FIRST_THREADS, sharedBytes, stream,
                    firstArgs(a, text, recordStarts, recordEnds, recordCount, split, groupCount, b, n, out, capacity,
                            counter, shared));
        }
    }

    private Kernel.Args firstArgs(Arena a, long text, long recordStarts, long recordEnds, int recordCount, int split,
            int groupCount, int batch, int batchEntries, long out, long capacity, long counter, boolean shared) {
        return new Kernel.Args(a, 20).i64(text).i64(recordStarts).i64(recordEnds).i32(recordCount).i32(split)
                .i64(entryPattern).i64(patStart).i64(bytes).i32(table.base).i32(table.keyMask).i32(table.fold ? 1 : 0)
                .i32(groupCount).i32(batch * RabinKarpPatterns.BATCH).i32(batchEntries).i64(out).i64(capacity)
                .i64(counter).i64(lookupAt[batch]).i32(lookupWords[batch]).i32(shared ? 1 : 0);
    }

    /** Frees the device tables. */
    @Override
    public void close() {
        try {
            device.close();
        } finally {
            if (lookup != null) {
                lookup.close();
            }
        }
    }
}
