package dev.trawl.regex;

import dev.trawl.Match;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The oracle: {@code java.util.regex} in {@code UNIX_LINES} mode, with {@code find()}'s spans in char offsets. */
final class JdkRegex {
    private JdkRegex() {}

    static Pattern compile(String javaRegex, boolean caseInsensitive) {
        return Pattern.compile(javaRegex, Pattern.UNIX_LINES | (caseInsensitive ? Pattern.CASE_INSENSITIVE : 0));
    }

    static List<Match> find(Pattern p, int id, CharSequence text) {
        List<Match> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(new Match(id, m.start(), m.end()));
        }
        return out;
    }

    /** Thrown when the backtracking oracle reads too many characters (exponential cases). */
    static final class TooSlow extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooSlow() {
            super(null, null, false, false);
        }
    }

    /** Like {@link #find(Pattern, int, CharSequence)}, giving up after {@code budget} character reads. */
    static List<Match> findBounded(Pattern p, int id, String text, long budget) {
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
