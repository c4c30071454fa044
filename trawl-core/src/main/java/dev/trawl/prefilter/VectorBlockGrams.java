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
 * <p>Measured on 2,500 absent dictionary words of 15+ letters (a look every 10 bytes), 256 MiB, on the
 * H200 machine's Xeon host ({@code docs/results/h200-session30}). The filter alone, one thread: 4.83
 * against 4.15-4.27 GB/s over the Iliad, 4.22 against 3.11-3.28 over loghub lines (run 3). The engine's
 * count against native Hyperscan, vector and scalar alternated in one run (run 9): 16 threads, Iliad
 * 1.34-1.74x against 1.13-1.41x, loghub 1.65-1.75x against 0.92-1.07x; one thread, Iliad 1.38x and 1.46x
 * against 1.23x and 1.24x, loghub 1.39x and 1.46x against 1.07x and 1.08x. On the 2-core Zen 4 that
 * builds the project, 128 MiB, the engine: 5.0 against 5.6 GB/s over the Iliad, 4.6 against 4.6-4.7
 * over loghub; its gathers are slow, so {@link Prefilters} uses this form on Intel CPUs only.
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

    /*
     * Every look goes through one path: a mask of passing looks (eight from the vectors, or all the
     * last ones at once, one by one in a loop with one bound), then firstStart over the passing ones.
     * So the rare events of a range (its end, a start past it, last looks that name nothing) are no
     * branch of their own that the JIT could compile as never taken: such a trap sends the vector
     * loop out of C2 until it is compiled again, and the Vector API outside C2 is tens of times slower
     * (on 16 threads a count of 7 ms took 60-112; session 30, runs 4-8). One loop for the vectors and
     * the last looks together ran 10% slower.
     */

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        int st = grams.step();
        int[] at = new int[LOOKS];
        // The tables as locals, passed on: C2 reloads final fields on every iteration.
        ByteVector index = wordBytes;
        long fold = grams.fold();
        long mask = grams.gramMask();
        int shift = grams.gramShift();
        long[] bits = grams.gramBits();
        // Looks as in BlockGrams: at from + step - 1 + j step, before end. Longs: near the largest
        // array a look plus a few steps would overflow an int.
        long end = Math.min(to + st - 1L, limit - grams.gram() + 1L);
        long fastEnd = Math.min(end - (LOOKS - 1L) * st, a.length - SPAN + 1L);
        long g = from + st - 1L;
        for (; g < fastEnd; g += (long) LOOKS * st) {
            long m = passing(a, (int) g, index, fold, mask, shift, bits, at);
            if (m != 0) {
                long x = firstStart(a, g, m, st, from, to, limit);
                if (x >= 0) {
                    return (int) x;
                }
            }
        }
        long m = 0;
        for (int j = 0, n = lastLooks(g, end, st); j < n; j++) {
            int b = (int) (grams.hash(grams.word(a, g + (long) j * st)) >>> shift);
            m |= (bits[b >>> 6] >>> b & 1) << j;
        }
        long x = firstStart(a, g, m, st, from, to, limit);
        return (int) Math.max(x, x >> 63 & to); // x, or to where x is -1
    }

    @Override
    public long next(MemorySegment a, long from, long to, long limit) {
        int st = grams.step();
        int[] at = new int[LOOKS];
        // The tables as locals, passed on: C2 reloads final fields on every iteration.
        ByteVector index = wordBytes;
        long fold = grams.fold();
        long mask = grams.gramMask();
        int shift = grams.gramShift();
        long[] bits = grams.gramBits();
        long end = Math.min(to + st - 1, limit - grams.gram() + 1);
        long fastEnd = Math.min(end - (LOOKS - 1L) * st, a.byteSize() - SPAN + 1);
        long g = from + st - 1;
        for (; g < fastEnd; g += (long) LOOKS * st) {
            long m = passing(a, g, index, fold, mask, shift, bits, at);
            if (m != 0) {
                long x = firstStart(a, g, m, st, from, to, limit);
                if (x >= 0) {
                    return x;
                }
            }
        }
        long m = 0;
        for (int j = 0, n = lastLooks(g, end, st); j < n; j++) {
            int b = (int) (grams.hash(grams.word(a, g + (long) j * st)) >>> shift);
            m |= (bits[b >>> 6] >>> b & 1) << j;
        }
        long x = firstStart(a, g, m, st, from, to, limit);
        return Math.max(x, x >> 63 & to); // x, or to where x is -1
    }

    /** As {@link #firstStart(MemorySegment, long, long, int, long, long, long)}, over an array. */
    private long firstStart(byte[] a, long g, long m, int st, long from, long to, long limit) {
        for (; m != 0; m &= m - 1) {
            long look = g + (long) Long.numberOfTrailingZeros(m) * st;
            long x = grams.passed(a, look, grams.hash(grams.word(a, look)), from, to, limit);
            if (x >= 0) {
                return x;
            }
        }
        return -1;
    }

    /** The first start that the passing looks {@code m} of the iteration at {@code g} name, or -1. */
    private long firstStart(MemorySegment a, long g, long m, int st, long from, long to, long limit) {
        for (; m != 0; m &= m - 1) {
            long look = g + (long) Long.numberOfTrailingZeros(m) * st;
            long x = grams.passed(a, look, grams.hash(grams.word(a, look)), from, to, limit);
            if (x >= 0) {
                return x;
            }
        }
        return -1;
    }

    /**
     * The looks from {@code g} before {@code end}, which the vector loop left: at most 7 where the range's
     * end stopped it, at most 32 where the text's did (its last 127 bytes, a look every 4 bytes or more),
     * so they fit one mask. Counted without a branch, so that their loop has one bound and one exit.
     */
    private static int lastLooks(long g, long end, int st) {
        return (int) Math.max(0, (end - g + st - 1) / st);
    }

    /*
     * The looks at i .. i + 7 step that pass the gram bitset, as bits 0-7, for an array and for a
     * segment. The two repeat their vector lines on purpose: a helper taking the loaded vectors
     * would box them wherever C2 does not inline it, so only the byte permute's index (built once)
     * crosses a call. at is scratch for the gather's indexes.
     */

    private static long passing(byte[] a, int i, ByteVector wordBytes, long fold, long gramMask, int shift, long[] bits,
            int[] at) {
        LongVector h = wordBytes.selectFrom(ByteVector.fromArray(BYTES, a, i), ByteVector.fromArray(BYTES, a, i + SPAN / 2))
                .reinterpretAsLongs().or(fold).and(gramMask).mul(BlockGrams.MIX);
        LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
        ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(INTS, 0)).intoArray(at, 0);
        LongVector words = LongVector.fromArray(LONGS, bits, 0, at, 0);
        return words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong();
    }

    private static long passing(MemorySegment a, long g, ByteVector wordBytes, long fold, long gramMask, int shift,
            long[] bits, int[] at) {
        LongVector h = wordBytes.selectFrom(ByteVector.fromMemorySegment(BYTES, a, g, ByteOrder.LITTLE_ENDIAN),
                        ByteVector.fromMemorySegment(BYTES, a, g + SPAN / 2, ByteOrder.LITTLE_ENDIAN))
                .reinterpretAsLongs().or(fold).and(gramMask).mul(BlockGrams.MIX);
        LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
        ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(INTS, 0)).intoArray(at, 0);
        LongVector words = LongVector.fromArray(LONGS, bits, 0, at, 0);
        return words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong();
    }

    @Override
    public String describe() {
        return grams.describe() + ", " + LOOKS + " looks a vector";
    }
}
