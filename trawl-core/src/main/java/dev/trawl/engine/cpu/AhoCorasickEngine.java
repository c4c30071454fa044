package dev.trawl.engine.cpu;

import dev.trawl.engine.NamedEngine;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;

/**
 * {@code cpu:aho-corasick}: one pass over the text through a full Aho-Corasick automaton (see
 * {@link AhoCorasickAutomaton} for the table layout), with a prefilter in front for sets it suits.
 * Handles any set size; the default CPU engine. The scan itself, four interleaved walks per range or
 * one walk that the prefilter moves, is {@link AhoCorasickSearcher}'s; the per-record answers
 * (the automaton restarted at each record, a record left at its first match) are
 * {@link AhoCorasickRecords}'.
 *
 * <h2>Prefilter</h2>
 * {@link Prefilters#choose} decides once per set; the filter, when there is one, names candidate
 * start positions and the automaton runs only around them (see {@link AhoCorasickPrefilteredWalk}):
 * <ul>
 *   <li>up to {@value Prefilters#MAX_PATTERNS} patterns whose first 1-4 bytes are rare in typical text
 *       (estimated to fire at under {@value Prefilters#MAX_RATE} of positions; names, identifiers,
 *       capitalised words): the Teddy fingerprint, 32 or 64 positions per vector step with the
 *       {@code jdk.incubator.vector} module, or its scalar form without it;</li>
 *   <li>otherwise, sets whose shortest pattern has 8 bytes or more and that are not too large for
 *       it: the block q-gram filter ({@link dev.trawl.prefilter.BlockGrams}), a hashed 5-byte gram
 *       looked at every {@code min length - 4} bytes (long words, absent or not);</li>
 *   <li>otherwise, sets whose shortest pattern has 8 bytes or more, when a 4-byte-gram shift table
 *       is expected to move at least {@value Prefilters#FAR_SHIFT} bytes per look: Wu-Manber
 *       skipping;</li>
 *   <li>otherwise, a hundred to about 800 words whose first 8 bytes (as letter pairs) are estimated
 *       to pass rarely: the FDR shift-or filter, 4 buckets for up to a few hundred words and 8
 *       beyond (under {@value Prefilters#FDR_MAX_RATE} of positions), confirmed on hashed
 *       prefixes;</li>
 *   <li>otherwise Wu-Manber when it moves at least {@value Prefilters#MIN_SHIFT} bytes per look;</li>
 *   <li>otherwise (short common words, large dictionaries) no filter: the plain lockstep walk.</li>
 * </ul>
 * A filtered walk that steps through more than a quarter of a block's bytes hands the rest of the
 * block to the plain walk, so a filter that misjudged the input costs little.
 *
 * <p>Cost: with a filter, a few tenths of a nanosecond per byte plus tens of nanoseconds per
 * candidate; without, about one L1/L2 load per byte plus the matches (deep states of very large sets
 * add a short search and failure links, rarely, in real text). Memory near 90 bytes per pattern
 * for a million dictionary words, compiled in about 4 seconds; with
 * {@link MatcherOptions#compileCache()} set, the tables of a large set are read back from there the
 * next time ({@link AutomatonCache}).
 */
public final class AhoCorasickEngine extends NamedEngine {
    public static final String NAME = "cpu:aho-corasick";

    public AhoCorasickEngine() {
        super(NAME, "Aho-Corasick automaton (dense rows near the root, compact records below), four interleaved walks"
                + " per thread, Teddy, block q-gram, FDR or Wu-Manber prefilter where the set suits one");
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        AhoCorasickSearcher searcher = searcher(AutomatonCache.compile(patterns, options.compileCache()));
        return new CpuMatcher(NAME, patterns, options, searcher, new AhoCorasickRecords(searcher));
    }

    /**
     * The searcher over a compiled automaton, with the prefilter its set suits (the regex engines'
     * literal scans, benchmarks and tests use it directly).
     */
    static AhoCorasickSearcher searcher(AhoCorasickAutomaton ac) {
        return new AhoCorasickSearcher(ac, Prefilters.choose(ac.patterns()));
    }

    /** The searcher with a given prefilter ({@code null}: none), whatever the set would choose. */
    static AhoCorasickSearcher searcher(AhoCorasickAutomaton ac, Prefilter prefilter) {
        return new AhoCorasickSearcher(ac, prefilter);
    }
}
