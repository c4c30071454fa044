package dev.trawl.prefilter;

import dev.trawl.*;
import java.lang.foreign.*;
import java.nio.ByteOrder;

final class BgVar {
    static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    final BG2 b;
    final long[] bloom;
    final int wordShift;
    final PatternSet ps;
    BgVar(BG2 b, PatternSet ps) {
        this.b = b; this.ps = ps;
        int gramBits = 64 - b.gramShift;
        bloom = new long[1 << (gramBits - 6)];
        wordShift = 64 - (gramBits - 6);
        byte[] buf = new byte[48];
        for (int id = 0; id < ps.size(); id++) {
            System.arraycopy(ps.bytes(id), 0, buf, 0, b.window);
            for (int k = 0; k < b.step; k++) {
                long w = 0; for (int j = 0; j < 8; j++) w |= (buf[k + j] & 0xFFL) << 8 * j;
                long h = b.hash(w | b.fold);
                bloom[(int) (h >>> wordShift)] |= (1L << (h >>> 20)) | (1L << (h >>> 26));
            }
        }
    }

    long baseRounds(MemorySegment a) {
        int st = b.step; long f = b.fold; long[] bits = b.grams; int shift = b.gramShift;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            int b0 = (int) (b.hash(a.get(WORD, g) | f) >>> shift);
            int b1 = (int) (b.hash(a.get(WORD, g + st) | f) >>> shift);
            int b2 = (int) (b.hash(a.get(WORD, g + 2 * st) | f) >>> shift);
            int b3 = (int) (b.hash(a.get(WORD, g + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6] >>> b0 | bits[b1 >>> 6] >>> b1 | bits[b2 >>> 6] >>> b2 | bits[b3 >>> 6] >>> b3;
            c += any & 1;
        }
        return c;
    }

    long bloomRounds(MemorySegment a) {
        int st = b.step; long f = b.fold; long[] bits = bloom; int shift = wordShift;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            long h0 = b.hash(a.get(WORD, g) | f);
            long h1 = b.hash(a.get(WORD, g + st) | f);
            long h2 = b.hash(a.get(WORD, g + 2 * st) | f);
            long h3 = b.hash(a.get(WORD, g + 3 * st) | f);
            long w0 = bits[(int) (h0 >>> shift)], w1 = bits[(int) (h1 >>> shift)], w2 = bits[(int) (h2 >>> shift)], w3 = bits[(int) (h3 >>> shift)];
            long any = (w0 >>> (h0 >>> 20) & w0 >>> (h0 >>> 26)) | (w1 >>> (h1 >>> 20) & w1 >>> (h1 >>> 26))
                     | (w2 >>> (h2 >>> 20) & w2 >>> (h2 >>> 26)) | (w3 >>> (h3 >>> 20) & w3 >>> (h3 >>> 26));
            c += any & 1;
        }
        return c;
    }

