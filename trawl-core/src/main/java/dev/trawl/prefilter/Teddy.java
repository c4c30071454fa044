package dev.trawl.prefilter;

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
 * <p>Only loaded when the {@code jdk.incubator.vector} module is in the boot layer (see
 * {@link Prefilters}); everything else in Trawl runs without it.
 */
final class Teddy implements Prefilter {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;

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

    Teddy(Fingerprint fp) {
        this.fp = fp;
        this.tail = new ScalarFingerprint(fp);
        this.width = fp.width();
        this.lo0 = table(fp.lo(0));
        this.hi0 = table(fp.hi(0));
        this.lo1 = width > 1 ? table(fp.lo(1)) : null;
        this.hi1 = width > 1 ? table(fp.hi(1)) : null;
        this.lo2 = width > 2 ? table(fp.lo(2)) : null;
        this.hi2 = width > 2 ? table(fp.hi(2)) : null;
        this.lo3 = width > 3 ? table(fp.lo(3)) : null;
        this.hi3 = width > 3 ? table(fp.hi(3)) : null;
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
        int lanes = SPECIES.length();
        int w = width;
        // A step at x reads a[x .. x + lanes + width - 1).
        int lastStep = limit - lanes - w + 1;
        int x = from;
        // All in one method, no helper returning a vector: the vectors stay in registers only while
        // C2 inlines everything, and a helper left out of line boxes every intermediate vector.
        for (; x < to && x <= lastStep; x += lanes) {
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
    public String describe() {
        return "teddy(" + fp.fingerprints() + " fingerprints in " + Fingerprint.BUCKETS + " buckets, " + width
                + " bytes, " + SPECIES.vectorBitSize() + "-bit)";
    }
}
