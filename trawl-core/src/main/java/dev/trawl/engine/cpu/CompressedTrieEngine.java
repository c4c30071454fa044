package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.PositionMatches;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.TextWindow;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import dev.trawl.automaton.CompressedTrie;
import java.lang.foreign.MemorySegment;

/**
 * {@code cpu:trie}: the compressed trie of the GPU log-classification papers on CPU threads. From
 * every start position a walk goes down the trie ({@link CompressedTrie}, one byte array) and stops at the first
 * byte that leads nowhere; start positions are cut into chunks and spread over {@code --threads}
 * threads ({@link ChunkedScan}).
 *
 * <p><b>The loop, split.</b> As in the papers' loop-split optimisation, the walk is two loops rather
 * than one with a flag. The node walk steps through array nodes (one slot load per byte) and reports
 * the patterns that end at each node, until it meets no child or a child flagged as a suffix; the
 * suffix walk then compares the text with the suffix string until the terminator, where the branch's
 * patterns are reported. The papers' kernel reported one key per position; here a node's own ids
 * report prefix patterns and duplicates, and a position's ids are put in ascending order before they
 * are reported.
 *
 * <p><b>Layouts.</b> For a case-insensitive set of ASCII letters the papers' 26-slot layout is
 * used, with the slot computed from the byte; every other set uses the general layout, with slots per
 * byte class and the slot looked up. See {@link CompressedTrie}.
 *
 * <p><b>Cost.</b> Like {@code cpu:pfac}: per position, one load per byte of the walk, which on
 * ordinary text ends after a byte or two; the suffix walk reads the trie sequentially. Memory is far
 * below PFAC's dense table, since only branching (or pattern-ending) states have arrays.
 * <b>Limits:</b> the serialised trie must stay under 2 GiB (checked at compile time); 100,000 words
 * take about 6 MB.
 */
public final class CompressedTrieEngine extends SearcherEngine {
    public static final String NAME = "cpu:trie";

    public CompressedTrieEngine() {
        super(NAME, "compressed trie in one byte array (array nodes, suffix strings), a walk from every start position",
                patterns -> searcher(CompressedTrie.compile(patterns), patterns));
    }

    /** The searcher over a trie of either layout; package-visible so tests can force the layout. */
    static RangeSearcher searcher(CompressedTrie trie, PatternSet patterns) {
        return new Searcher(trie, PfacEngine.lengths(patterns));
    }

    private static final class Searcher implements RangeSearcher {
        /** Starts per block. */
        static final long BLOCK_BYTES = 1 << 20;
        private final byte[] trie;
        private final boolean letters;
        private final int width;
        private final byte terminator;
        private final int[] slotOf = new int[256];
        private final byte[] fold;
        private final int maxLength;
        private final int[] lengths;

        Searcher(CompressedTrie t, int[] lengths) {
            trie = t.bytes();
            letters = t.layout() == CompressedTrie.Layout.LETTERS;
            width = t.width();
            terminator = t.terminator();
            for (int b = 0; b < 256; b++) {
                slotOf[b] = t.slotOf(b);
            }
            fold = AsciiCase.table((t.flags() & CompressedTrie.FLAG_CASE_INSENSITIVE) != 0);
            maxLength = t.maxLength();
            this.lengths = lengths;
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            return run(text, from, to, sink) >= 0;
        }

        @Override
        public long count(MemorySegment text, long from, long to) {
            return run(text, from, to, null);
        }

        @Override
        public boolean reportsInOrder() {
            return true;
        }

        /**
         * Walks from every start in {@code [from, to)}: node walk, then suffix walk. Counts (sink null)
         * or reports; returns the count, or -1 when the sink stopped. The walks read a {@code byte[]}
         * ({@link TextWindow}: the array itself on the heap, a block of starts copied from other memory),
         * not the segment a byte at a time: in a process that counts both mapped and heap text, the
         * segment reads saw both kinds and compiled slower (one thread, 1,000 words over 128 MiB of the
         * Iliad, counted mapped then on the heap, 2-core Zen 4: 0.118 and 0.095 GB/s before, 0.119 and
         * 0.113 after). The walks are written out inside the loop over start positions on purpose: as a
         * method of their own they were not inlined (four times slower on the Iliad).
         */
        private long run(MemorySegment text, long from, long to, MatchSink sink) {
            long count = 0;
            PositionMatches found = new PositionMatches();
            TextWindow w = TextWindow.borrowing(text);
            try {
                for (long b = from; b < to; b += BLOCK_BYTES) {
                    int starts = (int) Math.min(BLOCK_BYTES, to - b);
                    w.loadStarts(b, starts, maxLength);
                    long n = runBlock(w.bytes(), w.offset(), starts, w.offset() + w.length(), b, found, sink);
                    if (n < 0) {
                        return -1;
                    }
                    count += n;
                }
            } finally {
                w.release();
            }
            return count;
        }

        /** {@link #run} over starts {@code a[p .. p + starts)}, reading up to {@code a[avail)}; text position {@code b} is {@code a[p]}. */
        private long runBlock(byte[] a, int p, int starts, int avail, long b, PositionMatches found, MatchSink sink) {
            byte[] t = trie;
            int[] slotOf = this.slotOf;
            byte[] fold = this.fold;
            boolean letters = this.letters;
            int width = this.width;
            int idsAt = 4 * (1 + width);
            byte term = terminator;
            long count = 0;
            for (int i = p; i < p + starts; i++) {
                // A long sum: near the largest array, i + maxLength overflows an int.
                int limit = (int) Math.min(avail, (long) i + maxLength);
                int j = i;
                int node = CompressedTrie.ROOT;
                int child = 0;
                // Node walk: array nodes only, reporting the patterns that end at each.
                while (j < limit) {
                    int c = a[j++] & 0xFF;
                    int slot = letters ? (c | 0x20) - 'a' : slotOf[c];
                    if (slot < 0 || slot >= width) {
                        break;
                    }
                    child = CompressedTrie.intAt(t, node + 4 + 4 * slot);
                    if (child <= 0) {
                        break;
                    }
                    node = child;
                    int cnt = CompressedTrie.intAt(t, node);
                    if (cnt > 0 && sink == null) {
                        count += cnt;
                    } else if (cnt > 0) {
                        found.startGroup();
                        for (int k = 0, at = node + idsAt; k < cnt; k++, at += 4) {
                            found.add(CompressedTrie.intAt(t, at));
                        }
                    }
                    child = 0;
                }
                if (child < 0) {
                    // Suffix walk: compare the text with the stored rest of the branch.
                    int q = child & CompressedTrie.OFFSET_MASK;
                    while (true) {
                        byte tc = t[q];
                        if (tc == term) {
                            int at = (q + 4) & ~3;
                            int cnt = CompressedTrie.intAt(t, at);
                            if (sink == null) {
                                count += cnt;
                                break;
                            }
                            found.startGroup();
                            for (int k = 1; k <= cnt; k++) {
                                found.add(CompressedTrie.intAt(t, at + 4 * k));
                            }
                            break;
                        }
                        if (j >= limit || fold[a[j] & 0xFF] != tc) {
                            break;
                        }
                        q++;
                        j++;
                    }
                }
                if (!found.isEmpty()) {
                    count += found.size();
                    if (!found.flush(sink, b + (i - p), lengths)) {
                        return -1;
                    }
                    found.clear();
                }
            }
            return count;
        }
    }
}
