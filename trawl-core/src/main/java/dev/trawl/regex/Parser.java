package dev.trawl.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses RE2-style regular expression syntax into a {@link Regexp}, with the meaning
 * {@code java.util.regex} gives each construct under {@code UNIX_LINES}:
 *
 * <ul>
 *   <li>Literals, escapes {@code \t \n \r \f \a \e \0ooo \xhh \x{h...} &#92;uhhhh}, {@code \Q...\E}, any
 *       escaped punctuation; {@code .}; classes {@code [a-z]}, {@code [^...]} with escapes and POSIX
 *       classes {@code [[:alpha:]]}; {@code \d \w \s \D \W \S} and {@code \p{Alpha}}-style POSIX names,
 *       all ASCII as in Java without {@code UNICODE_CHARACTER_CLASS}.
 *   <li>Anchors {@code ^ $ \A \z \Z \b \B}, and Rust's word start and end {@code \b{start} \b{end}};
 *       groups {@code ( )}, {@code (?: )}, {@code (?<name> )};
 *       flags {@code (?i) (?m) (?s) (?u)} inline, scoped {@code (?i:...)} and negated {@code (?-i)};
 *       {@code (?d)} is accepted and changes nothing ({@code \n} is always the only line terminator).
 *   <li>Alternation; {@code * + ? {n} {n,} {n,m}}, greedy or lazy ({@code ?} suffix). A {@code {}
 *       that does not start a valid count is a literal, as in RE2.
 * </ul>
 *
 * <p>Case-insensitive matching folds ASCII letters only (Java's default), or, with {@link #UNICODE_CASE}
 * ({@code (?u)}, as in Java), every letter by {@link CaseFolding}'s rule. Rejected with a
 * {@link RegexSyntaxException} naming the construct and its position: backreferences, lookahead and
 * lookbehind, atomic groups, possessive quantifiers, counts above {@value #MAX_REPEAT}, class
 * intersection {@code &&} and nested classes, and Java-only escapes whose meaning differs elsewhere
 * ({@code \v \h \R \X \G}, ...).
 */
public final class Parser {
    /** Flag: ASCII case-insensitive, as {@code (?i)}. */
    public static final int CASE_INSENSITIVE = 1;
    /** Flag: {@code ^} and {@code $} at line boundaries, as {@code (?m)}. */
    public static final int MULTILINE = 2;
    /** Flag: {@code .} matches {@code \n} too, as {@code (?s)}. */
    public static final int DOTALL = 4;
    /**
     * Flag: with {@link #CASE_INSENSITIVE}, letters outside ASCII fold too (Unicode's case mappings, by
     * {@link CaseFolding}'s rule), as {@code (?u)} and {@code java.util.regex}'s {@code UNICODE_CASE}.
     */
    public static final int UNICODE_CASE = 8;
    /** The largest count {@code {n,m}} accepts. */
    public static final int MAX_REPEAT = 1000;

    private final String src;
    private int pos;
    private int flags;

    private Parser(String src, int flags) {
        this.src = src;
        this.flags = flags;
    }

    /** Parses {@code pattern} with initial {@code flags} (a mix of the constants above). */
    public static Regexp parse(String pattern, int flags) {
        Parser p = new Parser(pattern, flags);
        Regexp re = p.alternation();
        if (p.pos < pattern.length()) {
            // Only an unmatched ')' stops the top-level alternation early.
            throw p.error("unmatched ')'", p.pos);
        }
        return re;
    }

    public static Regexp parse(String pattern) {
        return parse(pattern, 0);
    }

    private RegexSyntaxException error(String what, int at) {
        return new RegexSyntaxException(what, src, at);
    }

    private boolean more() {
        return pos < src.length();
    }

    private int peek() {
        return src.codePointAt(pos);
    }

    private boolean lookingAt(String s) {
        return src.startsWith(s, pos);
    }

    private int next() {
        int c = src.codePointAt(pos);
        pos += Character.charCount(c);
        return c;
    }

    private Regexp alternation() {
        List<Regexp> alts = new ArrayList<>();
        alts.add(concatenation());
        while (more() && peek() == '|') {
            pos++;
            alts.add(concatenation());
        }
        return Regexp.alternate(alts);
    }

    private Regexp concatenation() {
        List<Regexp> items = new ArrayList<>();
        while (more()) {
            int c = peek();
            if (c == '|' || c == ')') {
                break;
            }
            int atomStart = pos;
            Regexp atom = atom();
            if (atom == null) {
                continue; // a flag group such as (?i), or an empty \Q\E
            }
            items.add(quantified(atom, atomStart));
        }
        return Regexp.concat(items);
    }

    /** Applies any quantifiers after an atom. */
    private Regexp quantified(Regexp atom, int atomStart) {
        if (!more()) {
            return atom;
        }
        int qStart = pos;
        int c = peek();
        int min;
        int max;
        if (c == '*') {
            min = 0;
            max = -1;
            pos++;
        } else if (c == '+') {
            min = 1;
            max = -1;
            pos++;
        } else if (c == '?') {
            min = 0;
            max = 1;
            pos++;
        } else if (c == '{') {
            int[] mm = counts();
            if (mm == null) {
                return atom; // a literal '{', read as the next atom
            }
            min = mm[0];
            max = mm[1];
        } else {
            return atom;
        }
        boolean greedy = true;
        if (more() && peek() == '?') {
            pos++;
            greedy = false;
        } else if (more() && peek() == '+') {
            throw error("possessive quantifier '" + src.substring(qStart, pos + 1) + "' is not supported", qStart);
        }
        if (more() && (peek() == '*' || peek() == '+' || peek() == '?' || (peek() == '{' && isCount(pos)))) {
            throw error("a quantifier cannot follow the quantifier '" + src.substring(qStart, pos) + "'", pos);
        }
        return Regexp.repeat(atom, min, max, greedy);
    }

    private boolean isCount(int at) {
        int save = pos;
        pos = at;
        try {
            return counts() != null;
        } catch (RegexSyntaxException e) {
            return true;
        } finally {
            pos = save;
        }
    }

    /** Parses {@code {n}}, {@code {n,}} or {@code {n,m}} at pos, or returns null (pos unchanged) if it is not one. */
    private int[] counts() {
        int start = pos;
        int i = pos + 1;
        int n = 0;
        int digits = 0;
        while (i < src.length() && Character.isDigit(src.charAt(i)) && src.charAt(i) < 128) {
            n = Math.min(n * 10 + (src.charAt(i) - '0'), 1_000_000);
            i++;
            digits++;
        }
        if (digits == 0) {
            return null;
        }
        int m = n;
        if (i < src.length() && src.charAt(i) == ',') {
            i++;
            int mdigits = 0;
            m = 0;
            while (i < src.length() && src.charAt(i) >= '0' && src.charAt(i) <= '9') {
                m = Math.min(m * 10 + (src.charAt(i) - '0'), 1_000_000);
                i++;
                mdigits++;
            }
            if (mdigits == 0) {
                m = -1;
            }
        }
        if (i >= src.length() || src.charAt(i) != '}') {
            return null;
        }
        String text = src.substring(start, i + 1);
        if (n > MAX_REPEAT || m > MAX_REPEAT) {
            throw error("repetition count in '" + text + "' is above the limit of " + MAX_REPEAT, start);
        }
        if (m >= 0 && m < n) {
            throw error("repetition '" + text + "' has its maximum below its minimum", start);
        }
        pos = i + 1;
        return new int[] {n, m};
    }

    private boolean fold() {
        return (flags & CASE_INSENSITIVE) != 0;
    }

    /** A class's ranges with the other cases of its letters, as the flags ask. */
    private int[] folded(int[] ranges) {
        return (flags & UNICODE_CASE) != 0 ? CaseFolding.fold(ranges) : CodePointSet.foldAscii(ranges);
    }

    /** One atom, or null for a construct that matches nothing by itself (a flag group). */
    private Regexp atom() {
        int start = pos;
        int c = next();
        switch (c) {
            case '(':
                return group(start);
            case '[':
                return charClass(start);
            case '.':
                return Regexp.charClass((flags & DOTALL) != 0 ? new int[] {0, CodePointSet.MAX}
                        : new int[] {0, '\n' - 1, '\n' + 1, CodePointSet.MAX});
            case '^':
                return Regexp.assertion((flags & MULTILINE) != 0 ? Assertion.BEGIN_LINE : Assertion.BEGIN_TEXT);
            case '$':
                return Regexp.assertion((flags & MULTILINE) != 0 ? Assertion.END_LINE
                        : Assertion.END_TEXT_OR_FINAL_NEWLINE);
            case '*', '+', '?':
                throw error("quantifier '" + (char) c + "' has nothing to repeat", start);
            case '{':
                if (isCount(start)) {
                    throw error("quantifier '{' has nothing to repeat", start);
                }
                return literal('{');
            case '\\':
                return escape(start);
            default:
                return literal(c);
        }
    }

    private Regexp literal(int cp) {
        if (fold() && (flags & UNICODE_CASE) != 0) {
            int[] orbit = CaseFolding.orbit(cp);
            if (orbit.length == 1) {
                return Regexp.literal(cp);
            }
            CodePointSet set = new CodePointSet();
            for (int m : orbit) {
                set.add(m, m);
            }
            return Regexp.charClass(set.toRanges());
        }
        if (fold() && cp < 128 && Character.isLetter(cp)) {
            return Regexp.charClass(CodePointSet.foldAscii(new int[] {cp, cp}));
        }
        return Regexp.literal(cp);
    }

    private Regexp group(int start) {
        int saved = flags;
        if (lookingAt("?")) {
            pos++;
            if (!more()) {
                throw error("unterminated group '(?'", start);
            }
            int c = peek();
            if (c == '=' || c == '!') {
                throw error("lookahead '(?" + (char) c + "' is not supported", start);
            }
            if (lookingAt("<=") || lookingAt("<!")) {
                throw error("lookbehind '(?" + src.substring(pos, pos + 2) + "' is not supported", start);
            }
            if (c == '>') {
                throw error("atomic group '(?>' is not supported", start);
            }
            if (c == '<' || lookingAt("P<")) {
                pos += c == '<' ? 1 : 2;
                int nameStart = pos;
                while (more() && peek() != '>') {
                    int n = next();
                    if (!(Character.isLetterOrDigit(n) && n < 128)) {
                        throw error("bad character in group name", pos - 1);
                    }
                }
                if (!more() || pos == nameStart) {
                    throw error("unterminated or empty group name", start);
                }
                pos++;
                return groupBody(start, saved);
            }
            if (c == ':') {
                pos++;
                return groupBody(start, saved);
            }
            // Flags: (?imsd-imsd) or (?imsd-imsd:...)
            boolean negate = false;
            int f = flags;
            while (true) {
                if (!more()) {
                    throw error("unterminated flag group", start);
                }
                int fc = next();
                switch (fc) {
                    case 'i' -> f = negate ? f & ~CASE_INSENSITIVE : f | CASE_INSENSITIVE;
                    case 'm' -> f = negate ? f & ~MULTILINE : f | MULTILINE;
                    case 's' -> f = negate ? f & ~DOTALL : f | DOTALL;
                    case 'u' -> f = negate ? f & ~UNICODE_CASE : f | UNICODE_CASE;
                    case 'd' -> { } // UNIX_LINES: always on
                    case '-' -> {
                        if (negate) {
                            throw error("bad flag group: two '-'", pos - 1);
                        }
                        negate = true;
                    }
                    case ')' -> {
                        flags = f; // to the end of the enclosing group
                        return null;
                    }
                    case ':' -> {
                        flags = f;
                        return groupBody(start, saved);
                    }
                    default -> throw error("flag '" + new String(Character.toChars(fc))
                            + "' is not supported (supported: i, m, s, d)", pos - Character.charCount(fc));
                }
            }
        }
        return groupBody(start, saved);
    }

    private Regexp groupBody(int start, int savedFlags) {
        Regexp body = alternation();
        if (!more() || peek() != ')') {
            throw error("missing ')' for the group opened", start);
        }
        pos++;
        flags = savedFlags;
        return body;
    }

    private Regexp escape(int start) {
        if (!more()) {
            throw error("trailing backslash", start);
        }
        int c = next();
        switch (c) {
            case 'A':
                return Regexp.assertion(Assertion.BEGIN_TEXT);
            case 'z':
                return Regexp.assertion(Assertion.END_TEXT);
            case 'Z':
                return Regexp.assertion(Assertion.END_TEXT_OR_FINAL_NEWLINE);
            case 'b':
                if (lookingAt("{g}")) {
                    throw error("grapheme boundary '\\b{g}' is not supported", start);
                }
                // Rust's word start and end; in RE2 these would be \b and a literal "{start}", which no one means.
                if (lookingAt("{start}")) {
                    pos += "{start}".length();
                    return Regexp.assertion(Assertion.WORD_START);
                }
                if (lookingAt("{end}")) {
                    pos += "{end}".length();
                    return Regexp.assertion(Assertion.WORD_END);
                }
                return Regexp.assertion(Assertion.WORD_BOUNDARY);
            case 'B':
                return Regexp.assertion(Assertion.NOT_WORD_BOUNDARY);
            case 'Q': {
                int end = src.indexOf("\\E", pos);
                String quoted = src.substring(pos, end < 0 ? src.length() : end);
                pos = end < 0 ? src.length() : end + 2;
                List<Regexp> items = new ArrayList<>();
                quoted.codePoints().forEach(cp -> items.add(literal(cp)));
                return items.isEmpty() ? null : Regexp.concat(items);
            }
            case 'E':
                throw error("'\\E' without '\\Q'", start);
            case 'k':
                throw error("backreference '\\k' is not supported", start);
            case 'C':
                return Regexp.ANY_BYTE_RE; // RE2's any byte
            case 'G':
                throw error("'\\G' is not supported", start);
            default:
                break;
        }
        if (c >= '1' && c <= '7' && more() && peek() >= '0' && peek() <= '7') {
            return literal(octal(c)); // RE2's \141: an octal escape, never a backreference
        }
        if (c >= '1' && c <= '9') {
            throw error("backreference '\\" + (char) c + "' is not supported", start);
        }
        int[] cls = classEscape(c, start);
        if (cls != null) {
            return Regexp.charClass(fold() ? CodePointSet.foldAscii(cls) : cls); // a named class: as in a class
        }
        return literal(charEscape(c, start));
    }

    /** The ranges of a class escape ({@code \d}, {@code \p{..}}, ...), or null if {@code c} is not one. */
    private int[] classEscape(int c, int start) {
        return switch (c) {
            case 'd' -> Posix.DIGIT;
            case 'D' -> CodePointSet.negate(Posix.DIGIT);
            case 'w' -> Posix.WORD;
            case 'W' -> CodePointSet.negate(Posix.WORD);
            case 's' -> Posix.SPACE;
            case 'S' -> CodePointSet.negate(Posix.SPACE);
            case 'p', 'P' -> {
                String name;
                if (lookingAt("{")) {
                    int end = src.indexOf('}', pos);
                    if (end < 0) {
                        throw error("unterminated '\\" + (char) c + "{'", start);
                    }
                    name = src.substring(pos + 1, end);
                    pos = end + 1;
                } else if (more()) {
                    name = new String(Character.toChars(next()));
                } else {
                    throw error("'\\" + (char) c + "' needs a property name", start);
                }
                boolean negated = c == 'P';
                String property = name;
                if (property.startsWith("^")) { // RE2's \p{^Greek}: the complement
                    negated = !negated;
                    property = property.substring(1);
                }
                int[] r = Posix.javaName(property);
                if (r == null) {
                    r = UnicodeProperties.ranges(property);
                }
                if (r == null) {
                    throw error("property '\\" + (char) c + "{" + name + "}' is not supported (supported: "
                            + Posix.JAVA_NAMES + ", Unicode general categories such as L, Lu, Nd, scripts such as"
                            + " Greek, and Any)", start);
                }
                yield negated ? CodePointSet.negate(r) : r;
            }
            case 'v', 'V', 'h', 'H', 'R', 'X', 'N', 'c' -> throw error("escape '\\" + (char) c
                    + "' is not supported (its meaning differs between regex dialects)", start);
            default -> null;
        };
    }

    /** The code point of a character escape. */
    private int charEscape(int c, int start) {
        switch (c) {
            case 't':
                return '\t';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 'f':
                return '\f';
            case 'a':
                return 7;
            case 'e':
                return 27;
            case '0': {
                int v = 0;
                int digits = 0;
                while (digits < 3 && more() && peek() >= '0' && peek() <= '7' && v * 8 + (peek() - '0') <= 0377) {
                    v = v * 8 + (next() - '0');
                    digits++;
                }
                if (digits == 0) {
                    throw error("octal escape '\\0' needs digits", start);
                }
                return v;
            }
            case 'x': {
                if (lookingAt("{")) {
                    int end = src.indexOf('}', pos);
                    if (end < 0) {
                        throw error("unterminated '\\x{'", start);
                    }
                    int v = hex(src.substring(pos + 1, end), start);
                    pos = end + 1;
                    return v;
                }
                if (pos + 2 > src.length()) {
                    throw error("'\\x' needs two hex digits", start);
                }
                int v = hex(src.substring(pos, pos + 2), start);
                pos += 2;
                return v;
            }
            case 'u': {
                if (pos + 4 > src.length()) {
                    throw error("'\\u' needs four hex digits", start);
                }
                int v = hex(src.substring(pos, pos + 4), start);
                pos += 4;
                if (Character.isSurrogate((char) v)) {
                    throw error("surrogate escape '\\u" + Integer.toHexString(v) + "' is not supported (UTF-8 input)",
                            start);
                }
                return v;
            }
            default:
                if (c < 128 && Character.isLetterOrDigit(c)) {
                    throw error("unknown escape '\\" + (char) c + "'", start);
                }
                return c; // escaped punctuation (or any non-ASCII) is itself
        }
    }

    /** An octal escape whose first digit {@code first} is read: up to three digits in all. */
    private int octal(int first) {
        int v = first - '0';
        for (int digits = 1; digits < 3 && more() && peek() >= '0' && peek() <= '7'; digits++) {
            v = v * 8 + (next() - '0');
        }
        return v;
    }

    private int hex(String digits, int start) {
        // Leading zeros are allowed, as in RE2 (\x{00000061}); the value is checked below.
        String significant = digits.replaceFirst("^0+(?=.)", "");
        if (digits.isEmpty() || significant.length() > 6) {
            throw error("bad hex escape '" + digits + "' (one to six significant hex digits)", start);
        }
        int v = 0;
        for (int i = 0; i < digits.length(); i++) {
            int d = Character.digit(digits.charAt(i), 16);
            if (d < 0) {
                throw error("bad hex digit '" + digits.charAt(i) + "'", start);
            }
            v = v * 16 + d;
        }
        if (v > CodePointSet.MAX) {
            throw error("hex escape above U+10FFFF", start);
        }
        if (v >= 0xD800 && v <= 0xDFFF) {
            throw error("surrogate code point in escape (UTF-8 input has none)", start);
        }
        return v;
    }

    private Regexp charClass(int start) {
        boolean negated = false;
        if (lookingAt("^")) {
            pos++;
            negated = true;
        }
        CodePointSet set = new CodePointSet(); // members written out
        CodePointSet named = new CodePointSet(); // class escapes and POSIX names
        boolean first = true;
        while (true) {
            if (!more()) {
                throw error("missing ']' for the class opened", start);
            }
            int c = peek();
            if (c == ']' && !first) {
                pos++;
                break;
            }
            first = false;
            if (lookingAt("[:")) {
                int end = src.indexOf(":]", pos + 2);
                if (end < 0) {
                    throw error("unterminated POSIX class '[:'", pos);
                }
                String name = src.substring(pos + 2, end);
                boolean neg = name.startsWith("^");
                int[] r = Posix.posixName(neg ? name.substring(1) : name);
                if (r == null) {
                    throw error("unknown POSIX class '[:" + name + ":]'", pos);
                }
                named.addAll(neg ? CodePointSet.negate(r) : r);
                pos = end + 2;
                continue;
            }
            if (c == '[') {
                throw error("nested class '[' is not supported (escape it as '\\[')", pos);
            }
            if (lookingAt("&&")) {
                throw error("class intersection '&&' is not supported", pos);
            }
            int itemStart = pos;
            int lo = classAtom(named);
            if (lo < 0) {
                continue; // a class escape, already added
            }
            if (lookingAt("-") && pos + 1 < src.length() && src.charAt(pos + 1) != ']') {
                pos++;
                int hi = classAtom(null);
                if (hi < 0) {
                    throw error("bad class range: a class escape cannot end a range", itemStart);
                }
                if (hi < lo) {
                    throw error("bad class range '" + src.substring(itemStart, pos) + "' (reversed)", itemStart);
                }
                set.add(lo, hi);
            } else {
                set.add(lo, lo);
            }
        }
        // Only the members written out fold by Unicode's rule: a named class (\W, [:upper:]) keeps
        // ASCII folding, as in Java, or (?iu)[\W] would take k for the Kelvin sign it holds.
        int[] ranges = set.toRanges();
        int[] namedRanges = named.toRanges();
        if (fold()) {
            ranges = folded(ranges);
            namedRanges = CodePointSet.foldAscii(namedRanges);
        }
        ranges = new CodePointSet().addAll(ranges).addAll(namedRanges).toRanges();
        if (negated) {
            ranges = CodePointSet.negate(ranges);
        }
        return Regexp.charClass(ranges);
    }

    /** A class member: returns its code point, or -1 after adding a class escape's ranges to {@code set}. */
    private int classAtom(CodePointSet set) {
        int start = pos;
        int c = next();
        if (c != '\\') {
            return c;
        }
        if (!more()) {
            throw error("trailing backslash", start);
        }
        int e = next();
        if (e == 'b' || e == 'B' || e == 'A' || e == 'z' || e == 'Z' || e == 'Q' || e == 'E' || e == 'G') {
            throw error("'\\" + (char) e + "' is not allowed in a class", start);
        }
        if (e >= '1' && e <= '9') {
            throw error("backreference '\\" + (char) e + "' is not supported", start);
        }
        int[] cls = classEscape(e, start);
        if (cls != null) {
            if (set == null) {
                return -1;
            }
            set.addAll(cls);
            return -1;
        }
        return charEscape(e, start);
    }
}