    /** next with a pass mask: only passing looks go to the slow path. */
    long nextMask(MemorySegment a, long from, long to, long limit, boolean useBloom) {
        int st = b.step; long f = b.fold;
        long g = from + st - 1;
        long end = Math.min(to + st - 1, limit - b.gram + 1);
        long fastEnd = Math.min(end, a.byteSize() - 7) - 3L * st;
        if (useBloom) {
            long[] bits = bloom; int shift = wordShift;
            while (g < fastEnd) {
                long h0 = b.hash(a.get(WORD, g) | f);
                long h1 = b.hash(a.get(WORD, g + st) | f);
                long h2 = b.hash(a.get(WORD, g + 2 * st) | f);
                long h3 = b.hash(a.get(WORD, g + 3 * st) | f);
                long w0 = bits[(int) (h0 >>> shift)], w1 = bits[(int) (h1 >>> shift)], w2 = bits[(int) (h2 >>> shift)], w3 = bits[(int) (h3 >>> shift)];
                long m = (w0 >>> (h0 >>> 20) & w0 >>> (h0 >>> 26) & 1) | (w1 >>> (h1 >>> 20) & w1 >>> (h1 >>> 26) & 1) << 1
                         | (w2 >>> (h2 >>> 20) & w2 >>> (h2 >>> 26) & 1) << 2 | (w3 >>> (h3 >>> 20) & w3 >>> (h3 >>> 26) & 1) << 3;
                if (m == 0) { g += 4 * st; continue; }
                for (; m != 0; m &= m - 1) {
                    long gg = g + (long) Long.numberOfTrailingZeros(m) * st;
                    long x = passed(a, gg, from, to, limit);
                    if (x >= 0) return x;
                }
                g += 4 * st;
            }
        } else {
            long[] bits = b.grams; int shift = b.gramShift;
            while (g < fastEnd) {
                int b0 = (int) (b.hash(a.get(WORD, g) | f) >>> shift);
                int b1 = (int) (b.hash(a.get(WORD, g + st) | f) >>> shift);
                int b2 = (int) (b.hash(a.get(WORD, g + 2 * st) | f) >>> shift);
                int b3 = (int) (b.hash(a.get(WORD, g + 3 * st) | f) >>> shift);
                long m = (bits[b0 >>> 6] >>> b0 & 1) | (bits[b1 >>> 6] >>> b1 & 1) << 1 | (bits[b2 >>> 6] >>> b2 & 1) << 2 | (bits[b3 >>> 6] >>> b3 & 1) << 3;
                if (m == 0) { g += 4 * st; continue; }
                for (; m != 0; m &= m - 1) {
                    long gg = g + (long) Long.numberOfTrailingZeros(m) * st;
                    long x = passed(a, gg, from, to, limit);
                    if (x >= 0) return x;
                }
                g += 4 * st;
            }
        }
        for (; g < end; g += st) {
            long x = passed(a, g, from, to, limit);
            if (x >= 0) return x;
        }
        return to;
    }

    private long passed(MemorySegment a, long g, long from, long to, long limit) {
        long h = b.hash(word(a, g));
        for (int m = b.offsets[(int) (h >>> b.offsetShift)]; m != 0; m &= ~Integer.highestOneBit(m)) {
            long x = g - (31 - Integer.numberOfLeadingZeros(m));
            if (x < from) continue;
            if (x >= to || x + b.window > limit) return to;
            if (BG2.get(b.prefixes, (int) (prefixHash(word(a, x)) >>> b.prefixShift))) return x;
        }
        return -1;
    }
    private static long prefixHash(long prefix) { return (prefix ^ prefix >>> 29) * 0x9E37_79B9_7F4A_7C15L; }
    private long word(MemorySegment a, long s) {
        if (s + 8 <= a.byteSize()) return a.get(WORD, s) | b.fold;
        long w = 0;
        for (int k = 0; s + k < a.byteSize() && k < 8; k++) w |= (a.get(ValueLayout.JAVA_BYTE, s + k) & 0xFFL) << 8 * k;
        return w | b.fold;
    }

