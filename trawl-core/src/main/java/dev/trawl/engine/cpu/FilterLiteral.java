package dev.trawl.engine.cpu;

import dev.trawl.automaton.ByteFrequencies;
import java.util.Arrays;
import java.util.List;

/**
 * Picks the literal through which {@link PrefilterScanner} finds a regex: of all the factors (runs
 * of consecutive bytes) of the literals every match must contain, at most {@value #MAX_BYTES} bytes
 * long, the one estimated rarest in text: the lowest product of its bytes' {@link ByteFrequencies}
 * (so longer wins over shorter, and {@code "(dfs"} over {@code " the"}). Every factor of a required
 * literal is itself required, so any choice is exact; the choice only moves cost between the
 * literal pass and the verification of the lines it reports.
 *
 * <p>Why a cap: the literal pass walks one Aho-Corasick automaton over every byte, and its speed is
 * bound by how much of the automaton the walk touches. Log templates' literals run to 30-100 bytes,
 * and lines that hold a template (most lines of a log) walk its whole literal through states that
 * sit nowhere near the cache. Measured on a 2-core EPYC, one thread, the 1,734 loghub templates'
 * literals over 128 MiB of their logs: 170 MB/s for the whole literals, 290 MB/s cut to 24 bytes,
 * 350 to 16, 410 to 12, 490 to 8; the lines reported grow by 3% at 12 bytes and by 37% at 8.
 */
final class FilterLiteral {
    /** The longest filter literal. */
    static final int MAX_BYTES = 12;

    private FilterLiteral() {}

    /**
     * The rarest factor of at most {@code maxBytes} bytes of {@code required} (ties: the first, in
     * list then byte order), or an empty array when every literal is empty or there is none.
     */
    static byte[] rarest(List<byte[]> required, int maxBytes) {
        byte[] best = new byte[0];
        int bestAt = 0;
        double bestScore = 0; // the empty factor's: log of 1
        for (byte[] lit : required) {
            int width = Math.min(maxBytes, lit.length);
            double score = 0;
            for (int i = 0; i < lit.length; i++) {
                score += logFrequency(lit[i]);
                if (i >= width) {
                    score -= logFrequency(lit[i - width]);
                }
                if (i >= width - 1 && score < bestScore) {
                    bestScore = score;
                    best = lit;
                    bestAt = i - width + 1;
                }
            }
        }
        int width = Math.min(maxBytes, best.length);
        return Arrays.copyOfRange(best, bestAt, bestAt + width);
    }

    private static double logFrequency(byte b) {
        return Math.log(ByteFrequencies.of(b));
    }
}
