package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.PositionMatches;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import dev.trawl.automaton.CompressedTrie;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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
         * or reports; returns the count, or -1 when the sink stopped. The walks are written out inside
         * the loop over start positions on purpose: as a method of their own they were not inlined,
         * and every call then paid the segment's checks again for a walk of one or two bytes (four
         * times slower on the Iliad).
         */
        private long run(MemorySegment text, long from, long to, MatchSink sink) {
            byte[] t = trie;
            int[] slotOf = this.slotOf;
            byte[] fold = this.fold;
            boolean letters = this.letters;
            int width = this.width;
            int idsAt = 4 * (1 + width);
            byte term = terminator;
            long size = text.byteSize();
            PositionMatches found = new PositionMatches();
            long count = 0;
            for (long i = from; i < to; i++) {
                long limit = Math.min(size, i + maxLength);
                long j = i;
                int node = CompressedTrie.ROOT;
                int child = 0;
                // Node walk: array nodes only, reporting the patterns that end at each.
                while (j < limit) {
                    int b = text.get(ValueLayout.JAVA_BYTE, j++) & 0xFF;
                    int slot = letters ? (b | 0x20) - 'a' : slotOf[b];
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
                    int p = child & CompressedTrie.OFFSET_MASK;
                    while (true) {
                        byte tc = t[p];
                        if (tc == term) {
                            int at = (p + 4) & ~3;
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
                        if (j >= limit || fold[text.get(ValueLayout.JAVA_BYTE, j) & 0xFF] != tc) {
                            break;
                        }
                        p++;
                        j++;
                    }
                }
                if (!found.isEmpty()) {
                    count += found.size();
                    if (!found.flush(sink, i, lengths)) {
                        return -1;
                    }
                    found.clear();
                }
            }
            return count;
        }
    }
}
