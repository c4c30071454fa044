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

    /** Runs past {@code reps} for {@link #warm}: until they have taken this long... */
    static final double WARM_SECONDS = 1.5;
    /** ...or there have been this many. */
    static final int WARM_MOST_RUNS = 1000;

    /**
     * The least wall-clock time of at least {@code reps} runs, and of more, for a fast call, until the
     * runs have taken {@value #WARM_SECONDS} s (at most {@value #WARM_MOST_RUNS}). A GPU call over 512 MiB
     * takes 10 ms and runs its host code (queueing chunks through the driver) 30 times a call: after a
     * few calls that code is still interpreted or in C1, where a CPU scan's loop is compiled within its
     * first call. The same rule for every row keeps the comparison fair.
     */
    static double warm(int reps, Runnable run) {
        double best = Double.MAX_VALUE;
        double spent = 0;
        for (int i = 0; (i < reps || spent < WARM_SECONDS) && i < WARM_MOST_RUNS; i++) {
            long t = System.nanoTime();
            run.run();
            double once = (System.nanoTime() - t) / 1e9;
            best = Math.min(best, once);
            spent += once;
        }
        return best;
    }
}
