package dev.trawl.automaton;

import dev.trawl.PatternSet;
import java.util.Arrays;

/**
 * The keyword trie of a pattern set over byte classes, as int arrays (Lucene style: states are ints,
 * not objects), numbered in breadth-first order so that every state's parent and failure target come
 * before it. This is the build-time form that the Aho-Corasick, PFAC and compressed-trie tables are
 * compiled from.
 *
 * <p>Children are kept sorted by class in one flat array: state {@code s} owns
 * {@code childClass/childState[childStart[s] .. childStart[s + 1])}. Patterns ending at a state are
 * {@code patternIds[patternStart[s] .. patternStart[s + 1])}, ascending.
 */
public final class Trie {
    private final ByteClasses classes;
    private final int[] childStart;
    private final int[] childClass;
    private final int[] childState;
    private final int[] depth;
    private final int[] patternStart;
    private final int[] patternIds;

    private Trie(ByteClasses classes, int[] childStart, int[] childClass, int[] childState, int[] depth,
            int[] patternStart, int[] patternIds) {
        this.classes = classes;
        this.childStart = childStart;
        this.childClass = childClass;
        this.childState = childState;
        this.depth = depth;
        this.patternStart = patternStart;
        this.patternIds = patternIds;
    }

    public static Trie of(PatternSet patterns) {
        return of(patterns, ByteClasses.of(patterns));
    }

    /** Builds with linked sibling lists (cheap inserts), then lays the states out breadth-first. */
    public static Trie of(PatternSet patterns, ByteClasses classes) {
        int[] cls = classes.table();
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, patterns.totalBytes() + 1));
        int[] firstChild = new int[Math.min(cap, 1 << 16)];
        int[] nextSibling = new int[firstChild.length];
        int[] label = new int[firstChild.length];
        int[] endHead = new int[firstChild.length]; // last pattern ending here (+1), 0 = none
        int[] patternPrev = new int[patterns.size()];
        Arrays.fill(firstChild, -1);
        int n = 1;
        for (int id = 0; id < patterns.size(); id++) {
            int s = 0;
            for (byte b : patterns.bytes(id)) {
                int c = cls[b & 0xFF];
                int child = firstChild[s];
                int prev = -1;
                while (child >= 0 && label[child] != c) {
                    prev = child;
                    child = nextSibling[child];
                }
                if (child < 0) {
                    if (n == firstChild.length) {
                        int len = (int) Math.min(cap, (long) n * 2);
                        firstChild = Arrays.copyOf(firstChild, len);
                        Arrays.fill(firstChild, n, len, -1);
                        nextSibling = Arrays.copyOf(nextSibling, len);
                        label = Arrays.copyOf(label, len);
                        endHead = Arrays.copyOf(endHead, len);
                    }
                    child = n++;
                    label[child] = c;
                    nextSibling[child] = -1;
                    if (prev < 0) {
                        firstChild[s] = child;
                    } else {
                        nextSibling[prev] = child;
                    }
                }
                s = child;
            }
            patternPrev[id] = endHead[s] - 1;
            endHead[s] = id + 1;
        }
        // Breadth-first renumbering; children sorted by class.
        int[] order = new int[n];
        int[] newId = new int[n];
        int[] depth = new int[n];
        int[] childStart = new int[n + 1];
        int[] childClass = new int[Math.max(0, n - 1)];
        int[] childState = new int[Math.max(0, n - 1)];
        int[] patternStart = new int[n + 1];
        int[] patternIds = new int[patterns.size()];
        int head = 0;
        int tail = 1;
        order[0] = 0;
        int edges = 0;
        int outs = 0;
        int[] scratch = new int[256];
        while (head < tail) {
            int old = order[head];
            int u = head++;
            newId[old] = u;
            childStart[u] = edges;
            int k = 0;
            for (int c = firstChild[old]; c >= 0; c = nextSibling[c]) {
                scratch[k++] = c;
            }
            final int[] lab = label;
            sortByLabel(scratch, k, lab);
            for (int j = 0; j < k; j++) {
                int oc = scratch[j];
                order[tail] = oc;
                depth[tail] = depth[u] + 1;
                childClass[edges] = label[oc];
                childState[edges] = tail;
                tail++;
                edges++;
            }
            patternStart[u] = outs;
            int first = outs;
            for (int p = endHead[old] - 1; p >= 0; p = patternPrev[p]) {
                patternIds[outs++] = p;
            }
            Arrays.sort(patternIds, first, outs);
        }
        childStart[n] = edges;
        patternStart[n] = outs;
        return new Trie(classes, childStart, childClass, childState, depth, patternStart, patternIds);
    }

    private static void sortByLabel(int[] a, int k, int[] label) {
        for (int i = 1; i < k; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= 0 && label[a[j]] > label[v]) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    public ByteClasses classes() {
        return classes;
    }

    public int stateCount() {
        return childStart.length - 1;
    }

    public int depth(int s) {
        return depth[s];
    }

    public int childCount(int s) {
        return childStart[s + 1] - childStart[s];
    }

    public int childClass(int s, int k) {
        return childClass[childStart[s] + k];
    }

    public int childState(int s, int k) {
        return childState[childStart[s] + k];
    }

    /** The child of {@code s} on class {@code c}, or -1. */
    public int child(int s, int c) {
        int lo = childStart[s];
        int hi = childStart[s + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int mc = childClass[mid];
            if (mc < c) {
                lo = mid + 1;
            } else if (mc > c) {
                hi = mid - 1;
            } else {
                return childState[mid];
            }
        }
        return -1;
    }

    public int patternCount(int s) {
        return patternStart[s + 1] - patternStart[s];
    }

    public int patternId(int s, int k) {
        return patternIds[patternStart[s] + k];
    }
}
