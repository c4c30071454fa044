package dev.trawl.bench.gpu;

import dev.trawl.cuda.Gpu;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The command line the GPU benches take: {@code --data DIR}, the input size under the bench's own flag,
 * {@code --reps}, {@code --threads} (for the CPU rows; default every core) and {@code --dir} (where the
 * text file is written; default the temporary directory), plus any flags of the bench's own in
 * {@code extra}.
 */
record GpuBenchArgs(Path data, long size, int reps, int threads, Path dir, Map<String, String> extra) {

    /** Parses {@code args}; the size comes from {@code sizeFlag}, {@code defaultSize} when absent. */
    static GpuBenchArgs parse(String[] args, String sizeFlag, long defaultSize) {
        return parse(args, sizeFlag, defaultSize, 3, Map.of());
    }

    /**
     * Parses {@code args} as {@link #parse(String[], String, long)} with {@code defaultReps}, also taking
     * the bench's own flags: {@code extraDefaults} maps each to its default value; one whose default is
     * {@code "false"} is a switch that takes no value and is {@code "true"} when given.
     */
    static GpuBenchArgs parse(String[] args, String sizeFlag, long defaultSize, int defaultReps,
            Map<String, String> extraDefaults) {
        Path data = null;
        long size = defaultSize;
        int reps = defaultReps;
        int threads = Runtime.getRuntime().availableProcessors();
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        Map<String, String> extra = new HashMap<>(extraDefaults);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals(sizeFlag)) {
                size = Long.parseLong(args[++i]);
                continue;
            }
            if (extraDefaults.containsKey(a)) {
                extra.put(a, extraDefaults.get(a).equals("false") ? "true" : args[++i]);
                continue;
            }
            switch (a) {
                case "--data" -> data = Path.of(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--dir" -> dir = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        return new GpuBenchArgs(data, size, reps, threads, dir, Map.copyOf(extra));
    }

    /** The value of the bench's own flag {@code flag} (one named in the parse's {@code extraDefaults}). */
    String extra(String flag) {
        return extra.get(flag);
    }

    /**
     * The GPU as {@link #gpu()} finds it, and when there is one the host's cores and the threads
     * {@code cpuRows} (the bench's CPU rows, as the line names them) run on, printed after it.
     */
    Optional<Gpu> gpu(String cpuRows) {
        Optional<Gpu> gpu = gpu();
        gpu.ifPresent(g -> System.out.println("host: " + Runtime.getRuntime().availableProcessors() + " cores; "
                + cpuRows + " on " + threads + " threads"));
        return gpu;
    }

    /** The GPU, its description printed; empty, after printing why, when there is none. */
    static Optional<Gpu> gpu() {
        if (!Gpu.available()) {
            System.out.println("no GPU: " + Gpu.unavailableReason().orElse("?"));
            return Optional.empty();
        }
        Gpu gpu = Gpu.get();
        System.out.println("device: " + gpu.info().describe());
        return Optional.of(gpu);
    }
}
