package dev.trawl.bench.gpu;

/** Wall-clock timing for the GPU benches: the fastest of several runs, so warm-up and noise drop out. */
final class BestTime {
    private BestTime() {
    }

    /** The least wall-clock time of {@code reps} runs of {@code run}, in seconds. */
    static double seconds(int reps, Runnable run) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t = System.nanoTime();
            run.run();
            best = Math.min(best, (System.nanoTime() - t) / 1e9);
        }
        return best;
    }
}
