package dev.trawl.regex;

import java.util.Arrays;

/**
 * A state of the {@link LazyDfa}: at a position p, the byte instructions that accept the byte at p
 * and lead to a completable match ({@link #insts}, sorted), and the descriptor of that byte (what
 * the assertions need to know of it). The regexes that can start here are filled in lazily; transitions live
 * in the {@link LazyDfa}'s table.
 */
final class DfaState {
    final int[] insts;
    final int desc;
    final int id;
    /** The instructions as a bit set, or null for large programs (then a binary search). */
    private final long[] bits;
    /** Cache of {@link LazyDfa#startable}, per mask slot; null until asked. */
    int[][] startable;

    DfaState(int[] insts, int desc, int id, long[] bits) {
        this.insts = insts;
        this.desc = desc;
        this.id = id;
        this.bits = bits;
    }

    boolean contains(int inst) {
        return bits != null ? (bits[inst >>> 6] & (1L << inst)) != 0 : Arrays.binarySearch(insts, inst) >= 0;
    }

    /** Memory held, transitions included. */
    long bytes(int classes) {
        return 64L + 4L * insts.length + 4L * classes + (bits == null ? 0 : 16L + 8L * bits.length);
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
