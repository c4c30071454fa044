package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.automaton.CountingDfa;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.Differential;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The count-only kernel of {@code dfa.cu} ({@link DfaCounter}) against the host walk of the same
 * {@link CountingDfa} (itself checked against the naive oracle in trawl-core): chunk splits
 * ({@code starts} short of {@code readable}), text at every alignment, narrow and wide tables; and
 * {@code gpu:pfac}'s count through the public API, chunk by chunk, against {@code cpu:aho-corasick}.
 */
@Tag("gpu")
class GpuDfaCountTest {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty(PfacLauncher.COUNT_PROPERTY);
    }

    /** The kernel's count of text[0, readable) placed {@code offset} bytes into a device buffer. */
    private static long deviceCount(Gpu gpu, DfaCounter counter, byte[] text, int offset, long starts, long readable) {
        try (Arena arena = Arena.ofConfined();
                DeviceBuffer d = new DeviceBuffer(gpu, text.length + offset + 64);
                DeviceBuffer total = new DeviceBuffer(gpu, 8);
                PinnedBuffer totalHost = new PinnedBuffer(gpu, 8);
                Stream s = new Stream(gpu)) {
            MemorySegment host = arena.allocate(Math.max(1, text.length));
            MemorySegment.copy(text, 0, host, ValueLayout.JAVA_BYTE, 0, text.length);
            gpu.bind();
            if (text.length > 0) {
                CudaDriver.memcpyHtoD(d.pointer() + offset, host, text.length);
            }
            s.clear(total.pointer(), 8);
            counter.count(s, d.pointer() + offset, readable, starts, total.pointer());
            s.copyToHost(totalHost.segment(), total.pointer(), 8);
            s.synchronize();
            return totalHost.segment().get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Test
    void randomSetsAndChunkSplitsCountAsTheHostWalkDoes() {
        Gpu gpu = Gpu.get();
        Random r = new Random(31);
        for (int i = 0; i < 60; i++) {
            byte[] alphabet = Differential.smallAlphabet(r);
            PatternSet ps = Differential.randomPatterns(r, alphabet, 20, i % 3 == 0 ? 3 : 40);
            byte[] text = Differential.planted(r, ps, alphabet, i % 10 == 0 ? 300_000 : r.nextInt(5000), 9);
            CountingDfa dfa = CountingDfa.of(PfacTable.of(ps));
            try (DfaCounter counter = new DfaCounter(gpu, dfa)) {
                for (int k = 0; k < 4; k++) {
                    int readable = k == 0 ? text.length : r.nextInt(text.length + 1);
                    int starts = k == 1 ? readable : r.nextInt(readable + 1);
                    int offset = r.nextInt(40);
                    assertEquals(dfa.countStarting(text, starts, readable),
                            deviceCount(gpu, counter, text, offset, starts, readable),
                            "set " + i + ", starts " + starts + ", readable " + readable + ", offset " + offset);
                }
            }
        }
    }

    @Test
    void narrowAndWideTablesCountDictionaryWordsOverTheIliad() {
        Gpu gpu = Gpu.get();
        byte[] iliad = TestData.iliadBytes();
        for (int words : new int[] {1000, 10_000}) {
            CountingDfa dfa = CountingDfa.of(PfacTable.of(PatternSet.of(TestData.dictionary(words))));
            assertEquals(words == 1000, dfa.narrow(), dfa.stateCount() + " states");
            try (DfaCounter counter = new DfaCounter(gpu, dfa)) {
                assertTrue(counter.hotStates() > 0 && counter.hotStates() <= dfa.stateCount());
                long want = dfa.count(iliad, 0, iliad.length);
                assertTrue(want > 0);
                assertEquals(want, deviceCount(gpu, counter, iliad, 0, iliad.length, iliad.length), words + " words");
                assertEquals(dfa.countStarting(iliad, 123_457, 123_470),
                        deviceCount(gpu, counter, iliad, 3, 123_457, 123_470), words + " words, a short chunk");
            }
        }
    }

    @Test
    void binaryPatternsWithEveryByteValueCountAsTheHostWalkDoes() {
        // Every byte value in some pattern: the PFAC table has 257 classes (class 0 empty), the counting
        // DFA 256, which the kernel's byte table of classes holds (a newcomer's count over a binary found
        // the kernel wrapping class 256 to 0).
        Gpu gpu = Gpu.get();
        Random r = new Random(257);
        byte[] text = new byte[200_000];
        r.nextBytes(text);
        PfacTable table = PfacTable.of(Differential.everyByteValue(r, text, 3000));
        assertEquals(257, table.classCount());
        CountingDfa dfa = CountingDfa.of(table);
        assertEquals(256, dfa.classCount());
        try (DfaCounter counter = new DfaCounter(gpu, dfa)) {
            assertEquals(dfa.count(text, 0, text.length), deviceCount(gpu, counter, text, 0, text.length, text.length));
        }
    }

    @Test
    void gpuPfacCountsChunkByChunkWithEitherCountPass() {
        byte[] iliad = TestData.iliadBytes();
        byte[] text = new byte[iliad.length * 6 + 17];
        for (int i = 0; i < text.length; i++) {
            text[i] = iliad[i % iliad.length];
        }
        PatternSet[] sets = {PatternSet.of(TestData.HERO_NAMES), PatternSet.of(TestData.dictionary(1000)),
            PatternSet.builder().caseInsensitive(true).addAll(TestData.dictionary(300)).build()};
        for (PatternSet ps : sets) {
            long want = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME)).count(Input.of(text));
            for (String pass : new String[] {"auto", "walk"}) {
                System.setProperty(PfacLauncher.COUNT_PROPERTY, pass);
                try (GpuPfacMatcher gpu = (GpuPfacMatcher) Trawl.compile(ps,
                        MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(1 << 20))) {
                    GpuPfacMatcher m = gpu;
                    assertEquals(pass.equals("auto"), m.launcher().countKernelName().startsWith("dfa_count"),
                            m.launcher().countKernelName());
                    assertEquals(want, gpu.count(Input.of(text)), pass + ": " + ps);
                    assertEquals(want, gpu.count(Input.of(Arrays.copyOf(text, text.length))), pass + " again: " + ps);
                }
            }
        }
    }
}
