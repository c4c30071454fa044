package dev.trawl.bench.gpu;

import dev.trawl.cuda.Gpu;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The command line both GPU benches take: {@code --data DIR}, the input size under the bench's own flag,
 * {@code --reps}, {@code --threads} (for the CPU rows; default every core) and {@code --dir} (where the
 * text file is written; default the temporary directory).
 */
record GpuBenchArgs(Path data, long size, int reps, int threads, Path dir) {

    /** Parses {@code args}; the size comes from {@code sizeFlag}, {@code defaultSize} when absent. */
    static GpuBenchArgs parse(String[] args, String sizeFlag, long defaultSize) {
        Path data = null;
        long size = defaultSize;
        int reps = 3;
        int threads = Runtime.getRuntime().availableProcessors();
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals(sizeFlag)) {
                size = Long.parseLong(args[++i]);
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
        return new GpuBenchArgs(data, size, reps, threads, dir);
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
