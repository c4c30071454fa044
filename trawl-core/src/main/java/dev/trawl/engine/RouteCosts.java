package dev.trawl.engine;

/**
 * When {@code auto} has a CPU and a GPU engine for a set, which one runs a call of {@code n} bytes,
 * from measured costs: the CPU matcher's nanoseconds per byte (measured on its own calls of a
 * mebibyte or more; until then an estimate of 1.5 GB/s a thread), the GPU's per-call cost and rate
 * (estimates, then measured on calls of 64 MiB or more) and its one-time start-up (context, kernels,
 * tables: an estimate, then what it took).
 *
 * <p>The CPU's rate is the fastest it has shown on a call, and until it has run {@value #CPU_WARM_BYTES}
 * bytes no slower than the estimate: the first calls of a fresh JVM run before the JIT has compiled
 * the scan, ten or more times slower than later ones, and a rate taken from them made a one-shot
 * command over half a gigabyte start the GPU (a second and more of CUDA start-up, against a third of
 * a second on the CPU). The GPU's start-up is estimated as {@link #GPU_START_NS}, plus, for a literal
 * set, the CPU engine's compile time (its tables are built on the host the same way; on an H200 host
 * {@code gpu:pfac} compiled ten names to a million words in 0.3 to 0.95 of the CPU engine's time), then
 * measured; when another matcher has already set the device up in this process, only the tables'
 * part is counted (a long-lived process that compiles many sets sends the second one's large calls to
 * the GPU at once).
 *
 * <p>Once the GPU has started, each call goes where it is predicted to end first. Before, the
 * start-up is a cost paid once for all later calls, so the choice is a ski rental: the CPU runs while
 * the time the GPU would have saved, added up over calls, is less than the start-up; the call that
 * brings the sum to it starts the GPU. So a one-off small or medium scan never pays the GPU's
 * start-up, a single huge scan starts it at once, and a process that keeps scanning large inputs
 * loses at most the start-up's worth of time before it moves to the GPU.
 *
 * <p>A call the GPU takes may also be shared with {@code k} CPU threads from one chunk queue
 * ({@link #split}): worth it when the CPU threads' rate (the measured one, scaled from the matcher's
 * threads to {@code k}) is at least {@value #MIN_SPLIT_SHARE} of the two together, as each engine then
 * takes a share in proportion to its rate and the call ends that much sooner; below it, the chunks the
 * CPU holds at the end can cost more than its share saves. A shared call that ends no sooner than the
 * GPU alone was predicted to ({@link #SPLIT_MIN_GAIN}) stops the sharing for good: the CPU threads then
 * slow the GPU's feed as much as they add. Thread-safe.
 */
final class RouteCosts {
    static final long MEASURE_CPU_FROM = 1L << 20;
    static final long MEASURE_GPU_FROM = 64L << 20;
    /** CPU bytes measured before a rate slower than the estimate is believed (the JIT has warmed by then). */
    static final long CPU_WARM_BYTES = 256L << 20;
    /** Estimates until measured: an H200 host's through the public API (LinkBench). */
    static final double GPU_NS_PER_BYTE = 1 / 35.0;
    static final double GPU_CALL_NS = 1.5e6;
    static final double GPU_START_NS = 0.5e9;
    static final double CPU_BYTES_PER_NS_PER_THREAD = 1.5;
    /**
     * The estimate for a regex set on a CPU regex engine: cpu:dfa over 50M loghub lines on an H200 host's
     * 16 cores ran 0.06 GB/s a thread for all 1,363 templates and 0.8 for HDFS' 14; a one-off call over a
     * few gigabytes of lines should go to the GPU for the former.
     */
    static final double CPU_REGEX_BYTES_PER_NS_PER_THREAD = 0.25;
    /** The least share of a shared count the CPU threads must be predicted to take. */
    static final double MIN_SPLIT_SHARE = 0.1;
    /**
     * A shared call must take under this share of the GPU-alone prediction, or calls stop being shared:
     * on an H200 host, 10,000 words over 512 MiB ran at 29 GB/s shared with 8 CPU threads against 36
     * on the GPU alone (LinkBench), as the GPU's host copies need the cores.
     */
    static final double SPLIT_MIN_GAIN = 0.95;
    /** No smaller call is shared: the GPU's pipeline needs a few chunks to fill. */
    static final long MIN_SPLIT_BYTES = 256L << 20;

    private final int threads;
    private double cpuNsPerByte;
    private double gpuNsPerByte = GPU_NS_PER_BYTE;
    private double gpuStartNs = GPU_START_NS;
    /** The part of the start-up estimate that builds this set's tables (the rest sets up the device). */
    private double gpuTablesNs;
    private double missedNs;
    private boolean gpuStarted;
    private final double cpuEstimateNsPerByte;
    private long cpuBytesMeasured;
    private double cpuBestNsPerByte = Double.MAX_VALUE;
    private int gpuMeasuredCalls;
    /** Shared calls in a row that ran no faster than the GPU alone; at {@link #SPLIT_LOSSES} calls are no longer shared. */
    private int splitLosses;
    /**
     * Losing shared calls in a row after which calls stop being shared. One is not enough: a matcher's
     * first shared call may run its CPU threads' code cold, and one slow call would end sharing for
     * good where it wins (on an H200 host, ten names shared measured 48.6-52 GB/s against 42-43 on the
     * GPU alone, best of many calls).
     */
    static final int SPLIT_LOSSES = 2;

