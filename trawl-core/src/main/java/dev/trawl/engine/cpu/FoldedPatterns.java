package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;

/**
 * The per-pattern engines' view of a case-insensitive set: they fold the range they copy
 * ({@link dev.trawl.scan.RangeBytes#copy}) and the patterns alike to lower case once, so their loops
 * compare plain bytes. A case-sensitive set is left as it is, at no cost.
 */
final class FoldedPatterns {
    private FoldedPatterns() {}

    /** The table to copy a range through: ASCII folding for a case-insensitive set, else {@code null} (no mapping). */
    static byte[] textFold(PatternSet patterns) {
        return patterns.caseInsensitive() ? AsciiCase.table(true) : null;
    }

    /** Each pattern's bytes, folded to lower case for a case-insensitive set (copies; the set's own stay). */
    static byte[][] bytes(PatternSet patterns) {
        byte[][] out = new byte[patterns.size()][];
        for (int id = 0; id < out.length; id++) {
            byte[] p = patterns.bytes(id);
            if (patterns.caseInsensitive()) {
                p = p.clone();
                for (int k = 0; k < p.length; k++) {
                    p[k] = AsciiCase.fold(p[k]);
                }
            }
            out[id] = p;
        }
        return out;
    }
}
