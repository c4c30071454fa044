package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link StagingLanes} puts exactly the bytes asked for at the device address asked for, for sizes
 * around a piece and across many pieces and lanes, one set of lanes sending chunk after chunk (slots
 * reused while earlier copies may still be in flight), and from a confined segment (one lane).
 */
@Tag("gpu")
class GpuStagingLanesTest {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    private static final long P = StagingLanes.PIECE;

    @Test
    void chunksOfEverySizeArriveWhole() {
        Gpu gpu = Gpu.get();
        gpu.bind();
        Random r = new Random(41);
        byte[] text = new byte[(int) (40 * P)];
        r.nextBytes(text);
        long[] sizes = {1, 100, P - 1, P, P + 1, 2 * P + 7, 7 * P + 3, 8 * P, 9 * P - 1, 17 * P + 12345, 33 * P};
        StagingLanes lanes = StagingLanes.take(gpu);
        try (Arena a = Arena.ofShared();
                Stream after = new Stream(gpu);
                DeviceBuffer dev = new DeviceBuffer(gpu, 36 * P);
                PinnedBuffer back = new PinnedBuffer(gpu, 36 * P)) {
            MemorySegment src = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            for (int round = 0; round < 2; round++) { // the second round reuses slots that held the first
                for (long size : sizes) {
                    long from = r.nextInt((int) (text.length - size + 1));
                    long at = r.nextInt(1 << 20); // not aligned to a piece on the device either
                    after.fill(dev.pointer(), (byte) 0x5a, 36 * P);
                    after.synchronize(); // the lanes' copies run on their own streams
                    lanes.send(src, from, size, dev.pointer() + at, after);
                    after.copyToHost(back.segment(), dev.pointer(), at + size + 64);
                    after.synchronize();
                    byte[] expected = new byte[(int) (at + size + 64)];
                    Arrays.fill(expected, (byte) 0x5a);
                    System.arraycopy(text, (int) from, expected, (int) at, (int) size);
                    assertArrayEquals(expected, back.segment().asSlice(0, expected.length).toArray(ValueLayout.JAVA_BYTE),
                            "round " + round + ": " + size + " bytes from " + from + " to +" + at);
                }
            }
        } finally {
            StagingLanes.give(lanes, false);
        }
    }

    @Test
    void aConfinedSourceGoesThroughOneLane() {
        Gpu gpu = Gpu.get();
        gpu.bind();
        byte[] text = new byte[(int) (3 * P + 99)];
        new Random(43).nextBytes(text);
        StagingLanes lanes = StagingLanes.take(gpu);
        try (Arena a = Arena.ofConfined();
                Stream after = new Stream(gpu);
                DeviceBuffer dev = new DeviceBuffer(gpu, text.length);
                PinnedBuffer back = new PinnedBuffer(gpu, text.length)) {
            MemorySegment src = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            lanes.send(src, 0, text.length, dev.pointer(), after);
            after.copyToHost(back.segment(), dev.pointer(), text.length);
            after.synchronize();
            assertArrayEquals(text, back.segment().toArray(ValueLayout.JAVA_BYTE));
        } finally {
            StagingLanes.give(lanes, false);
        }
    }
}
