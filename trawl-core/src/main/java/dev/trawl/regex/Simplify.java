package dev.trawl.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites that keep every match span the same but make the automata smaller.
 *
 * <p>{@link #trimLazyTail}: a lazy repetition at the very end of a regex takes its minimum count,
 * since the first thing it tries after that is to end the match, which always succeeds; so
 * {@code x*?}, {@code x??} and {@code x{n,m}?} in final position become {@code x{0}} (nothing) and
 * {@code x{n}}. Log templates converted with {@code <*>} as {@code .*?} end that way often, and a
 * trailing {@code .*?} would otherwise put its byte instructions into every reverse DFA state.
 */
public final class Simplify {
    private Simplify() {}

    public static Regexp trimLazyTail(Regexp re) {
        switch (re.op) {
            case REPEAT:
                if (!re.greedy) {
                    return re.min == 0 ? Regexp.empty() : Regexp.repeat(re.subs.get(0), re.min, re.min, true);
                }
                return re;
            case CONCAT: {
                List<Regexp> items = new ArrayList<>(re.subs);
                while (!items.isEmpty()) {
                    Regexp last = items.get(items.size() - 1);
                    Regexp trimmed = trimLazyTail(last);
                    if (trimmed.op == Regexp.Op.EMPTY) {
                        items.remove(items.size() - 1);
                        continue;
                    }
                    items.set(items.size() - 1, trimmed);
                    break;
                }
                return Regexp.concat(items);
            }
            case ALTERNATE: {
                List<Regexp> alts = new ArrayList<>();
                for (Regexp a : re.subs) {
                    alts.add(trimLazyTail(a));
                }
                return Regexp.alternate(alts);
            }
            default:
                return re;
        }
    }
}
