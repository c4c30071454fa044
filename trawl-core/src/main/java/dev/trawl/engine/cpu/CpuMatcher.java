package dev.trawl.engine.cpu;

import dev.trawl.engine.NamedMatcher;
import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RecordScan;
import dev.trawl.scan.RecordSink;
import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.AsciiCase;

/**
 * The one {@link Matcher} every CPU engine returns: a {@link RangeSearcher} run by {@link ChunkedScan}.
 * Per-record answers ({@link RecordScan}) run on ranges of records on {@link MatcherOptions#threads()}
 * threads: the engine's own {@link RecordScan.RecordAnswers} where it gives them
 * ({@code cpu:aho-corasick}), else one scan of the records' bytes by the searcher.
 */
public final class CpuMatcher extends NamedMatcher {
    private final ChunkedScan scan;
    private final RangeSearcher searcher;
    private final RecordScan records;
    /** By byte value: 0 not yet known, 1 no pattern holds it, 2 some pattern does (see {@link #contains}). */
    private final byte[] held = new byte[256];

    public CpuMatcher(String engine, PatternSet patterns, MatcherOptions options, RangeSearcher searcher) {
        this(engine, patterns, options, searcher, null);
    }

    /**
     * A matcher whose per-record answers come from the engine's {@code answers} ({@code null}: one
     * scan of the records' bytes by the searcher); {@code scanRecords} keeps the searcher's ordered
     * scan either way.
     */
    public CpuMatcher(String engine, PatternSet patterns, MatcherOptions options, RangeSearcher searcher,
            RecordScan.RecordAnswers answers) {
        super(engine, patterns);
        int[] lengths = new int[patterns.size()];
        for (int id = 0; id < lengths.length; id++) {
            lengths[id] = patterns.length(id);
        }
        this.scan = new ChunkedScan(searcher, lengths, options);
        this.searcher = searcher;
        this.records = RecordScan.ofLiterals(searcher, scan::scan, answers, options);
    }

    /** The single-threaded searcher behind this matcher. */
    public RangeSearcher searcher() {
        return searcher;
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        return scan.scan(input.segment(), input.translate(sink));
    }

    @Override
    public long count(Input input) {
        return scan.count(input.segment());
    }

    /** True when anything matches; stops at the first match (for {@code -l}-style questions). */
    public boolean anyMatch(Input input) {
        return scan.anyMatch(input.segment());
    }

    /**
     * The number of records (lines, for {@code '\n'}) holding at least one match; each record is
     * walked only up to its first match, and no match is materialised (for {@code -c}-style counts).
     */
    @Override
    public long countMatchingRecords(Input input, byte separator) {
        return scan.countRecords(input.segment(), separator, contains(separator));
    }

    /** Reports each record holding a match, in order, as {@code [start, end)} offsets (chars for text inputs). */
    public boolean scanMatchingRecords(Input input, byte separator, RecordSink sink) {
        MatchSink translated = input.translate((id, s, e) -> sink.onRecord(s, e));
        return scan.scanRecords(input.segment(), separator, contains(separator), (s, e) -> translated.onMatch(0, s, e));
    }

    /**
     * Whether some pattern holds the byte (either case of a letter, for case-insensitive sets);
     * remembered, since a caller counting a stream batch by batch asks every time, and a million
     * words are megabytes to look through.
     */
    private boolean contains(byte b) {
        if (held[b & 0xFF] == 0) {
            held[b & 0xFF] = (byte) (lookFor(b) ? 2 : 1); // a benign race: every thread finds the same
        }
        return held[b & 0xFF] == 2;
    }

    private boolean lookFor(byte b) {
        PatternSet patterns = patterns();
        for (int id = 0; id < patterns.size(); id++) {
            for (byte x : patterns.bytes(id)) {
                if (x == b || patterns.caseInsensitive() && AsciiCase.fold(x) == AsciiCase.fold(b)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The per-record operations run through this engine's own record paths (see {@link RecordScan}). */
    @Override
    public RecordScan recordScan() {
        return records;
    }
}
