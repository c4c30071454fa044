package dev.trawl.regex;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The epsilon closure of a {@link Prog}: from one instruction, the leaves (byte instructions and
 * matches) reachable without consuming, in priority order (the order Java's backtracking would try
 * them), under a mask of the assertions that hold at the position. A depth-first walk that carries
 * the empty-iteration context described in {@link Prog}; an (instruction, context) pair is walked
 * once per generation and a leaf is reported once per generation, so several closures in one
 * generation (the Pike VM's threads at one position) share the work and keep the first, highest
 * priority, occurrence. Not thread-safe.
 */
final class Closure {
    private final int[] op;
    private final int[] out;
    private final int[] arg;
    private final int[] aux;
    private final int[] mark;
    private final Set<Long> ctxMarks = new HashSet<>();
    private int gen = 1;
    private int[] stackPc = new int[64];
    private int[] stackCtx = new int[64];

    Closure(Prog prog) {
        this.op = prog.op;
        this.out = prog.out;
        this.arg = prog.arg;
        this.aux = prog.aux;
        this.mark = new int[prog.size()];
    }

    /** Forgets what was walked: the next closures start afresh. */
    void reset() {
        if (++gen == Integer.MAX_VALUE) {
            Arrays.fill(mark, 0);
            gen = 1;
        }
        if (!ctxMarks.isEmpty()) {
            ctxMarks.clear();
        }
    }

    /**
     * Appends to {@code leaves} (from index {@code count}) the leaves reachable from {@code pc} under
     * {@code mask}, skipping those already reported since {@link #reset()}.
     *
     * @return the new count; {@code leaves} must have room for every instruction
     */
    int expand(int pc, int mask, int[] leaves, int count) {
        int sp = 0;
        sp = push(sp, pc, 0);
        while (sp > 0) {
            sp--;
            int x = stackPc[sp];
            int ctx = stackCtx[sp];
            int o = op[x];
            if (o <= Prog.MATCH || ctx == 0) { // leaves (RANGE, SET, MATCH) ignore the context
                if (mark[x] == gen) {
                    continue;
                }
                mark[x] = gen;
            } else if (!ctxMarks.add((long) x << 32 | ctx)) {
                continue;
            }
            switch (o) {
                case Prog.RANGE, Prog.SET, Prog.MATCH -> leaves[count++] = x;
                case Prog.JMP -> sp = push(sp, out[x], aux[x] >= 0 ? ctx & ((1 << aux[x]) - 1) : ctx);
                case Prog.SPLIT -> {
                    sp = push(sp, arg[x], ctx);
                    sp = push(sp, out[x], ctx);
                }
                case Prog.LOOP_GREEDY, Prog.LOOP_LAZY -> {
                    int d = aux[x];
                    int bodyCtx = ctx;
                    int exitCtx = ctx;
                    if (d >= 0) {
                        exitCtx = ctx & ((1 << d) - 1);
                        if ((ctx >>> d & 1) != 0) { // the iteration that led here was empty: leave
                            sp = push(sp, arg[x], exitCtx);
                            continue;
                        }
                        bodyCtx = ctx | 1 << d;
                    }
                    if (o == Prog.LOOP_GREEDY) {
                        sp = push(sp, arg[x], exitCtx);
                        sp = push(sp, out[x], bodyCtx);
                    } else {
                        sp = push(sp, out[x], bodyCtx);
                        sp = push(sp, arg[x], exitCtx);
                    }
                }
                case Prog.ITER -> sp = push(sp, out[x], ctx | 1 << aux[x]);
                case Prog.BOUND -> {
                    int d = aux[x];
                    if ((ctx >>> d & 1) != 0) {
                        sp = push(sp, arg[x], ctx & ((1 << d) - 1));
                    } else {
                        sp = push(sp, out[x], ctx | 1 << d);
                    }
                }
                case Prog.ASSERT -> {
                    if ((mask >>> arg[x] & 1) != 0) {
                        sp = push(sp, out[x], ctx);
                    }
                }
                default -> { } // FAIL
            }
        }
        return count;
    }

    private int push(int sp, int pc, int ctx) {
        if (sp == stackPc.length) {
            stackPc = Arrays.copyOf(stackPc, sp * 2);
            stackCtx = Arrays.copyOf(stackCtx, sp * 2);
        }
        stackPc[sp] = pc;
        stackCtx[sp] = ctx;
        return sp + 1;
    }
}
