package dev.trawl.bench.experiment;

import dev.trawl.*;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import java.nio.file.*;
import java.util.*;

/**
 * Session 31 scratch: how cpu:dfa's matchedPatterns over all loghub templates scales with threads.
 * For each thread count: wall time and the process's CPU time (/proc/self/stat) over timed calls, so
 * that CPU time per byte (work) and CPU/wall (threads kept busy) are told apart.
 * Args: dataDir sizeMiB threadsList calls
 */
public class Rs {
    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        long size = Long.parseLong(args[1]) << 20;
        int calls = Integer.parseInt(args[3]);
        List<String> regexes = RegexTemplatesExperiment.regexes(data, new int[1]);
        PatternSet.Builder b = PatternSet.builder();
        regexes.forEach(b::addRegex);
        PatternSet ps = b.build();
        try (Workload w = Texts.logsReplayed(data, size, 64 << 10, 16)) {
            Records recs = Records.lines(w.text(), false);
            System.out.printf("%d regexes, %d MiB, %d lines%n", ps.size(), size >> 20, recs.size());
            for (String t : args[2].split(",")) {
                int threads = Integer.parseInt(t);
                Matcher m = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:dfa").withThreads(threads));
                long pairs = 0;
                for (int i = 0; i < 3; i++) pairs = m.matchedPatterns(recs).ids().length;
                long wall = 0, cpu = 0, best = Long.MAX_VALUE;
                for (int i = 0; i < calls; i++) {
                    long c0 = cpuTicks(), t0 = System.nanoTime();
                    RecordPatterns r = m.matchedPatterns(recs);
                    long t1 = System.nanoTime(), c1 = cpuTicks();
                    pairs = r.offsets()[r.size()];
                    wall += t1 - t0; cpu += (c1 - c0) * 10_000_000L; best = Math.min(best, t1 - t0);
                }
                System.out.printf("threads %2d: %,d pairs, %.0f MB/s mean, %.0f best; CPU %.1f ns/KB (%.2f busy threads)%n",
                        threads, pairs, size * calls / (wall / 1e3), size / (best / 1e3),
                        cpu / (double) (size * calls / 1024), cpu / (double) wall);
            }
        }
    }

    /** utime + stime of this process, clock ticks (100 a second). */
    static long cpuTicks() throws Exception {
        String s = Files.readString(Path.of("/proc/self/stat"));
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
