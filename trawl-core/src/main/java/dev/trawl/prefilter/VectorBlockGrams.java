package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link BlockGrams} with its looks made eight at a time in 512-bit vectors: same tables, same
 * candidates in the same order. An iteration loads 128 bytes as two byte vectors, gathers each look's
 * 8 bytes into a long lane with one two-table byte permute, hashes the eight lanes with one vector
 * multiply, gathers their words of the gram bitset and tests their bits; the lanes that pass go to
 * {@link BlockGrams#passed}, the others cost no branch. The scalar loop makes four looks per branch
 * with about ten instructions each.
 *
 * <p>Measured, the filter alone, one thread, 256 MiB, 2,500 absent words of 15+ letters (a look every
 * 10 bytes): on the H200 machine's Xeon host 4.83 against 4.15-4.27 GB/s over the Iliad and 4.22 against
 * 3.11-3.28 over loghub lines ({@code docs/results/h200-session30}, run 3). On the 2-core Zen 4 that
 * builds the project, 128 MiB: 5.4 against 5.9 over the Iliad, 4.95 against 4.5 over loghub; its gathers
 * are slow, so {@link Prefilters} uses this form on Intel CPUs only.
 *
 * <p>Needs 512-bit vectors and AVX-512 VBMI for the two-table permute (without them the Vector API
 * emulates it, correctly and far slower), and a step of at most {@value #MAX_STEP} bytes, so that the
 * eighth look's word lies in the two vectors.
 */
final class VectorBlockGrams implements InPlacePrefilter {
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_512;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_512;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
    /** Looks per iteration: one per long lane. */
    static final int LOOKS = 8;
    /** Bytes an iteration loads: two byte vectors. */
    private static final int SPAN = 128;
    /** Longest step: the eighth look's 8 bytes must lie in the 128 loaded, {@code 7 step + 8 <= 128}. */
    static final int MAX_STEP = (SPAN - 8) / (LOOKS - 1);

    private final BlockGrams grams;
    /** Byte {@code 8 j + k} of the looks' words is byte {@code j step + k} of the two vectors. */
    private final ByteVector wordBytes;

    VectorBlockGrams(BlockGrams grams) {
        if (grams.step() > MAX_STEP) {
            throw new IllegalArgumentException("step " + grams.step() + " over " + MAX_STEP);
        }
        this.grams = grams;
        byte[] index = new byte[BYTES.length()];
        for (int j = 0; j < LOOKS; j++) {
            for (int k = 0; k < 8; k++) {
                index[8 * j + k] = (byte) (j * grams.step() + k);
            }
        }
        this.wordBytes = ByteVector.fromArray(BYTES, index, 0);
    }

    /**
     * The looks whose gram passes the bitset {@code bits}, as bits 0-7 (look {@code j} at the low
     * vector's byte {@code j step}); {@code at} is scratch for the gather's indexes. The tables come in
     * as arguments, read once per call of {@code next}: C2 reloads final fields on every iteration.
     */
    private long passing(ByteVector low, ByteVector high, ByteVector index, long fold, long mask, int shift,
            long[] bits, int[] at) {
        LongVector h = index.selectFrom(low, high).reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
        LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
        ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(INTS, 0)).intoArray(at, 0);
        LongVector words = LongVector.fromArray(LONGS, bits, 0, at, 0);
        return words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong();
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        int st = grams.step();
        int[] at = new int[LOOKS];
        ByteVector index = wordBytes;
        long fold = grams.fold();
        long mask = grams.gramMask();
        int shift = grams.gramShift();
        long[] bits = grams.gramBits();
        // Looks as in BlockGrams: at from + step - 1 + j step, before end. Longs: near the largest
        // array a look plus a few steps would overflow an int.
        long g = from + st - 1L;
        long end = Math.min(to + st - 1L, limit - grams.gram() + 1L);
        long fastEnd = Math.min(end - (LOOKS - 1L) * st, a.length - SPAN + 1L);
        while (g < fastEnd) {
            int i = (int) g;
            long m = passing(ByteVector.fromArray(BYTES, a, i), ByteVector.fromArray(BYTES, a, i + BYTES.length()),
                    index, fold, mask, shift, bits, at);
            for (; m != 0; m &= m - 1) {
                long look = g + (long) Long.numberOfTrailingZeros(m) * st;
                long x = grams.passed(a, look, grams.hash(word(a, look)), from, to, limit);
                if (x >= 0) {
                    return (int) x;
                }
            }
            g += (long) LOOKS * st;
        }
        for (; g < end; g += st) {
            long x = grams.startsUnder(a, g, from, to, limit);
            if (x >= 0) {
                return (int) x;
            }
        }
        return to;
    }

    @Override
    public long next(MemorySegment a, long from, long to, long limit) {
        int st = grams.step();
        int[] at = new int[LOOKS];
        ByteVector index = wordBytes;
        long fold = grams.fold();
        long mask = grams.gramMask();
        int shift = grams.gramShift();
        long[] bits = grams.gramBits();
        long g = from + st - 1;
        long end = Math.min(to + st - 1, limit - grams.gram() + 1);
        long fastEnd = Math.min(end - (LOOKS - 1L) * st, a.byteSize() - SPAN + 1);
        while (g < fastEnd) {
            long m = passing(ByteVector.fromMemorySegment(BYTES, a, g, ByteOrder.LITTLE_ENDIAN),
                    ByteVector.fromMemorySegment(BYTES, a, g + BYTES.length(), ByteOrder.LITTLE_ENDIAN),
                    index, fold, mask, shift, bits, at);
            for (; m != 0; m &= m - 1) {
                long look = g + (long) Long.numberOfTrailingZeros(m) * st;
                long x = grams.passed(a, look, grams.hash(word(a, look)), from, to, limit);
                if (x >= 0) {
                    return x;
                }
            }
            g += (long) LOOKS * st;
        }
        for (; g < end; g += st) {
            long x = grams.startsUnder(a, g, from, to, limit);
            if (x >= 0) {
                return x;
            }
        }
        return to;
    }

    /** The folded word of a look inside the loaded span (8 bytes there, always). */
    private long word(byte[] a, long look) {
        return (long) BlockGrams.LONG.get(a, (int) look) | grams.fold();
    }

    private long word(MemorySegment a, long look) {
        return a.get(BlockGrams.WORD, look) | grams.fold();
    }

    @Override
    public String describe() {
        return grams.describe() + ", " + LOOKS + " looks a vector";
    }
}
