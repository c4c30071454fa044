package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RangeBytes;
import dev.trawl.Engine;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code cpu:rabin-karp}: Rabin-Karp (Karp and Rabin, 1987), as the C++ AMP string-search sample runs
 * it on the GPU, for all patterns at once. A rolling hash of every window of the text is looked up
 * among the patterns' hashes, and every hit is verified byte by byte, so hash collisions cost time
 * but never a wrong answer.
 *
 * <p><b>Grouping.</b> One rolling hash serves one window width, and patterns come in many lengths.
 * Each pattern is hashed over its first {@code w} bytes, where {@code w} is the largest of the widths
 * 1, 2, 3, 4, 6, 8, 12, 16, 24 and 32 not above its length; the text is then rolled once per width in use (at most
 * ten rolls, three for the Iliad's ten hero names, six for English words). Hashing whole lengths would
 * roll once per distinct length (hundreds for log lines); hashing one common prefix would make a
 * one-byte pattern turn every position into candidates for every pattern.
 *
 * <p><b>Hash and table.</b> The hash of {@code b[0..w)} is the polynomial {@code sum b[k] * B^(w-1-k)}
 * mod 2^32 (odd {@code B}), rolled in two multiplies. Per width, an open-addressing table (load at
 * most 1/2, slot from the Fibonacci-mixed hash) maps each distinct hash to its bucket of pattern ids,
 * ascending. Case-insensitive sets fold patterns and the copied range to lower case first.
 *
 * <p><b>Cost.</b> O(text x widths) rolls and lookups plus the verification of every candidate
 * (bucket size x pattern length); memory linear in the set. Matches are buffered per range and
 * sorted. Ranges run on {@code --threads} threads through {@link ChunkedScan}. <b>Limits:</b> none on
 * set size; sets whose patterns share long prefixes (many patterns per bucket) verify slowly.
 */
public final class RabinKarpEngine implements Engine {
    public static final String NAME = "cpu:rabin-karp";
    static final int[] WIDTHS = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
    private static final int BASE = 0x01000193;
    /** Fibonacci hashing: the top bits of {@code h * MIX} depend on every bit of {@code h}. */
    private static final int MIX = 0x9E3779B9;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Rabin-Karp: rolling hashes over a few window widths, all patterns at once, every hit verified";
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        return new CpuMatcher(NAME, patterns, options, new Searcher(patterns));
    }

    /** The hash width for a pattern of that length. */
    static int widthFor(int length) {
        int w = WIDTHS[0];
        for (int x : WIDTHS) {
            if (x <= length) {
                w = x;
            }
        }
        return w;
    }

    static int hash(byte[] b, int from, int width) {
        int h = 0;
        for (int k = 0; k < width; k++) {
            h = h * BASE + (b[from + k] & 0xFF);
        }
        return h;
    }

    /** The patterns hashed at one width: an open-addressing table from hash to a bucket of ids. */
    private static final class Group {
        final int width;
        final int outFactor; // BASE^(width-1): the weight of the byte about to leave the window
        final int shift;
        final int[] keys;
        final int[] bucketOf; // slot -> bucket, -1 when the slot is empty
        final int[] bucketStart;
        final int[] ids;
        final long[] filter; // one bit per value of the mixed hash's top filterBits bits
        final int filterShift;

        Group(int width, List<Integer> members, byte[][] pats) {
            this.width = width;
            int pow = 1;
            for (int k = 1; k < width; k++) {
                pow *= BASE;
            }
            outFactor = pow;
            // Sort members by (hash, id) so that each bucket is one ascending run.
            long[] byHash = new long[members.size()];
            for (int k = 0; k < byHash.length; k++) {
                int id = members.get(k);
                byHash[k] = ((long) hash(pats[id], 0, width) << 32) | id;
            }
            Arrays.sort(byHash);
            int bits = 1;
            while ((1 << bits) < 2 * byHash.length) {
                bits++;
            }
            shift = 32 - bits;
            keys = new int[1 << bits];
            bucketOf = new int[1 << bits];
            Arrays.fill(bucketOf, -1);
            ids = new int[byHash.length];
            int[] starts = new int[byHash.length + 1];
            int buckets = 0;
            for (int k = 0; k < byHash.length; k++) {
                int h = (int) (byHash[k] >> 32);
                ids[k] = (int) byHash[k];
                if (k == 0 || h != (int) (byHash[k - 1] >> 32)) {
                    int slot = slot(h);
                    while (bucketOf[slot] >= 0) {
                        slot = (slot + 1) & (keys.length - 1);
                    }
                    keys[slot] = h;
                    bucketOf[slot] = buckets;
                    starts[buckets++] = k;
                }
            }
            starts[buckets] = byHash.length;
            bucketStart = Arrays.copyOf(starts, buckets + 1);
            // The filter: 64 bits per distinct hash or more, from the same mixed hash's top bits.
            int filterBits = Math.max(bits + 6, 12);
            filterBits = Math.min(filterBits, 26);
            filterShift = 32 - filterBits;
            filter = new long[Math.max(1, (1 << filterBits) >>> 6)];
            for (int slot = 0; slot < keys.length; slot++) {
                if (bucketOf[slot] >= 0) {
                    int bit = (keys[slot] * MIX) >>> filterShift;
                    filter[bit >>> 6] |= 1L << bit;
                }
            }
        }

        int slot(int h) {
            return (h * MIX) >>> shift;
        }

        /** The bucket of pattern ids whose prefix hashes to {@code h}, or -1. */
        int bucket(int h) {
            int slot = slot(h);
            int b;
            while ((b = bucketOf[slot]) >= 0 && keys[slot] != h) {
                slot = (slot + 1) & (keys.length - 1);
            }
            return b;
        }
    }

    private static final class Searcher implements RangeSearcher {
        private final byte[][] pats;
        private final Group[] groups;
        private final byte[] fold;
        private final int maxLength;

        Searcher(PatternSet patterns) {
            fold = patterns.caseInsensitive() ? AsciiCase.table(true) : null;
            pats = new byte[patterns.size()][];
            List<List<Integer>> byWidth = new ArrayList<>();
            for (int k = 0; k < WIDTHS.length; k++) {
                byWidth.add(new ArrayList<>());
            }
            for (int id = 0; id < pats.length; id++) {
                byte[] p = patterns.bytes(id);
                if (fold != null) {
                    p = p.clone();
                    for (int k = 0; k < p.length; k++) {
                        p[k] = fold[p[k] & 0xFF];
                    }
                }
                pats[id] = p;
                byWidth.get(Arrays.binarySearch(WIDTHS, widthFor(p.length))).add(id);
            }
            List<Group> gs = new ArrayList<>();
            for (int k = 0; k < WIDTHS.length; k++) {
                if (!byWidth.get(k).isEmpty()) {
                    gs.add(new Group(WIDTHS[k], byWidth.get(k), pats));
                }
            }
            groups = gs.toArray(new Group[0]);
            maxLength = patterns.maxLength();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            byte[] y = RangeBytes.copy(text, from, RangeBytes.readEnd(text, to, maxLength), fold);
            int starts = (int) (to - from);
            for (Group g : groups) {
                if (!roll(g, y, starts, from, sink)) {
                    return false;
                }
            }
            return true;
        }

        /** Rolls one width over the range and verifies the hits. */
        private boolean roll(Group g, byte[] y, int starts, long from, MatchSink sink) {
            int w = g.width;
            int last = Math.min(y.length - w, starts - 1);
            if (last < 0) {
                return true;
            }
            long[] filter = g.filter;
            int filterShift = g.filterShift;
            int out = g.outFactor * BASE;
            int h = hash(y, 0, w);
            for (int j = 0; j <= last; j++) {
                if (j > 0) {
                    // (h - B^(w-1) * y[j-1]) * B + y[j+w-1], regrouped so that one multiply and one add
                    // depend on the previous hash: the roll is latency-bound otherwise.
                    h = h * BASE + ((y[j + w - 1] & 0xFF) - (y[j - 1] & 0xFF) * out);
                }
                // Most windows hash to an empty filter bit: one well-predicted branch instead of a
                // table probe whose occupied/empty outcome the branch predictor cannot guess.
                int mixed = h * MIX;
                if ((filter[mixed >>> filterShift >>> 6] & (1L << (mixed >>> filterShift))) != 0) {
                    int b = g.bucket(h);
                    if (b >= 0 && !verify(g, b, y, j, from, sink)) {
                        return false;
                    }
                }
            }
            return true;
        }

        private boolean verify(Group g, int bucket, byte[] y, int j, long from, MatchSink sink) {
            for (int k = g.bucketStart[bucket], end = g.bucketStart[bucket + 1]; k < end; k++) {
                int id = g.ids[k];
                byte[] p = pats[id];
                if (j + p.length <= y.length && Arrays.equals(p, 0, p.length, y, j, j + p.length)
                        && !sink.onMatch(id, from + j, from + j + p.length)) {
                    return false;
                }
            }
            return true;
        }
    }
}
