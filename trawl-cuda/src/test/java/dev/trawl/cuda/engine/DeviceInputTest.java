package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.DeviceInput;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.BatchedMatches;
import dev.trawl.testing.RandomText;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Text already in device memory ({@link DeviceInput}): count, scan and batched scan of the GPU literal
 * engines straight over a device pointer, against cpu:aho-corasick on the same bytes from the host;
 * lengths of no particular multiple, empty, several chunks; pointers aligned and not, in allocations
 * with room after the text (every chunk read in place) and without (the last chunk copied on the
 * device first).
 */
@Tag("gpu")
class DeviceInputTest {
    private static final PatternSet PATTERNS = PatternSet.of("a", "ab", "aab", "b\n", "\u00e9x", "ba", "abababab",
            "xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
    private static final String[] ENGINES = {GpuPfacEngine.NAME, GpuTrieEngine.NAME, GpuRabinKarpEngine.NAME};

    private Gpu gpu;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        gpu = Gpu.get();
    }

    private static byte[] text(int n, long seed) {
        // 0xC3 0xA9: UTF-8 e-acute
        return RandomText.bytes(n, seed, (byte) 'a', (byte) 'a', (byte) 'b', (byte) '\n', (byte) 0xC3, (byte) 0xA9, (byte) 'x');
    }

    /** {@code bytes} copied to device memory at {@code offset} into an allocation with {@code slack} bytes after them. */
    private DeviceBuffer onDevice(byte[] bytes, int offset, int slack) {
        DeviceBuffer buf = new DeviceBuffer(gpu, offset + bytes.length + slack);
        if (bytes.length > 0) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment host = a.allocate(bytes.length);
                MemorySegment.copy(MemorySegment.ofArray(bytes), 0, host, 0, bytes.length);
                CudaDriver.memcpyHtoD(buf.pointer() + offset, host, bytes.length);
            }
        }
        return buf;
    }

    private static Matcher compile(String engine, long chunk) {
        return Trawl.compile(PATTERNS, MatcherOptions.defaults().withEngine(engine).withChunkBytes(chunk));
    }

    private void check(byte[] bytes, int offset, int slack, long chunk) {
        List<Match> want = compile(AhoCorasickEngine.NAME, 0).findAll(bytes);
        try (DeviceBuffer buf = onDevice(bytes, offset, slack)) {
            for (String engine : ENGINES) {
                String what = engine + ", " + bytes.length + " bytes at +" + offset + ", " + slack + " after, chunk " + chunk;
                Matcher m = compile(engine, chunk);
                try (Input in = DeviceInput.of(gpu, buf.pointer() + offset, bytes.length)) {
                    assertEquals(want.size(), m.count(in), what + ": count");
                    assertEquals(want, m.findAll(in), what + ": scan");
                    assertEquals(want, BatchedMatches.of(m, in, c -> {}), what + ": batched scan");
                }
            }
        }
    }

    @Test
    void alignedTextWithRoomAfterItIsReadInPlace() {
        for (int n : new int[] {1, 15, 17, 4095, 4097, (1 << 20) + 13, (3 << 20) + 7}) {
            check(text(n, n), 0, 4096, 1 << 20);
        }
    }

    @Test
    void exactAllocationsAndUnalignedPointers() {
        for (int n : new int[] {1, 2, 31, 33, 65_537, (1 << 20) - 1, (2 << 20) + 5}) {
            check(text(n, 31 + n), 0, 0, 1 << 20);
            check(text(n, 17 + n), 3, 0, 1 << 20);
            check(text(n, 7 + n), 16, 1, (1 << 20) + 3); // chunks that leave 16-byte alignment after the first
        }
    }

    @Test
    void oneDefaultChunkAndEmptyText() {
        check(text(5 << 20, 5), 0, 0, 0);
        check(new byte[0], 0, 0, 0);
        try (Input empty = DeviceInput.of(gpu, 0, 0)) {
            assertEquals(0, compile(GpuPfacEngine.NAME, 0).count(empty));
        }
    }

    @Test
    void cpuEnginesAndAutoTakeADeviceInput() {
        byte[] bytes = text((1 << 20) + 77, 9);
        Matcher cpu = compile(AhoCorasickEngine.NAME, 0);
        List<Match> want = cpu.findAll(bytes);
        try (DeviceBuffer buf = onDevice(bytes, 0, 0); Input in = DeviceInput.of(gpu, buf.pointer(), bytes.length)) {
            assertEquals(want, cpu.findAll(in), "cpu:aho-corasick over a host copy");
            Matcher auto = Trawl.compile(PATTERNS);
            assertEquals(want.size(), auto.count(in));
            assertTrue(auto.engine().startsWith("gpu:"), "auto sends a device input to its GPU engine: " + auto.engine());
        }
    }

    @Test
    void pointersCudaDoesNotKnowOrLengthsPastTheAllocationAreRefused() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(64);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DeviceInput.of(gpu, host.address(), 64));
            assertTrue(e.getMessage().contains("not memory CUDA knows") || e.getMessage().contains("host memory"),
                    e.getMessage());
        }
        try (DeviceBuffer buf = new DeviceBuffer(gpu, 1000)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DeviceInput.of(gpu, buf.pointer(), 1 << 30));
            assertTrue(e.getMessage().contains("past its allocation"), e.getMessage());
        }
    }
}
