package dev.trawl.cuda.engine;

import dev.trawl.automaton.CountingDfa;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The host side of {@code src/main/cuda/dfa.cu}: a {@link CountingDfa} on the device and its count-only
 * kernel, which {@link PfacLauncher} runs for count-only passes (a whole-text {@code count}) in place of
 * the PFAC walk. Kernel-only over the Iliad at 512 MiB on an H200 ({@code gpu-check.sh count},
 * {@code docs/results/h200-session17}), against the PFAC walk's best kernels: ten names 1,542 against
 * 958 GB/s, 1K dictionary words 988 against 358 (1,001-1,020 since its text is read past L1, session 18),
 * 10K 737 against 215, 100K 325 against 133.
 *
 * <p>Device layout: one allocation holding, each at a 256-byte boundary, {@code classOf} (256 ints), the
 * outputs (an int per state) and the table, in 16-bit entries when every state fits 15 bits
 * ({@link CountingDfa#narrow()}), else 32-bit; a narrow table whose every row fits the shared memory runs
 * {@code dfa_count_resident}, which skips the test for rows outside it. Blocks of {@value #THREADS}
 * threads hold the byte classes and the first states' rows in at most {@value #SHARED_BYTES} bytes of
 * shared memory, two blocks a multiprocessor.
 */
final class DfaCounter implements AutoCloseable {
    static final int THREADS = 1024;
    /**
     * The most bytes a thread counts in one segment: longer segments spend less on warm-ups (2,048
     * against 512 bytes: 3-5% faster over 512 MiB), but a chunk must still give every thread of the grid
     * a segment, so smaller chunks get shorter ones, down to {@value #LEAST_SEGMENT}.
     */
    static final int SEGMENT = 2048;
    static final int LEAST_SEGMENT = 256;
    /** Shared memory a block: the default limit, so that two blocks of 1,024 threads fit a multiprocessor. */
    static final int SHARED_BYTES = 48 << 10;

    private final Kernel kernel;
    private final DeviceBuffer device;
    private final long classOf;
    private final long outputs;
    private final long next;
    private final int classes;
    private final int hot;
    private final int warm;
    private final int sharedBytes;
    private final int maxBlocks;

    /** The counter for {@code table}, or null when its DFA is too large or the property says {@code walk}. */
    static DfaCounter forTable(Gpu gpu, PfacTable table) {
        if ("walk".equals(System.getProperty(PfacLauncher.COUNT_PROPERTY)) || !CountingDfa.fits(table)) {
            return null;
        }
        return new DfaCounter(gpu, CountingDfa.of(table));
    }

    DfaCounter(Gpu gpu, CountingDfa dfa) {
        boolean narrow = dfa.narrow();
        int entryBytes = narrow ? 2 : 4;
        this.classes = dfa.classCount();
        this.warm = dfa.warmUp();
        // The classes (256 bytes) first, then as many rows as fit, less a little for the kernel's own use.
        this.hot = (int) Math.min(dfa.stateCount(), (SHARED_BYTES - 256 - 64) / ((long) classes * entryBytes));
        this.kernel = gpu.kernel(!narrow ? "dfa_count_wide" : hot == dfa.stateCount() ? "dfa_count_resident"
                : "dfa_count_narrow");
        this.sharedBytes = 256 + hot * classes * entryBytes;
        this.maxBlocks = Math.max(1, kernel.blocksPerMultiprocessor(THREADS, sharedBytes)) * gpu.info().multiprocessors();
        long outputsAt = 1024;
        long nextAt = PfacLauncher.align(outputsAt + 4L * dfa.stateCount(), 256);
        long tableBytes = (long) entryBytes * dfa.next().length;
        long size = nextAt + tableBytes;
        this.device = new DeviceBuffer(gpu, size);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(size, 256);
            MemorySegment.copy(dfa.classOf(), 0, host, ValueLayout.JAVA_INT, 0, 256);
            MemorySegment.copy(dfa.outputs(), 0, host, ValueLayout.JAVA_INT, outputsAt, dfa.stateCount());
            if (narrow) {
                short[] entries = dfa.narrowNext();
                MemorySegment.copy(entries, 0, host, ValueLayout.JAVA_SHORT, nextAt, entries.length);
            } else {
                MemorySegment.copy(dfa.next(), 0, host, ValueLayout.JAVA_INT, nextAt, dfa.next().length);
            }
            gpu.bind();
            CudaDriver.memcpyHtoD(device.pointer(), host, size);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
        this.classOf = device.pointer();
        this.outputs = device.pointer() + outputsAt;
        this.next = device.pointer() + nextAt;
    }

    /**
     * Queues {@code *total += } the matches starting in {@code [0, starts)} of the {@code readable} bytes
     * at {@code text}: the count-only pass's contract ({@link TiledKernels#count} with no per-thread or
     * per-tile counts).
     */
    void count(Stream stream, long text, long readable, long starts, long total) {
        int seg = segment(readable, (long) maxBlocks * THREADS);
        long segments = (readable + seg - 1) / seg + (readable - starts + seg - 1) / seg;
        int grid = (int) Math.min(maxBlocks, (segments + THREADS - 1) / THREADS);
        try (Arena a = Arena.ofConfined()) {
            kernel.launch(grid, THREADS, sharedBytes, stream, new Kernel.Args(a, 11).i64(text).i64(readable)
                    .i64(starts).i64(next).i64(outputs).i64(classOf).i32(classes).i32(hot).i32(warm).i32(seg)
                    .i64(total));
        }
    }

    /**
     * The segment for {@code readable} bytes over {@code threads}: a multiple of 32 in
     * [{@value #LEAST_SEGMENT}, {@value #SEGMENT}], sized so that the chunk takes whole rounds of the
     * grid, not a few segments more (512 MiB in segments of 1,984 bytes left 264 threads of one block a
     * second segment, and the kernel 10-30% slower; a 1 GiB chunk in segments of 2,048 left 6% of the
     * grid idle in its second round).
     */
    static int segment(long readable, long threads) {
        long t = Math.max(1, threads);
        long rounds = Math.max(1, (readable + t * SEGMENT - 1) / (t * SEGMENT));
        long perThread = (readable + rounds * t - 1) / (rounds * t);
        return (int) Math.clamp((perThread + 31) / 32 * 32, LEAST_SEGMENT, SEGMENT);
    }

    /** Which kernel counts: {@code dfa_count_resident}, {@code dfa_count_narrow} or {@code dfa_count_wide}. */
    String kernelName() {
        return kernel.name();
    }

    /** States whose rows are in shared memory. */
    int hotStates() {
        return hot;
    }

    @Override
    public void close() {
        device.close();
    }
}
