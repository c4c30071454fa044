package dev.trawl.prefilter;

/**
 * The fingerprint filter one position at a time, for when the Vector API is absent: the first
 * fingerprint byte's table decides most positions alone (a chosen set's first bytes are rare in
 * text), the others are looked up only behind it. Names exactly the candidates {@link Teddy} names.
 */
public final class ScalarFingerprint implements Prefilter {
    private final Fingerprint fp;
    private final byte[] f0;
    private final byte[] f1;
    private final byte[] f2;
    private final byte[] f3;
    private final int width;

    public ScalarFingerprint(Fingerprint fp) {
        this.fp = fp;
        this.width = fp.width();
        byte[] all = new byte[256];
        java.util.Arrays.fill(all, (byte) 0xFF);
        this.f0 = fp.full(0);
        this.f1 = width > 1 ? fp.full(1) : all;
        this.f2 = width > 2 ? fp.full(2) : all;
        this.f3 = width > 3 ? fp.full(3) : all;
    }

    @Override
    public int next(byte[] a, int from, int to, int limit) {
        // Positions whose fingerprint would run past the limit cannot start a pattern.
        int end = Math.min(to, limit - width + 1);
        byte[] t0 = f0;
        byte[] t1 = f1;
        byte[] t2 = f2;
        byte[] t3 = f3;
        switch (width) {
            case 1 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0) {
                        return x;
                    }
                }
            }
            case 2 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
            case 3 -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF] & t2[a[x + 2] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
            default -> {
                for (int x = from; x < end; x++) {
                    if (t0[a[x] & 0xFF] != 0 && (t0[a[x] & 0xFF] & t1[a[x + 1] & 0xFF] & t2[a[x + 2] & 0xFF] & t3[a[x + 3] & 0xFF]) != 0) {
                        return x;
                    }
                }
            }
        }
        return to;
    }

    @Override
    public String describe() {
        return "fingerprint(" + fp.fingerprints() + " fingerprints, " + width + " bytes, scalar)";
    }
}
