package dev.trawl.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The runtime on a real GPU: a kernel round trip, error mapping, and no leak across many scans. */
@Tag("gpu")
class GpuRuntimeTest {
    /** The self-test kernels of src/test/cuda, which the build compiles into the test classes only. */
    static final String TEST_KERNELS = "/dev/trawl/cuda/trawl-test-kernels.fatbin";

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @Test
    void kernelRoundTripThroughPinnedMemoryAndStreams() {
        assumeTrue(GpuRuntimeTest.class.getResource(TEST_KERNELS) != null, "no test kernels: built with -Dtrawl.cuda.skip=true");
        Gpu gpu = Gpu.get();
        Kernel iota = CudaModule.load(TEST_KERNELS).kernel("trawl_iota");
        int n = 1_000_003;
        try (DeviceBuffer d = new DeviceBuffer(gpu, 4L * n); PinnedBuffer h = new PinnedBuffer(gpu, 4L * n);
                Stream s = new Stream(gpu); Event a = new Event(gpu, true); Event b = new Event(gpu, true);
                Arena arena = Arena.ofConfined()) {
            a.record(s);
            iota.launch((n + 255) / 256, 256, 0, s,
                    new Kernel.Args(arena, 4).i64(d.pointer()).i64(n).i32(3).i32(7));
            s.copyToHost(h.segment(), d.pointer(), 4L * n);
            b.record(s);
            b.synchronize();
            for (int i = 0; i < n; i += 9973) {
                assertEquals(i * 3 + 7, h.segment().getAtIndex(ValueLayout.JAVA_INT, i));
            }
            assertEquals((n - 1) * 3 + 7, h.segment().getAtIndex(ValueLayout.JAVA_INT, n - 1));
            assertTrue(b.millisSince(a) >= 0);
        }
    }

    @Test
    void failuresNameTheResultAndTheAction() {
        Gpu gpu = Gpu.get();
        CudaException oom = assertThrows(CudaException.class, () -> new DeviceBuffer(gpu, 1L << 50));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", oom.resultName());
        assertTrue(oom.getMessage().contains("allocating"), oom.getMessage());
        CudaException bad = assertThrows(CudaException.class, () -> gpu.kernel("no_such_kernel"));
        assertEquals("CUDA_ERROR_NOT_FOUND", bad.resultName());
        assertTrue(bad.getMessage().contains("no_such_kernel"), bad.getMessage());
        assertEquals("CUDA_ERROR_INVALID_VALUE", CudaDriver.errorName(1));
    }

    @Test
    void tenThousandScansLeakNoDeviceMemory() {
        Gpu gpu = Gpu.get();
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        MatcherOptions o = MatcherOptions.defaults().withEngine("gpu:pfac");
        Random r = new Random(5);
        byte[] iliad = TestData.iliadBytes();
        Matcher m = Trawl.compile(ps, o);
        m.count(Input.of(iliad)); // warm: the pooled slots exist from here on
        m.findAll(Arrays.copyOf(iliad, 5000));
        settle();
        long before = gpu.memoryInUse();
        long matches = 0;
        for (int i = 0; i < 10_000; i++) {
            int from = r.nextInt(iliad.length - 3000);
            byte[] small = Arrays.copyOfRange(iliad, from, from + 1 + r.nextInt(2999));
            matches += (i & 1) == 0 ? m.findAll(small).size() : m.count(small);
        }
        long after = gpu.memoryInUse();
        // Never more; it may be less, when the cleaner frees tables of other tests' matchers meanwhile.
        assertTrue(after <= before, "device memory in use grew over 10,000 scans: " + before + " -> " + after);
        assertTrue(matches > 1000, "the scans found matches: " + matches);

        // Matchers closed after use give their table back.
        settle();
        long base = gpu.memoryInUse();
        for (int i = 0; i < 300; i++) {
            Matcher x = Trawl.compile(PatternSet.of(TestData.words(200 + i, i)), o);
            x.count(Arrays.copyOf(iliad, 10_000));
            close(x);
        }
        long end = gpu.memoryInUse();
        assertTrue(end - base <= 4L << 20, "300 compile/scan/close cycles grew device memory by " + (end - base) + " bytes");
    }

    /** Lets the cleaner free the device tables of matchers that earlier tests dropped. */
    private static void settle() {
        System.gc();
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void close(Matcher m) {
        try {
            ((AutoCloseable) m).close();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
