package dev.trawl.engine.cpu;

import dev.trawl.regex.PikeScanner;
import dev.trawl.regex.Prog;

/**
 * {@code cpu:pike}: every regex run on its own Pike VM ({@link dev.trawl.regex.PikeVm}), literals on
 * Aho-Corasick, merged in order. Time O(text x program) per regex, no backtracking, whatever the
 * pattern; it grows with the number of regexes, so it is the reference and the fallback, not the
 * fast path. Threads as {@code cpu:dfa} (see {@link RegexMatcher}).
 */
public final class PikeEngine extends RegexEngine {
    public static final String NAME = "cpu:pike";

    public PikeEngine() {
        super(NAME, "regexes on a Pike VM each (linear time, the reference), literals on Aho-Corasick",
                set -> {
                    Prog prog = set.regexes().compile();
                    return new RegexMatcher.Scanners(() -> new PikeScanner(prog), RegexMatcher.lineLocal(prog));
                });
    }
}
