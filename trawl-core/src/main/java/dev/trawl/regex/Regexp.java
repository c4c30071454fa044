package dev.trawl.regex;

import java.util.Arrays;
import java.util.List;

/**
 * The syntax tree {@link Parser} builds and {@link Compiler} reads. Immutable. Case folding and
 * flags are already applied: a case-insensitive letter is a {@link Op#CLASS} of both cases, {@code .}
 * is a class, {@code ^} and {@code $} are {@link Op#ASSERT}s of the kind their flags select.
 *
 * <p>Classes hold sorted, non-overlapping, non-adjacent code point ranges {@code [lo0, hi0, lo1,
 * hi1, ...]}, inclusive, within {@code 0..0x10FFFF}; surrogates are dropped when compiled to UTF-8.
 */
public final class Regexp {
    public enum Op {
        /** Matches the empty string. */
        EMPTY,
        /** One code point: {@link #codePoint}. */
        LITERAL,
        /** One code point out of {@link #ranges} (may be empty: matches nothing). */
        CLASS,
        /**
         * RE2's {@code \C}: any single byte, even inside a UTF-8 character (so a match may start or
         * end there; byte inputs report such offsets as they are).
         */
        ANY_BYTE,
        /** A zero-width assertion: {@link #assertion}. */
        ASSERT,
        CONCAT,
        ALTERNATE,
        /** {@code sub{min,max}}, {@code max == -1} for no upper bound; greedy or lazy. */
        REPEAT
    }

    public final Op op;
    public final List<Regexp> subs;
    public final int codePoint;
    public final int[] ranges;
    public final Assertion assertion;
    public final int min;
    public final int max;
    public final boolean greedy;

    private Regexp(Op op, List<Regexp> subs, int codePoint, int[] ranges, Assertion assertion, int min, int max,
            boolean greedy) {
        this.op = op;
        this.subs = subs;
        this.codePoint = codePoint;
        this.ranges = ranges;
        this.assertion = assertion;
        this.min = min;
        this.max = max;
        this.greedy = greedy;
    }

    static final Regexp EMPTY_RE = new Regexp(Op.EMPTY, List.of(), -1, null, null, 0, 0, true);

    static Regexp empty() {
        return EMPTY_RE;
    }

    static Regexp literal(int cp) {
        return new Regexp(Op.LITERAL, List.of(), cp, null, null, 0, 0, true);
    }

    static Regexp charClass(int[] ranges) {
        return new Regexp(Op.CLASS, List.of(), -1, ranges, null, 0, 0, true);
    }

    static final Regexp ANY_BYTE_RE = new Regexp(Op.ANY_BYTE, List.of(), -1, null, null, 0, 0, true);

    static Regexp assertion(Assertion a) {
        return new Regexp(Op.ASSERT, List.of(), -1, null, a, 0, 0, true);
    }

    static Regexp concat(List<Regexp> subs) {
        if (subs.isEmpty()) {
            return EMPTY_RE;
        }
        return subs.size() == 1 ? subs.get(0) : new Regexp(Op.CONCAT, List.copyOf(subs), -1, null, null, 0, 0, true);
    }

    static Regexp alternate(List<Regexp> subs) {
        return subs.size() == 1 ? subs.get(0) : new Regexp(Op.ALTERNATE, List.copyOf(subs), -1, null, null, 0, 0, true);
    }

    static Regexp repeat(Regexp sub, int min, int max, boolean greedy) {
        return new Regexp(Op.REPEAT, List.of(sub), -1, null, null, min, max, greedy);
    }

    /** Whether this can match the empty string (assertions count as empty). */
    public boolean nullable() {
        return switch (op) {
            case EMPTY, ASSERT -> true;
            case LITERAL, CLASS, ANY_BYTE -> false;
            case CONCAT -> subs.stream().allMatch(Regexp::nullable);
            case ALTERNATE -> subs.stream().anyMatch(Regexp::nullable);
            case REPEAT -> min == 0 || subs.get(0).nullable();
        };
    }

    @Override
    public String toString() {
        return switch (op) {
            case EMPTY -> "empty";
            case LITERAL -> "lit(" + new String(Character.toChars(codePoint)) + ")";
            case CLASS -> "class" + Arrays.toString(ranges);
            case ANY_BYTE -> "anybyte";
            case ASSERT -> assertion.name();
            case CONCAT -> "cat" + subs;
            case ALTERNATE -> "alt" + subs;
            case REPEAT -> "rep{" + min + "," + max + (greedy ? "}" : "}?") + subs;
        };
    }
}
