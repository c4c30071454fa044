package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.foreign.*;
import java.nio.ByteOrder;
import java.nio.file.*;
import java.util.*;
import jdk.incubator.vector.*;

/**
 * Session 31 scratch: what an iteration of VectorBlockGrams' look loop costs, piece by piece. Bare
 * loops (no branch on passes: they count the passing lanes) over native text, one thread.
 * Args: minLetters words sizeMiB text variants(comma list) rounds
 */
public class Vb {
    static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;
    static final VectorSpecies<Long> L = LongVector.SPECIES_512;
    static final VectorSpecies<Integer> I = IntVector.SPECIES_256;
    static final ValueLayout.OfLong W = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    public static void main(String[] args) throws Exception {
        int len = Integer.parseInt(args[0]), n = Integer.parseInt(args[1]);
        long size = Long.parseLong(args[2]) << 20;
        String textName = args[3];
        String[] variants = args[4].split(",");
        int rounds = Integer.parseInt(args[5]);
        List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip)
                .filter(s -> s.length() >= len).distinct().limit(n).toList();
        BlockGrams f = BlockGrams.forPatterns(PatternSet.of(new ArrayList<>(ws)));
        byte[] src;
        if (textName.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
        else {
            var out = new java.io.ByteArrayOutputStream();
            try (var st = Files.walk(Path.of("data/loghub"))) {
                for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
            }
            src = out.toByteArray();
        }
        MemorySegment nat = Arena.global().allocate(size, 64);
        for (long i = 0; i < size; i += src.length) MemorySegment.copy(src, 0, nat, ValueLayout.JAVA_BYTE, i, (int) Math.min(src.length, size - i));
        byte[] heap = nat.toArray(ValueLayout.JAVA_BYTE);
        System.out.println(f.describe() + ", " + textName + " " + (size >> 20) + " MiB");
        for (int r = 0; r < rounds; r++) {
            StringBuilder sb = new StringBuilder();
            for (String v : variants) {
                long t0 = System.nanoTime();
                long c = run(v, f, nat, heap);
                long t1 = System.nanoTime();
                sb.append(String.format("%s %d %.2f  ", v, c, size / (double) (t1 - t0)));
            }
            if (r >= rounds - 2) System.out.println(sb);
        }
    }

    static long run(String v, BlockGrams f, MemorySegment a, byte[] h) {
        return switch (v) {
            case "full" -> full(f, a);
            case "fullheap" -> fullHeap(f, h);
            case "nogather" -> noGather(f, a);
            case "nomul" -> noMul(f, a);
            case "noperm" -> noPerm(f, a);
            case "x2" -> unrolled(f, a);
            case "scalar" -> scalar(f, a);
            case "int" -> intGather(f, a);
            case "engine" -> engine(f, a);
            default -> throw new IllegalArgumentException(v);
        };
    }

    static ByteVector index(int st) {
        byte[] index = new byte[64];
        for (int j = 0; j < 8; j++) for (int k = 0; k < 8; k++) index[8 * j + k] = (byte) (j * st + k);
        return ByteVector.fromArray(B, index, 0);
    }

