package dev.trawl.regex;

import dev.trawl.PatternSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Compiles the regex patterns of a {@link PatternSet} into one {@link Prog}, with the set's options as flags. */
public final class RegexPrograms {
    private RegexPrograms() {}

    /** The flags the set's options stand for. */
    public static int flags(PatternSet set) {
        return (set.caseInsensitive() ? Parser.CASE_INSENSITIVE : 0) | (set.multiline() ? Parser.MULTILINE : 0)
                | (set.dotAll() ? Parser.DOTALL : 0);
    }

    /** The program of the set's regex patterns (literal ones are left out); regex i reports its pattern id. */
    public static Prog compile(PatternSet set) {
        int flags = flags(set);
        List<Regexp> res = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        int[] ids = new int[set.regexCount()];
        for (int id = 0; id < set.size(); id++) {
            if (set.isRegex(id)) {
                String src = new String(set.bytes(id), StandardCharsets.UTF_8);
                ids[res.size()] = id;
                res.add(Simplify.trimLazyTail(Parser.parse(src, flags)));
                sources.add(src);
            }
        }
        return Compiler.compile(res, ids, sources);
    }
}
