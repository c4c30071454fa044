package dev.trawl.engine.cpu;

import dev.trawl.automaton.ByteFrequencies;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Picks the literals through which {@link PrefilterScanner} finds its regexes: for each regex, of the
 * factors (runs of consecutive bytes) of the literals every match of it must contain, at most
 * {@value #MAX_BYTES} bytes long, the one whose occurrences are estimated to cost the fewest
 * verifications: the lowest product of its bytes' {@link ByteFrequencies} (so longer wins over
 * shorter, and {@code "(dfs"} over {@code " the"}) times the number of regexes that have that same
 * factor among theirs (an occurrence of a factor that several regexes pick sends each of them a
 * candidate line, so a window common to many, such as the shared opening words of templates, loses
 * to one that tells them apart). Every factor of a required literal is itself required, so any
 * choice is exact; the choice only moves cost between the literal pass and the verification of the
 * lines it reports.
 *
 * <p>Why a cap: the literal pass walks one Aho-Corasick automaton over every byte, and its speed is
 * bound by how much of the automaton the walk touches. Log templates' literals run to 30-100 bytes,
 * and lines that hold a template (most lines of a log) walk its whole literal through states that
 * sit nowhere near the cache. Measured on a 2-core EPYC, one thread, the 1,734 loghub templates'
 * literals over 128 MiB of their logs: 170 MB/s for the whole literals, 290 MB/s cut to 24 bytes,
 * 350 to 16, 410 to 12, 490 to 8; the lines reported grow by 3% at 12 bytes and by 37% at 8.
 *
 * <p>{@code gpu:chains} anchors its chains on these factors too (its {@code ChainTable}).
 */
public final class FilterLiteral {
    /** The longest filter literal. */
    static final int MAX_BYTES = 12;

    private FilterLiteral() {}

    /**
     * Per regex, given the literals it requires, its filter literal of at most {@code maxBytes} bytes
     * (an empty array when it requires none). Ties: the first, in list then byte order.
     */
    public static byte[][] choose(List<List<byte[]>> required, int maxBytes) {
        Map<String, Integer> regexesWith = new HashMap<>(); // window -> how many regexes have it
        for (List<byte[]> lits : required) {
            Set<String> own = new HashSet<>();
            forEachWindow(lits, maxBytes, (lit, at, width, score) -> own.add(key(lit, at, width)));
            own.forEach(w -> regexesWith.merge(w, 1, Integer::sum));
        }
        byte[][] out = new byte[required.size()][];
        for (int r = 0; r < out.length; r++) {
            byte[][] best = {new byte[0]};
            long[] bestScore = {0}; // the empty factor's: log of 1
            forEachWindow(required.get(r), maxBytes, (lit, at, width, score) -> {
                long s = score + fixed(Math.log(regexesWith.get(key(lit, at, width))));
                if (s < bestScore[0]) {
                    bestScore[0] = s;
                    best[0] = Arrays.copyOfRange(lit, at, at + width);
                }
            });
            out[r] = best[0];
        }
        return out;
    }

    /** The rarest factor of one regex's literals alone ({@link #choose} of a set of one). */
    static byte[] rarest(List<byte[]> required, int maxBytes) {
        return choose(List.of(required), maxBytes)[0];
    }

    private interface Window {
        void at(byte[] lit, int at, int width, long logFrequency);
    }

    /** Each literal's windows of {@code min(maxBytes, length)} bytes, with their summed log frequencies. */
    private static void forEachWindow(List<byte[]> lits, int maxBytes, Window w) {
        for (byte[] lit : lits) {
            int width = Math.min(maxBytes, lit.length);
            long score = 0;
            for (int i = 0; i < lit.length; i++) {
                score += logFrequency(lit[i]);
                if (i >= width) {
                    score -= logFrequency(lit[i - width]);
                }
                if (i >= width - 1) {
                    w.at(lit, i - width + 1, width, score);
                }
            }
        }
    }

    /** The window's bytes as Latin-1 characters: one character per byte, so distinct windows, distinct keys. */
    static String key(byte[] lit, int at, int width) {
        return new String(lit, at, width, StandardCharsets.ISO_8859_1);
    }

    /**
     * The log of a byte's frequency in fixed point: sums of integers do not depend on the order of
     * their terms, so windows holding the same bytes score the same and ties go by position.
     */
    private static long logFrequency(byte b) {
        return fixed(Math.log(ByteFrequencies.of(b)));
    }

    private static long fixed(double x) {
        return Math.round(x * (1 << 20));
    }
}
