package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The staging copy (on the pool's threads when large and shareable) moves exactly the bytes asked for (no GPU needed). */
class HostCopierTest {
    private static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void copiesOfEverySizeMoveExactlyTheBytesAskedFor() {
        Random r = new Random(23);
        byte[] text = randomBytes(24 << 20, 1);
        try (Arena a = Arena.ofShared()) {
            MemorySegment src = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            MemorySegment dst = a.allocate(text.length + 64);
            for (int round = 0; round < 12; round++) {
                // Small copies stay on the calling thread; from 8 MiB the pool's threads share them.
                int bytes = round < 6 ? r.nextInt(1 << 16) : (8 << 20) + r.nextInt(16 << 20);
                int from = r.nextInt(text.length - bytes + 1);
                dst.fill((byte) 0x5a);
                HostCopier.copy(src, from, dst, bytes);
                byte[] expected = new byte[text.length + 64];
                java.util.Arrays.fill(expected, (byte) 0x5a);
                System.arraycopy(text, from, expected, 0, bytes);
                assertArrayEquals(expected, dst.toArray(ValueLayout.JAVA_BYTE), "from " + from + ", " + bytes + " bytes");
            }
        }
    }

    @Test
    void aConfinedSourceIsCopiedOnTheCallingThread() {
        byte[] text = randomBytes(20 << 20, 2);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment src = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            MemorySegment dst = a.allocate(text.length);
            HostCopier.copy(src, 0, dst, text.length); // the pool may not read a confined segment
            assertArrayEquals(text, dst.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void aLargeCopyOnThePoolMatchesItsSource() {
        byte[] text = randomBytes(20 << 20, 3); // above two pieces, so the pool's threads share it
        try (Arena a = Arena.ofShared()) {
            MemorySegment src = a.allocate(text.length + 100).asSlice(100).copyFrom(MemorySegment.ofArray(text));
            MemorySegment dst = a.allocate(text.length - 77);
            HostCopier.copy(src, 77, dst, text.length - 77);
            byte[] expected = new byte[text.length - 77];
            System.arraycopy(text, 77, expected, 0, expected.length);
            assertArrayEquals(expected, dst.toArray(ValueLayout.JAVA_BYTE));
        }
    }
}