    RouteCosts(int cpuThreads) {
        this(cpuThreads, CPU_BYTES_PER_NS_PER_THREAD);
    }

    /** With the CPU engine's rate per thread estimated at {@code cpuBytesPerNsPerThread} until measured. */
    RouteCosts(int cpuThreads, double cpuBytesPerNsPerThread) {
        this.threads = Math.max(1, cpuThreads);
        this.cpuEstimateNsPerByte = 1 / (cpuBytesPerNsPerThread * Math.max(1, cpuThreads));
        this.cpuNsPerByte = cpuEstimateNsPerByte;
    }

    /** The CPU engine took {@code ns} to compile the set: the GPU's start-up estimate grows with it. */
    synchronized void cpuCompiledIn(long ns) {
        if (!gpuStarted) {
            gpuTablesNs = ns;
            gpuStartNs = GPU_START_NS + gpuTablesNs;
        }
    }

    /** Whether a call of {@code n} bytes should run on the GPU (and start it if it has not). */
    synchronized boolean useGpu(long n) {
        return useGpu(n, false);
    }

    /**
     * As {@link #useGpu(long)}; {@code deviceUp}: the device is already set up in this process (by
     * another matcher), so starting this matcher's GPU side costs only its tables.
     */
    synchronized boolean useGpu(long n, boolean deviceUp) {
        double gain = n * cpuNsPerByte - (GPU_CALL_NS + n * gpuNsPerByte);
        if (gain <= 0) {
            return false;
        }
        double start = deviceUp && !gpuStarted ? gpuTablesNs : gpuStartNs;
        if (gpuStarted || missedNs + gain >= start) {
            return true;
        }
        missedNs += gain;
        return false;
    }

    /**
     * Whether a call of {@code n} bytes that the started GPU takes should be shared with {@code cpuThreads}
     * CPU threads: the CPU's predicted share of the two rates is at least {@link #MIN_SPLIT_SHARE}.
     */
    synchronized boolean split(long n, int cpuThreads) {
        if (!gpuStarted || n < MIN_SPLIT_BYTES || splitLosses >= SPLIT_LOSSES) {
            return false;
        }
        double cpuRate = cpuThreads / (cpuNsPerByte * threads);
        double gpuRate = 1 / Math.max(gpuNsPerByte, 1e-6);
        return cpuRate / (cpuRate + gpuRate) >= MIN_SPLIT_SHARE;
    }

    /**
     * A shared call took {@code ns}: the GPU counted {@code gpuBytes} and {@code cpuThreads} CPU threads
     * {@code cpuBytes} in that time. The CPU's rate is scaled back to the matcher's threads.
     */
    synchronized void splitRan(long gpuBytes, long cpuBytes, int cpuThreads, long ns) {
        // Measured against the GPU's rate alone: a shared call no faster than the GPU alone would have
        // been means the CPU threads slowed the GPU's feed (its host copies run on the same cores and
        // memory) by as much as they added.
        if (gpuMeasuredCalls > 1 && gpuBytes + cpuBytes >= MIN_SPLIT_BYTES) {
            boolean lost = ns >= SPLIT_MIN_GAIN * (GPU_CALL_NS + (gpuBytes + cpuBytes) * gpuNsPerByte);
            splitLosses = lost ? splitLosses + 1 : 0;
        }
        if (cpuBytes >= MEASURE_CPU_FROM) {
            cpuNsPerByte = blend(cpuNsPerByte, ns / (double) cpuBytes * cpuThreads / threads);
        }
        // The GPU's rate beside CPU threads is not its rate alone, which the losses are judged on: a
        // shared call only teaches it while nothing else has.
        if (gpuMeasuredCalls <= 1) {
            gpuRan(gpuBytes, ns);
        }
    }

    synchronized void cpuRan(long n, long ns) {
        if (n >= MEASURE_CPU_FROM) {
            cpuBestNsPerByte = Math.min(cpuBestNsPerByte, ns / (double) n);
            cpuBytesMeasured += n;
            cpuNsPerByte = cpuBytesMeasured < CPU_WARM_BYTES ? Math.min(cpuBestNsPerByte, cpuEstimateNsPerByte)
                    : cpuBestNsPerByte;
        }
    }

    /**
     * A GPU call of {@code n} bytes took {@code ns}. The first large one is not taken as the rate: it
     * pays for what the engine sets up lazily (pinned buffers, record staging), measured on an H200 at
     * three times a later call's time, and taking it made the next call go back to the CPU.
     */
    synchronized void gpuRan(long n, long ns) {
        if (n >= MEASURE_GPU_FROM && gpuMeasuredCalls++ > 0) {
            gpuNsPerByte = blend(gpuNsPerByte, Math.max(0, ns - GPU_CALL_NS) / n);
        }
    }

    synchronized void gpuStartedIn(long ns) {
        gpuStarted = true;
        gpuStartNs = ns;
    }

    synchronized boolean gpuStarted() {
        return gpuStarted;
    }

    /** Recent calls weigh more: the first is a cold run (JIT, page cache). */
    private static double blend(double old, double measured) {
        return 0.5 * old + 0.5 * measured;
    }
}
