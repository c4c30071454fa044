package dev.trawl.automaton;

/** ASCII case folding, the only folding Trawl's case-insensitive option does: A-Z to a-z. */
public final class AsciiCase {
    private static final byte[] FOLD = new byte[256];

    static {
        for (int b = 0; b < 256; b++) {
            FOLD[b] = (byte) (b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b);
        }
    }

    private AsciiCase() {}

    public static byte fold(byte b) {
        return FOLD[b & 0xFF];
    }

    /** The folding table when {@code on}, else the identity, so loops need no branch. */
    public static byte[] table(boolean on) {
        byte[] t = new byte[256];
        for (int b = 0; b < 256; b++) {
            t[b] = on ? FOLD[b] : (byte) b;
        }
        return t;
    }
}