    long baseSmall(MemorySegment a, int bitsLog) {
        int st = b.step; long f = b.fold; long[] bits = b.grams; int shift = 64 - bitsLog;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            int b0 = (int) (b.hash(a.get(WORD, g) | f) >>> shift);
            int b1 = (int) (b.hash(a.get(WORD, g + st) | f) >>> shift);
            int b2 = (int) (b.hash(a.get(WORD, g + 2 * st) | f) >>> shift);
            int b3 = (int) (b.hash(a.get(WORD, g + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6] >>> b0 | bits[b1 >>> 6] >>> b1 | bits[b2 >>> 6] >>> b2 | bits[b3 >>> 6] >>> b3;
            c += any & 1;
        }
        return c;
    }
    static final java.lang.invoke.VarHandle LONG = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    long baseArr(byte[] a) {
        int st = b.step; long f = b.fold; long[] bits = b.grams; int shift = b.gramShift;
        long c = 0;
        int fastEnd = a.length - 8 - 3 * st;
        for (int g = st - 1; g < fastEnd; g += 4 * st) {
            int b0 = (int) (b.hash((long) LONG.get(a, g) | f) >>> shift);
            int b1 = (int) (b.hash((long) LONG.get(a, g + st) | f) >>> shift);
            int b2 = (int) (b.hash((long) LONG.get(a, g + 2 * st) | f) >>> shift);
            int b3 = (int) (b.hash((long) LONG.get(a, g + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6] >>> b0 | bits[b1 >>> 6] >>> b1 | bits[b2 >>> 6] >>> b2 | bits[b3 >>> 6] >>> b3;
            c += any & 1;
        }
        return c;
    }
    long loadsOnly(MemorySegment a) {
        int st = b.step; long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            c += a.get(WORD, g) ^ a.get(WORD, g + st) ^ a.get(WORD, g + 2 * st) ^ a.get(WORD, g + 3 * st);
        }
        return c;
    }

    long[] small; int smallShift; int k;
    void buildSmall(PatternSet ps, int wbits, int k) {
        this.k = k;
        small = new long[1 << wbits];
        smallShift = 64 - wbits;
        byte[] buf = new byte[48];
        for (int id = 0; id < ps.size(); id++) {
            System.arraycopy(ps.bytes(id), 0, buf, 0, b.window);
            for (int kk = 0; kk < b.step; kk++) {
                long w = 0; for (int j = 0; j < 8; j++) w |= (buf[kk + j] & 0xFFL) << 8 * j;
                long h = b.hash(w | b.fold);
                small[(int) (h >>> smallShift)] |= bmask(h);
            }
        }
    }
    long bmask(long h) {
        long m = (1L << (h >>> 20)) | (1L << (h >>> 26));
        if (k >= 3) m |= 1L << (h >>> 32);
        if (k >= 4) m |= 1L << (h >>> 38);
        return m;
    }
    long smallRounds2(MemorySegment a) {
        int st = b.step; long f = b.fold; long[] bits = small; int shift = smallShift;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            long h0 = b.hash(a.get(WORD, g) | f);
            long h1 = b.hash(a.get(WORD, g + st) | f);
            long h2 = b.hash(a.get(WORD, g + 2 * st) | f);
            long h3 = b.hash(a.get(WORD, g + 3 * st) | f);
            long w0 = bits[(int) (h0 >>> shift)], w1 = bits[(int) (h1 >>> shift)], w2 = bits[(int) (h2 >>> shift)], w3 = bits[(int) (h3 >>> shift)];
            long any = (w0 >>> (h0 >>> 20) & w0 >>> (h0 >>> 26)) | (w1 >>> (h1 >>> 20) & w1 >>> (h1 >>> 26))
                     | (w2 >>> (h2 >>> 20) & w2 >>> (h2 >>> 26)) | (w3 >>> (h3 >>> 20) & w3 >>> (h3 >>> 26));
            c += any & 1;
        }
        return c;
    }
    long smallRounds3(MemorySegment a) {
        int st = b.step; long f = b.fold; long[] bits = small; int shift = smallShift;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            long h0 = b.hash(a.get(WORD, g) | f);
            long h1 = b.hash(a.get(WORD, g + st) | f);
            long h2 = b.hash(a.get(WORD, g + 2 * st) | f);
            long h3 = b.hash(a.get(WORD, g + 3 * st) | f);
            long w0 = bits[(int) (h0 >>> shift)], w1 = bits[(int) (h1 >>> shift)], w2 = bits[(int) (h2 >>> shift)], w3 = bits[(int) (h3 >>> shift)];
            long any = (w0 >>> (h0 >>> 20) & w0 >>> (h0 >>> 26) & w0 >>> (h0 >>> 32)) | (w1 >>> (h1 >>> 20) & w1 >>> (h1 >>> 26) & w1 >>> (h1 >>> 32))
                     | (w2 >>> (h2 >>> 20) & w2 >>> (h2 >>> 26) & w2 >>> (h2 >>> 32)) | (w3 >>> (h3 >>> 20) & w3 >>> (h3 >>> 26) & w3 >>> (h3 >>> 32));
            c += any & 1;
        }
        return c;
    }

