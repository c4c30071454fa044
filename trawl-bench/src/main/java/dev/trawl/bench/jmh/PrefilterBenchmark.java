package dev.trawl.bench.jmh;

import dev.trawl.PatternSet;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Texts;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.prefilter.ScalarFingerprint;
import dev.trawl.prefilter.WuManber;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH: the literal prefilters of {@code cpu:aho-corasick} on their own, one thread, each filter's
 * {@code next()} walked from candidate to candidate over the Iliad repeated to 16 MiB: Teddy (the
 * Vector API fingerprint, what the engine picks for the hero names), the scalar fingerprint on the same
 * set (its fallback without the Vector API) and Wu-Manber on the 2,500 absent long words. The engine's
 * speed bounds from above are these loops; the experiments only see the sum. The result is the number
 * of candidates, so candidates per MB come with the time. MB/s is 16 MiB over the reported time per op.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
public class PrefilterBenchmark extends TimedBenchmark {
    @Param({"teddy", "scalar-fingerprint", "wu-manber"})
    public String filter;

    private Prefilter prefilter;
    private byte[] text;

    @Setup(Level.Trial)
    public void setup() {
        text = Texts.iliadRepeatedOnHeap(DataDir.find(null), AhoCorasickModesBenchmark.TEXT_BYTES);
        byte[] iliad = Texts.iliad(DataDir.find(null));
        PatternSet heroes = PatternSet.of(PatternSets.HEROES);
        prefilter = switch (filter) {
            case "teddy" -> Prefilters.choose(heroes);
            case "scalar-fingerprint" -> new ScalarFingerprint(Prefilters.bestFingerprint(heroes));
            case "wu-manber" -> WuManber.forPatterns(PatternSet.of(PatternSets.named("long2500", iliad)));
            default -> throw new IllegalArgumentException("unknown filter " + filter);
        };
        // Without the Vector API the hero names get the scalar fingerprint: say so rather than time it twice.
        if (prefilter == null || filter.equals("teddy") && !prefilter.describe().startsWith("teddy")) {
            throw new IllegalStateException(filter + " is not what the set gets here: "
                    + (prefilter == null ? "no filter" : prefilter.describe()) + "; vector API: " + Prefilters.vectorAvailable());
        }
    }

    /** Candidates in the text. */
    @Benchmark
    public long candidates() {
        byte[] a = text;
        long n = 0;
        for (int x = prefilter.next(a, 0, a.length, a.length); x < a.length; x = prefilter.next(a, x + 1, a.length, a.length)) {
            n++;
        }
        return n;
    }
}
