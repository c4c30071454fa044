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
    /** One- and two-letter general category names, by {@link Character#getType} value. */
    private static final Map<String, byte[]> CATEGORIES = Map.ofEntries(
            Map.entry("Lu", new byte[] {Character.UPPERCASE_LETTER}),
            Map.entry("Ll", new byte[] {Character.LOWERCASE_LETTER}),
            Map.entry("Lt", new byte[] {Character.TITLECASE_LETTER}),
            Map.entry("Lm", new byte[] {Character.MODIFIER_LETTER}),
            Map.entry("Lo", new byte[] {Character.OTHER_LETTER}),
            Map.entry("L", new byte[] {Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                Character.MODIFIER_LETTER, Character.OTHER_LETTER}),
            Map.entry("Mn", new byte[] {Character.NON_SPACING_MARK}),
            Map.entry("Mc", new byte[] {Character.COMBINING_SPACING_MARK}),
            Map.entry("Me", new byte[] {Character.ENCLOSING_MARK}),
            Map.entry("M", new byte[] {Character.NON_SPACING_MARK, Character.COMBINING_SPACING_MARK, Character.ENCLOSING_MARK}),
            Map.entry("Nd", new byte[] {Character.DECIMAL_DIGIT_NUMBER}),
            Map.entry("Nl", new byte[] {Character.LETTER_NUMBER}),
            Map.entry("No", new byte[] {Character.OTHER_NUMBER}),
            Map.entry("N", new byte[] {Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER, Character.OTHER_NUMBER}),
            Map.entry("Pc", new byte[] {Character.CONNECTOR_PUNCTUATION}),
            Map.entry("Pd", new byte[] {Character.DASH_PUNCTUATION}),
            Map.entry("Ps", new byte[] {Character.START_PUNCTUATION}),
            Map.entry("Pe", new byte[] {Character.END_PUNCTUATION}),
            Map.entry("Pi", new byte[] {Character.INITIAL_QUOTE_PUNCTUATION}),
            Map.entry("Pf", new byte[] {Character.FINAL_QUOTE_PUNCTUATION}),
            Map.entry("Po", new byte[] {Character.OTHER_PUNCTUATION}),
            Map.entry("P", new byte[] {Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                Character.OTHER_PUNCTUATION}),
            Map.entry("Sm", new byte[] {Character.MATH_SYMBOL}),
            Map.entry("Sc", new byte[] {Character.CURRENCY_SYMBOL}),
            Map.entry("Sk", new byte[] {Character.MODIFIER_SYMBOL}),
            Map.entry("So", new byte[] {Character.OTHER_SYMBOL}),
            Map.entry("S", new byte[] {Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL,
                Character.OTHER_SYMBOL}),
            Map.entry("Zs", new byte[] {Character.SPACE_SEPARATOR}),
            Map.entry("Zl", new byte[] {Character.LINE_SEPARATOR}),
            Map.entry("Zp", new byte[] {Character.PARAGRAPH_SEPARATOR}),
            Map.entry("Z", new byte[] {Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR}),
            Map.entry("Cc", new byte[] {Character.CONTROL}),
            Map.entry("Cf", new byte[] {Character.FORMAT}),
            Map.entry("Co", new byte[] {Character.PRIVATE_USE}),
            Map.entry("Cn", new byte[] {Character.UNASSIGNED}),
            Map.entry("C", new byte[] {Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE, Character.UNASSIGNED}));

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
        byte[] types = CATEGORIES.get(n);
        if (types != null) {
            boolean[] in = new boolean[32];
            for (byte t : types) {
                in[t] = true;
            }
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
