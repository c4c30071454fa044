package dev.trawl.regex;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link Prog} flattened into an epsilon-free NFA in one {@code int[]}, for engines that run a
 * regex set far from the program (the GPU's string-per-block kernels, {@code nfa.cu}). A state is a
 * byte instruction of the program; its edges are the epsilon closure after it, resolved once here,
 * so a walk only ever tests a byte against a state and follows edges. It answers "does some regex
 * match somewhere in this text", not where or which match Java would prefer: every path counts, in
 * no priority order.
 *
 * <p>Assertions ({@code ^ $ \A \z \Z \b \B}, with {@code (?m)} or not) depend only on the bytes on
 * either side of a position, and those fall in 4 x 5 <em>contexts</em>: before, the text's start, a
 * {@code \n}, a word byte or another byte; after, the text's end, a {@code \n}, a {@code \n} that
 * ends the text, a word byte or another byte ({@link #context}). Each edge carries the 20-bit mask
 * of the contexts in which some epsilon path to its target holds, so the assertions on the way are
 * resolved here and a walk tests one bit per edge.
 *
 * <p>Layout ({@link #words()}, all ints; "entries" are pairs {@code (target, contexts)}, a target
 * {@code >= 0} a state and {@code -1 - id} a match of pattern {@code id}):
 * <pre>
 *   [0] states  [1] start-match entries' offset  [2] their count  [3] states' offset  [4] edges' offset
 *   [5..7] 0
 *   [8 .. 8+257)  by first byte b: the start entries [START_INDEX + b, START_INDEX + b + 1) (entry indexes)
 *   start entries: the states of the start closure, grouped by the bytes they accept (a state that
 *                  accepts 200 bytes appears 200 times), so that a start at a byte seeds only what can
 *                  take that byte
 *   start matches: the matches of the start closure (empty matches), pattern ids
 *   states: {@value #STATE_WORDS} words each: the 256-bit set of bytes it accepts (8 words, bit b & 31
 *           of word b >> 5), then its first edge and its end edge (entry indexes)
 *   edges: every state's, in state order
 * </pre>
 * States are numbered breadth first from the start closure, so the states a walk meets most (those
 * near a start) come first: a prefix of the array is its hot part, and the GPU kernels keep as much
 * of that prefix in shared memory as fits.
 *
 * <p>Two rewrites keep walks short, and neither changes whether a text matches. A loop met before
 * anything else from a regex's start ({@code .*?x}, every loghub template that starts with a
 * parameter) is skipped at the start: a match through its iterations implies a match of the rest
 * from where the iterations ended, which is another start. And edges to the same target are merged,
 * their contexts or'ed.
 *
 * <p>Java's rule that an empty iteration ends a loop ({@link Prog}'s loop contexts, for loops whose
 * body can match empty) is applied while the closures are resolved, as {@link Closure} applies it: the
 * loop context starts empty at every closure, so it never outlives one and needs no room in a state.
 */
public final class FlatNfa {
    public static final int CONTEXTS = 20;
    public static final int ALL_CONTEXTS = (1 << CONTEXTS) - 1;
    public static final int HEADER = 8;
    public static final int START_INDEX = HEADER;
    public static final int START_ENTRIES = START_INDEX + 257;
    public static final int STATE_WORDS = 10;

    /** Context classes of the byte before a position: none (the text's start), {@code \n}, word, other. */
    private static final int[] BEFORE = {0, Assertion.D_EXISTS | Assertion.D_NEWLINE, Assertion.D_EXISTS | Assertion.D_WORD,
        Assertion.D_EXISTS};
    /** Of the byte after: none (the text's end), {@code \n}, a final {@code \n}, word, other. */
    private static final int[] AFTER = {0, Assertion.D_EXISTS | Assertion.D_NEWLINE,
        Assertion.D_EXISTS | Assertion.D_NEWLINE | Assertion.D_FINAL_NEWLINE, Assertion.D_EXISTS | Assertion.D_WORD,
        Assertion.D_EXISTS};
    /** Per assertion ordinal: the contexts in which it holds. */
    private static final int[] HOLDS = new int[Assertion.values().length];

    static {
        for (int before = 0; before < BEFORE.length; before++) {
            for (int after = 0; after < AFTER.length; after++) {
                int m = Assertion.maskOf(BEFORE[before], AFTER[after]);
                for (Assertion a : Assertion.values()) {
                    if ((m & a.bit()) != 0) {
                        HOLDS[a.ordinal()] |= 1 << (before * AFTER.length + after);
                    }
                }
            }
        }
    }

    private final int[] words;
    private final int states;
    private final int edges;

    private FlatNfa(int[] words, int states, int edges) {
        this.words = words;
        this.states = states;
        this.edges = edges;
    }

    /** The context of position {@code i} of {@code text[0, length)} (0 to 19), as the kernels compute it. */
    public static int context(byte[] text, int i, int length) {
        int before = i == 0 ? 0 : beforeClass(text[i - 1] & 0xFF);
        int after;
        if (i >= length) {
            after = 0;
        } else {
            int b = text[i] & 0xFF;
            after = b == '\n' ? (i == length - 1 ? 2 : 1) : Assertion.isWordByte(b) ? 3 : 4;
        }
        return before * AFTER.length + after;
    }

    /**
     * Whether a match may start at position {@code i} of {@code text[0, length)}: not inside a UTF-8
     * sequence, as {@link Text#boundary} decides for the CPU engines and the kernels decide too.
     */
    public static boolean startable(byte[] text, int i, int length) {
        if (i <= 0 || i >= length || (text[i] & 0xC0) != 0x80) {
            return true;
        }
        for (int k = 1; k <= 3 && i - k >= 0; k++) {
            int b = text[i - k] & 0xFF;
            if ((b & 0xC0) != 0x80) {
                return Utf8Sequences.sequenceLength(b) <= k;
            }
        }
        return true;
    }

    private static int beforeClass(int b) {
        return b == '\n' ? 1 : Assertion.isWordByte(b) ? 2 : 3;
    }

    /** Flattens {@code prog}. */
    public static FlatNfa of(Prog prog) {
        return new Builder(prog).build();
    }

    /** The layout above. */
    public int[] words() {
        return words;
    }

    public int states() {
        return states;
    }

    public int edges() {
        return edges;
    }

    /** Bytes of {@link #words()}. */
    public long bytes() {
        return 4L * words.length;
    }

    private static final class Builder {
        private final Prog prog;
        private final int[] stateOf; // instruction -> state, -1 until numbered
        private int[] instOf = new int[16]; // state -> instruction
        private int states;
        private final int[] seen; // per instruction: contexts already walked in this closure
        private final int[] touched;

        Builder(Prog prog) {
            this.prog = prog;
            this.stateOf = new int[prog.size()];
            Arrays.fill(stateOf, -1);
            this.seen = new int[prog.size()];
            this.touched = new int[prog.size()];
        }

        FlatNfa build() {
            // The start closure, each regex's leading loops skipped.
            Map<Integer, Integer> start = new LinkedHashMap<>(); // target -> contexts
            for (int r = 0; r < prog.regexCount(); r++) {
                closure(skipLeadingLoops(prog.start(r)), start);
            }
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            number(start, queue);
            int[][] edgeLists = new int[16][];
            while (!queue.isEmpty()) {
                int s = queue.poll();
                Map<Integer, Integer> next = new LinkedHashMap<>();
                closure(prog.out[instOf[s]], next);
                number(next, queue);
                if (s >= edgeLists.length) {
                    edgeLists = Arrays.copyOf(edgeLists, Math.max(s + 1, edgeLists.length * 2));
                }
                edgeLists[s] = entries(next);
            }
            return lay(entries(start), edgeLists);
        }

        /** Follows jumps and takes the exit of loops from a regex's start (see the class comment). */
        private int skipLeadingLoops(int pc) {
            for (int steps = 0; steps < prog.size(); steps++) {
                int o = prog.op[pc];
                if (o == Prog.JMP) {
                    pc = prog.out[pc];
                } else if (o == Prog.LOOP_GREEDY || o == Prog.LOOP_LAZY) {
                    pc = prog.arg[pc];
                } else {
                    break;
                }
            }
            return pc;
        }

        /** Numbers the new states among {@code targets} (in order) and queues them. */
        private void number(Map<Integer, Integer> targets, ArrayDeque<Integer> queue) {
            for (int t : targets.keySet()) {
                if (t >= 0 && stateOf[t] < 0) {
                    if (states == instOf.length) {
                        instOf = Arrays.copyOf(instOf, states * 2);
                    }
                    stateOf[t] = states;
                    instOf[states] = t;
                    queue.add(states++);
                }
            }
        }

        /** The map's entries as pairs, instructions turned into states. */
        private int[] entries(Map<Integer, Integer> targets) {
            int[] e = new int[2 * targets.size()];
            int k = 0;
            for (Map.Entry<Integer, Integer> x : targets.entrySet()) {
                e[k++] = x.getKey() >= 0 ? stateOf[x.getKey()] : x.getKey();
                e[k++] = x.getValue();
            }
            return e;
        }

        /**
         * Adds to {@code into} the leaves reachable from {@code pc} without consuming: byte instructions
         * (key: the instruction) and matches (key: {@code -1 - pattern id}), each with the contexts in
         * which some path to it holds. The walk carries the empty-iteration context of {@link Prog} as
         * {@link Closure} does (it starts empty: a closure starts after a byte or at a start), so the
         * leaves are those Java's rules allow; each (instruction, loop context) pair is walked once per
         * new assertion-context bit.
         */
        private void closure(int pc, Map<Integer, Integer> into) {
            int touchedCount = 0;
            Map<Long, Integer> seenInLoops = new HashMap<>(); // (instruction, non-empty loop context) -> contexts
            ArrayDeque<int[]> stack = new ArrayDeque<>();
            stack.push(new int[] {pc, 0, ALL_CONTEXTS});
            while (!stack.isEmpty()) {
                int[] top = stack.pop();
                int x = top[0];
                int loops = top[1];
                int o = prog.op[x];
                int fresh;
                if (o <= Prog.MATCH || loops == 0) { // leaves ignore the loop context
                    fresh = top[2] & ~seen[x];
                    if (fresh == 0) {
                        continue;
                    }
                    if (seen[x] == 0) {
                        touched[touchedCount++] = x;
                    }
                    seen[x] |= fresh;
                } else {
                    long key = (long) x << 32 | loops;
                    int before = seenInLoops.getOrDefault(key, 0);
                    fresh = top[2] & ~before;
                    if (fresh == 0) {
                        continue;
                    }
                    seenInLoops.put(key, before | fresh);
                }
                int d = prog.aux[x];
                switch (o) {
                    case Prog.RANGE, Prog.SET -> into.merge(x, fresh, (a, b) -> a | b);
                    case Prog.MATCH -> into.merge(-1 - prog.arg[x], fresh, (a, b) -> a | b);
                    case Prog.SPLIT -> {
                        stack.push(new int[] {prog.arg[x], loops, fresh});
                        stack.push(new int[] {prog.out[x], loops, fresh});
                    }
                    case Prog.LOOP_GREEDY, Prog.LOOP_LAZY -> {
                        int exit = d >= 0 ? loops & ((1 << d) - 1) : loops;
                        stack.push(new int[] {prog.arg[x], exit, fresh});
                        if (d < 0 || (loops >>> d & 1) == 0) { // else the iteration that led here was empty: leave
                            stack.push(new int[] {prog.out[x], d >= 0 ? loops | 1 << d : loops, fresh});
                        }
                    }
                    case Prog.JMP -> stack.push(new int[] {prog.out[x], d >= 0 ? loops & ((1 << d) - 1) : loops, fresh});
                    case Prog.ITER -> stack.push(new int[] {prog.out[x], loops | 1 << d, fresh});
                    case Prog.BOUND -> {
                        if ((loops >>> d & 1) != 0) {
                            stack.push(new int[] {prog.arg[x], loops & ((1 << d) - 1), fresh});
                        } else {
                            stack.push(new int[] {prog.out[x], loops | 1 << d, fresh});
                        }
                    }
                    case Prog.ASSERT -> {
                        int holds = fresh & HOLDS[prog.arg[x]];
                        if (holds != 0) {
                            stack.push(new int[] {prog.out[x], loops, holds});
                        }
                    }
                    default -> { } // FAIL
                }
            }
            for (int i = 0; i < touchedCount; i++) {
                seen[touched[i]] = 0;
            }
        }

        private FlatNfa lay(int[] start, int[][] edgeLists) {
            // Start entries by first byte; start matches apart.
            int[][] byByte = new int[256][];
            int[] byByteCount = new int[256];
            int matches = 0;
            for (int k = 0; k < start.length; k += 2) {
                if (start[k] < 0) {
                    matches++;
                    continue;
                }
                int inst = instOf[start[k]];
                for (int b = 0; b < 256; b++) {
                    if (prog.accepts(inst, b)) {
                        if (byByte[b] == null) {
                            byByte[b] = new int[8];
                        } else if (byByteCount[b] + 2 > byByte[b].length) {
                            byByte[b] = Arrays.copyOf(byByte[b], byByte[b].length * 2);
                        }
                        byByte[b][byByteCount[b]++] = start[k];
                        byByte[b][byByteCount[b]++] = start[k + 1];
                    }
                }
            }
            long startEntries = 0;
            for (int c : byByteCount) {
                startEntries += c / 2;
            }
            long edgeCount = 0;
            for (int s = 0; s < states; s++) {
                edgeCount += edgeLists[s].length / 2;
            }
            long size = START_ENTRIES + 2 * (startEntries + matches) + (long) STATE_WORDS * states + 2 * edgeCount;
            if (size > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("the flat NFA would take " + 4 * size + " bytes, more than an int[] holds");
            }
            int[] w = new int[(int) size];
            int startMatches = START_ENTRIES + 2 * (int) startEntries;
            int stateBase = startMatches + 2 * matches;
            int edgeBase = stateBase + STATE_WORDS * states;
            w[0] = states;
            w[1] = startMatches;
            w[2] = matches;
            w[3] = stateBase;
            w[4] = edgeBase;
            int entry = 0;
            for (int b = 0; b < 256; b++) {
                w[START_INDEX + b] = entry;
                if (byByte[b] != null) {
                    System.arraycopy(byByte[b], 0, w, START_ENTRIES + 2 * entry, byByteCount[b]);
                    entry += byByteCount[b] / 2;
                }
            }
            w[START_INDEX + 256] = entry;
            int m = startMatches;
            for (int k = 0; k < start.length; k += 2) {
                if (start[k] < 0) {
                    w[m++] = start[k];
                    w[m++] = start[k + 1];
                }
            }
            int e = 0;
            for (int s = 0; s < states; s++) {
                int at = stateBase + STATE_WORDS * s;
                int inst = instOf[s];
                for (int b = 0; b < 256; b++) {
                    if (prog.accepts(inst, b)) {
                        w[at + (b >>> 5)] |= 1 << (b & 31);
                    }
                }
                w[at + 8] = e;
                System.arraycopy(edgeLists[s], 0, w, edgeBase + 2 * e, edgeLists[s].length);
                e += edgeLists[s].length / 2;
                w[at + 9] = e;
            }
            return new FlatNfa(w, states, e);
        }
    }
}
