package dev.trawl.automaton;

import dev.trawl.PatternSet;
import dev.trawl.PatternLimitException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The compressed trie of the GPU log-classification papers (Niewiadomski, Piotrowski and Kaczmarski,
 * "Multiple pattern search problem on GPU", 2019; see {@code docs/reference-designs.md}), serialised
 * into one {@code byte[]} that can be searched where it lies, or shipped to a GPU unchanged: array
 * nodes where the trie branches, and contiguous suffix strings for the branches that no longer split.
 *
 * <h2>Layout</h2>
 * All {@code int}s are little-endian and 4-byte aligned. Offsets are byte offsets from the start of
 * the array; the header makes every node offset at least {@link #ROOT}, so offset 0 means "none".
 * <pre>
 *   header   int magic ({@link #MAGIC}), int flags, int width, int terminator, int root
 *            int slotOf[256]      slot of each unsigned byte in an array node, or -1 (letters layout only)
 *   nodes    (array nodes, breadth-first, the root first)
 *            int count            patterns that end at this node (prefixes of longer patterns)
 *            int slot[width]      child of this node on each slot:
 *                                   0            no child: the walk ends
 *                                   o            an array node at offset o
 *                                   o | 1 &lt;&lt; 31  a suffix record at offset o ({@link #SUFFIX_FLAG})
 *            int id[count]        ids of the patterns ending here, ascending
 *   suffixes byte b[n]            the rest of a branch that no longer splits, folded
 *            byte terminator      a byte value no folded pattern contains
 *            (zero padding to 4)
 *            int count, int id[count]   the patterns ending at the branch's end (duplicates!)
 * </pre>
 * A branch is stored as a suffix when every state below the slot has at most one child and no
 * pattern ends before its leaf. A pattern that ends inside a branch (a prefix of a longer pattern)
 * keeps its state as an array node, whose {@code count} says so: the suffix walk then never has to
 * report anything but at its terminator, and every pattern matching at a position is found.
 *
 * <h2>Two node layouts, chosen automatically</h2>
 * <ul>
 *   <li>{@link Layout#LETTERS} (the papers' layout): when the set is case-insensitive and every
 *       pattern byte is an ASCII letter. Nodes have 26 slots, {@code a..z}; the walk computes the slot
 *       as {@code (b | 0x20) - 'a'} and stops at any other byte. The terminator is {@code 0}.
 *   <li>{@link Layout#BYTES} (general): any bytes, either case option. Nodes have one slot per
 *       {@link ByteClasses byte class} ({@code slot = class}); class 0, the bytes in no pattern, has a
 *       slot that is empty in every node, so every byte has a slot and the walk tests no range. The
 *       terminator is the smallest byte value missing from the folded patterns. In the rare
 *       case-sensitive set that uses all 256 byte values there is none, and every state becomes an
 *       array node (flag {@link #FLAG_SUFFIXES} clear).
 * </ul>
 * The suffix bytes are stored folded (lower case) under case-insensitive matching, and the walk
 * folds the text byte before comparing; {@code slotOf} is valid for both layouts.
 *
 * <h2>Limits</h2>
 * Offsets are 31-bit and the array is one Java array, so the trie must stay under 2 GiB;
 * {@link #compile} throws a {@link PatternLimitException} beyond that. A node costs
 * {@code 4 x (1 + width + count)} bytes, so sets with little shared structure near the leaves stay
 * compact (the same 100,000 words as {@link PfacTable}'s example: 6 MB, against PFAC's 55 MB).
 */
public final class CompressedTrie {
    public static final int MAGIC = 0x45495254; // "TRIE" in little-endian bytes
    public static final int FLAG_CASE_INSENSITIVE = 1;
    public static final int FLAG_LETTERS = 2;
    public static final int FLAG_SUFFIXES = 4;
    public static final int SUFFIX_FLAG = 0x8000_0000;
    public static final int OFFSET_MASK = 0x7FFF_FFFF;
    public static final int FLAGS = 4;
    public static final int WIDTH = 8;
    public static final int TERMINATOR = 12;
    public static final int ROOT_FIELD = 16;
    public static final int SLOT_OF = 20;
    public static final int ROOT = SLOT_OF + 4 * 256;
    /** The largest trie: the largest Java array, give or take. */
    public static final long MAX_BYTES = Integer.MAX_VALUE - 16;

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** How array nodes index their children. */
    public enum Layout {
        /** 26 slots, a..z, case-insensitive; the layout of the GPU log-classification papers. */
        LETTERS,
        /** One slot per byte class used by the patterns. */
        BYTES
    }

    private final byte[] bytes;
    private final Layout layout;
    private final int maxLength;

    private CompressedTrie(byte[] bytes, Layout layout, int maxLength) {
        this.bytes = bytes;
        this.layout = layout;
        this.maxLength = maxLength;
    }

    /** Builds with the layout chosen as the class comment says. */
    public static CompressedTrie compile(PatternSet patterns) {
        return compile(patterns, lettersFit(patterns) ? Layout.LETTERS : Layout.BYTES);
    }

    /** Whether the {@link Layout#LETTERS} layout can hold this set. */
    public static boolean lettersFit(PatternSet patterns) {
        if (!patterns.caseInsensitive()) {
            return false;
        }
        for (int id = 0; id < patterns.size(); id++) {
            for (byte b : patterns.bytes(id)) {
                if (((b | 0x20) - 'a' & 0xFF) >= 26) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Builds with the given layout.
     *
     * @throws IllegalArgumentException when {@link Layout#LETTERS} is asked for a set it cannot hold
     *     (the caller's mistake: {@link #lettersFit} says which sets it holds)
     * @throws PatternLimitException when the trie would pass {@link #MAX_BYTES}
     */
    public static CompressedTrie compile(PatternSet patterns, Layout layout) {
        return compile(patterns, layout, MAX_BYTES);
    }

    /** With a lower size limit, so that tests can reach it. */
    static CompressedTrie compile(PatternSet patterns, Layout layout, long maxBytes) {
        if (layout == Layout.LETTERS && !lettersFit(patterns)) {
            throw new IllegalArgumentException("the letters layout needs a case-insensitive set of ASCII letters");
        }
        return new Builder(patterns, layout, maxBytes).build();
    }

    /** The serialised trie; see the class comment. Shared: do not modify. */
    public byte[] bytes() {
        return bytes;
    }

    public Layout layout() {
        return layout;
    }

    public int maxLength() {
        return maxLength;
    }

    /** Reads the little-endian {@code int} at a byte offset. */
    public static int intAt(byte[] trie, int offset) {
        return (int) INT.get(trie, offset);
    }

    public int flags() {
        return intAt(bytes, FLAGS);
    }

    /** Slots per array node. */
    public int width() {
        return intAt(bytes, WIDTH);
    }

    /** The byte that ends a suffix string. */
    public byte terminator() {
        return (byte) intAt(bytes, TERMINATOR);
    }

    /** The slot of an unsigned byte in every array node, or -1 (letters layout, non-letters). */
    public int slotOf(int unsignedByte) {
        return intAt(bytes, SLOT_OF + 4 * unsignedByte);
    }

    /** Turns a trie into the byte layout, in two passes: sizes and offsets, then contents. */
    private static final class Builder {
        private final PatternSet patterns;
        private final Layout layout;
        private final Trie trie;
        private final int width;
        private final int[] slotOfClass; // class -> slot, -1 for none
        private final byte[] labelOfClass; // class -> folded byte stored in suffixes
        private final int terminator; // -1: no suffixes
        private final long maxBytes;

        Builder(PatternSet patterns, Layout layout, long maxBytes) {
            this.patterns = patterns;
            this.layout = layout;
            this.maxBytes = maxBytes;
            this.trie = Trie.of(patterns);
            int nc = trie.classes().count();
            int[] classOf = trie.classes().table();
            byte[] fold = AsciiCase.table(patterns.caseInsensitive());
            labelOfClass = new byte[nc];
            slotOfClass = new int[nc];
            boolean[] usedByte = new boolean[256];
            for (int b = 255; b >= 0; b--) {
                labelOfClass[classOf[b]] = fold[b]; // the lowest byte of the class, folded
            }
            for (int id = 0; id < patterns.size(); id++) {
                for (byte b : patterns.bytes(id)) {
                    usedByte[fold[b & 0xFF] & 0xFF] = true;
                }
            }
            if (layout == Layout.LETTERS) {
                width = 26;
                for (int c = 0; c < nc; c++) {
                    slotOfClass[c] = c == 0 ? -1 : labelOfClass[c] - 'a';
                }
                terminator = 0;
            } else {
                // Slot = class. Class 0 (bytes in no pattern) keeps its slot, always empty, so the
                // walk needs no range test: a branch it would mispredict on every space of the text.
                width = nc;
                for (int c = 0; c < nc; c++) {
                    slotOfClass[c] = c;
                }
                int t = 0;
                while (t < 256 && usedByte[t]) {
                    t++;
                }
                terminator = t < 256 ? t : -1;
            }
        }

        CompressedTrie build() {
            int n = trie.stateCount();
            // A state is a suffix branch when it and everything below it is a chain to a leaf with
            // no pattern ending before the leaf. Children come after parents in BFS order.
            boolean[] chain = new boolean[n];
            int[] chainLength = new int[n]; // edges from the state down to its leaf
            for (int s = n - 1; s >= 0 && terminator >= 0; s--) {
                int kids = trie.childCount(s);
                if (kids == 0) {
                    chain[s] = true;
                } else if (kids == 1 && trie.patternCount(s) == 0 && chain[trie.childState(s, 0)]) {
                    chain[s] = true;
                    chainLength[s] = 1 + chainLength[trie.childState(s, 0)];
                }
            }
            chain[0] = false;
            // Offsets: array nodes first, breadth-first, then the suffix records of their chain children.
            int[] offset = new int[n];
            long pos = ROOT;
            for (int s = 0; s < n; s++) {
                if (!chain[s]) {
                    offset[s] = (int) pos;
                    pos += 4L * (1 + width + trie.patternCount(s));
                    if (pos > maxBytes) {
                        throw tooLarge(pos);
                    }
                }
            }
            for (int s = 0; s < n; s++) {
                if (!chain[s]) {
                    for (int k = 0; k < trie.childCount(s); k++) {
                        int v = trie.childState(s, k);
                        if (chain[v]) {
                            offset[v] = (int) pos;
                            pos = align4(pos + chainLength[v] + 1) + 4L * (1 + leafCount(v));
                            if (pos > maxBytes) {
                                throw tooLarge(pos);
                            }
                        }
                    }
                }
            }
            byte[] out = new byte[(int) pos];
            putInt(out, 0, MAGIC);
            int flags = (patterns.caseInsensitive() ? FLAG_CASE_INSENSITIVE : 0)
                    | (layout == Layout.LETTERS ? FLAG_LETTERS : 0) | (terminator >= 0 ? FLAG_SUFFIXES : 0);
            putInt(out, FLAGS, flags);
            putInt(out, WIDTH, width);
            putInt(out, TERMINATOR, Math.max(terminator, 0));
            putInt(out, ROOT_FIELD, ROOT);
            int[] classOf = trie.classes().table();
            for (int b = 0; b < 256; b++) {
                putInt(out, SLOT_OF + 4 * b, slotOfClass[classOf[b]]);
            }
            for (int s = 0; s < n; s++) {
                if (chain[s]) {
                    continue;
                }
                int o = offset[s];
                int cnt = trie.patternCount(s);
                putInt(out, o, cnt);
                for (int k = 0; k < trie.childCount(s); k++) {
                    int v = trie.childState(s, k);
                    int slot = slotOfClass[trie.childClass(s, k)];
                    putInt(out, o + 4 + 4 * slot, chain[v] ? offset[v] | SUFFIX_FLAG : offset[v]);
                    if (chain[v]) {
                        writeSuffix(out, v, offset[v]);
                    }
                }
                for (int k = 0; k < cnt; k++) {
                    putInt(out, o + 4 * (1 + width + k), trie.patternId(s, k));
                }
            }
            return new CompressedTrie(out, layout, patterns.maxLength());
        }

        private int leafCount(int s) {
            while (trie.childCount(s) > 0) {
                s = trie.childState(s, 0);
            }
            return trie.patternCount(s);
        }

        private void writeSuffix(byte[] out, int s, int o) {
            int p = o;
            while (trie.childCount(s) > 0) {
                out[p++] = labelOfClass[trie.childClass(s, 0)];
                s = trie.childState(s, 0);
            }
            out[p++] = (byte) terminator;
            p = (int) align4(p);
            int cnt = trie.patternCount(s);
            putInt(out, p, cnt);
            for (int k = 0; k < cnt; k++) {
                putInt(out, p + 4 + 4 * k, trie.patternId(s, k));
            }
        }

        private static long align4(long p) {
            return (p + 3) & ~3L;
        }

        private static void putInt(byte[] out, int offset, int v) {
            INT.set(out, offset, v);
        }

        private PatternLimitException tooLarge(long pos) {
            return new PatternLimitException("the compressed trie would need at least " + pos
                    + " bytes; the limit is " + maxBytes + " (its offsets are 31-bit)", pos, maxBytes);
        }
    }
}
