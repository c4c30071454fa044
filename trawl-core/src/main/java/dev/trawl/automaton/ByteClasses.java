package dev.trawl.automaton;

import dev.trawl.PatternSet;

/**
 * Byte equivalence classes: bytes that no pattern tells apart share a class, so automaton rows have
 * one column per class instead of 256. Class 0 holds every byte that occurs in no pattern (when there
 * is such a byte); each byte that occurs in a pattern has its own class, except that under
 * case-insensitive matching {@code A} and {@code a} share one.
 */
public final class ByteClasses {
    private final int[] classOf;
    private final int count;

    private ByteClasses(int[] classOf, int count) {
        this.classOf = classOf;
        this.count = count;
    }

    public static ByteClasses of(PatternSet patterns) {
        boolean ci = patterns.caseInsensitive();
        boolean[] used = new boolean[256];
        for (int id = 0; id < patterns.size(); id++) {
            for (byte b : patterns.bytes(id)) {
                used[(ci ? AsciiCase.fold(b) : b) & 0xFF] = true;
            }
        }
        int[] classOf = new int[256];
        int next = 1;
        for (int b = 0; b < 256; b++) {
            if (used[b]) {
                classOf[b] = next++;
            }
        }
        if (ci) {
            for (int b = 'A'; b <= 'Z'; b++) {
                classOf[b] = classOf[b + ('a' - 'A')];
            }
        }
        return new ByteClasses(classOf, next);
    }

    /** Number of classes, class 0 included (it may be empty when every byte occurs). */
    public int count() {
        return count;
    }

    public int classOf(byte b) {
        return classOf[b & 0xFF];
    }

    /** The table itself, indexed by unsigned byte, for hot loops. Do not modify. */
    public int[] table() {
        return classOf;
    }
}
