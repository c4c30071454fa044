package dev.trawl.testing;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

/** Random text over a small alphabet, so that short overlapping patterns match often and everywhere. */
public final class RandomText {
    private RandomText() {
    }

    /** {@code n} bytes drawn from {@code alphabet} (repeat a byte to make it likelier), reproducibly from {@code seed}. */
    public static byte[] bytes(int n, long seed, byte... alphabet) {
        Random r = new Random(seed);
        byte[] t = new byte[n];
        for (int i = 0; i < n; i++) {
            t[i] = alphabet[r.nextInt(alphabet.length)];
        }
        return t;
    }

    /** As {@link #bytes}, in native memory of {@code arena} (which may be shared, for scans on several threads). */
    public static MemorySegment segment(Arena arena, long n, long seed, byte... alphabet) {
        Random r = new Random(seed);
        MemorySegment seg = arena.allocate(Math.max(1, n)).asSlice(0, n);
        for (long i = 0; i < n; i++) {
            seg.set(ValueLayout.JAVA_BYTE, i, alphabet[r.nextInt(alphabet.length)]);
        }
        return seg;
    }
}
