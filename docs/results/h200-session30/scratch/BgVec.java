package dev.trawl.prefilter;

import java.lang.foreign.*;
import java.nio.ByteOrder;
import jdk.incubator.vector.*;

final class BgVec {
    static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
    static final VectorSpecies<Long> L = LongVector.SPECIES_512;
    static final VectorSpecies<Integer> I256 = IntVector.SPECIES_256;
    final BG2 b;
    final ByteVector perm;
    BgVec(BG2 b) {
        this.b = b;
        byte[] p = new byte[64];
        for (int j = 0; j < 8; j++) for (int k = 0; k < 8; k++) p[8 * j + k] = (byte) (j * b.step + k);
        perm = ByteVector.fromArray(B, p, 0);
    }

    long vecBase(MemorySegment a) {
        int st = b.step; long span = 8L * st;
        long[] bits = b.grams; int shift = b.gramShift;
        long mask = b.gramMask, fold = b.fold;
        ByteVector idx = perm;
        int[] ix = new int[8];
        long c = 0;
        for (long g = st - 1; g + 128 <= a.byteSize(); g += span) {
            ByteVector v1 = ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN);
            ByteVector v2 = ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN);
            LongVector w = idx.selectFrom(v1, v2).reinterpretAsLongs();
            LongVector h = w.or(fold).and(mask).mul(0x9E37_79B9_7F4A_7C15L);
            LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
            IntVector wi = (IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I256, 0);
            wi.intoArray(ix, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, ix, 0);
            LongVector t = words.lanewise(VectorOperators.LSHR, bit).and(1L);
            if (t.compare(VectorOperators.NE, 0L).anyTrue()) c++;
        }
        return c;
    }

    long vecScalar(MemorySegment a) {
        int st = b.step; long span = 8L * st;
        long[] bits = b.grams; int shift = b.gramShift;
        long mask = b.gramMask, fold = b.fold;
        ByteVector idx = perm;
        int[] ix = new int[8];
        long c = 0;
        for (long g = st - 1; g + 128 <= a.byteSize(); g += span) {
            ByteVector v1 = ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN);
            ByteVector v2 = ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN);
            LongVector w = idx.selectFrom(v1, v2).reinterpretAsLongs();
            LongVector h = w.or(fold).and(mask).mul(0x9E37_79B9_7F4A_7C15L);
            IntVector bi = (IntVector) h.lanewise(VectorOperators.LSHR, shift).castShape(I256, 0);
            bi.intoArray(ix, 0);
            int i0 = ix[0], i1 = ix[1], i2 = ix[2], i3 = ix[3], i4 = ix[4], i5 = ix[5], i6 = ix[6], i7 = ix[7];
            long any = bits[i0 >>> 6] >>> i0 | bits[i1 >>> 6] >>> i1 | bits[i2 >>> 6] >>> i2 | bits[i3 >>> 6] >>> i3
                     | bits[i4 >>> 6] >>> i4 | bits[i5 >>> 6] >>> i5 | bits[i6 >>> 6] >>> i6 | bits[i7 >>> 6] >>> i7;
            c += any & 1;
        }
        return c;
    }
    long vecScalar4(MemorySegment a) {
        // 4 looks per 256-bit vector: one 64-byte load (4*st + 8 <= 64 for st <= 14), single-table permute
        int st = b.step; long span = 8L * st;
        long[] bits = b.grams; int shift = b.gramShift;
        long mask = b.gramMask, fold = b.fold;
        ByteVector idx = perm;
        int[] ix = new int[8];
        long c = 0;
        for (long g = st - 1; g + 128 <= a.byteSize(); g += span) {
            ByteVector v1 = ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN);
            ByteVector v2 = ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN);
            LongVector w = idx.selectFrom(v1, v2).reinterpretAsLongs();
            LongVector h = w.or(fold).and(mask).mul(0x9E37_79B9_7F4A_7C15L);
            IntVector bi = (IntVector) h.lanewise(VectorOperators.LSHR, shift).castShape(I256, 0);
            bi.intoArray(ix, 0);
            long any = 0;
            for (int j = 0; j < 8; j++) { int i = ix[j]; any |= bits[i >>> 6] >>> i; }
            c += any & 1;
        }
        return c;
    }

    long next(MemorySegment a, long from, long to, long limit, boolean gather) {
        int st = b.step; long span = 8L * st;
        long[] bits = b.grams; int shift = b.gramShift;
        long mask = b.gramMask, fold = b.fold;
        ByteVector idx = perm;
        int[] ix = new int[8];
        long g = from + st - 1;
        long end = Math.min(to + st - 1, limit - b.gram + 1);
        long fastEnd = Math.min(end - 7L * st, a.byteSize() - 127);
        while (g < fastEnd) {
            ByteVector v1 = ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN);
            ByteVector v2 = ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN);
            LongVector w = idx.selectFrom(v1, v2).reinterpretAsLongs();
            LongVector h = w.or(fold).and(mask).mul(0x9E37_79B9_7F4A_7C15L);
            LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
            boolean any;
            if (gather) {
                IntVector wi = (IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I256, 0);
                wi.intoArray(ix, 0);
                LongVector words = LongVector.fromArray(L, bits, 0, ix, 0);
                any = words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).anyTrue();
            } else {
                ((IntVector) bit.castShape(I256, 0)).intoArray(ix, 0);
                int i0 = ix[0], i1 = ix[1], i2 = ix[2], i3 = ix[3], i4 = ix[4], i5 = ix[5], i6 = ix[6], i7 = ix[7];
                long t = bits[i0 >>> 6] >>> i0 | bits[i1 >>> 6] >>> i1 | bits[i2 >>> 6] >>> i2 | bits[i3 >>> 6] >>> i3
                         | bits[i4 >>> 6] >>> i4 | bits[i5 >>> 6] >>> i5 | bits[i6 >>> 6] >>> i6 | bits[i7 >>> 6] >>> i7;
                any = (t & 1) != 0;
            }
            if (!any) {
                g += span;
                continue;
            }
            for (int r = 0; r < 8; r++, g += st) {
                long x = b.startsUnder(a, g, from, to, limit);
                if (x >= 0) return x;
            }
        }
        for (; g < end; g += st) {
            long x = b.startsUnder(a, g, from, to, limit);
            if (x >= 0) return x;
        }
        return to;
    }

    long nextMask(MemorySegment a, long from, long to, long limit) {
        int st = b.step; long span = 8L * st;
        long[] bits = b.grams; int shift = b.gramShift;
        long mask = b.gramMask, fold = b.fold;
        ByteVector idx = perm;
        int[] ix = new int[8];
        long g = from + st - 1;
        long end = Math.min(to + st - 1, limit - b.gram + 1);
        long fastEnd = Math.min(end - 7L * st, a.byteSize() - 127);
        while (g < fastEnd) {
            ByteVector v1 = ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN);
            ByteVector v2 = ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN);
            LongVector w = idx.selectFrom(v1, v2).reinterpretAsLongs();
            LongVector h = w.or(fold).and(mask).mul(0x9E37_79B9_7F4A_7C15L);
            LongVector bit = h.lanewise(VectorOperators.LSHR, shift);
            IntVector wi = (IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I256, 0);
            wi.intoArray(ix, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, ix, 0);
            long m = words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong();
            if (m == 0) {
                g += span;
                continue;
            }
            for (; m != 0; m &= m - 1) {
                long x = b.passed(a, g + Long.numberOfTrailingZeros(m) * (long) st, from, to, limit);
                if (x >= 0) return x;
            }
            g += span;
        }
        for (; g < end; g += st) {
            long x = b.startsUnder(a, g, from, to, limit);
            if (x >= 0) return x;
        }
        return to;
    }
}
