package dev.trawl.regex;

import java.util.Arrays;

/**
 * A compiled program: the Thompson NFA of one or more regexes over UTF-8 bytes, as parallel int
 * arrays (an instruction is an index). Immutable once built; shared by every engine.
 *
 * <p>Layout: {@code op[i]} is one of the {@code OP_*} codes; {@code out[i]} is the next instruction
 * (the preferred one for splits); {@code arg[i]} is the other successor of a split or loop, the
 * byte range {@code lo | hi << 8} of {@link #RANGE}, the set index of {@link #SET}, the
 * {@link Assertion} ordinal of {@link #ASSERT}, or the pattern id of {@link #MATCH}. Byte sets are
 * 256-bit masks, four longs each, in {@link #sets}.
 *
 * <p>Loops are marked ({@link #LOOP_GREEDY}, {@link #LOOP_LAZY}: {@code out} is the body,
 * {@code arg} the exit) because Java gives them one rule a plain split would not: an iteration that
 * consumed nothing ends the loop, counted loops included ({@code (\b|a){3}} stops after one empty
 * iteration). Only loops whose body can match empty need it; for those {@code aux[i]} is the loop's
 * depth {@code d} among such loops (else -1), and the epsilon closure carries a bit mask, the
 * <em>context</em>, whose bit {@code d} says "the current iteration of the depth-d loop started at
 * this position". {@link #ITER} sets the bit, a loop or {@link #BOUND} that finds it set takes its
 * exit, and exits clear it (a {@link #JMP} with {@code aux >= 0} clears bits {@code >= aux}). The
 * context is empty at the start of every closure, since a closure starts after a byte (or at a new
 * start), so closures stay a function of (instruction, assertions): see {@link Closure}.
 */
public final class Prog {
    public static final int RANGE = 0;
    public static final int SET = 1;
    public static final int MATCH = 2;
    public static final int SPLIT = 3;
    public static final int LOOP_GREEDY = 4;
    public static final int LOOP_LAZY = 5;
    public static final int JMP = 6;
    public static final int ASSERT = 7;
    public static final int FAIL = 8;
    /** Starts an iteration of the nullable loop of depth {@code aux}: sets its context bit. */
    public static final int ITER = 9;
    /** Between mandatory copies of a counted nullable loop: exit ({@code arg}) after an empty iteration, else go on. */
    public static final int BOUND = 10;

    final int[] op;
    final int[] out;
    final int[] arg;
    final int[] aux;
    final long[] sets;
    /** Entry instruction of each regex, in the order given. */
    final int[] starts;
    /** The pattern id each regex reports. */
    final int[] patternIds;
    /** Union of the assertions the program uses, as {@link Assertion#bit()}s. */
    final int assertions;

    Prog(int[] op, int[] out, int[] arg, int[] aux, long[] sets, int[] starts, int[] patternIds) {
        this.op = op;
        this.out = out;
        this.arg = arg;
        this.aux = aux;
        this.sets = sets;
        this.starts = starts;
        this.patternIds = patternIds;
        int a = 0;
        for (int i = 0; i < op.length; i++) {
            if (op[i] == ASSERT) {
                a |= 1 << arg[i];
            }
        }
        this.assertions = a;
    }

    public int size() {
        return op.length;
    }

    /** The number of regexes in the program. */
    public int regexCount() {
        return starts.length;
    }

    public int start(int regex) {
        return starts[regex];
    }

    public int patternId(int regex) {
        return patternIds[regex];
    }

    public int usedAssertions() {
        return assertions;
    }

    /** Whether the consuming instruction {@code i} accepts byte {@code b} (0..255). */
    boolean accepts(int i, int b) {
        if (op[i] == RANGE) {
            int a = arg[i];
            return b >= (a & 0xFF) && b <= (a >>> 8);
        }
        return (sets[(arg[i] << 2) + (b >>> 6)] >>> (b & 63) & 1) != 0;
    }

    boolean consumes(int i) {
        return op[i] == RANGE || op[i] == SET;
    }

    /** Whether any instruction can consume byte {@code b}. */
    public boolean anyAccepts(int b) {
        for (int i = 0; i < op.length; i++) {
            if (consumes(i) && accepts(i, b)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        String[] names = {"range", "set", "match", "split", "loop", "lazyloop", "jmp", "assert", "fail", "iter", "bound"};
        for (int i = 0; i < op.length; i++) {
            sb.append(i).append(": ").append(names[op[i]]).append(' ');
            switch (op[i]) {
                case RANGE -> sb.append(Integer.toHexString(arg[i] & 0xFF)).append('-')
                        .append(Integer.toHexString(arg[i] >>> 8)).append(" -> ").append(out[i]);
                case SET -> sb.append(Arrays.toString(Arrays.copyOfRange(sets, arg[i] * 4, arg[i] * 4 + 4)))
                        .append(" -> ").append(out[i]);
                case MATCH -> sb.append(arg[i]);
                case ASSERT -> sb.append(Assertion.values()[arg[i]]).append(" -> ").append(out[i]);
                case FAIL -> { }
                default -> sb.append(out[i]).append(", ").append(arg[i]);
            }
            if (aux[i] >= 0) {
                sb.append(" depth ").append(aux[i]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
