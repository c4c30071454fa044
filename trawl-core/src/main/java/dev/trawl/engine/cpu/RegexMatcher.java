package dev.trawl.engine.cpu;

import dev.trawl.engine.NamedMatcher;
import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.RecordCursor;
import dev.trawl.scan.RecordScan;
import dev.trawl.scan.RecordVisitor;
import dev.trawl.scan.SpanBuffer;
import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.regex.Assertion;
import dev.trawl.regex.Prog;
import dev.trawl.regex.RegexScanner;
import dev.trawl.regex.Text;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The matcher of the regex engines: the set's regexes go to a {@link RegexScanner}, its literals to
 * an Aho-Corasick automaton, and the two ordered streams are merged. Literal matches are found a
 * window at a time just ahead of the regex matches, so memory stays bounded by the matches of one
 * window.
 *
 * <p>Threads: a regex's matches depend on where its previous match ended, so a text cannot be cut
 * anywhere. It can be cut just after a newline when no regex can match or look across one: when no
 * regex consumes {@code '\n'} and none uses {@code \A}, {@code \z} or {@code $} without
 * {@code (?m)} (whose meaning depends on where the text ends). Then every match lies within a line,
 * each line's matches are the same whether the scan starts at the text's start or at the line's, and
 * line-aligned chunks run on {@link MatcherOptions#threads()} threads, delivered in order
 * ({@link ChunkedScan#runChunks}). {@code \b}, {@code (?m)^} and {@code (?m)$} see the same bytes at
 * a chunk's edges as in the whole text, because a chunk starts after a newline and its matches end
 * at or before its last newline. Other sets are scanned on the calling thread.
 *
 * <p>Records ({@link RecordScan}, on {@link MatcherOptions#threads()} threads over ranges of
 * records): each record is a text of its own to the regex scanner, its edges the text's edges;
 * literal patterns are found by one search over a range of records, occurrences that run past
 * their record's end dropped. {@code cpu:dfa}'s scanner also finds its prefilter literals in one
 * search per range ({@link PrefilterScanner#scanRecords}). {@code anyMatch} and {@code firstMatch}
 * leave a record at its first match.
 */
final class RegexMatcher extends NamedMatcher {
    private static final long WINDOW = 1 << 20;
    /** Literals beside regexes: {@link LiteralStream} packs a literal's index into 24 bits. */
    static final int MAX_LITERALS = (1 << 24) - 1;
    private static final int NEEDS_WHOLE_TEXT = Assertion.BEGIN_TEXT.bit() | Assertion.END_TEXT.bit()
            | Assertion.END_TEXT_OR_FINAL_NEWLINE.bit();

    private final MatcherOptions options;
    private final Supplier<RegexScanner> scanners; // null when the set has no regex
    private final ConcurrentLinkedQueue<RegexScanner> pool = new ConcurrentLinkedQueue<>();
    private final boolean lineLocal;
    private final AhoCorasickSearcher literals; // null when the set has no literal
    private final int[] literalIds; // literal-subset index -> pattern id
    private final int[] literalLengths;
    private final RecordScan records;

    RegexMatcher(String engine, PatternSet patterns, MatcherOptions options,
            Function<PatternSet, Scanners> scanner) {
        super(engine, patterns);
        this.options = options;
        int nLit = patterns.size() - patterns.regexCount();
        if (nLit > MAX_LITERALS) {
            throw new PatternLimitException(engine + " takes at most " + MAX_LITERALS
                    + " literal patterns beside regexes (its merge buffer packs 24-bit indexes); this set has " + nLit,
                    nLit, MAX_LITERALS);
        }
        Scanners compiled = patterns.hasRegex() ? scanner.apply(patterns) : null;
        this.scanners = compiled == null ? null : compiled.supplier();
        this.lineLocal = compiled == null || compiled.lineLocal();
        if (nLit > 0) {
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(patterns.caseInsensitive());
            literalIds = new int[nLit];
            literalLengths = new int[nLit];
            int k = 0;
            for (int id = 0; id < patterns.size(); id++) {
                if (!patterns.isRegex(id)) {
                    b.add(patterns.bytes(id));
                    literalIds[k] = id;
                    literalLengths[k++] = patterns.length(id);
                }
            }
            literals = AhoCorasickEngine.searcher(AhoCorasickAutomaton.compile(b.build()));
        } else {
            literals = null;
            literalIds = null;
            literalLengths = null;
        }
        this.records = RecordScan.of(this::findRecords, options);
    }

    /**
     * What an engine compiles a set's regexes to: a new scanner per scanning thread, and whether
     * every match lies within a line ({@link #lineLocal(Prog)} of its programs), which the engine
     * knows from the programs it compiled anyway.
     */
    record Scanners(Supplier<RegexScanner> supplier, boolean lineLocal) {}

    /** Whether every match of the program lies within a line and is found from the line's start alone. */
    static boolean lineLocal(Prog prog) {
        return !prog.anyAccepts('\n') && (prog.usedAssertions() & NEEDS_WHOLE_TEXT) == 0;
    }

    @Override
    public boolean scan(Input input, MatchSink sink) {
        MemorySegment text = input.segment();
        MatchSink out = input.translate(sink);
        long n = text.byteSize();
        long chunk = ChunkedScan.chunkSize(options, n, ChunkedScan.BALANCED_CHUNKS_PER_THREAD);
        int threads = ChunkedScan.threadsFor(options, text);
        if (!lineLocal || threads == 1 || chunk >= n) {
            boolean done = run(text, 0, n, out);
            options.progress().bytesDone(n, n);
            return done;
        }
        AtomicLong done = new AtomicLong();
        return ChunkedScan.runChunks(n, chunk, threads, end -> ChunkedScan.alignToRecord(text, end, (byte) '\n'),
                (from, to) -> () -> {
                    SpanBuffer found = new SpanBuffer(); // in order, until the chunks before are delivered
                    run(text, from, to, found);
                    options.progress().bytesDone(done.addAndGet(to - from), n);
                    return found;
                }, found -> found.drainTo(out));
    }

    @Override
    public long count(Input input) {
        MemorySegment text = input.segment();
        long n = text.byteSize();
        long chunk = ChunkedScan.chunkSize(options, n, ChunkedScan.BALANCED_CHUNKS_PER_THREAD);
        int threads = ChunkedScan.threadsFor(options, text);
        if (!lineLocal || threads == 1 || chunk >= n) {
            return countRange(text, 0, n);
        }
        return ChunkedScan.countChunks(options, text, chunk, threads,
                end -> ChunkedScan.alignToRecord(text, end, (byte) '\n'), this::countRange);
    }

    private long countRange(MemorySegment text, long from, long to) {
        long[] n = new long[1];
        run(text, from, to, (id, s, e) -> {
            n[0]++;
            return true;
        });
        return n[0];
    }

    /**
     * The matches starting in {@code [from, to)}, in order; the regexes see {@code [from, to)} as their
     * text. {@code from} is 0 or a line start, and so is {@code to}, or it is the text's end.
     */
    private boolean run(MemorySegment text, long from, long to, MatchSink sink) {
        LiteralStream lits = literals == null ? null : new LiteralStream(text, from, to);
        if (scanners != null) {
            // An empty match at a chunk's end belongs to the next chunk, which starts there.
            long owned = to == text.byteSize() ? Long.MAX_VALUE : to;
            MatchSink regexSink = lits == null ? sink : (id, s, e) -> lits.drainBefore(s, id, sink) && sink.onMatch(id, s, e);
            MatchSink merged = owned == Long.MAX_VALUE ? regexSink : (id, s, e) -> s >= owned || regexSink.onMatch(id, s, e);
            RegexScanner s = pool.poll();
            if (s == null) {
                s = scanners.get();
            }
            try {
                if (!s.scan(new Text(text, from, to), merged)) {
                    return false;
                }
            } finally {
                pool.add(s); // keeps its DFA states warm for the next scan
            }
        }
        return lits == null || lits.drainBefore(Long.MAX_VALUE, Integer.MAX_VALUE, sink);
    }

    /**
     * The matches of records {@code [from, to)}, each record a text of its own, in order; a record
     * is left once {@code v} is done with it.
     */
    private void findRecords(Records records, int from, int to, RecordVisitor v) {
        RecordLiterals lits = literals == null ? null : new RecordLiterals(records, from, to);
        int[] done = {-1}; // the last record v is done with (records come in order)
        RecordVisitor out = (r, id, s, e) -> {
            if (r == done[0]) {
                return false;
            }
            if (!v.onMatch(r, id, s, e)) {
                done[0] = r;
                return false;
            }
            return true;
        };
        if (scanners != null) {
            RecordVisitor regexes = lits == null ? out : (r, id, s, e) -> {
                lits.deliverBefore(r, s, id, out);
                return out.onMatch(r, id, s, e);
            };
            RegexScanner sc = pool.poll();
            if (sc == null) {
                sc = scanners.get();
            }
            try {
                if (sc instanceof PrefilterScanner p) {
                    p.scanRecords(records, from, to, regexes);
                } else {
                    MemorySegment data = records.data();
                    for (int r = from; r < to; r++) {
                        int record = r;
                        long rs = records.start(r);
                        sc.scan(new Text(data, rs, records.end(r)), (id, s, e) -> regexes.onMatch(record, id, s - rs, e - rs));
                    }
                }
            } finally {
                pool.add(sc);
            }
        }
        if (lits != null) {
            lits.deliverBefore(Integer.MAX_VALUE, 0, 0, out);
        }
    }

    /**
     * The literal patterns' matches in records {@code [from, to)}: one search over their bytes, in
     * order, each put in its record, those that run past their record's end dropped.
     */
    private final class RecordLiterals {
        private int[] record = new int[64];
        private long[] start = new long[64]; // inside the record
        private int[] subset = new int[64]; // literal-subset index
        private int size;
        private int next;

        RecordLiterals(Records records, int from, int to) {
            long lo = records.start(from);
            long hi = records.end(to - 1);
            if (hi <= lo) {
                return;
            }
            if (literalIds.length >= 1 << 24 || hi - lo >= 1L << 39) {
                throw new dev.trawl.TrawlException("too many literal patterns or bytes in one range of records");
            }
            long[][] packed = {new long[64]}; // (start - lo) << 24 | subset index
            int[] n = {0};
            literals.search(records.data(), lo, hi, (k, s, e) -> {
                if (n[0] == packed[0].length) {
                    packed[0] = Arrays.copyOf(packed[0], n[0] * 2);
                }
                packed[0][n[0]++] = (s - lo) << 24 | k;
                return true;
            });
            long[] p = packed[0];
            Arrays.sort(p, 0, n[0]);
            RecordCursor c = new RecordCursor(records, from, to);
            for (int i = 0; i < n[0]; i++) {
                long s = lo + (p[i] >>> 24);
                int k = (int) (p[i] & 0xFFFFFF);
                int r = c.recordOf(s);
                long rs = c.start();
                if (s + literalLengths[k] <= c.end()) {
                    if (size == record.length) {
                        record = Arrays.copyOf(record, size * 2);
                        start = Arrays.copyOf(start, size * 2);
                        subset = Arrays.copyOf(subset, size * 2);
                    }
                    record[size] = r;
                    start[size] = s - rs;
                    subset[size++] = k;
                }
            }
        }

        /** Hands {@code out} the matches ordered before (record r, start s, pattern id). */
        void deliverBefore(int r, long s, int id, RecordVisitor out) {
            while (next < size) {
                int rec = record[next];
                long st = start[next];
                int pid = literalIds[subset[next]];
                if (rec > r || rec == r && (st > s || st == s && pid >= id)) {
                    return;
                }
                out.onMatch(rec, pid, st, st + literalLengths[subset[next]]);
                next++;
            }
        }
    }

    /** The literal matches in order, found a window of start positions at a time. */
    private final class LiteralStream {
        private final MemorySegment text;
        private final long end; // starts from here on belong to the next chunk
        private long windowEnd; // starts below this are in the buffer or delivered
        private long[] packed = new long[64]; // start << 24 | subset index, sorted
        private int size;
        private int next;

        LiteralStream(MemorySegment text, long from, long to) {
            this.text = text;
            this.windowEnd = from;
            this.end = to;
        }

        /** Delivers the literal matches ordered before (start, id); false when the sink stopped. */
        boolean drainBefore(long start, int id, MatchSink sink) {
            while (true) {
                while (next < size) {
                    long v = packed[next];
                    long s = v >>> 24;
                    int k = (int) (v & 0xFFFFFF);
                    int pid = literalIds[k];
                    if (s > start || (s == start && pid >= id)) {
                        return true;
                    }
                    next++;
                    if (!sink.onMatch(pid, s, s + literalLengths[k])) {
                        return false;
                    }
                }
                if (windowEnd >= end || windowEnd > start) {
                    return true;
                }
                fill();
            }
        }

        private void fill() {
            long from = windowEnd;
            long to = Math.min(end, from + WINDOW);
            size = 0;
            next = 0;
            literals.search(text, from, to, (k, s, e) -> {
                if (size == packed.length) {
                    packed = Arrays.copyOf(packed, size * 2);
                }
                packed[size++] = s << 24 | k;
                return true;
            });
            Arrays.sort(packed, 0, size);
            windowEnd = to;
        }
    }

    /** The per-record operations run through this engine's own record paths (see {@link RecordScan}). */
    @Override
    public RecordScan recordScan() {
        return records;
    }
}
