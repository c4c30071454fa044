package dev.trawl.prefilter;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The fingerprint filter ({@link Fingerprint}) a vector at a time with the incubating Vector API:
 * for the widest byte species the platform prefers (64 positions per step with AVX-512, 32 with
 * AVX2), each fingerprint byte is one load at offset {@code j}, split into nibbles, looked up with
 * two byte shuffles ({@code selectFrom} over the 16-entry table repeated across the register) and
 * ANDed; the lanes still nonzero are the candidates, read out as one 64-bit mask. About 8 vector
 * operations per fingerprint byte for 32-64 positions.
 *
 * <p>Byte tables instead of nibbles, where the fingerprints are ASCII and the CPU has AVX-512 VBMI (its
 * {@code vpermi2b} looks a byte up in a 128-entry table held in two registers, which is what the
 * two-vector {@code selectFrom} compiles to): each fingerprint byte is one load, one lookup in its
 * {@link Fingerprint#full} table and one AND, and a lane holding a byte of 0x80 or more at any offset
 * is dropped (no fingerprint has one, and the lookup only sees the low 7 bits), so both forms name
 * the very same candidates. Filter alone, 5 log words (3-byte fingerprints), one thread, text in
 * cache: on the H200 machine's Xeon host 8.0-8.7 against 7.0-7.6 GB/s over the Iliad and 5.2
 * against 4.7 over loghub lines; on the 2-core Zen 4, 34-38 against 27 and 19.9 against 16.8.
 *
 * <p>It also reads text where it lies ({@link MaskingPrefilter}): a mapped file or the bench's native text
 * is loaded a vector at a time from the segment, with no window copied first, and a count takes the
 * candidates of 2,048 steps at a time as masks. The segment loops are copies of the array loops,
 * not one loop over both: a loop that sees heap and native text compiles to a slower one for both
 * (see {@link BlockGrams#next(byte[], int, int, int)}). 5 log words, engine counting 256 MiB of
 * native text after 3,000 counts of 8 KiB, one Zen 4 thread, the copying count against masks: the
 * Iliad 14.4-17.1 against 22.1-27.2 GB/s, loghub lines 9.1-9.4 against 11.9-12.2.
 *
 * <p>Only loaded when the {@code jdk.incubator.vector} module is in the boot layer (see
 * {@link Prefilters}); everything else in Trawl runs without it.
 */
final class Teddy implements MaskingPrefilter {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    /** Bytes have no order; the native one is what the segment loads compile to one instruction for. */
    private static final ByteOrder ORDER = ByteOrder.nativeOrder();

    private final Fingerprint fp;
    private final ScalarFingerprint tail;
    private final int width;
    private final ByteVector lo0;
    private final ByteVector hi0;
    private final ByteVector lo1;
    private final ByteVector hi1;
    private final ByteVector lo2;
    private final ByteVector hi2;
    private final ByteVector lo3;
    private final ByteVector hi3;
    /** Byte tables: {@code lo*} hold entries 0-63 of {@link Fingerprint#full}, {@code hi*} 64-127. */
    private final boolean bytes;

    Teddy(Fingerprint fp) {
        this(fp, byteTablesPay() && asciiOnly(fp));
    }

    /**
     * The filter with byte tables ({@code bytes}: ASCII fingerprints and 64-lane vectors, each table
     * two registers of 64 entries) or nibble tables.
     */
    Teddy(Fingerprint fp, boolean bytes) {
        if (bytes && (!asciiOnly(fp) || SPECIES.length() != 64)) {
            throw new IllegalArgumentException("byte tables need ASCII fingerprints and 64-lane vectors");
        }
        this.bytes = bytes;
        this.fp = fp;
        this.tail = new ScalarFingerprint(fp);
        this.width = fp.width();
        this.lo0 = bytes ? half(fp, 0, 0) : table(fp.lo(0));
        this.hi0 = bytes ? half(fp, 0, 64) : table(fp.hi(0));
        this.lo1 = width <= 1 ? null : bytes ? half(fp, 1, 0) : table(fp.lo(1));
        this.hi1 = width <= 1 ? null : bytes ? half(fp, 1, 64) : table(fp.hi(1));
        this.lo2 = width <= 2 ? null : bytes ? half(fp, 2, 0) : table(fp.lo(2));
        this.hi2 = width <= 2 ? null : bytes ? half(fp, 2, 64) : table(fp.hi(2));
        this.lo3 = width <= 3 ? null : bytes ? half(fp, 3, 0) : table(fp.lo(3));
        this.hi3 = width <= 3 ? null : bytes ? half(fp, 3, 64) : table(fp.hi(3));
    }

    /**
     * Whether byte tables are used where they can be: 64-lane vectors and AVX-512 VBMI (without it
     * the two-table lookup is emulated, slower than nibbles); {@code -Dtrawl.teddy.bytes=on|off}
     * overrides.
     */
    static boolean byteTablesPay() {
        String forced = System.getProperty("trawl.teddy.bytes", "auto");
        if (!forced.equals("auto")) {
            return forced.equals("on") && SPECIES.length() == 64;
        }
        return SPECIES.length() == 64 && CpuFlags.has("avx512vbmi");
    }

    /** True when no fingerprint byte is 0x80 or more. */
    static boolean asciiOnly(Fingerprint fp) {
        for (int j = 0; j < fp.width(); j++) {
            byte[] full = fp.full(j);
            for (int b = 128; b < 256; b++) {
                if (full[b] != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Entries {@code from .. from + 63} of fingerprint byte {@code j}'s full table. */
    private static ByteVector half(Fingerprint fp, int j, int from) {
        return ByteVector.fromArray(SPECIES, fp.full(j), from);
    }

    /** Vector lanes per step on this platform. */
    static int lanes() {
        return SPECIES.length();
    }

    /** The 16-entry table repeated across a whole register, so a nibble index finds it in any lane. */
    private static ByteVector table(byte[] sixteen) {
        byte[] rep = new byte[SPECIES.length()];
        for (int i = 0; i < rep.length; i++) {
            rep[i] = sixteen[i & 15];
        }
        return ByteVector.fromArray(SPECIES, rep, 0);
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        return bytes ? nextByBytes(a, from, to, limit) : nextByNibbles(a, from, to, limit);
    }

    // Two loops, not one with the table form tested per lookup: each is one method with every vector
    // in a local (see nextByNibbles), and a choice inside would be a branch per lookup in the hot loop.
    private int nextByBytes(byte[] a, int from, int to, int limit) {
        int lanes = SPECIES.length();
        int w = width;
        int end = Math.min(to, limit - lanes - w + 2); // one loop bound, as in the segment loops
        int x = from;
        for (; x < end; x += lanes) {
            ByteVector v = ByteVector.fromArray(SPECIES, a, x);
            ByteVector r = v.selectFrom(lo0, hi0);
            ByteVector high = v; // its sign bits: a byte of 0x80 or more somewhere under the lane
            if (w > 1) {
                v = ByteVector.fromArray(SPECIES, a, x + 1);
                r = r.and(v.selectFrom(lo1, hi1));
                high = high.or(v);
                if (w > 2) {
                    v = ByteVector.fromArray(SPECIES, a, x + 2);
                    r = r.and(v.selectFrom(lo2, hi2));
                    high = high.or(v);
                    if (w > 3) {
                        v = ByteVector.fromArray(SPECIES, a, x + 3);
                        r = r.and(v.selectFrom(lo3, hi3));
                        high = high.or(v);
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong()
                    & ~high.compare(VectorOperators.LT, (byte) 0).toLong();
            if (m != 0) {
                return Math.min(x + Long.numberOfTrailingZeros(m), to);
            }
        }
        return x >= to ? to : tail.next(a, x, to, limit);
    }

    private int nextByNibbles(byte[] a, int from, int to, int limit) {
        int lanes = SPECIES.length();
        int w = width;
        // A step at x reads a[x .. x + lanes + width - 1).
        int end = Math.min(to, limit - lanes - w + 2);
        int x = from;
        // All in one method, no helper returning a vector: the vectors stay in registers only while
        // C2 inlines everything, and a helper left out of line boxes every intermediate vector.
        for (; x < end; x += lanes) {
            ByteVector v = ByteVector.fromArray(SPECIES, a, x);
            // Shift 32-bit lanes, not bytes: x86 has no byte shift, and the AND drops what crosses
            // over (measured: 5.4 against 4.1 GB/s for a 3-byte fingerprint, 512-bit).
            ByteVector r = v.and((byte) 0x0F).selectFrom(lo0).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                    .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi0));
            if (w > 1) {
                v = ByteVector.fromArray(SPECIES, a, x + 1);
                r = r.and(v.and((byte) 0x0F).selectFrom(lo1)).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                        .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi1));
                if (w > 2) {
                    v = ByteVector.fromArray(SPECIES, a, x + 2);
                    r = r.and(v.and((byte) 0x0F).selectFrom(lo2)).and(v.reinterpretAsInts()
                            .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi2));
                    if (w > 3) {
                        v = ByteVector.fromArray(SPECIES, a, x + 3);
                        r = r.and(v.and((byte) 0x0F).selectFrom(lo3)).and(v.reinterpretAsInts()
                                .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi3));
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong();
            if (m != 0) {
                return Math.min(x + Long.numberOfTrailingZeros(m), to);
            }
        }
        return x >= to ? to : tail.next(a, x, to, limit);
    }

    @Override
    public long next(MemorySegment a, long from, long to, long limit) {
        long x = bytes ? nextByBytes(a, from, to, limit) : nextByNibbles(a, from, to, limit);
        return x >= 0 ? x : tail(a, -x - 1, to, limit);
    }

    /**
     * The last positions, too near the limit for a whole step: the scalar filter over a copy of the
     * bytes left (under a vector and a fingerprint). Only the end of a text comes here.
     */
    private long tail(MemorySegment a, long x, long to, long limit) {
        if (x >= to) {
            return to;
        }
        byte[] rest = a.asSlice(x, limit - x).toArray(ValueLayout.JAVA_BYTE);
        return x + tail.next(rest, 0, (int) (to - x), rest.length);
    }

    /** As {@link #nextByBytes(byte[], int, int, int)} over a segment; where the steps ended as {@code -x - 1}. */
    private long nextByBytes(MemorySegment a, long from, long to, long limit) {
        int lanes = SPECIES.length();
        int w = width;
        // One bound for the loop, not two tests: with two, C2's hoisted range-check predicate failed
        // on every call (0.2 GB/s): the loop was deoptimised and recompiled until it stayed interpreted.
        long end = Math.min(to, limit - lanes - w + 2);
        long x = from;
        for (; x < end; x += lanes) {
            ByteVector v = ByteVector.fromMemorySegment(SPECIES, a, x, ORDER);
            ByteVector r = v.selectFrom(lo0, hi0);
            ByteVector high = v;
            if (w > 1) {
                v = ByteVector.fromMemorySegment(SPECIES, a, x + 1, ORDER);
                r = r.and(v.selectFrom(lo1, hi1));
                high = high.or(v);
                if (w > 2) {
                    v = ByteVector.fromMemorySegment(SPECIES, a, x + 2, ORDER);
                    r = r.and(v.selectFrom(lo2, hi2));
                    high = high.or(v);
                    if (w > 3) {
                        v = ByteVector.fromMemorySegment(SPECIES, a, x + 3, ORDER);
                        r = r.and(v.selectFrom(lo3, hi3));
                        high = high.or(v);
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong()
                    & ~high.compare(VectorOperators.LT, (byte) 0).toLong();
            if (m != 0) {
                return Math.min(x + Long.numberOfTrailingZeros(m), to);
            }
        }
        return -x - 1;
    }

    /** As {@link #nextByNibbles(byte[], int, int, int)} over a segment; where the steps ended as {@code -x - 1}. */
    private long nextByNibbles(MemorySegment a, long from, long to, long limit) {
        int lanes = SPECIES.length();
        int w = width;
        // One loop bound, as in nextByBytes.
        long end = Math.min(to, limit - lanes - w + 2);
        long x = from;
        for (; x < end; x += lanes) {
            ByteVector v = ByteVector.fromMemorySegment(SPECIES, a, x, ORDER);
            ByteVector r = v.and((byte) 0x0F).selectFrom(lo0).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                    .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi0));
            if (w > 1) {
                v = ByteVector.fromMemorySegment(SPECIES, a, x + 1, ORDER);
                r = r.and(v.and((byte) 0x0F).selectFrom(lo1)).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                        .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi1));
                if (w > 2) {
                    v = ByteVector.fromMemorySegment(SPECIES, a, x + 2, ORDER);
                    r = r.and(v.and((byte) 0x0F).selectFrom(lo2)).and(v.reinterpretAsInts()
                            .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi2));
                    if (w > 3) {
                        v = ByteVector.fromMemorySegment(SPECIES, a, x + 3, ORDER);
                        r = r.and(v.and((byte) 0x0F).selectFrom(lo3)).and(v.reinterpretAsInts()
                                .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi3));
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong();
            if (m != 0) {
                return Math.min(x + Long.numberOfTrailingZeros(m), to);
            }
        }
        return -x - 1;
    }

    @Override
    public int stepBytes() {
        return SPECIES.length();
    }

    @Override
    public int stepsWithin(long from, long to, long limit) {
        int lanes = SPECIES.length();
        long end = Math.min(to, limit - lanes - width + 2);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, (end - from + lanes - 1) / lanes));
    }

    @Override
    public int masks(MemorySegment a, long from, int steps, long[] out, boolean dense) {
        return bytes ? masksByBytes(a, from, steps, out, dense) : masksByNibbles(a, from, steps, out, dense);
    }

    /**
     * {@link #masks} by byte tables. How a step's pair is kept: where candidates are rare, behind a
     * branch that is rarely taken; where they come every few steps, by arithmetic with no branch (C2
     * compiled {@code m != 0 ? 2 : 0} to a branch, mispredicted at every candidate of log lines: 5 log
     * words over loghub lines, one Zen 4 thread, 8.3-8.9 against 11.8-12.4 GB/s; over the Iliad the
     * arithmetic cost 15%, 20-22 against 24-27). The test of {@code dense} is the same at every step.
     */
    private int masksByBytes(MemorySegment a, long from, int steps, long[] out, boolean dense) {
        int lanes = SPECIES.length();
        int w = width;
        long stop = from + (long) steps * lanes;
        int j = 0;
        for (long x = from; x < stop; x += lanes) {
            ByteVector v = ByteVector.fromMemorySegment(SPECIES, a, x, ORDER);
            ByteVector r = v.selectFrom(lo0, hi0);
            ByteVector high = v;
            if (w > 1) {
                v = ByteVector.fromMemorySegment(SPECIES, a, x + 1, ORDER);
                r = r.and(v.selectFrom(lo1, hi1));
                high = high.or(v);
                if (w > 2) {
                    v = ByteVector.fromMemorySegment(SPECIES, a, x + 2, ORDER);
                    r = r.and(v.selectFrom(lo2, hi2));
                    high = high.or(v);
                    if (w > 3) {
                        v = ByteVector.fromMemorySegment(SPECIES, a, x + 3, ORDER);
                        r = r.and(v.selectFrom(lo3, hi3));
                        high = high.or(v);
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong()
                    & ~high.compare(VectorOperators.LT, (byte) 0).toLong();
            if (dense) {
                out[j] = x; // written every step, kept (j moves on) only when a lane passed
                out[j + 1] = m;
                j += (int) ((m | -m) >>> 63) << 1;
            } else if (m != 0) {
                out[j] = x;
                out[j + 1] = m;
                j += 2;
            }
        }
        return j;
    }

    /** {@link #masks} by nibble tables, the pairs kept as in {@link #masksByBytes}. */
    private int masksByNibbles(MemorySegment a, long from, int steps, long[] out, boolean dense) {
        int lanes = SPECIES.length();
        int w = width;
        long stop = from + (long) steps * lanes;
        int j = 0;
        for (long x = from; x < stop; x += lanes) {
            ByteVector v = ByteVector.fromMemorySegment(SPECIES, a, x, ORDER);
            ByteVector r = v.and((byte) 0x0F).selectFrom(lo0).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                    .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi0));
            if (w > 1) {
                v = ByteVector.fromMemorySegment(SPECIES, a, x + 1, ORDER);
                r = r.and(v.and((byte) 0x0F).selectFrom(lo1)).and(v.reinterpretAsInts().lanewise(VectorOperators.LSHR, 4)
                        .reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi1));
                if (w > 2) {
                    v = ByteVector.fromMemorySegment(SPECIES, a, x + 2, ORDER);
                    r = r.and(v.and((byte) 0x0F).selectFrom(lo2)).and(v.reinterpretAsInts()
                            .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi2));
                    if (w > 3) {
                        v = ByteVector.fromMemorySegment(SPECIES, a, x + 3, ORDER);
                        r = r.and(v.and((byte) 0x0F).selectFrom(lo3)).and(v.reinterpretAsInts()
                                .lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(hi3));
                    }
                }
            }
            long m = r.compare(VectorOperators.NE, (byte) 0).toLong();
            if (dense) {
                out[j] = x; // written every step, kept (j moves on) only when a lane passed
                out[j + 1] = m;
                j += (int) ((m | -m) >>> 63) << 1;
            } else if (m != 0) {
                out[j] = x;
                out[j + 1] = m;
                j += 2;
            }
        }
        return j;
    }

    @Override
    public String describe() {
        return "teddy(" + fp.fingerprints() + " fingerprints in " + Fingerprint.BUCKETS + " buckets, " + width
                + " bytes, " + SPECIES.vectorBitSize() + "-bit, " + (bytes ? "byte" : "nibble") + " tables)";
    }
}
