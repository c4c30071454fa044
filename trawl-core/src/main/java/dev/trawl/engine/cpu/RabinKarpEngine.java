package dev.trawl.engine.cpu;

import dev.trawl.Matcher;
import dev.trawl.scan.ChunkedScan;

/**
 * {@code cpu:rabin-karp}: Rabin-Karp (Karp and Rabin, 1987), as the C++ AMP string-search sample runs
 * it on the GPU, for all patterns at once. A rolling hash of every window of the text is looked up
 * among the patterns' hashes, and every hit is verified byte by byte, so hash collisions cost time
 * but never a wrong answer.
 *
 * <p><b>Widths.</b> One rolling hash serves one window width, and patterns come in many lengths.
 * Each pattern is hashed over its first {@code w} bytes, where {@code w} is the largest of the widths
 * 1, 2, 3, 4, 6, 8, 12, 16, 24 and 32 not above its length ({@link RabinKarpTable}), and one pass over
 * the text, block by block, rolls the hash of every width in use ({@link RabinKarpSearcher}): three
 * for the Iliad's ten hero names, six for English words. Hashing whole lengths would need one hash per
 * distinct length (hundreds for log lines); hashing one common prefix would make a one-byte pattern
 * turn every position into candidates for every pattern.
 *
 * <p><b>Hash.</b> The hash of {@code b[0..w)} is the polynomial {@code sum b[k] * B^(w-1-k)} mod 2^32
 * (odd {@code B}), rolled in two multiplies. Case-insensitive sets fold patterns and the copied range
 * to lower case first.
 *
 * <p><b>Records.</b> The first-occurrence table ({@link Matcher#firstOccurrence}) is found directly:
 * each record rolled on its own, a pattern left at its first hit, the record once every pattern has
 * one. 64 MiB of zero bytes in 256-byte records against {@code \0{3}} and {@code \0{8}}: 34 ms,
 * where keeping the first of every record's matches took 3.2 s.
 *
 * <p><b>Cost.</b> O(text x widths) rolls and lookups plus the verification of every candidate, which
 * is bounded per window (a shared prefix compared once, duplicates once, a periodic pattern's repeat
 * in its period's bytes). Measured on one thread against rolling each width in its own pass: the
 * Iliad (x8) with the hero names counts in 45 ms instead of 74, 2,000 of its words in 165 instead of
 * 222; 16 MiB of zeros against runs of 200, 500 and 1,000 zeros in 0.37 s instead of 0.89; 64 MiB of
 * zeros against {@code \0{3}} and {@code \0{8}}, every window a match, in 1.5 s instead of 1.7, but
 * a scan that reports those 134 million matches takes 1.1 to 1.3 times as long (a block's matches come
 * width by width and are put in order before they are reported). Memory linear in the set. Matches
 * are buffered per range and sorted. Ranges run on {@code --threads} threads through
 * {@link ChunkedScan}. <b>Limits:</b> none on set size; sets whose patterns share long prefixes but
 * differ after them (many patterns per bucket) verify slowly.
 */
public final class RabinKarpEngine extends SearcherEngine {
    public static final String NAME = "cpu:rabin-karp";

    /**
     * The rolling hash: the polynomial in {@code base}, of which the table keeps the bits of
     * {@code keyMask}. Tests weaken it (a base of 1, a mask of a few bits) to force collisions.
     */
    record RollingHash(int base, int keyMask) {
        static final RollingHash POLYNOMIAL = new RollingHash(0x01000193, -1);

        /** The polynomial of {@code b[from .. from + width)}. */
        int roll(byte[] b, int from, int width) {
            int h = 0;
            for (int k = 0; k < width; k++) {
                h = h * base + (b[from + k] & 0xFF);
            }
            return h;
        }

        /** What the table looks the window up by. */
        int key(byte[] b, int from, int width) {
            return roll(b, from, width) & keyMask;
        }
    }

    public RabinKarpEngine() {
        this(RollingHash.POLYNOMIAL);
    }

    /** An engine with another hash, for tests that force collisions. */
    RabinKarpEngine(RollingHash hash) {
        super(NAME, "Rabin-Karp: rolling hashes over a few window widths in one pass, all patterns at once, every hit verified",
                patterns -> new RabinKarpSearcher(patterns, hash));
    }
}
