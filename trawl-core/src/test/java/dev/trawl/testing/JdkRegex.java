package dev.trawl.testing;

import dev.trawl.Match;
import dev.trawl.PatternSet;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The oracle: {@code java.util.regex} in {@code UNIX_LINES} mode, with {@code find()}'s spans in char offsets. */
public final class JdkRegex {
    private JdkRegex() {}

    public static Pattern compile(String javaRegex, boolean caseInsensitive) {
        return Pattern.compile(javaRegex, Pattern.UNIX_LINES | (caseInsensitive ? Pattern.CASE_INSENSITIVE : 0));
    }

    /** The Java flags for a set's options. */
    public static int flags(PatternSet set) {
        return Pattern.UNIX_LINES | (set.caseInsensitive() ? Pattern.CASE_INSENSITIVE : 0)
                | (set.multiline() ? Pattern.MULTILINE : 0) | (set.dotAll() ? Pattern.DOTALL : 0);
    }

    /**
     * The oracle for a whole set: each regex's find() spans (in Java spelling {@code javaRegexes[id]},
     * null for literals), each literal's every occurrence (ASCII case folding when the set says so),
     * sorted by start then id; null when the backtracking oracle took too long.
     */
    public static List<Match> expected(PatternSet set, String[] javaRegexes, String text) {
        return expected(set, javaRegexes, text, 400_000);
    }

    /** As above, with a budget of character reads per regex for the backtracking oracle. */
    public static List<Match> expected(PatternSet set, String[] javaRegexes, String text, long budget) {
        List<Match> all = new ArrayList<>();
        for (int id = 0; id < set.size(); id++) {
            if (set.isRegex(id)) {
                try {
                    all.addAll(findBounded(Pattern.compile(javaRegexes[id], flags(set)), id, text, budget));
                } catch (TooSlow e) {
                    return null;
                }
            } else {
                String lit = set.pattern(id);
                for (int i = 0; i + lit.length() <= text.length(); i++) {
                    if (asciiRegionMatches(text, i, lit, set.caseInsensitive())) {
                        all.add(new Match(id, i, i + lit.length()));
                    }
                }
            }
        }
        java.util.Collections.sort(all);
        return all;
    }

    private static boolean asciiRegionMatches(String text, int at, String lit, boolean fold) {
        for (int k = 0; k < lit.length(); k++) {
            char a = text.charAt(at + k);
            char b = lit.charAt(k);
            if (a != b && !(fold && a < 128 && b < 128 && Character.toLowerCase(a) == Character.toLowerCase(b))) {
                return false;
            }
        }
        return true;
    }

    public static List<Match> find(Pattern p, int id, CharSequence text) {
        List<Match> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(new Match(id, m.start(), m.end()));
        }
        return out;
    }

    /** Thrown when the backtracking oracle reads too many characters (exponential cases). */
    public static final class TooSlow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooSlow() {
            super(null, null, false, false);
        }
    }

    /** Like {@link #find(Pattern, int, CharSequence)}, giving up after {@code budget} character reads. */
    public static List<Match> findBounded(Pattern p, int id, String text, long budget) {
        long[] reads = {0};
        CharSequence counting = new CharSequence() {
            @Override
            public int length() {
                return text.length();
            }

            @Override
            public char charAt(int index) {
                if (++reads[0] > budget) {
                    throw new TooSlow();
                }
                return text.charAt(index);
            }

            @Override
            public CharSequence subSequence(int start, int end) {
                return text.subSequence(start, end);
            }

            @Override
            public String toString() {
                return text;
            }
        };
        return find(p, id, counting);
    }
}
