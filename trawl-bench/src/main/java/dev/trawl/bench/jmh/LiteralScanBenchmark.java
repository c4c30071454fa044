package dev.trawl.bench.jmh;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Texts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH: one registered engine counting every match in the Iliad (840 KB), single-threaded, for the ten
 * hero names and for 10,000 generated words. {@code engine} defaults to every registered {@code cpu:}
 * engine when run through {@code trawl bench jmh} (see {@link JmhMain}); name others with
 * {@code -p engine=a,b}. Throughput in MB/s is the Iliad's size over the reported time per op.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class LiteralScanBenchmark extends TimedBenchmark {
    @Param({"cpu:aho-corasick"})
    public String engine;

    @Param({"heroes", "words10k"})
    public String patterns;

    private Matcher matcher;
    private Input input;

    @Setup(Level.Trial)
    public void setup() {
        byte[] iliad = Texts.iliad(DataDir.find(null));
        matcher = Trawl.compile(PatternSet.of(PatternSets.named(patterns, iliad)),
                MatcherOptions.defaults().withEngine(engine).withThreads(1));
        input = Input.of(iliad);
    }

    @Benchmark
    public long count() {
        return matcher.count(input);
    }
}
