package dev.trawl.engine;

import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;
import dev.trawl.regex.LiteralAlternatives;
import dev.trawl.regex.RegexSet;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a pattern set whose regexes are all choices between literal strings ({@link
 * LiteralAlternatives}) is searched as a literal set: the derived set holds, in original id order,
 * each literal pattern unchanged and each regex's alternatives in priority order, so derived ids
 * grow with (original id, alternative index). Also what {@link LiteralRegexMatcher} needs to know to
 * skip its filter.
 */
public final class LiteralRegexPlan {
    /**
     * The most alternatives all the regexes of a set may add beyond one each, bounding the derived
     * set (a regex that is one literal costs nothing; {@code (?:a|b){...}}-like products are cut).
     */
    public static final int MAX_EXTRA_ALTERNATIVES = 10_000;

    private final PatternSet original;
    private final PatternSet literals;
    private final int[] patternOf;
    private final int[] regexSlot;
    private final boolean mayOverlap;
    private final boolean[] regexBytes;

    private LiteralRegexPlan(PatternSet original, PatternSet literals, int[] patternOf, int[] regexSlot,
            boolean mayOverlap, boolean[] regexBytes) {
        this.original = original;
        this.literals = literals;
        this.patternOf = patternOf;
        this.regexSlot = regexSlot;
        this.mayOverlap = mayOverlap;
        this.regexBytes = regexBytes;
    }

    /** The plan for {@code set}, or empty when one of its regexes is not a choice between literals. */
    public static Optional<LiteralRegexPlan> of(PatternSet set) {
        RegexSet regexes = set.regexes();
        boolean ci = set.caseInsensitive();
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(ci);
        int[] patternOf = new int[set.size() + MAX_EXTRA_ALTERNATIVES];
        int[] regexSlot = new int[patternOf.length];
        int derived = 0;
        int extra = 0;
        int slot = 0;
        boolean mayOverlap = false;
        boolean[] regexBytes = new boolean[256];
        for (int id = 0, r = 0; id < set.size(); id++) {
            if (!set.isRegex(id)) {
                b.add(set.bytes(id));
                patternOf[derived] = id;
                regexSlot[derived++] = -1;
                continue;
            }
            Optional<List<byte[]>> alts = LiteralAlternatives.of(regexes.tree(r++), ci, 1 + MAX_EXTRA_ALTERNATIVES - extra);
            if (alts.isEmpty()) {
                return Optional.empty();
            }
            extra += alts.get().size() - 1;
            mayOverlap |= mayOverlap(alts.get(), ci);
            for (byte[] a : alts.get()) {
                b.add(a);
                patternOf[derived] = id;
                regexSlot[derived++] = slot;
                for (byte x : a) {
                    regexBytes[x & 0xFF] = true;
                    if (ci) {
                        regexBytes[AsciiCase.fold(x) & 0xFF] = true;
                        regexBytes[upper(x) & 0xFF] = true;
                    }
                }
            }
            slot++;
        }
        return Optional.of(new LiteralRegexPlan(set, b.build(), Arrays.copyOf(patternOf, derived),
                Arrays.copyOf(regexSlot, derived), mayOverlap, regexBytes));
    }

    /** The set this plan searches for. */
    public PatternSet original() {
        return original;
    }

    /** The derived literal set (same case option). */
    public PatternSet literals() {
        return literals;
    }

    /** The original pattern id of a derived one; never decreases as the derived id grows. */
    int patternOf(int derivedId) {
        return patternOf[derivedId];
    }

    /** The index among the original regexes that a derived id stands for, or -1 for a literal pattern. */
    int regexSlot(int derivedId) {
        return regexSlot[derivedId];
    }

    int regexCount() {
        return original.regexCount();
    }

    /**
     * Whether two occurrences of one regex's alternatives (the same one twice included) can overlap
     * in some text; when none can, the filter never drops a match and counts need no filter.
     */
    boolean mayOverlap() {
        return mayOverlap;
    }

    /** Whether some regex alternative holds {@code b} (or, in a case-insensitive set, matches it). */
    boolean regexAlternativesMayHold(byte b) {
        return regexBytes[b & 0xFF];
    }

    /** Above this many pairs times length, proving that no overlap exists is not worth the compile time. */
    private static final long MAX_OVERLAP_WORK = 20_000_000L;

    /**
     * Whether occurrences of {@code u} and {@code v} from {@code alts} can overlap: {@code v} starting
     * {@code d} bytes into {@code u} ({@code 0 <= d < |u|}, but {@code d > 0} for {@code u} with
     * itself) with the two agreeing where they overlap. That covers one being a prefix of the other,
     * one inside the other, and a proper suffix of one being a prefix of the other.
     */
    static boolean mayOverlap(List<byte[]> alts, boolean ci) {
        int maxLen = 0;
        for (byte[] a : alts) {
            maxLen = Math.max(maxLen, a.length);
        }
        if ((long) alts.size() * alts.size() * maxLen > MAX_OVERLAP_WORK) {
            return true; // assume the worst: counts then go through the filter, still exact
        }
        for (int i = 0; i < alts.size(); i++) {
            for (int j = 0; j < alts.size(); j++) {
                byte[] u = alts.get(i);
                byte[] v = alts.get(j);
                for (int d = i == j ? 1 : 0; d < u.length; d++) {
                    if (agree(u, d, v, ci)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether {@code v} placed at offset {@code d} of {@code u} agrees with it on their overlap. */
    private static boolean agree(byte[] u, int d, byte[] v, boolean ci) {
        int n = Math.min(v.length, u.length - d);
        for (int k = 0; k < n; k++) {
            byte x = u[d + k];
            byte y = v[k];
            if (x != y && !(ci && AsciiCase.fold(x) == AsciiCase.fold(y))) {
                return false;
            }
        }
        return true;
    }

    private static byte upper(byte b) {
        return b >= 'a' && b <= 'z' ? (byte) (b - ('a' - 'A')) : b;
    }
}