    static long full(BlockGrams f, MemorySegment a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] bits = f.gramBits(); int[] at = new int[8]; long c = 0; long end = a.byteSize() - 128;
        for (long g = 0; g < end; g += 8L * st) {
            LongVector hv = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, at, 0);
            c += Long.bitCount(words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong());
        }
        return c;
    }

    static long fullHeap(BlockGrams f, byte[] a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] bits = f.gramBits(); int[] at = new int[8]; long c = 0; int end = a.length - 128;
        for (int g = 0; g < end; g += 8 * st) {
            LongVector hv = ix.selectFrom(ByteVector.fromArray(B, a, g), ByteVector.fromArray(B, a, g + 64))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, at, 0);
            c += Long.bitCount(words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong());
        }
        return c;
    }

    /** All but the index store and the gather: the bit's own low bit stands in for the bitset word. */
    static long noGather(BlockGrams f, MemorySegment a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long c = 0; long end = a.byteSize() - 128;
        for (long g = 0; g < end; g += 8L * st) {
            LongVector hv = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            c += Long.bitCount(bit.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong());
        }
        return c;
    }

    /** The multiply replaced by shifts and xors (a weaker hash: cost only). */
    static long noMul(BlockGrams f, MemorySegment a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] bits = f.gramBits(); int[] at = new int[8]; long c = 0; long end = a.byteSize() - 128;
        for (long g = 0; g < end; g += 8L * st) {
            LongVector x = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask);
            LongVector hv = x.lanewise(VectorOperators.LSHL, 24).lanewise(VectorOperators.XOR, x.lanewise(VectorOperators.LSHL, 45));
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, at, 0);
            c += Long.bitCount(words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong());
        }
        return c;
    }

    /** One 64-byte load read as eight words, no permute (looks every 8 bytes: cost only). */
    static long noPerm(BlockGrams f, MemorySegment a) {
        long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] bits = f.gramBits(); int[] at = new int[8]; long c = 0; long end = a.byteSize() - 128;
        int st = f.step();
        for (long g = 0; g < end; g += 8L * st) {
            LongVector hv = LongVector.fromMemorySegment(L, a, g, ByteOrder.LITTLE_ENDIAN).or(fold).and(mask).mul(BlockGrams.MIX);
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, at, 0);
            c += Long.bitCount(words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong());
        }
        return c;
    }

    /** Gather of 32-bit words of the bitset (ymm gather of ints) instead of 64-bit ones. */
    static long intGather(BlockGrams f, MemorySegment a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] lbits = f.gramBits(); int[] bits = new int[lbits.length * 2];
        for (int i = 0; i < lbits.length; i++) { bits[2 * i] = (int) lbits[i]; bits[2 * i + 1] = (int) (lbits[i] >>> 32); }
        long c = 0; long end = a.byteSize() - 128;
        for (long g = 0; g < end; g += 8L * st) {
            LongVector hv = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            IntVector bit = (IntVector) hv.lanewise(VectorOperators.LSHR, shift).castShape(I, 0);
            int[] at = new int[8];
            bit.lanewise(VectorOperators.LSHR, 5).intoArray(at, 0);
            IntVector words = IntVector.fromArray(I, bits, 0, at, 0);
            c += Long.bitCount(words.lanewise(VectorOperators.LSHR, bit).and(1).compare(VectorOperators.NE, 0).toLong());
        }
        return c;
    }

    /** Two iterations' looks per loop turn. */
    static long unrolled(BlockGrams f, MemorySegment a) {
        int st = f.step(); ByteVector ix = index(st); long fold = f.fold(), mask = f.gramMask(); int shift = f.gramShift();
        long[] bits = f.gramBits(); int[] at = new int[8]; int[] at2 = new int[8]; long c = 0; long end = a.byteSize() - 128 - 8L * st;
        for (long g = 0; g < end; g += 16L * st) {
            LongVector hv = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            long g2 = g + 8L * st;
            LongVector hv2 = ix.selectFrom(ByteVector.fromMemorySegment(B, a, g2, ByteOrder.LITTLE_ENDIAN), ByteVector.fromMemorySegment(B, a, g2 + 64, ByteOrder.LITTLE_ENDIAN))
                    .reinterpretAsLongs().or(fold).and(mask).mul(BlockGrams.MIX);
            LongVector bit = hv.lanewise(VectorOperators.LSHR, shift);
            LongVector bit2 = hv2.lanewise(VectorOperators.LSHR, shift);
            ((IntVector) bit.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at, 0);
            ((IntVector) bit2.lanewise(VectorOperators.LSHR, 6).castShape(I, 0)).intoArray(at2, 0);
            LongVector words = LongVector.fromArray(L, bits, 0, at, 0);
            LongVector words2 = LongVector.fromArray(L, bits, 0, at2, 0);
            long m = words.lanewise(VectorOperators.LSHR, bit).and(1L).compare(VectorOperators.NE, 0L).toLong()
                    | words2.lanewise(VectorOperators.LSHR, bit2).and(1L).compare(VectorOperators.NE, 0L).toLong() << 8;
            c += Long.bitCount(m);
        }
        return c;
    }

    /** Eight scalar looks per turn. */
    static long scalar(BlockGrams f, MemorySegment a) {
        int st = f.step(); long fold = f.fold(); int shift = f.gramShift();
        long[] bits = f.gramBits(); long c = 0; long end = a.byteSize() - 128;
        for (long g = 0; g < end; g += 8L * st) {
            for (int j = 0; j < 8; j++) {
                int b = (int) (f.hash(a.get(W, g + j * st) | fold) >>> shift);
                c += bits[b >>> 6] >>> b & 1;
            }
        }
        return c;
    }

    /** The shipped filter (vector form where the CPU has it), named candidates counted. */
    static long engine(BlockGrams f, MemorySegment a) {
        InPlacePrefilter p = VectorFilters.lanes() == 64 ? VectorFilters.blockGrams(f) : f;
        long c = 0, x = 0, n = a.byteSize();
        while ((x = p.next(a, x, n, n)) < n) { c++; x++; }
        return c;
    }
}
