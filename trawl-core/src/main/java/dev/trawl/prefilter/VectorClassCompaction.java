package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link ClassCompaction} 64 bytes a step: the classes of bytes under 0x80 from two 64-byte tables
 * ({@code vpermi2b}), the one class all higher bytes share blended in, the class-0 lanes that follow a
 * class-0 lane dropped with a compress ({@code vpcompressb}). 16 GB/s on one Zen 4 thread, 5.5 on the
 * Xeon.
 */
final class VectorClassCompaction implements ClassCompaction {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_512;

    private final int[] classOf;
    private final ByteVector low;
    private final ByteVector high;
    private final byte upper;

    /** For a class table whose bytes 0x80 and up all share one class, every class under 128. */
    VectorClassCompaction(int[] classOf) {
        this.classOf = classOf.clone();
        byte[] c = new byte[128];
        for (int b = 0; b < 128; b++) {
            c[b] = (byte) classOf[b];
        }
        this.low = ByteVector.fromArray(SPECIES, c, 0);
        this.high = ByteVector.fromArray(SPECIES, c, 64);
        this.upper = (byte) classOf[0x80];
    }

    @Override
    public int compact(MemorySegment text, long from, long to, byte[] out, int o) {
        long k = from;
        long before = 0; // bit 0: the byte before this step's first was class 0 (none before the range's first)
        for (; k + 64 <= to; k += 64) {
            long zero = step(ByteVector.fromMemorySegment(SPECIES, text, k, ByteOrder.nativeOrder()), before, out, o);
            o += Long.bitCount(kept(zero, before));
            before = zero >>> 63;
        }
        boolean zeroBefore = before != 0;
        for (; k < to; k++) {
            int c = classOf[text.get(ValueLayout.JAVA_BYTE, k) & 0xFF];
            if (c != 0 || !zeroBefore) {
                out[o++] = (byte) c;
            }
            zeroBefore = c == 0;
        }
        return o;
    }

    /**
     * Writes the kept classes of 64 bytes {@code x} at {@code out[o]} (the byte before them class 0 where
     * bit 0 of {@code before} is set) and returns the mask of their class-0 lanes.
     */
    private long step(ByteVector x, long before, byte[] out, int o) {
        ByteVector c = x.selectFrom(low, high).blend(upper, x.lt((byte) 0));
        long zero = c.compare(VectorOperators.EQ, (byte) 0).toLong();
        c.compress(VectorMask.fromLong(SPECIES, kept(zero, before))).intoArray(out, o);
        return zero;
    }

    /** The lanes kept of a step whose class-0 lanes are {@code zero}: all but the class-0 lanes after a class-0 lane. */
    private static long kept(long zero, long before) {
        return ~(zero & (zero << 1 | before));
    }
}
