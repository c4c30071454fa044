package dev.trawl.automaton;

/**
 * A rough background distribution of bytes, used only for estimates about typical input
 * (English-like text, logs, source code): how often a prefilter would fire, and which automaton
 * states a scan will visit most. The weights are
 * per-mille-ish shares, not measurements to rely on: letters by English frequency, lower case far
 * more common than upper, space and line ends frequent, digits and punctuation moderate, control
 * bytes and bytes above 0x7F (UTF-8 continuation and lead bytes) rare but never zero.
 */
public final class ByteFrequencies {
    private static final double[] P = new double[256];

    static {
        // English letter frequencies (percent), a..z.
        double[] letters = {8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.15, 0.77, 4.0, 2.4, 6.7, 7.5, 1.9, 0.095,
            6.0, 6.3, 9.1, 2.8, 0.98, 2.4, 0.15, 2.0, 0.074};
        double[] w = new double[256];
        for (int b = 0; b < 256; b++) {
            w[b] = b < 0x20 || b >= 0x7F ? 0.01 : 0.3; // rare bytes, then printable punctuation
        }
        for (int i = 0; i < 26; i++) {
            w['a' + i] = letters[i] * 6;
            w['A' + i] = letters[i] * 0.4;
        }
        for (int d = '0'; d <= '9'; d++) {
            w[d] = 1.0;
        }
        w[' '] = 110;
        w['\n'] = 12;
        w['\r'] = 2;
        w['\t'] = 1;
        w['.'] = 6;
        w[','] = 7;
        w['\''] = 1.5;
        w['"'] = 1.5;
        w['-'] = 1.5;
        double sum = 0;
        for (double x : w) {
            sum += x;
        }
        for (int b = 0; b < 256; b++) {
            P[b] = w[b] / sum;
        }
    }

    private ByteFrequencies() {}

    /** The estimated share of input positions holding byte {@code b} (0..255). */
    public static double of(int b) {
        return P[b & 0xFF];
    }
}
