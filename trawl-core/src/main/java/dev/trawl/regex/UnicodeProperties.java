package dev.trawl.regex;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Unicode general categories and scripts as code point ranges, for {@code \p{..}} and {@code \P{..}}:
 * {@code \pN}, {@code \p{Nd}}, {@code \p{Greek}}, {@code \p{^Greek}}, {@code \p{Any}}, and Java's
 * spellings {@code \p{IsGreek}}, {@code \p{IsLu}}, {@code \p{sc=Greek}}, {@code \p{gc=Lu}}. The
 * tables come from the JDK's own Unicode data ({@link Character#getType},
 * {@link Character.UnicodeScript}), built on first use of a name (one pass over the 1.1M code points,
 * a few milliseconds) and kept; so Trawl and {@code java.util.regex} agree on every code point, and
 * no table ships with Trawl. Surrogates are left out: UTF-8 text has none.
 */
final class UnicodeProperties {
    /**
     * The two-letter general category of each {@link Character#getType} value (index 17 is unused);
     * a one-letter name ({@code L}, {@code N}, ...) is every category starting with that letter.
     */
    private static final String[] CATEGORY_OF_TYPE = {"Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl",
        "No", "Zs", "Zl", "Zp", "Cc", "Cf", "", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf"};

    private static final int[] ANY = CodePointSet.negate(new int[] {0xD800, 0xDFFF});
    private static final Map<String, int[]> CACHE = new ConcurrentHashMap<>();

    private UnicodeProperties() {}

    /** The ranges of a category or script name, or null when it names neither. */
    static int[] ranges(String name) {
        if (name.equals("Any")) {
            return ANY;
        }
        int[] cached = CACHE.get(name);
        if (cached != null) {
            return cached;
        }
        int[] r = build(name);
        if (r != null) {
            CACHE.put(name, r);
        }
        return r;
    }

    private static int[] build(String name) {
        String n = name;
        for (String prefix : new String[] {"Is", "gc=", "general_category=", "sc=", "script="}) {
            if (n.startsWith(prefix) && n.length() > prefix.length()) {
                n = n.substring(prefix.length());
                break;
            }
        }
        boolean[] in = categoryTypes(n);
        if (in != null) {
            return collect(cp -> in[Character.getType(cp)]);
        }
        Character.UnicodeScript script;
        try {
            script = Character.UnicodeScript.forName(n.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
        return collect(cp -> Character.UnicodeScript.of(cp) == script);
    }

    /** Which {@link Character#getType} values a category name covers, or null when it names none. */
    private static boolean[] categoryTypes(String name) {
        if (name.isEmpty() || name.length() > 2) {
            return null;
        }
        boolean[] in = new boolean[CATEGORY_OF_TYPE.length];
        boolean any = false;
        for (int t = 0; t < CATEGORY_OF_TYPE.length; t++) {
            String c = CATEGORY_OF_TYPE[t];
            in[t] = !c.isEmpty() && (name.length() == 2 ? c.equals(name) : c.charAt(0) == name.charAt(0));
            any |= in[t];
        }
        return any ? in : null;
    }

    private interface CodePointTest {
        boolean test(int cp);
    }

    private static int[] collect(CodePointTest test) {
        int[] out = new int[64];
        int n = 0;
        int start = -1;
        for (int cp = 0; cp <= CodePointSet.MAX + 1; cp++) {
            boolean in = cp <= CodePointSet.MAX && (cp < 0xD800 || cp > 0xDFFF) && test.test(cp);
            if (in && start < 0) {
                start = cp;
            } else if (!in && start >= 0) {
                if (n + 2 > out.length) {
                    out = java.util.Arrays.copyOf(out, out.length * 2);
                }
                out[n++] = start;
                out[n++] = cp - 1;
                start = -1;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
