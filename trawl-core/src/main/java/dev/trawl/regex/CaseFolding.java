package dev.trawl.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Unicode case folding for {@link Parser#UNICODE_CASE}, by {@code java.util.regex}'s rule for a letter
 * under {@code CASE_INSENSITIVE | UNICODE_CASE}: a code point with other cases (its upper case and the
 * lower case of that differ) matches every code point whose upper case lowers to the same one, its
 * <em>key</em>. So {@code é} matches {@code É}, {@code σ} matches {@code Σ} and {@code ς}, {@code k}
 * matches {@code K} and the Kelvin sign; a code point without other cases ({@code ß}, a digit) matches
 * only itself. A class takes the whole group of each cased member written out in it (a named class such
 * as {@code \W} keeps ASCII folding, as in Java).
 *
 * <p>The groups are built once, on first use, from the JDK's own case mappings over the code points
 * that can have a case (up to {@value #LAST}, past the last cased script): a few milliseconds, paid only by
 * a regex that asks for Unicode folding.
 */
final class CaseFolding {
    /** No code point above this has a case mapping (the highest cased letters, Adlam's, end at U+1E943). */
    static final int LAST = 0x1FFFF;

    private CaseFolding() {}

    /** The code point every member of {@code cp}'s group lowers to through its upper case. */
    static int key(int cp) {
        return Character.toLowerCase(Character.toUpperCase(cp));
    }

    /** Whether {@code cp} has other cases by the rule above. */
    static boolean cased(int cp) {
        int up = Character.toUpperCase(cp);
        return up != Character.toLowerCase(up);
    }

    /** The code points {@code cp} matches case-insensitively, sorted: {@code cp} alone when it has no other case. */
    static int[] orbit(int cp) {
        if (!cased(cp)) {
            return new int[] {cp};
        }
        int[] group = Groups.BY_KEY.get(key(cp));
        return group != null ? group : new int[] {cp};
    }

    /** {@code ranges} with the whole group of each cased member added. */
    static int[] fold(int[] ranges) {
        CodePointSet s = new CodePointSet().addAll(ranges);
        for (int[] group : Groups.ALL) {
            for (int m : group) {
                if (CodePointSet.contains(ranges, m) && cased(m)) {
                    for (int g : group) {
                        s.add(g, g);
                    }
                    break;
                }
            }
        }
        return s.toRanges();
    }

    /** The groups of two or more code points, by key; built on first use (the holder idiom). */
    private static final class Groups {
        static final Map<Integer, int[]> BY_KEY;
        static final List<int[]> ALL;

        static {
            Map<Integer, List<Integer>> byKey = new HashMap<>();
            for (int cp = 0; cp <= LAST; cp++) {
                if (cp == Character.MIN_SURROGATE) {
                    cp = Character.MAX_SURROGATE;
                    continue;
                }
                int k = key(cp);
                if (k != cp) {
                    byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(cp);
                }
            }
            Map<Integer, int[]> groups = new HashMap<>();
            List<int[]> all = new ArrayList<>();
            for (Map.Entry<Integer, List<Integer>> e : byKey.entrySet()) {
                List<Integer> members = e.getValue();
                if (key(e.getKey()) == e.getKey()) {
                    members.add(e.getKey());
                }
                int[] group = members.stream().mapToInt(Integer::intValue).sorted().toArray();
                if (group.length > 1) {
                    groups.put(e.getKey(), group);
                    all.add(group);
                }
            }
            BY_KEY = groups;
            ALL = all;
        }
    }

    /** For tests: every group of two or more code points. */
    static List<int[]> groups() {
        return Groups.ALL.stream().map(g -> Arrays.copyOf(g, g.length)).toList();
    }
}
