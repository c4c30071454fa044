package dev.trawl.regex;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises regexes that are nothing but a choice between literal strings, such as {@code error}
 * or {@code foo|bar|baz}, and lists those strings in priority order (as UTF-8 bytes), so that a
 * literal engine can search for them.
 *
 * <p>Accepted: literal code points, concatenation, alternation, groups (they are transparent in the
 * tree), and empty pieces inside a concatenation ({@code a(?:|b)}); a lazy tail that {@link
 * Simplify#trimLazyTail} removes is gone before the check, as it is before compilation. A
 * concatenation of alternations is expanded into their product in lexicographic order: {@code
 * (?:a|ab)(?:c|d)} is {@code ac|ad|abc|abd}. That keeps the priorities exactly, because a
 * backtracking {@code find()} tries the first alternative of the first group with each alternative of
 * the second in turn before it tries the second alternative of the first group, and literals leave
 * nothing else to choose.
 *
 * <p>Refused (empty result): any class other than one code point or, in a case-insensitive set, an
 * ASCII letter's two cases (the only folding the parser does, as {@code java.util.regex} without
 * {@code UNICODE_CASE}: a non-ASCII letter under {@code (?i)} stays a literal and matches only itself,
 * as it does in a literal engine); any repetition; any assertion; a regex that can match the empty
 * string (such as {@code a|}); more alternatives than the caller allows. Case folding must agree with
 * the set's: in a case-sensitive set any case pair (from {@code (?i)} or {@code [aA]}) is refused,
 * and in a case-insensitive set an ASCII letter without its other case (from {@code (?-i)}) is
 * refused, since a literal engine folds all of a set's patterns or none. In a case-insensitive set
 * letters come out in lower case.
 *
 * <p>An alternative that an earlier one is a prefix of (or equal to) is left out: wherever it
 * matches, the earlier one matches at the same start and wins, so it can never be chosen.
 */
public final class LiteralAlternatives {
    private LiteralAlternatives() {}

    /**
     * The literal strings {@code regex}, parsed with {@code flags} ({@link RegexSet#flags}), is a
     * choice between, in priority order; empty when it is anything else or has more than {@code
     * limit} alternatives (before the ones that can never be chosen are left out).
     */
    public static Optional<List<byte[]>> of(String regex, int flags, int limit) {
        return of(Simplify.trimLazyTail(Parser.parse(regex, flags)), (flags & Parser.CASE_INSENSITIVE) != 0, limit);
    }

    /**
     * As {@link #of(String, int, int)}, for a parsed regex; {@code caseInsensitive} is the set's option
     * (which says how the literal engine will compare).
     */
    public static Optional<List<byte[]>> of(Regexp re, boolean caseInsensitive, int limit) {
        List<byte[]> alts = expand(re, caseInsensitive, Math.max(limit, 0));
        if (alts == null || alts.isEmpty()) {
            return Optional.empty();
        }
        for (byte[] a : alts) {
            if (a.length == 0) {
                return Optional.empty(); // the regex can match the empty string
            }
        }
        return Optional.of(withoutShadowed(alts));
    }

    /** The alternatives of {@code re} in priority order, or null when it is not a choice of literals. */
    private static List<byte[]> expand(Regexp re, boolean ci, int limit) {
        switch (re.op) {
            case EMPTY:
                return List.of(new byte[0]);
            case LITERAL:
                return codePoint(re.codePoint, ci);
            case CLASS:
                return charClass(re.ranges, ci);
            case ANY_BYTE:
                return null;
            case CONCAT: {
                List<byte[]> acc = List.of(new byte[0]);
                ByteArrayOutputStream run = new ByteArrayOutputStream(); // single strings, appended once
                for (Regexp sub : re.subs) {
                    List<byte[]> next = expand(sub, ci, limit);
                    if (next == null || (long) acc.size() * next.size() > limit) {
                        return null;
                    }
                    if (next.size() == 1) {
                        run.writeBytes(next.get(0));
                        continue;
                    }
                    acc = product(product(acc, List.of(run.toByteArray())), next);
                    run.reset();
                }
                return product(acc, List.of(run.toByteArray()));
            }
            case ALTERNATE: {
                List<byte[]> all = new ArrayList<>();
                for (Regexp sub : re.subs) {
                    List<byte[]> alts = expand(sub, ci, limit);
                    if (alts == null || all.size() + alts.size() > limit) {
                        return null;
                    }
                    all.addAll(alts);
                }
                return all;
            }
            default: // ASSERT, REPEAT
                return null;
        }
    }

    private static List<byte[]> codePoint(int cp, boolean ci) {
        if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
            return null; // matches nothing once compiled to UTF-8
        }
        if (ci && isAsciiLetter(cp)) {
            return null; // (?-i) in a case-insensitive set: the literal engine would fold it
        }
        return List.of(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    }

    private static List<byte[]> charClass(int[] ranges, boolean ci) {
        if (ranges.length == 2 && ranges[0] == ranges[1]) {
            return codePoint(ranges[0], ci);
        }
        boolean casePair = ranges.length == 4 && ranges[0] == ranges[1] && ranges[2] == ranges[3]
                && ranges[0] >= 'A' && ranges[0] <= 'Z' && ranges[2] == ranges[0] + ('a' - 'A');
        if (casePair && ci) {
            return List.of(new byte[] {(byte) ranges[2]});
        }
        return null;
    }

    private static boolean isAsciiLetter(int cp) {
        return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
    }

    /** Every {@code a + b}, in lexicographic order of (a's index, b's index). */
    private static List<byte[]> product(List<byte[]> as, List<byte[]> bs) {
        List<byte[]> out = new ArrayList<>(as.size() * bs.size());
        for (byte[] a : as) {
            for (byte[] b : bs) {
                byte[] ab = new byte[a.length + b.length];
                System.arraycopy(a, 0, ab, 0, a.length);
                System.arraycopy(b, 0, ab, a.length, b.length);
                out.add(ab);
            }
        }
        return out;
    }

    /** Leaves out each alternative that starts with an earlier one (it could never be chosen). */
    private static List<byte[]> withoutShadowed(List<byte[]> alts) {
        if (alts.size() == 1) {
            return alts;
        }
        Set<String> earlier = new HashSet<>();
        List<byte[]> kept = new ArrayList<>(alts.size());
        for (byte[] a : alts) {
            String s = new String(a, StandardCharsets.ISO_8859_1); // one char per byte
            boolean shadowed = false;
            for (int len = 1; len <= s.length() && !shadowed; len++) {
                shadowed = earlier.contains(s.substring(0, len));
            }
            if (!shadowed) {
                earlier.add(s);
                kept.add(a);
            }
        }
        return kept;
    }
}
