package dev.trawl.cuda.engine;

import dev.trawl.PatternSet;
import dev.trawl.engine.cpu.FilterLiteral;
import dev.trawl.regex.LiteralChain;
import dev.trawl.regex.RegexSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A regex set whose every regex is a literal chain ({@link LiteralChain#literalsInOrder}: literals
 * joined by {@code .*} or {@code .*?}), laid out for {@code chains.cu}, or the one-line reason it is
 * not one ({@link #refusal}).
 *
 * <p>Each chain has an <b>anchor</b>, a run of bytes inside one of its literals (the <b>anchor
 * literal</b>), as {@link Anchors} chooses: the whole of its longest literal, or the factor of at most
 * a few bytes that {@link FilterLiteral} finds rarest and least shared. The distinct anchors are what
 * the kernel looks for from every start ({@link #anchors}, ids in order); an anchor found at {@code p}
 * names the chains anchored on it, and each is verified around {@code p}: its anchor literal must lie
 * at {@code p - shift} ({@link #chainShift}: where the anchor sits in it), the literals after it at
 * their first occurrences from its end on, and the ones before it at their first occurrences from the
 * start of its line on, ending by its start; no gap may cross a {@code '\n'}. Why that is exact: a
 * record holds a match of the chain exactly when one of its lines holds the literals in order without
 * overlap (gaps are runs of non-newline characters, and on ASCII every other byte is one); such a
 * placement puts the anchor literal at some occurrence, hence the anchor at some {@code p}, and for a
 * given {@code p} the earliest placement of the literals before it and of those after it leaves each
 * the most room. The kernel answers only ASCII records.
 *
 * <p>Arrays (ints; {@code A} anchors, {@code C} chains, {@code L} literals):
 * <pre>
 *   anchorChains  A + 1  chains of anchor a: chainIds[anchorChains[a] .. anchorChains[a + 1])
 *   chainIds      C      chain indices grouped by anchor
 *   chainLits     C + 1  literals of chain c: [chainLits[c], chainLits[c + 1]), in order
 *   chainAnchor   C      the index (among all literals) of chain c's anchor literal
 *   litBytes      L + 1  literal l: bytes[litBytes[l] .. litBytes[l + 1])
 *   chainShift    C      where chain c's anchor starts inside its anchor literal
 * </pre>
 */
final class ChainTable {
    /**
     * How chains are anchored: {@code longest} (each chain's longest literal, whole) or {@code factor}
     * (the default; {@code factor:N} for at most N bytes, 8 when not given), read when a table is built.
     */
    static final String ANCHOR_PROPERTY = "trawl.gpu.chains.anchor";

    /** A chain's anchor: literal {@code literal} of the chain (counted within it), bytes {@code [shift, shift + length)}. */
    record Anchor(int literal, int shift, int length) {}

    /** How each chain of a set is anchored. */
    interface Anchors {
        Anchor[] choose(List<List<byte[]>> chains);

        /** Each chain's longest literal (the first of the longest), whole. */
        Anchors LONGEST = chains -> {
            Anchor[] out = new Anchor[chains.size()];
            for (int c = 0; c < out.length; c++) {
                List<byte[]> lits = chains.get(c);
                int best = 0;
                for (int i = 0; i < lits.size(); i++) {
                    best = lits.get(i).length > lits.get(best).length ? i : best;
                }
                out[c] = new Anchor(best, 0, lits.isEmpty() ? 0 : lits.get(best).length);
            }
            return out;
        };

        /**
         * Each chain's {@link FilterLiteral} of at most {@code maxBytes}: its rarest factor, the least
         * shared with other chains. Log templates' longest literals share their opening words ("Received
         * block", "PacketResponder"), so anchors on them meet in the index's buckets and many start the
         * same PFAC path; the factors begin apart (loghub's 1,298 anchors: 3.5 anchors compared per
         * occurrence keyed by four bytes, against 1.4 for factors of 8 bytes).
         */
        static Anchors factor(int maxBytes) {
            return chains -> {
                byte[][] chosen = FilterLiteral.choose(chains, maxBytes);
                Anchor[] out = new Anchor[chains.size()];
                for (int c = 0; c < out.length; c++) {
                    out[c] = chosen[c].length == 0 ? LONGEST.choose(List.of(chains.get(c)))[0] : locate(chains.get(c), chosen[c]);
                }
                return out;
            };
        }

        /** The factor's first occurrence among the literals, in order. */
        private static Anchor locate(List<byte[]> lits, byte[] factor) {
            for (int i = 0; i < lits.size(); i++) {
                byte[] lit = lits.get(i);
                for (int at = 0; at + factor.length <= lit.length; at++) {
                    if (java.util.Arrays.equals(lit, at, at + factor.length, factor, 0, factor.length)) {
                        return new Anchor(i, at, factor.length);
                    }
                }
            }
            throw new IllegalStateException("a filter literal that is no factor of its chain's literals");
        }

        /** {@link #ANCHOR_PROPERTY}'s value as a choice. */
        static Anchors parse(String spec) {
            String s = spec == null ? "factor" : spec.trim();
            if (s.equals("longest")) {
                return LONGEST;
            }
            if (s.equals("factor")) {
                return factor(DEFAULT_FACTOR_BYTES);
            }
            if (s.startsWith("factor:")) {
                try {
                    int n = Integer.parseInt(s.substring("factor:".length()));
                    if (n >= 1) {
                        return factor(n);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the error
                }
            }
            throw new IllegalArgumentException("-D" + ANCHOR_PROPERTY + "=" + spec + ": expected longest, factor or factor:N");
        }
    }

    /** The factor anchors' longest: eight bytes, a compare of two words at most. */
    static final int DEFAULT_FACTOR_BYTES = 8;

    final String refusal; // null when the set is chains
    /** Some regex matches the empty string (a chain of no literals): every record holds a match. */
    final boolean always;
    final List<byte[]> anchors;
    final int[] anchorChains;
    final int[] chainIds;
    final int[] chainLits;
    final int[] chainAnchor;
    final int[] litBytes;
    final int[] chainShift;
    final byte[] bytes;

    private ChainTable(String refusal) {
        this.refusal = refusal;
        this.always = false;
        this.anchors = List.of();
        this.anchorChains = this.chainIds = this.chainLits = this.chainAnchor = this.litBytes = this.chainShift = new int[0];
        this.bytes = new byte[0];
    }

    private ChainTable(List<List<byte[]>> chains, Anchors choice) {
        this.refusal = null;
        boolean empty = false;
        Map<String, List<Integer>> byAnchor = new LinkedHashMap<>();
        List<byte[]> anchorList = new ArrayList<>();
        int literals = 0;
        int byteCount = 0;
        int[] anchorOf = new int[chains.size()];
        this.chainShift = new int[chains.size()];
        Anchor[] chosen = choice.choose(chains);
        for (int c = 0; c < chains.size(); c++) {
            List<byte[]> lits = chains.get(c);
            empty |= lits.isEmpty();
            for (byte[] lit : lits) {
                byteCount += lit.length;
            }
            int best = chosen[c].literal();
            anchorOf[c] = literals + best;
            chainShift[c] = chosen[c].shift();
            literals += lits.size();
            if (!lits.isEmpty()) {
                byte[] anchor = java.util.Arrays.copyOfRange(lits.get(best), chosen[c].shift(),
                        chosen[c].shift() + chosen[c].length());
                byAnchor.computeIfAbsent(new String(anchor, StandardCharsets.ISO_8859_1), k -> {
                    anchorList.add(anchor);
                    return new ArrayList<>();
                }).add(c);
            }
        }
        this.always = empty;
        this.anchors = List.copyOf(anchorList);
        this.anchorChains = new int[anchorList.size() + 1];
        this.chainIds = new int[chains.size()];
        int a = 0;
        int k = 0;
        for (List<Integer> list : byAnchor.values()) {
            anchorChains[a++] = k;
            for (int c : list) {
                chainIds[k++] = c;
            }
        }
        anchorChains[a] = k;
        this.chainLits = new int[chains.size() + 1];
        this.chainAnchor = anchorOf;
        this.litBytes = new int[literals + 1];
        this.bytes = new byte[byteCount];
        int l = 0;
        int b = 0;
        for (int c = 0; c < chains.size(); c++) {
            chainLits[c] = l;
            for (byte[] lit : chains.get(c)) {
                litBytes[l++] = b;
                System.arraycopy(lit, 0, bytes, b, lit.length);
                b += lit.length;
            }
        }
        chainLits[chains.size()] = l;
        litBytes[l] = b;
    }

    /** The set's table anchored as {@link #ANCHOR_PROPERTY} says, or a refused one saying why ({@link #refusal}). */
    static ChainTable of(PatternSet patterns) {
        return of(patterns, Anchors.parse(System.getProperty(ANCHOR_PROPERTY)));
    }

    /** The set's table with its chains anchored by {@code anchors}, or a refused one saying why ({@link #refusal}). */
    static ChainTable of(PatternSet patterns, Anchors anchors) {
        if (!patterns.hasRegex()) {
            return new ChainTable("a set of literals (gpu:pfac serves those)");
        }
        if (patterns.regexCount() < patterns.size()) {
            return new ChainTable("literal patterns beside the regexes (the chains are regexes only)");
        }
        RegexSet regexes = patterns.regexes();
        List<List<byte[]>> chains = new ArrayList<>();
        for (int i = 0; i < regexes.size(); i++) {
            Optional<List<byte[]>> lits = LiteralChain.literalsInOrder(regexes.tree(i));
            if (lits.isEmpty()) {
                return new ChainTable("regex " + regexes.id(i) + " (" + regexes.source(i)
                        + ") is not a chain of literals joined by .* or .*?");
            }
            if (lits.get().size() > 1 && lits.get().stream().anyMatch(ChainTable::holdsNewline)) {
                return new ChainTable("regex " + regexes.id(i) + " (" + regexes.source(i)
                        + ") joins a literal holding a newline to another");
            }
            chains.add(lits.get());
        }
        return new ChainTable(chains, anchors);
    }

    private static boolean holdsNewline(byte[] lit) {
        return holds(lit, (byte) '\n');
    }

    /** Whether a literal holds a {@code '\r'} or a {@code '\n'} (see {@link ChainLauncher#takesLines}). */
    boolean holdsLineBreak() {
        return holds(bytes, (byte) '\r') || holds(bytes, (byte) '\n');
    }

    private static boolean holds(byte[] bytes, byte wanted) {
        for (byte b : bytes) {
            if (b == wanted) {
                return true;
            }
        }
        return false;
    }

    int chains() {
        return chainAnchor.length;
    }

    int literals() {
        return litBytes.length - 1;
    }

    /** The int arrays one after another, as the device holds them; {@link #offsets} says where each begins. */
    int[] words() {
        int[][] parts = parts();
        int n = 0;
        for (int[] p : parts) {
            n += p.length;
        }
        int[] out = new int[n];
        int at = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Where each array of {@link #words} begins, in the class comment's order, in ints. */
    int[] offsets() {
        int[][] parts = parts();
        int[] at = new int[parts.length];
        for (int i = 1; i < parts.length; i++) {
            at[i] = at[i - 1] + parts[i - 1].length;
        }
        return at;
    }

    private int[][] parts() {
        return new int[][] {anchorChains, chainIds, chainLits, chainAnchor, litBytes, chainShift};
    }

    /** The anchors as the PFAC set the kernel walks: anchor {@code a} is pattern {@code a}. */
    PatternSet anchorSet() {
        PatternSet.Builder b = PatternSet.builder();
        for (byte[] a : anchors) {
            b.add(a);
        }
        return b.build();
    }

    /** One line for a matcher's name: chains, distinct anchors, literals. */
    String describe() {
        return String.format(java.util.Locale.ROOT, "%,d chains on %,d anchors, %,d literals", chains(), anchors.size(),
                literals());
    }
}
