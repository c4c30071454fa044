package dev.trawl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.testing.TestData;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code auto}'s routing between a CPU and a GPU engine by measured costs, with a stand-in "GPU"
 * (cpu:naive under another name, counting its compilations), so it runs without a GPU.
 */
class CostRoutingTest {
    /** A stand-in GPU engine: cpu:naive's answers, a name, a count of compilations, and a refusal on request. */
    private static final class FakeGpu implements Engine {
        final AtomicInteger compiled = new AtomicInteger();
        final Optional<String> refusal;

        FakeGpu(Optional<String> refusal) {
            this.refusal = refusal;
        }

        @Override
        public String name() {
            return "gpu:fake";
        }

        @Override
        public String description() {
            return "cpu:naive, standing in for a GPU engine";
        }

        @Override
        public Optional<String> unavailableReason() {
            return refusal;
        }

        @Override
        public Matcher compile(PatternSet patterns, MatcherOptions options) {
            compiled.incrementAndGet();
            Matcher naive = Engines.get("cpu:naive", patterns).compile(patterns, options);
            return new Matcher() {
                @Override
                public String engine() {
                    return "gpu:fake";
                }

                @Override
                public PatternSet patterns() {
                    return patterns;
                }

                @Override
                public boolean scan(Input input, dev.trawl.MatchSink sink) {
                    return naive.scan(input, sink);
                }

                @Override
                public long count(Input input) {
                    return naive.count(input);
                }
            };
        }
    }

    private static final PatternSet HEROES = PatternSet.of(TestData.HERO_NAMES.toArray(String[]::new));

    private static CostRoutedMatcher routed(FakeGpu gpu, CostRoutedEngine.Policy policy) {
        Engine cpu = Engines.get("cpu:aho-corasick", HEROES);
        return new CostRoutedMatcher(cpu.compile(HEROES, MatcherOptions.defaults()), gpu, HEROES,
                MatcherOptions.defaults().withThreads(2), policy);
    }

    @Test
    void smallInputsNeverStartTheGpu() {
        FakeGpu gpu = new FakeGpu(Optional.empty());
        CostRoutedMatcher m = routed(gpu, CostRoutedEngine.Policy.COST);
        byte[] iliad = TestData.iliadBytes();
        Matcher want = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults());
        for (int i = 0; i < 20; i++) {
            assertEquals(want.count(Input.of(iliad)), m.count(Input.of(iliad)));
        }
        assertEquals(want.findAll(iliad), m.findAll(iliad));
        assertEquals(0, gpu.compiled.get(), "a GPU started for small inputs");
        assertEquals("cpu:aho-corasick", m.engine());
    }

    @Test
    void alwaysRoutesEveryNonEmptyCallToTheGpuAndCompilesItOnce() {
        FakeGpu gpu = new FakeGpu(Optional.empty());
        CostRoutedMatcher m = routed(gpu, CostRoutedEngine.Policy.ALWAYS);
        byte[] iliad = TestData.iliadBytes();
        long want = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults()).count(Input.of(iliad));
        assertEquals(want, m.count(Input.of(iliad)));
        assertEquals("gpu:fake", m.engine());
        try (Records lines = Records.lines(java.lang.foreign.MemorySegment.ofArray(iliad), true)) {
            boolean[] any = m.anyMatch(lines);
            boolean[] cpuAny = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults()).anyMatch(lines);
            assertTrue(Arrays.equals(cpuAny, any));
        }
        assertEquals(1, gpu.compiled.get());
    }

    @Test
    void aGpuThatCannotRunLeavesEveryCallOnTheCpu() {
        FakeGpu gpu = new FakeGpu(Optional.of("no CUDA device found"));
        CostRoutedMatcher m = routed(gpu, CostRoutedEngine.Policy.ALWAYS);
        byte[] iliad = TestData.iliadBytes();
        assertEquals(Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults()).count(Input.of(iliad)),
                m.count(Input.of(iliad)));
        assertEquals("cpu:aho-corasick", m.engine());
        assertEquals(0, gpu.compiled.get());
        assertTrue(m.gpuRefusal().orElseThrow().contains("no CUDA device found"), m.gpuRefusal().toString());
    }

    @Test
    void theStartUpIsPaidOnceTheTimeTheGpuWouldHaveSavedCoversIt() {
        // CPU measured at 1 GB/s (blended with the first estimate: 0.83 ns a byte): a 64 MiB call would
        // save ~52 ms on the GPU (35 GB/s, 1.5 ms a call); the 0.5 s start-up is covered after 9 such calls.
        RouteCosts costs = new RouteCosts(1);
        costs.cpuRan(64L << 20, (64L << 20)); // 1 ns a byte
        int calls = 0;
        while (!costs.useGpu(64L << 20)) {
            calls++;
            assertTrue(calls < 100, "never moved to the GPU");
        }
        assertTrue(calls >= 8 && calls <= 10, "moved after " + calls + " calls");
        costs.gpuStartedIn(400_000_000L);
        assertTrue(costs.useGpu(64L << 20), "once started, a large call goes to the GPU");
        assertFalse(costs.useGpu(1L << 20), "a 1 MiB call is faster on the CPU than the GPU's per-call cost");
        // One huge call covers the start-up at once.
        RouteCosts fresh = new RouteCosts(1);
        fresh.cpuRan(64L << 20, (64L << 20));
        assertTrue(fresh.useGpu(4L << 30));
    }
}
