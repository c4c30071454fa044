package dev.trawl.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Helpers for building regexes from user input, for the command line's {@code -F}, {@code -w} and
 * {@code -x} (ripgrep's meanings):
 *
 * <ul>
 *   <li>{@link #quote}: a literal as a regex that matches exactly it ({@code -F} combined with
 *       {@code -w} or {@code -x}, where the literal must become a regex).
 *   <li>{@link #word}: {@code \b(?:re)\b}: the match must start and end at word boundaries (ASCII
 *       words, as {@code \b}; a regex that begins or ends with a non-word character then needs a
 *       word character, or an edge, next to it... exactly as {@code \b} says).
 *   <li>{@link #line}: {@code (?m:^)(?:re)(?m:$)}: the match must be a whole line. Lines end at
 *       {@code \n}; a {@code \r} before it is part of the line, as in Java's UNIX_LINES mode.
 *   <li>{@link #hasOtherCasesBeyondAscii}: whether a literal holds a letter that only Unicode case
 *       folding ({@code (?iu)}) matches in its other cases; {@link #caseSpellings}: its spellings for
 *       a literal engine that folds ASCII only.
 *   <li>{@link #template}: a log template with {@code <*>} wildcards (loghub's notation) as a
 *       regex, for the log-template sets of the bench and the Spark functions.
 * </ul>
 *
 * The wrapped regex keeps its own flags: they are scoped to the group.
 */
public final class Regexes {
    private Regexes() {}

    /** A regex matching exactly {@code literal}: every metacharacter escaped. */
    public static String quote(String literal) {
        StringBuilder sb = new StringBuilder(literal.length() + 8);
        literal.codePoints().forEach(c -> {
            if ("\\.^$|?*+()[]{}".indexOf(c) >= 0) {
                sb.append('\\');
            }
            if (c == '\n') {
                sb.append("\\n");
            } else {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    /**
     * Whether {@code text} holds a code point outside ASCII that has other cases ({@code é},
     * {@code Σ}; not {@code ß}): the ones ASCII case folding leaves alone and {@code (?iu)} folds.
     */
    public static boolean hasOtherCasesBeyondAscii(String text) {
        return text.codePoints().anyMatch(c -> c >= 0x80 && CaseFolding.cased(c));
    }

    /**
     * The spellings of {@code literal} that a literal engine folding ASCII only must be given for its
     * letters beyond ASCII to match their other cases too (by {@code (?iu)}'s rule): each such letter
     * replaced in turn by each member of its case group, an ASCII member in lower case (the engine folds
     * it: {@code ſ} gives {@code ſ} and {@code s}); everything else as written. In order, without
     * repeats; empty when there would be more than {@code limit}.
     */
    public static List<String> caseSpellings(String literal, int limit) {
        List<StringBuilder> out = new ArrayList<>(List.of(new StringBuilder()));
        for (int cp : literal.codePoints().toArray()) {
            int[] options = cp >= 0x80 && CaseFolding.cased(cp)
                    ? Arrays.stream(CaseFolding.orbit(cp)).map(m -> m < 0x80 ? Character.toLowerCase(m) : m)
                            .distinct().toArray()
                    : new int[] {cp};
            if ((long) out.size() * options.length > limit) {
                return List.of();
            }
            List<StringBuilder> next = new ArrayList<>(out.size() * options.length);
            for (StringBuilder prefix : out) {
                for (int o : options) {
                    next.add(new StringBuilder(prefix).appendCodePoint(o));
                }
            }
            out = next;
        }
        return out.stream().map(StringBuilder::toString).toList();
    }

    /** {@code -w}: the regex between word boundaries. */
    public static String word(String regex) {
        return "\\b(?:" + regex + ")\\b";
    }

    /**
     * {@code -x} inside a text of many lines: the regex as a whole line of it. Not for records (each a
     * text of its own): {@code (?m:^)} never matches at the end of a text, so never in an empty record;
     * use {@link #wholeRecord} there.
     */
    public static String line(String regex) {
        return "(?m:^)(?:" + regex + ")(?m:$)";
    }

    /** {@code -x} over records (lines searched each as a text of its own): the regex as the whole record. */
    public static String wholeRecord(String regex) {
        return "^(?:" + regex + ")$";
    }

    /**
     * A log template, {@code <*>} marking a variable part (as the loghub samples write them), as an
     * unanchored regex: its literal parts in order, each written by {@code literal}, with {@code
     * between} for each {@code <*>} between two of them. A {@code <*>} at either end is dropped, since
     * an unanchored search needs none there; a template of wildcards only gives the empty string.
     */
    public static String template(String template, UnaryOperator<String> literal, String between) {
        String[] parts = template.split("<\\*>", -1);
        int first = 0;
        int last = parts.length - 1;
        while (first <= last && parts[first].isEmpty()) {
            first++;
        }
        while (last >= first && parts[last].isEmpty()) {
            last--;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = first; i <= last; i++) {
            sb.append(i > first ? between : "").append(literal.apply(parts[i]));
        }
        return sb.toString();
    }
}
