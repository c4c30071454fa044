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
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH: what {@code cpu:aho-corasick} (the engine {@code auto} picks on the CPU) costs beyond counting,
 * single-threaded over the Iliad repeated to 16 MiB: {@code count} (every match counted),
 * {@code scan} (every match streamed, in order, to a sink that touches it) and {@code lines} (lines
 * holding a match, what {@code trawl -c} asks), each case-sensitive and case-insensitive (what
 * {@code -i} costs), for the hero names, 1,000 and 100,000 words and the 2,500 absent long words.
 * The experiments time counting only, across engines; this compares the ways of asking one engine.
 * Through the public API only, so the engine's internals may change underneath. MB/s is 16 MiB over the
 * reported time per op.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
public class AhoCorasickModesBenchmark extends TimedBenchmark {
    static final int TEXT_BYTES = 16 << 20;

    @Param({"heroes", "words1k", "words100k", "long2500"})
    public String patterns;

    @Param({"false", "true"})
    public boolean caseInsensitive;

    private Matcher matcher;
    private Input input;

    @Setup(Level.Trial)
    public void setup() {
        byte[] iliad = Texts.iliad(DataDir.find(null));
        PatternSet ps = PatternSet.of(PatternSets.named(patterns, iliad)).withCaseInsensitive(caseInsensitive);
        matcher = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(1));
        input = Input.of(Texts.iliadRepeatedOnHeap(DataDir.find(null), TEXT_BYTES));
    }

    @Benchmark
    public long count() {
        return matcher.count(input);
    }

    @Benchmark
    public void scan(Blackhole bh) {
        matcher.scan(input, (id, start, end) -> {
            bh.consume(id ^ start);
            return true;
        });
    }

    @Benchmark
    public long lines() {
        return matcher.countMatchingRecords(input, (byte) '\n');
    }
}
