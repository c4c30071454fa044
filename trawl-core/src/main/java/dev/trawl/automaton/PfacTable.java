package dev.trawl.automaton;

import dev.trawl.PatternSet;
import dev.trawl.TrawlException;

/**
 * The table of the Parallel Failureless Aho-Corasick (PFAC) search of seed 000: the keyword trie of
 * a pattern set with no failure links, as flat {@code int} arrays that a CPU thread or a GPU kernel
 * walks once per start position. Pure data, built once, shared by the CPU engine and the GPU one.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li><b>Byte classes.</b> {@link #classTable()} maps each unsigned byte to its class
 *       ({@link ByteClasses}: class 0 for bytes in no pattern, {@code A} and {@code a} together under
 *       case-insensitive matching). Rows have {@link #classCount()} columns.
 *   <li><b>States.</b> Renumbered so that the {@link #finalCount()} states where at least one pattern
 *       ends come first, in breadth-first order, then the others in breadth-first order, the root
 *       first among them: {@link #root()} {@code == finalCount()}. The match test after a step is
 *       therefore one compare, {@code state < finalCount}, taken after the dead test below.
 *   <li><b>Transitions.</b> One dense row per state: {@code transitions()[s * classCount + c]} is the
 *       child of {@code s} on class {@code c}, or {@link #DEAD} ({@code -1}) when there is none and
 *       the walk from this start position is over. Rows of class 0 are always dead.
 *   <li><b>Outputs.</b> Patterns ending at final state {@code f} are
 *       {@code outputIds()[outputStart()[f] .. outputStart()[f + 1])}, ascending; duplicates of a
 *       pattern each have their id there. A match's length is the walk's length, so none is stored.
 * </ul>
 *
 * <h2>Limits</h2>
 * Dense rows cost {@code 4 x states x classes} bytes, about {@code 4 x classes} bytes per pattern
 * byte of the set at worst (100,000 generated English-like words, 1.1 MB of patterns over 21 classes:
 * 640,000 states, 55 MB). {@link #compile}
 * throws a {@link TrawlException} when the table would pass {@link #MAX_ENTRIES} ints (8 GiB would
 * not fit an {@code int[]} anyway); such sets belong to {@code cpu:aho-corasick}.
 */
public final class PfacTable {
    /** The transition value that ends a walk. */
    public static final int DEAD = -1;
    /** Most table entries a {@link PfacTable} may have ({@code int[]} limit, minus headroom). */
    public static final long MAX_ENTRIES = Integer.MAX_VALUE - 16;

    private final int[] classOf;
    private final int classCount;
    private final int stateCount;
    private final int finalCount;
    private final int[] transitions;
    private final int[] outputStart;
    private final int[] outputIds;
    private final int maxLength;

    private PfacTable(int[] classOf, int classCount, int stateCount, int finalCount, int[] transitions,
            int[] outputStart, int[] outputIds, int maxLength) {
        this.classOf = classOf;
        this.classCount = classCount;
        this.stateCount = stateCount;
        this.finalCount = finalCount;
        this.transitions = transitions;
        this.outputStart = outputStart;
        this.outputIds = outputIds;
        this.maxLength = maxLength;
    }

    /** @throws TrawlException when the dense table would be too large (see the class comment) */
    public static PfacTable compile(PatternSet patterns) {
        return of(Trie.of(patterns), patterns.maxLength());
    }

    /** The table of a trie already built; {@code maxLength} is its deepest pattern's length. */
    public static PfacTable of(Trie trie, int maxLength) {
        int n = trie.stateCount();
        int nc = trie.classes().count();
        long entries = (long) n * nc;
        if (entries > MAX_ENTRIES) {
            throw new TrawlException("pattern set too large for a PFAC table: " + n + " states x " + nc
                    + " byte classes = " + entries + " entries (at most " + MAX_ENTRIES + ")");
        }
        int finals = 0;
        for (int s = 0; s < n; s++) {
            if (trie.patternCount(s) > 0) {
                finals++;
            }
        }
        // Finals first, then the rest; breadth-first order kept within each part.
        int[] newId = new int[n];
        int nextFinal = 0;
        int nextOther = finals;
        for (int s = 0; s < n; s++) {
            newId[s] = trie.patternCount(s) > 0 ? nextFinal++ : nextOther++;
        }
        int[] transitions = new int[(int) entries];
        java.util.Arrays.fill(transitions, DEAD);
        int[] outputStart = new int[finals + 1];
        int outs = 0;
        for (int s = 0; s < n; s++) {
            int row = newId[s] * nc;
            for (int k = 0; k < trie.childCount(s); k++) {
                transitions[row + trie.childClass(s, k)] = newId[trie.childState(s, k)];
            }
            outs += trie.patternCount(s);
        }
        int[] outputIds = new int[outs];
        int pos = 0;
        for (int s = 0; s < n; s++) {
            int cnt = trie.patternCount(s);
            if (cnt > 0) {
                // Finals are numbered in the same order as this loop visits them.
                outputStart[newId[s]] = pos;
                for (int k = 0; k < cnt; k++) {
                    outputIds[pos++] = trie.patternId(s, k);
                }
            }
        }
        outputStart[finals] = pos;
        return new PfacTable(trie.classes().table(), nc, n, finals, transitions, outputStart, outputIds, maxLength);
    }

    /** Class of each unsigned byte (256 entries). Shared: do not modify. */
    public int[] classTable() {
        return classOf;
    }

    public int classCount() {
        return classCount;
    }

    public int stateCount() {
        return stateCount;
    }

    /** States {@code 0 .. finalCount-1} end at least one pattern. */
    public int finalCount() {
        return finalCount;
    }

    /** Where every walk starts; equal to {@link #finalCount()}. */
    public int root() {
        return finalCount;
    }

    /** {@code stateCount x classCount} next states, row-major, {@link #DEAD} for none. Shared: do not modify. */
    public int[] transitions() {
        return transitions;
    }

    /** The child of {@code state} on class {@code cls}, or {@link #DEAD}. */
    public int next(int state, int cls) {
        return transitions[state * classCount + cls];
    }

    /** {@code finalCount + 1} offsets into {@link #outputIds()}. Shared: do not modify. */
    public int[] outputStart() {
        return outputStart;
    }

    /** Pattern ids per final state, ascending within each. Shared: do not modify. */
    public int[] outputIds() {
        return outputIds;
    }

    /** The longest pattern: no walk is longer. */
    public int maxLength() {
        return maxLength;
    }

    /** Bytes of the arrays a walk touches. */
    public long memoryBytes() {
        return 4L * (classOf.length + transitions.length + outputStart.length + outputIds.length);
    }
}
