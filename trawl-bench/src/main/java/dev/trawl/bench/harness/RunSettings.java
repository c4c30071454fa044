package dev.trawl.bench.harness;

import java.io.PrintStream;

/**
 * How each engine is measured: {@code warmup} untimed runs (when above 0, more until they have taken a
 * tenth of {@code secondsPerEngine}, at most 100), then up to {@code reps} timed ones (the
 * median is reported, with the spread), fewer once the timed runs have taken {@code secondsPerEngine}
 * (at least one always runs). An engine whose trial run on a prefix projects past
 * {@code maxRunSeconds} for the whole input is skipped and says so. Progress lines go to {@code log}.
 */
public record RunSettings(int threads, int warmup, int reps, double secondsPerEngine, double maxRunSeconds,
        PrintStream log) {
    public RunSettings {
        if (threads < 1 || warmup < 0 || reps < 1 || maxRunSeconds <= 0 || secondsPerEngine <= 0) {
            throw new IllegalArgumentException("bad run settings: threads " + threads + ", warmup " + warmup
                    + ", reps " + reps + ", seconds per engine " + secondsPerEngine + ", max run " + maxRunSeconds + " s");
        }
    }
}
