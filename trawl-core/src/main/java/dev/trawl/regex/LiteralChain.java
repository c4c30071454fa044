package dev.trawl.regex;

import dev.trawl.automaton.ByteFrequencies;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A regex of the shape {@code L1 .* L2 .* ... Lk} (or all {@code .*?}), literals {@code Li} joined
 * by "any run of non-newline characters", searched in one line of ASCII text without an automaton:
 * what a log template becomes once {@code <*>} is {@code .*} or {@code .*?}.
 *
 * <p>Why it is exact ({@code find()} semantics, leftmost-first): a match can only start where
 * {@code L1} occurs, and if one exists from a start s it exists from every earlier occurrence too
 * (its later literals lie after that one's {@code L1} as well); so the match starts at the first
 * occurrence of {@code L1} from the search position, or there is none in the rest of the line. With a
 * gap before {@code L1} (a template opening with {@code <*>}) a match exists from the search position
 * exactly when one exists from that first occurrence, and starts at the search position.
 * From there the quantifiers choose, in priority order:
 * <ul>
 *   <li>lazy {@code .*?}: each next literal at its first occurrence after the previous one (if the
 *       rest fails from the first, it fails from any later one);
 *   <li>greedy {@code .*}: each literal at its last occurrence that leaves room for the ones after
 *       it, found from the last literal backwards, and the match ends at the last literal's end (a
 *       trailing {@code .*} runs on to the line's end).
 * </ul>
 * The text must be ASCII: {@code .} consumes whole UTF-8 code points, which an invalid byte is not;
 * on ASCII every byte but a newline is one. Callers fall back to the automaton otherwise.
 *
 * <p>Each literal is searched for by its rarest byte ({@link ByteFrequencies}), eight bytes of the line
 * at a time ({@link WordScan}), and compared in full where that byte occurs.
 */
public final class LiteralChain {
    private final byte[][] literals;
    private final int[] anchors; // per literal: the offset of its rarest byte, looked for first
    private final boolean greedy;
    private final boolean runsToLineEnd; // greedy, ending in .*
    private final boolean startsWithGap; // a gap before the first literal: matches start at the search position

    private LiteralChain(byte[][] literals, boolean greedy, boolean runsToLineEnd, boolean startsWithGap) {
        this.literals = literals;
        this.anchors = new int[literals.length];
        for (int i = 0; i < literals.length; i++) {
            anchors[i] = rarestByte(literals[i]);
        }
        this.greedy = greedy;
        this.runsToLineEnd = runsToLineEnd;
        this.startsWithGap = startsWithGap;
    }

    /** The chain this regex is, or empty when it has another shape (or mixes greedy and lazy gaps). */
    public static Optional<LiteralChain> of(Regexp re) {
        List<Regexp> items = re.op == Regexp.Op.CONCAT ? re.subs : List.of(re);
        List<byte[]> lits = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        Boolean greedy = null;
        boolean gapLast = false;
        boolean gapFirst = false;
        for (Regexp item : items) {
            if (item.op == Regexp.Op.LITERAL) {
                run.appendCodePoint(item.codePoint);
                gapLast = false;
            } else if (isAnyRun(item)) {
                gapFirst |= run.isEmpty() && lits.isEmpty();
                if (greedy != null && greedy != item.greedy) {
                    return Optional.empty();
                }
                greedy = item.greedy;
                if (!run.isEmpty()) {
                    lits.add(run.toString().getBytes(StandardCharsets.UTF_8));
                    run.setLength(0);
                }
                gapLast = true;
            } else {
                return Optional.empty();
            }
        }
        if (!run.isEmpty()) {
            lits.add(run.toString().getBytes(StandardCharsets.UTF_8));
        }
        if (lits.isEmpty() || (gapLast && greedy != Boolean.TRUE)) {
            return Optional.empty();
        }
        return Optional.of(new LiteralChain(lits.toArray(new byte[0][]), greedy == Boolean.TRUE, gapLast, gapFirst));
    }

    /**
     * The literals, in order, of a regex that is a chain as far as whether it matches at all in a line
     * goes: literals joined by {@code .*} or {@code .*?}, greedy and lazy mixed as they come, with any
     * number of such gaps before the first literal and after the last (in {@link #of}'s terms: the
     * existence question, not the span). Neither a gap's greediness nor a leading or trailing gap
     * changes whether a match exists, only where it starts and ends; so an ASCII line holds a match
     * exactly when it holds these literals in this order without overlap, which taking each at its
     * first occurrence after the previous one finds if any placement does. An empty list: the regex
     * matches the empty string, so every record holds a match. Empty when the regex has another shape.
     */
    public static Optional<List<byte[]>> literalsInOrder(Regexp re) {
        List<Regexp> items = switch (re.op) {
            case CONCAT -> re.subs;
            case EMPTY -> List.of();
            default -> List.of(re);
        };
        List<byte[]> lits = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        for (Regexp item : items) {
            if (item.op == Regexp.Op.LITERAL) {
                run.appendCodePoint(item.codePoint);
                continue;
            }
            if (!isAnyRun(item)) {
                return Optional.empty();
            }
            if (!run.isEmpty()) {
                lits.add(run.toString().getBytes(StandardCharsets.UTF_8));
                run.setLength(0);
            }
        }
        if (!run.isEmpty()) {
            lits.add(run.toString().getBytes(StandardCharsets.UTF_8));
        }
        return Optional.of(lits);
    }

    /** {@code .*} or {@code .*?} without {@code (?s)}: any code point but a newline, any number of times. */
    private static boolean isAnyRun(Regexp re) {
        if (re.op != Regexp.Op.REPEAT || re.min != 0 || re.max != -1) {
            return false;
        }
        Regexp sub = re.subs.get(0);
        return sub.op == Regexp.Op.CLASS && sub.ranges.length == 4 && sub.ranges[0] == 0 && sub.ranges[1] == '\n' - 1
                && sub.ranges[2] == '\n' + 1 && sub.ranges[3] == Character.MAX_CODE_POINT;
    }

    /** Whether {@code line[from, to)} is all ASCII, as {@link #findAll} needs. */
    public static boolean ascii(byte[] line, int from, int to) {
        return WordScan.ascii(line, from, to);
    }

    /** Receives one match, offsets into the line's array. */
    public interface Found {
        void match(int start, int end);
    }

    /**
     * Every {@code find()} match in {@code line[from, to)}, which must be ASCII and hold no newline.
     */
    public void findAll(byte[] line, int from, int to, Found found) {
        int pos = from;
        while (pos < to) {
            int first = indexOf(literals[0], anchors[0], line, pos, to);
            if (first < 0) {
                return;
            }
            // A leading gap starts the match at the search position (it can take any bytes of the line);
            // lazy, it ends where the first literal first occurs, greedy, where it last does with room
            // for the rest: then the first literal is placed with the others.
            int s = startsWithGap ? pos : first;
            int end = greedy ? greedyEnd(line, startsWithGap ? pos : first + literals[0].length, to, startsWithGap ? 0 : 1)
                    : lazyEnd(line, first + literals[0].length, to);
            if (end < 0) {
                return; // none from s, so none from any later start
            }
            found.match(s, end);
            pos = end; // matches are never empty
        }
    }

    private int lazyEnd(byte[] line, int at, int to) {
        for (int i = 1; i < literals.length; i++) {
            int p = indexOf(literals[i], anchors[i], line, at, to);
            if (p < 0) {
                return -1;
            }
            at = p + literals[i].length;
        }
        return at;
    }

    /** Literals {@code [firstPlaced, k)} each at its last occurrence in {@code [lower, to)} with room for the ones after it. */
    private int greedyEnd(byte[] line, int lower, int to, int firstPlaced) {
        int limit = to; // the literal being placed must end by here
        int end = -1;
        for (int i = literals.length - 1; i >= firstPlaced; i--) {
            int p = lastIndexOf(literals[i], anchors[i], line, lower, limit);
            if (p < 0) {
                return -1;
            }
            if (end < 0) {
                end = p + literals[i].length;
            }
            limit = p;
        }
        if (end < 0) {
            end = lower; // a single literal
        }
        return runsToLineEnd ? to : end;
    }

    /**
     * The offset of {@code lit}'s rarest byte by {@link ByteFrequencies} (the first of equals): the
     * searches below look for it before comparing the rest, so that a literal starting with a space
     * or a common letter does not stop the scan at every space or common letter of the line.
     */
    static int rarestByte(byte[] lit) {
        int best = 0;
        for (int k = 1; k < lit.length; k++) {
            if (ByteFrequencies.of(lit[k]) < ByteFrequencies.of(lit[best])) {
                best = k;
            }
        }
        return best;
    }

    /** The first occurrence of {@code lit} in {@code a[from, to)}, or -1; {@code anchor}: any offset into it. */
    static int indexOf(byte[] lit, int anchor, byte[] a, int from, int to) {
        byte x = lit[anchor];
        for (int i = from + anchor, end = to - lit.length + anchor + 1; i < end; i++) {
            i = dev.trawl.scan.ByteSearch.indexOf(a, x, i, end);
            if (i < 0) {
                return -1;
            }
            if (same(lit, a, i - anchor)) {
                return i - anchor;
            }
        }
        return -1;
    }

    /** The last occurrence of {@code lit} lying in {@code a[from, to)}, or -1; {@code anchor}: any offset into it. */
    static int lastIndexOf(byte[] lit, int anchor, byte[] a, int from, int to) {
        byte x = lit[anchor];
        for (int i = to - lit.length + anchor + 1, first = from + anchor; i > first; ) {
            i = dev.trawl.scan.ByteSearch.lastIndexOf(a, x, first, i);
            if (i < 0) {
                return -1;
            }
            if (same(lit, a, i - anchor)) {
                return i - anchor;
            }
        }
        return -1;
    }

    private static boolean same(byte[] lit, byte[] a, int at) {
        for (int k = 0; k < lit.length; k++) {
            if (a[at + k] != lit[k]) {
                return false;
            }
        }
        return true;
    }
}
