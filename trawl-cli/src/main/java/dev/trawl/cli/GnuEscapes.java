package dev.trawl.cli;

/**
 * GNU grep's own regex escapes, rewritten into the library's syntax before a pattern is compiled:
 * {@code \<} and {@code \>} (a word's start and end) become {@code \b{start}} and {@code \b{end}}, and
 * {@code \`} and {@code \'} (the start and end of the line, each line being a text of its own) become
 * {@code \A} and {@code \z}.
 *
 * <p>Why: in RE2 syntax, which the library follows, an escaped punctuation character is that character,
 * so {@code \<the\>} would silently look for {@code <the>} and find nothing in text where grep finds every
 * "the". Inside a bracket expression and inside {@code \Q...\E} nothing is rewritten: there the escapes
 * stay the characters they are in RE2.
 */
final class GnuEscapes {
    private GnuEscapes() {
    }

    static String rewrite(String re) {
        if (re.indexOf('\\') < 0) {
            return re;
        }
        StringBuilder out = new StringBuilder(re.length() + 8);
        int i = 0;
        int n = re.length();
        while (i < n) {
            char c = re.charAt(i);
            if (c == '[') {
                int end = classEnd(re, i);
                out.append(re, i, end);
                i = end;
            } else if (c == '\\' && i + 1 < n) {
                char e = re.charAt(i + 1);
                if (e == 'Q') {
                    int end = re.indexOf("\\E", i + 2);
                    end = end < 0 ? n : end + 2;
                    out.append(re, i, end);
                    i = end;
                    continue;
                }
                out.append(switch (e) {
                    case '<' -> "\\b{start}";
                    case '>' -> "\\b{end}";
                    case '`' -> "\\A";
                    case '\'' -> "\\z";
                    default -> re.substring(i, i + 2);
                });
                i += 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /**
     * The index just past the bracket expression that opens at {@code from}, or the pattern's end when
     * it is not closed (the parser then reports it): a {@code ]} first (after an optional {@code ^}) is a
     * member, escapes are skipped, and {@code [:name:]} is a member.
     */
    private static int classEnd(String re, int from) {
        int n = re.length();
        int i = from + 1;
        if (i < n && re.charAt(i) == '^') {
            i++;
        }
        if (i < n && re.charAt(i) == ']') {
            i++;
        }
        while (i < n) {
            char c = re.charAt(i);
            if (c == ']') {
                return i + 1;
            }
            if (c == '\\') {
                i += 2;
            } else if (c == '[' && i + 1 < n && re.charAt(i + 1) == ':') {
                int close = re.indexOf(":]", i + 2);
                i = close < 0 ? i + 1 : close + 2;
            } else {
                i++;
            }
        }
        return n;
    }
}
