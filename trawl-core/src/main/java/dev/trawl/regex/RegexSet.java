package dev.trawl.regex;

import java.util.Arrays;
import java.util.List;

/**
 * The regexes of a pattern set, each parsed and simplified once, with the set's flags: what the regex
 * engines, the literal routing and the literal prefilter all start from, so no one parses a regex
 * again. Built by {@code PatternSet} (which knows which patterns are regexes); regex {@code i} reports
 * pattern id {@link #id(int)}. Immutable: the trees are never modified after parsing.
 */
public final class RegexSet {
    private final int[] ids;
    private final String[] sources;
    private final Regexp[] trees;
    private final int flags;

    public RegexSet(int[] ids, String[] sources, Regexp[] trees, int flags) {
        if (ids.length != sources.length || ids.length != trees.length) {
            throw new IllegalArgumentException("ids, sources and trees differ in length");
        }
        this.ids = ids.clone();
        this.sources = sources.clone();
        this.trees = trees.clone();
        this.flags = flags;
    }

    /** The parser flags for a set's options ({@code (?i)}, {@code (?m)}, {@code (?s)}). */
    public static int flags(boolean caseInsensitive, boolean multiline, boolean dotAll) {
        return (caseInsensitive ? Parser.CASE_INSENSITIVE : 0) | (multiline ? Parser.MULTILINE : 0)
                | (dotAll ? Parser.DOTALL : 0);
    }

    /** Parses and simplifies one regex the way every regex of a set is: the one place that does. */
    public static Regexp parse(String source, int flags) {
        return Simplify.trimLazyTail(Parser.parse(source, flags));
    }

    public int size() {
        return ids.length;
    }

    /** The pattern id regex {@code i} reports. */
    public int id(int i) {
        return ids[i];
    }

    public String source(int i) {
        return sources[i];
    }

    public Regexp tree(int i) {
        return trees[i];
    }

    public int flags() {
        return flags;
    }

    public boolean caseInsensitive() {
        return (flags & Parser.CASE_INSENSITIVE) != 0;
    }

    /** One program of all the regexes; regex {@code i} reports {@link #id(int)}. */
    public Prog compile() {
        return Compiler.compile(Arrays.asList(trees), ids, Arrays.asList(sources));
    }

    /** One program of regex {@code i} alone. */
    public Prog compile(int i) {
        return Compiler.compile(List.of(trees[i]), new int[] {ids[i]}, List.of(sources[i]));
    }
}
