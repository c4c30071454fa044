package dev.trawl.regex;

import java.util.Arrays;

/**
 * A state of the {@link LazyDfa}: at a position p, the byte instructions that accept the byte at p
 * and lead to a completable match ({@link #insts}, sorted), and the descriptor of that byte (what
 * the assertions need to know of it). Transitions and the regexes that can start here are filled
 * in lazily.
 */
final class DfaState {
    final int[] insts;
    final int desc;
    final int id;
    /** Next state id per byte class, -1 when not computed yet. */
    final int[] next;
    /** Cache of {@link LazyDfa#startable}: the last mask asked and its answer. */
    int startableMask = -1;
    int[] startable;

    DfaState(int[] insts, int desc, int id, int classes) {
        this.insts = insts;
        this.desc = desc;
        this.id = id;
        this.next = new int[classes];
        Arrays.fill(next, -1);
    }

    boolean contains(int inst) {
        return Arrays.binarySearch(insts, inst) >= 0;
    }

    long bytes() {
        return 64L + 4L * insts.length + 4L * next.length;
    }

    /** The identity of a state: its instructions and descriptor. */
    record Key(int[] insts, int desc) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.desc == desc && Arrays.equals(k.insts, insts);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(insts) * 31 + desc;
        }
    }
}
