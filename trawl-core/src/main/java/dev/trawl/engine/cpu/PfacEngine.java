package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.PositionMatches;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.TextWindow;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import java.lang.foreign.MemorySegment;

/**
 * {@code cpu:pfac}: Parallel Failureless Aho-Corasick (PFAC; Lin, Liu, Chien and Chang, 2013) on CPU
 * threads, as the C++ AMP PFAC write-up runs it beside its GPU version. The trie has no failure
 * links: from every start position a fresh walk goes down from the root and stops at the first byte
 * with no child, reporting each state on the way where patterns end. Start positions are independent,
 * so they are cut into chunks and spread over {@code --threads} threads ({@link ChunkedScan}), the
 * CPU form of PFAC's one-thread-per-position GPU kernel.
 *
 * <p><b>Table.</b> {@link PfacTable}, the same table {@code gpu:pfac} copies to the device: dense
 * rows over byte classes, final states flagged in the entry's top bit so that the match test is one
 * compare, and per-state output lists of any length (the C++ AMP write-up kept a 32-bit mask per
 * state, which capped it at 32 patterns).
 *
 * <p><b>Order.</b> One walk meets shorter patterns before longer ones, so when a position has matches
 * at more than one depth their ids are sorted before they are reported; the searcher reports in the
 * contract's order and a one-chunk scan streams without buffering.
 *
 * <p><b>Cost.</b> Per position, one table load per byte of the walk: the walk rarely outlives the
 * shared prefix of text and set, so ordinary text costs one or two loads per byte, and a text that
 * repeats a long pattern's prefix costs up to the longest pattern. Memory: see {@link PfacTable}.
 * <b>Limits:</b> sets whose dense table passes 2^31 entries fail to compile with a
 * {@link dev.trawl.PatternLimitException} (use {@code cpu:aho-corasick}); 100,000 words are fine (55 MB
 * of table).
 */
public final class PfacEngine extends SearcherEngine {
    public static final String NAME = "cpu:pfac";

    public PfacEngine() {
        super(NAME, "Parallel Failureless Aho-Corasick: a trie walk from every start position, dense rows",
                patterns -> new Searcher(PfacTable.of(patterns), lengths(patterns)));
    }

    /**
     * The walk over a table already built for {@code patterns} (as {@code gpu:pfac}'s), for a caller
     * that finds a few records on the host with the device's own automaton.
     */
    public static RangeSearcher searcher(PfacTable table, PatternSet patterns) {
        return new Searcher(table, lengths(patterns));
    }

    static int[] lengths(PatternSet patterns) {
        int[] lengths = new int[patterns.size()];
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
        }
        return lengths;
    }

    /**
     * The walks read a {@code byte[]} ({@link TextWindow}: the array itself on the heap, a block copied
     * from other memory), a block of starts at a time, not the segment a byte at a time: in a process
     * that counts both mapped and heap text, the segment reads saw both kinds and compiled slower. One
     * thread, 128 MiB of the Iliad counted mapped then on the heap, 2-core Zen 4: 10 absent words 0.26 and
     * 0.16 GB/s before, 0.30 and 0.31 after; 1,000 words 0.14 and 0.10 before, 0.16 and 0.16 after.
     */
    static final class Searcher implements RangeSearcher {
        /** Starts per block. */
        static final long BLOCK_BYTES = 1 << 20;
        private final int[] classOf;
        private final int[] next;
        private final int[] rootRow;
        private final int classCount;
        private final int[] outStart;
        private final int[] outIds;
        private final int maxLength;
        private final int[] lengths;

        Searcher(PfacTable t, int[] lengths) {
            classOf = t.classOf();
            next = t.next();
            rootRow = t.rootRow();
            classCount = t.classCount();
            outStart = t.outStart();
            outIds = t.outIds();
            maxLength = t.maxLength();
            this.lengths = lengths;
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            PositionMatches found = new PositionMatches();
            TextWindow w = TextWindow.borrowing(text);
            try {
                for (long b = from; b < to; b += BLOCK_BYTES) {
                    int starts = (int) Math.min(BLOCK_BYTES, to - b);
                    w.loadStarts(b, starts, maxLength);
                    byte[] a = w.bytes();
                    int p = w.offset();
                    int avail = p + w.length();
                    for (int i = p; i < p + starts; i++) {
                        // A long sum: near the largest array, i + maxLength overflows an int.
                        int limit = (int) Math.min(avail, (long) i + maxLength);
                        // An entry is 0 when the walk stops, else the state with PfacTable.FINAL set on final states.
                        int e = rootRow[a[i] & 0xFF];
                        for (int j = i + 1; e != 0; j++) {
                            int s = e & PfacTable.STATE_MASK;
                            if (e < 0) {
                                found.addGroup(outIds, outStart[s], outStart[s + 1]);
                            }
                            if (j >= limit) {
                                break;
                            }
                            e = next[s * classCount + classOf[a[j] & 0xFF]];
                        }
                        if (!found.isEmpty()) {
                            if (!found.flush(sink, b + (i - p), lengths)) {
                                return false;
                            }
                            found.clear();
                        }
                    }
                }
            } finally {
                w.release();
            }
            return true;
        }

        /**
         * The walk of {@link #search}, adding output counts instead. Kept as its own copy on purpose: one
         * walk shared by both (collecting a position's final states for the caller) measured about 1.5x
         * slower on the hero names, single-threaded (count of the Iliad 1.4-1.8 against 2.4 ms, scan of
         * it four times 8.5 against 13 ms).
         */
        @Override
        public long count(MemorySegment text, long from, long to) {
            long count = 0;
            TextWindow w = TextWindow.borrowing(text);
            try {
                for (long b = from; b < to; b += BLOCK_BYTES) {
                    int starts = (int) Math.min(BLOCK_BYTES, to - b);
                    w.loadStarts(b, starts, maxLength);
                    byte[] a = w.bytes();
                    int p = w.offset();
                    int avail = p + w.length();
                    for (int i = p; i < p + starts; i++) {
                        // A long sum: near the largest array, i + maxLength overflows an int.
                        int limit = (int) Math.min(avail, (long) i + maxLength);
                        int e = rootRow[a[i] & 0xFF];
                        for (int j = i + 1; e != 0; j++) {
                            int s = e & PfacTable.STATE_MASK;
                            if (e < 0) {
                                count += outStart[s + 1] - outStart[s];
                            }
                            if (j >= limit) {
                                break;
                            }
                            e = next[s * classCount + classOf[a[j] & 0xFF]];
                        }
                    }
                }
            } finally {
                w.release();
            }
            return count;
        }

        @Override
        public boolean reportsInOrder() {
            return true;
        }
    }
}
