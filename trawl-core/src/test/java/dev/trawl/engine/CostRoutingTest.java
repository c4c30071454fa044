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
import dev.trawl.input.DeviceBytes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
        final String inner;
        final boolean started;

        FakeGpu(Optional<String> refusal) {
            this(refusal, "cpu:naive", false);
        }

        /** Answers with {@code inner}; {@code started}: as if another matcher had set the device up. */
        FakeGpu(Optional<String> refusal, String inner, boolean started) {
            this.refusal = refusal;
            this.inner = inner;
            this.started = started;
        }

        @Override
        public boolean deviceStarted() {
            return started;
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
            Matcher naive = Engines.get(inner, patterns).compile(patterns, options);
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
    void matchingRecordsStayOnTheCpuUnderCostsEvenOnceTheGpuTakesCounts() {
        // The GPU has no record walk: a count of matching lines must not follow the counts to it. The
        // stand-in answers with cpu:aho-corasick (fast enough for 32 MiB calls) on a device already up.
        FakeGpu gpu = new FakeGpu(Optional.empty(), "cpu:aho-corasick", true);
        CostRoutedMatcher m = routed(gpu, CostRoutedEngine.Policy.COST);
        byte[] iliad = TestData.iliadBytes();
        byte[] big = new byte[(32 << 20) / iliad.length * iliad.length];
        for (int at = 0; at < big.length; at += iliad.length) {
            System.arraycopy(iliad, 0, big, at, iliad.length);
        }
        for (int i = 0; i < 60 && gpu.compiled.get() == 0; i++) {
            m.count(Input.of(big)); // until the measured costs move counts to the GPU
        }
        assertEquals(1, gpu.compiled.get(), "counts of 32 MiB never moved to the GPU");
        m.count(Input.of(big));
        assertEquals("gpu:fake", m.engine());
        Matcher naive = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults());
        long want = naive.countMatchingRecords(Input.of(iliad), (byte) '\n') * (big.length / iliad.length);
        assertEquals(want, m.countMatchingRecords(Input.of(big), (byte) '\n'));
        assertEquals("cpu:aho-corasick", m.engine(), "a count of matching lines went to the GPU");
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
    void aRecordsOnlyGpuEngineNeverTakesWholeTextCalls() {
        // gpu:chains' shape: the GPU answers per-record calls; whole-text scans stay on the CPU engine,
        // which must not start the GPU even when the policy says always.
        FakeGpu gpu = new FakeGpu(Optional.empty());
        Engine cpu = Engines.get("cpu:aho-corasick", HEROES);
        CostRoutedMatcher m = new CostRoutedMatcher(cpu.compile(HEROES, MatcherOptions.defaults()), gpu, HEROES,
                MatcherOptions.defaults().withThreads(2), CostRoutedEngine.Policy.ALWAYS);
        m.recordsOnly(true);
        byte[] iliad = TestData.iliadBytes();
        Matcher naive = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults());
        assertEquals(naive.count(Input.of(iliad)), m.count(Input.of(iliad)));
        assertEquals(naive.findAll(iliad), m.findAll(iliad));
        assertEquals(naive.countMatchingRecords(Input.of(iliad), (byte) '\n'), m.countMatchingRecords(Input.of(iliad), (byte) '\n'));
        assertEquals(0, gpu.compiled.get(), "a whole-text call started the records-only GPU engine");
        assertEquals("cpu:aho-corasick", m.engine());
        try (Records lines = Records.lines(MemorySegment.ofArray(iliad), true)) {
            assertTrue(Arrays.equals(naive.anyMatch(lines), m.anyMatch(lines)));
        }
        assertEquals(1, gpu.compiled.get(), "a per-record call should go to the GPU engine under always");
        assertEquals("gpu:fake", m.engine());
    }

    @Test
    void theStartUpIsPaidOnceTheTimeTheGpuWouldHaveSavedCoversIt() {
        // CPU measured at 1 GB/s over 256 MiB (so believed): a 64 MiB call would save ~64 ms on the GPU
        // (35 GB/s, 1.5 ms a call); the 0.5 s start-up is covered by the eighth such call.
        RouteCosts costs = new RouteCosts(1);
        costs.cpuRan(256L << 20, (256L << 20)); // 1 ns a byte
        int calls = 0;
        while (!costs.useGpu(64L << 20)) {
            calls++;
            assertTrue(calls < 100, "never moved to the GPU");
        }
        assertEquals(7, calls, "moved after " + calls + " calls");
        costs.gpuStartedIn(400_000_000L);
        assertTrue(costs.useGpu(64L << 20), "once started, a large call goes to the GPU");
        assertFalse(costs.useGpu(1L << 20), "a 1 MiB call is faster on the CPU than the GPU's per-call cost");
        // One huge call covers the start-up at once.
        RouteCosts fresh = new RouteCosts(1);
        fresh.cpuRan(256L << 20, (256L << 20));
        assertTrue(fresh.useGpu(4L << 30));
    }

    @Test
    void aDeviceAnotherMatcherStartedCostsOnlyTheTables() {
        // 16 threads measured at 8 GB/s; a 512 MiB call saves ~50 ms on the GPU. With the device to set
        // up (0.5 s) the CPU keeps it; with the device already up it costs only the tables, as long as the
        // CPU's 10 ms compile, and the same call goes to the GPU. A small call stays on the CPU either way.
        long n = 512L << 20;
        RouteCosts cold = new RouteCosts(16);
        cold.cpuCompiledIn(10_000_000L);
        cold.cpuRan(n, n / 8);
        assertFalse(cold.useGpu(n, false), "a one-off call should not pay the device's start-up");
        RouteCosts warm = new RouteCosts(16);
        warm.cpuCompiledIn(10_000_000L);
        warm.cpuRan(n, n / 8);
        assertFalse(warm.useGpu(4L << 20, true), "a 4 MiB call is faster on the CPU");
        assertTrue(warm.useGpu(n, true), "the device is up: only the tables are left to pay");
        // A set whose tables take long (a large dictionary) still waits until the savings cover them.
        RouteCosts big = new RouteCosts(16);
        big.cpuCompiledIn(400_000_000L);
        big.cpuRan(n, n / 8);
        assertFalse(big.useGpu(n, true), "0.4 s of tables is not covered by one call's 50 ms");
    }

    @Test
    void coldFirstCallsDoNotStartTheGpu() {
        // A fresh JVM's first calls run before the JIT has compiled the scan: 1 MiB at 20 ns a byte, then
        // 4 and 16 MiB at 2, on 16 threads whose warm rate is 24 GB/s. Believing them would have the
        // GPU started within half a gigabyte; the estimate holds until 256 MiB have been measured.
        RouteCosts costs = new RouteCosts(16);
        costs.cpuRan(1L << 20, 20L << 20);
        long sent = 1L << 20;
        for (long n : new long[] {4L << 20, 16L << 20}) {
            assertFalse(costs.useGpu(n), "GPU chosen for a call of " + n + " bytes after cold calls");
            costs.cpuRan(n, 2 * n);
            sent += n;
        }
        while (sent < (512L << 20)) {
            assertFalse(costs.useGpu(32L << 20), "GPU chosen after " + sent + " bytes");
            costs.cpuRan(32L << 20, (32L << 20) / 20); // warm: 20 GB/s
            sent += 32L << 20;
        }
        // A set that is slow on the CPU once warm still moves: 0.5 GB/s over 256 MiB and more.
        RouteCosts slow = new RouteCosts(16);
        slow.cpuRan(512L << 20, 1L << 30);
        assertTrue(slow.useGpu(1L << 30), "a slow set's gigabyte call should start the GPU");
    }

    @Test
    void aOneOffCallOverGigabytesOfLinesGoesToTheGpuForARegexSetNotForLiterals() {
        // 16 threads, nothing measured yet, 3 GB of lines: literals at the default 1.5 GB/s a thread
        // would save 30 ms, not the 0.5 s start-up; a regex set at 0.25 GB/s a thread would save 0.7 s.
        long n = 3_000_000_000L;
        assertFalse(new RouteCosts(16).useGpu(n));
        assertTrue(new RouteCosts(16, RouteCosts.CPU_REGEX_BYTES_PER_NS_PER_THREAD).useGpu(n));
        assertFalse(new RouteCosts(16, RouteCosts.CPU_REGEX_BYTES_PER_NS_PER_THREAD).useGpu(100L << 20),
                "a 100 MiB regex call should stay on the CPU");
    }

    @Test
    void theGpusFirstCallDoesNotSetItsRate() {
        // A regex set: the CPU at its estimate (4 GB/s on 16 threads), the GPU started; its first 2.8 GB
        // call took 1.3 s (lazy set-up), later ones 0.17 s. The first must not send the next to the CPU.
        RouteCosts costs = new RouteCosts(16, RouteCosts.CPU_REGEX_BYTES_PER_NS_PER_THREAD);
        long n = 2_800_000_000L;
        assertTrue(costs.useGpu(n));
        costs.gpuStartedIn(500_000_000L);
        costs.gpuRan(n, 1_300_000_000L);
        assertTrue(costs.useGpu(n), "the slow first GPU call sent the next one to the CPU");
        costs.gpuRan(n, 170_000_000L);
        costs.gpuRan(n, 1_300_000_000L); // a later slow call counts
        costs.gpuRan(n, 1_300_000_000L);
        assertFalse(costs.useGpu(n), "later GPU calls at 2 GB/s should make the 4 GB/s CPU the choice");
    }

    @Test
    void aLongCompileRaisesTheStartUpEstimate() {
        // 1 GB/s measured; a 256 MiB call saves ~260 ms, under the 0.5 s start-up but over half of it.
        RouteCosts quick = new RouteCosts(1);
        quick.cpuRan(256L << 20, 256L << 20);
        assertFalse(quick.useGpu(256L << 20));
        assertTrue(quick.useGpu(256L << 20), "two such calls cover a 0.5 s start-up");
        RouteCosts big = new RouteCosts(1);
        big.cpuCompiledIn(2_000_000_000L); // a set whose CPU compile took 2 s: its GPU tables take as long
        big.cpuRan(256L << 20, 256L << 20);
        for (int i = 0; i < 9; i++) { // 9 x 259 ms = 2.33 s, short of 2.5
            assertFalse(big.useGpu(256L << 20), "started after " + i + " calls despite a 2.5 s start-up");
        }
        assertTrue(big.useGpu(256L << 20));
    }

    private static CostRoutedMatcher sharing(FakeGpu gpu, CostRoutedEngine.Split split) {
        Engine cpu = Engines.get("cpu:aho-corasick", HEROES);
        return new CostRoutedMatcher(cpu.compile(HEROES, MatcherOptions.defaults()), gpu, HEROES,
                MatcherOptions.defaults().withThreads(4), CostRoutedEngine.Policy.ALWAYS, split,
                () -> cpu.compile(HEROES, MatcherOptions.defaults().withThreads(1)));
    }

    @Test
    void aSharedCountEqualsOneEngineAndCoversTheInputOnce() {
        FakeGpu gpu = new FakeGpu(Optional.empty());
        CostRoutedMatcher m = sharing(gpu, CostRoutedEngine.Split.ON);
        byte[] iliad = TestData.iliadBytes();
        long want = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults()).count(Input.of(iliad));
        try (Arena arena = Arena.ofShared()) {
            MemorySegment text = arena.allocate(iliad.length);
            MemorySegment.copy(MemorySegment.ofArray(iliad), 0, text, 0, iliad.length);
            assertEquals(want, m.count(Input.of(text)));
            var shared = m.lastShared().orElseThrow();
            assertEquals(iliad.length, shared.leadBytes() + shared.cpuBytes());
        }
        assertEquals(want, m.count(TestData.iliad()));
        assertEquals(1, gpu.compiled.get());
        assertTrue(sharing(gpu, CostRoutedEngine.Split.OFF).count(Input.of(iliad)) == want);
    }

    @Test
    void offNeverSharesAndCostNeedsAStartedGpuAndALargeCall() {
        FakeGpu gpu = new FakeGpu(Optional.empty());
        CostRoutedMatcher off = sharing(gpu, CostRoutedEngine.Split.OFF);
        off.count(Input.of(TestData.iliadBytes()));
        assertTrue(off.lastShared().isEmpty());
        CostRoutedMatcher cost = sharing(gpu, CostRoutedEngine.Split.COST);
        cost.count(Input.of(TestData.iliadBytes()));
        assertTrue(cost.lastShared().isEmpty(), "a call under the least shared size was shared");

        RouteCosts fast = new RouteCosts(8);
        fast.cpuRan(1L << 30, (long) (0.1 * (1L << 30))); // 10 GB/s on 8 threads
        assertFalse(fast.split(1L << 30, 4), "split before the GPU started");
        fast.gpuStartedIn(1);
        assertTrue(fast.split(1L << 30, 4), "4 threads at ~5 GB/s beside the GPU's 35");
        assertFalse(fast.split(RouteCosts.MIN_SPLIT_BYTES - 1, 4));
        RouteCosts slow = new RouteCosts(8);
        slow.cpuRan(1L << 30, 1L << 30); // 1 GB/s on 8 threads: under a tenth of the GPU's rate on 4
        slow.gpuStartedIn(1);
        assertFalse(slow.split(1L << 30, 4));
    }

    @Test
    void sharingStopsOnceSharedCallsInARowRanNoFasterThanTheGpuAlone() {
        // The GPU measured at 36 GB/s alone (two calls after the first); 8 CPU threads at 8 GB/s (16 on 16)
        // would take a share. Shared 512 MiB calls that took as long as the GPU alone (its copies lost the
        // cores to the CPU threads), SPLIT_LOSSES of them in a row, stop the sharing; one that ended
        // sooner keeps it and starts the count again.
        long n = 512L << 20;
        double alone = n / 36.0;
        for (String calls : new String[] {"W", "L", "LL", "LWL", "LWLL"}) {
            RouteCosts costs = new RouteCosts(16);
            costs.cpuRan(n, n / 16);
            costs.gpuStartedIn(1);
            for (int i = 0; i < 3; i++) {
                costs.gpuRan(n, (long) (n / 36.0));
            }
            assertTrue(costs.split(n, 8), "a share for the CPU threads is predicted to pay");
            for (char c : calls.toCharArray()) {
                costs.splitRan(n * 4 / 5, n / 5, 8, (long) ((c == 'W' ? 0.8 : 1.2) * alone));
            }
            boolean stopped = calls.endsWith("L".repeat(RouteCosts.SPLIT_LOSSES));
            assertEquals(!stopped, costs.split(n, 8), calls + ": shared calls won (W) and lost (L)");
        }
    }

    /** Host bytes standing in for device memory, counting the copies asked for. */
    private static final class FakeDeviceBytes implements DeviceBytes {
        final byte[] bytes;
        final AtomicInteger copies = new AtomicInteger();

        FakeDeviceBytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public long byteSize() {
            return bytes.length;
        }

        @Override
        public void copyToHost(MemorySegment host) {
            copies.incrementAndGet();
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, host, 0, bytes.length);
        }

        @Override
        public String describe() {
            return "fake device memory";
        }
    }

    @Test
    void aDeviceInputGoesToTheGpuWhateverItsSizeAndTheCpuCopiesItBackOnce() {
        byte[] iliad = TestData.iliadBytes();
        long want = Engines.get("cpu:naive", HEROES).compile(HEROES, MatcherOptions.defaults()).count(Input.of(iliad));
        FakeDeviceBytes device = new FakeDeviceBytes(iliad);
        FakeGpu gpu = new FakeGpu(Optional.empty());
        CostRoutedMatcher m = routed(gpu, CostRoutedEngine.Policy.COST);
        try (Input in = Input.ofDevice(device)) {
            assertEquals(iliad.length, in.byteSize());
            assertEquals("fake device memory", in.name());
            assertEquals(0, device.copies.get(), "byteSize copied the input");
            assertEquals(want, m.count(in));
            assertEquals("gpu:fake", m.engine());
            Matcher cpu = Engines.get("cpu:aho-corasick", HEROES).compile(HEROES, MatcherOptions.defaults());
            assertEquals(want, cpu.count(in));
            assertEquals(cpu.findAll(iliad), cpu.findAll(in));
            assertEquals(1, device.copies.get(), "the host copy is made once per input");
        }
        CostRoutedMatcher never = routed(gpu, CostRoutedEngine.Policy.NEVER);
        try (Input empty = Input.ofDevice(new FakeDeviceBytes(new byte[0]))) {
            assertEquals(0, never.count(empty));
            assertEquals("cpu:aho-corasick", never.engine());
        }
    }
}