    void stats(MemorySegment a) {
        long looks = 0, gramPass = 0, offBits = 0, offOutside = 0, prefixPass = 0;
        int[] hist = new int[33];
        for (long g = b.step - 1; g + 8 <= a.byteSize(); g += b.step) {
            looks++;
            long h = b.hash(a.get(WORD, g) | b.fold);
            if (!BG2.get(b.grams, (int) (h >>> b.gramShift))) continue;
            gramPass++;
            int m = b.offsets[(int) (h >>> b.offsetShift)];
            hist[Integer.bitCount(m)]++;
            for (; m != 0; m &= ~Integer.highestOneBit(m)) {
                long x = g - (31 - Integer.numberOfLeadingZeros(m));
                if (x < 0) continue;
                offBits++;
                if (BG2.get(b.prefixes, (int) (prefixHash(word(a, x)) >>> b.prefixShift))) prefixPass++;
            }
        }
        System.out.printf("looks %d gramPass %.3f%% offsets per pass %.2f prefix passes %d%n", looks, 100.0 * gramPass / looks, (double) offBits / gramPass, prefixPass);
        System.out.println(java.util.Arrays.toString(hist));
    }

    long topRounds(MemorySegment a, int wbits) {
        long[] bl = new long[1 << wbits]; int sh = 64 - wbits;
        byte[] buf = new byte[48];
        for (int id = 0; id < ps.size(); id++) {
            System.arraycopy(ps.bytes(id), 0, buf, 0, b.window);
            for (int kk = 0; kk < b.step; kk++) {
                long w = 0; for (int j = 0; j < 8; j++) w |= (buf[kk + j] & 0xFFL) << 8 * j;
                long h = b.hash(w | b.fold);
                bl[(int) (h >>> sh)] |= 1L << (h >>> sh - 6) | 1L << (h >>> sh - 12);
            }
        }
        int st = b.step; long f = b.fold; long c = 0, looks = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            long any = 0;
            for (int r = 0; r < 4; r++) { long h = b.hash(a.get(WORD, g + r * st) | f); long w = bl[(int) (h >>> sh)]; long t = w >>> (h >>> sh - 6) & w >>> (h >>> sh - 12) & 1; any |= t; looks += t; }
            c += any & 1;
        }
        System.out.printf("top bloom 2^%d words: passing rounds %d, passing looks %d%n", wbits, c, looks);
        return c;
    }

    long baseMasked(MemorySegment a) {
        int st = b.step; long f = b.fold; long[] bits = b.grams; int shift = b.gramShift;
        int lm = bits.length - 1;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            int b0 = (int) (b.hash(a.get(WORD, g) | f) >>> shift);
            int b1 = (int) (b.hash(a.get(WORD, g + st) | f) >>> shift);
            int b2 = (int) (b.hash(a.get(WORD, g + 2 * st) | f) >>> shift);
            int b3 = (int) (b.hash(a.get(WORD, g + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6 & lm] >>> b0 | bits[b1 >>> 6 & lm] >>> b1 | bits[b2 >>> 6 & lm] >>> b2 | bits[b3 >>> 6 & lm] >>> b3;
            c += any & 1;
        }
        return c;
    }
    long baseOneLoad(MemorySegment a) {
        // one bounds-checked 64-byte region per round: read the four words from a slice? use two checks
        int st = b.step; long f = b.fold; long[] bits = b.grams; int shift = b.gramShift;
        int lm = bits.length - 1;
        long c = 0;
        long fastEnd = a.byteSize() - 8 - 3L * st;
        MemorySegment all = a;
        for (long g = st - 1; g < fastEnd; g += 4 * st) {
            long w0 = all.get(WORD, g), w3 = all.get(WORD, g + 3 * st);
            long w1 = all.get(WORD, g + st), w2 = all.get(WORD, g + 2 * st);
            int b0 = (int) (b.hash(w0 | f) >>> shift);
            int b1 = (int) (b.hash(w1 | f) >>> shift);
            int b2 = (int) (b.hash(w2 | f) >>> shift);
            int b3 = (int) (b.hash(w3 | f) >>> shift);
            long any = bits[b0 >>> 6 & lm] >>> b0 | bits[b1 >>> 6 & lm] >>> b1 | bits[b2 >>> 6 & lm] >>> b2 | bits[b3 >>> 6 & lm] >>> b3;
            c += any & 1;
        }
        return c;
    }
}
