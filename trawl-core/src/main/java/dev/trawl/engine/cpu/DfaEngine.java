package dev.trawl.engine.cpu;

import dev.trawl.regex.DfaScanner;

/**
 * {@code cpu:dfa}: all regexes at once on a lazy reverse DFA that marks, at every position, the
 * paths that can still complete a match, and a forward pass that walks each regex's leftmost-first
 * match along them (see {@link DfaScanner}); regexes confined to a line that require a literal are
 * taken out first and found through that literal ({@link PrefilterScanner}); literal patterns on
 * Aho-Corasick; all merged in order. Linear in the text for any accepted pattern set, iteration
 * included; state cache of {@value DfaScanner#DEFAULT_BUDGET} bytes, with a fall back to the Pike VM
 * when it thrashes. Runs on several threads, a chunk of whole lines each, when no regex can match
 * or look across a newline (see {@link RegexMatcher}); on one otherwise.
 */
public final class DfaEngine extends RegexEngine {
    public static final String NAME = "cpu:dfa";

    public DfaEngine() {
        super(NAME, "regexes on a lazy reverse DFA plus guided forward walks (linear), literals on Aho-Corasick",
                set -> {
                    PrefilterScanner.Plan plan = new PrefilterScanner.Plan(set);
                    // Prefiltered regexes are confined to a line by construction; the rest are the dense program.
                    return new RegexMatcher.Scanners(() -> new PrefilterScanner(plan),
                            plan.dense == null || RegexMatcher.lineLocal(plan.dense));
                });
    }
}
