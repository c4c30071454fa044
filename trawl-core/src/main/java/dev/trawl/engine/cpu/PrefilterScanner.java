package dev.trawl.engine.cpu;

import dev.trawl.scan.RecordCursor;
import dev.trawl.scan.RecordVisitor;
import dev.trawl.scan.SpanBuffer;
import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.regex.Assertion;
import dev.trawl.regex.Compiler;
import dev.trawl.regex.DfaScanner;
import dev.trawl.regex.LiteralChain;
import dev.trawl.regex.LiteralExtractor;
import dev.trawl.regex.Prog;
import dev.trawl.regex.RegexSet;
import dev.trawl.regex.RegexScanner;
import dev.trawl.regex.Regexp;
import dev.trawl.regex.Text;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The regex scanner of {@code cpu:dfa}: regexes that stay within a line and require a literal of
 * at least {@value #MIN_LITERAL} bytes (any literal, for a {@link LiteralChain}) are found through
 * that literal, the rest on one combined {@link DfaScanner}.
 *
 * <p>Why: a combined DFA over many regexes that each skip ahead with {@code .*?} (log templates)
 * needs a state per combination of their partial progress, which no bounded cache holds. A
 * prefiltered regex costs nothing on lines that lack its literal: Aho-Corasick finds the literals of
 * all of them in one pass, and each line holding a regex's literal is then searched by that regex
 * alone, as a text of its own: by literal search when it is a {@link LiteralChain} and the line is
 * ASCII (most converted log templates; cheap enough that a one-byte filter literal pays off too),
 * on its own small DFA otherwise. The literal a regex is found through is {@link FilterLiteral}'s
 * choice among the factors of the literals it requires: the rarest, cut to {@value
 * FilterLiteral#MAX_BYTES} bytes and shared with as few other regexes as it can be, which keeps the Aho-Corasick walk in a small, cache-resident
 * automaton (1,734 loghub templates over 128 MiB of their logs, {@code matchedPatterns} on one
 * thread of a 2-core EPYC: 89-100 MB/s with each regex's longest literal, 147 MB/s with the cut
 * factor and {@link LiteralChain}'s word-at-a-time searches). That is exact because such a regex can neither
 * consume a newline nor see past one: regexes that use {@code \A}, {@code \z}, {@code $} (without
 * {@code (?m)}) or {@code (?m)^} (whose meaning at a line's end depends on the text around it) stay
 * on the combined DFA. Lines are visited in order and each regex's matches on a line are its
 * {@code find()} matches there, so the merged stream keeps the contract's order.
 *
 * <p>Hits: the literal searcher reports in order of start, so its hits come line by line (record by
 * record). A literal's hits on a line after its first are dropped at one compare ({@link #lastSeen},
 * the stamp of the line it last queued its regexes on), and each line is verified once, as the hits
 * move past it, with no buffer of hits to sort. Chains found through one byte are not searched for
 * at all but verified on every line ({@link Plan#everyLine}): the loghub template {@code :.* .*:.* .*:}
 * had 3.9M of the 5M hits per 128 MiB, 3.6 a line, each a report of the literal walk. Measured on the
 * loghub templates (1,734 regexes over 128 MiB of their logs, {@code matchedPatterns}, a 2-core EPYC,
 * against native Hyperscan in the same runs): one thread 136-155 MB/s (0.99-1.10x Hyperscan) before,
 * 165-171 MB/s (1.18-1.25x) after; two threads 282-298 MB/s (1.00-1.07x) before, 327-348 MB/s
 * (1.16-1.27x) after. What is left: the literal walk about 45% of the time, verifying lines about 35%.
 *
 * <p>Memory: a scanner serves one thread at a time, so what a scan works in is its own and kept from
 * call to call (the chains' match sink, the record merge, the hit arrays, the literal searcher's
 * {@linkplain AhoCorasickSearcher.Scratch scratch}, about a megabyte); nothing is allocated per hit or
 * per chain searched, and per line only the view of a line handed to a DFA. Threads that each
 * allocate per line share the collector and the memory bus: {@code matchedPatterns} over the 128 MiB
 * above allocated 2.1 bytes per input byte (292 per line) and now 0.17 (24 per line, the answer's own
 * arrays); {@code count}, 188 bytes per line and now under one.
 */
final class PrefilterScanner implements RegexScanner {
    static final int MIN_LITERAL = 3;
    /** At most this many chains found through one byte are verified on every line instead (see {@link Plan#everyLine}). */
    static final int MAX_EVERY_LINE = 4;
    private static final long WINDOW = 1 << 20;
    private static final int NOT_ON_A_LINE_ALONE = Assertion.BEGIN_TEXT.bit() | Assertion.END_TEXT.bit()
            | Assertion.END_TEXT_OR_FINAL_NEWLINE.bit() | Assertion.BEGIN_LINE.bit();

    /** What a set compiles to; shared by the scanners of one matcher. */
    static final class Plan {
        final Prog dense; // null when every regex is prefiltered
        final Prog[] filtered; // one program per prefiltered regex
        final int[] filteredIds;
        final LiteralChain[] chains; // per prefiltered regex: its literal chain, or null
        final AhoCorasickAutomaton literals;
        /** The filter literals' searcher (null when there are none): immutable, so built once, not per thread. */
        final AhoCorasickSearcher searcher;
        final int[][] regexesOfLiteral;
        /**
         * Prefiltered chains whose filter literal is a single byte, verified on every line (record)
         * without a literal search: such a byte ({@code :} in {@code :.* .*:.* .*:}) tends to be on
         * most lines several times, and each hit costs the literal walk a report, more than a
         * word-at-a-time look for the byte on a line that lacks it.
         */
        final int[] everyLine;
        final int[] everyLineByte; // per prefiltered regex: its filter byte if it is an every-line one, else -1

        Plan(PatternSet set) {
            List<Regexp> denseRes = new ArrayList<>();
            List<String> denseSrc = new ArrayList<>();
            List<Integer> denseIds = new ArrayList<>();
            List<Prog> progs = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            List<LiteralChain> chainList = new ArrayList<>();
            List<Integer> everyLineList = new ArrayList<>();
            List<Integer> byteList = new ArrayList<>();
            Map<String, List<Integer>> byLiteral = new LinkedHashMap<>();
            RegexSet regexes = set.regexes();
            List<List<byte[]>> required = new ArrayList<>();
            for (int i = 0; i < regexes.size(); i++) {
                required.add(requiredLiterals(regexes.tree(i)));
            }
            byte[][] filters = FilterLiteral.choose(required, FilterLiteral.MAX_BYTES);
            for (int i = 0; i < regexes.size(); i++) {
                int id = regexes.id(i);
                String src = regexes.source(i);
                Regexp re = regexes.tree(i);
                byte[] lit = filters[i];
                // A literal chain is cheap to verify, so any literal of it will do as the filter.
                LiteralChain chain = LiteralChain.of(re).orElse(null);
                Prog alone = lit.length >= MIN_LITERAL || (chain != null && lit.length > 0)
                        ? regexes.compile(i) : null;
                if (alone != null && !alone.anyAccepts('\n') && (alone.usedAssertions() & NOT_ON_A_LINE_ALONE) == 0) {
                    boolean everyLine = chain != null && lit.length == 1 && everyLineList.size() < MAX_EVERY_LINE;
                    byteList.add(everyLine ? lit[0] & 0xFF : -1);
                    if (everyLine) {
                        everyLineList.add(progs.size());
                    } else {
                        byLiteral.computeIfAbsent(FilterLiteral.key(lit, 0, lit.length), k -> new ArrayList<>())
                                .add(progs.size());
                    }
                    progs.add(alone);
                    ids.add(id);
                    chainList.add(chain);
                } else {
                    denseRes.add(re);
                    denseSrc.add(src);
                    denseIds.add(id);
                }
            }
            dense = denseRes.isEmpty() ? null
                    : Compiler.compile(denseRes, denseIds.stream().mapToInt(Integer::intValue).toArray(), denseSrc);
            filtered = progs.toArray(new Prog[0]);
            filteredIds = ids.stream().mapToInt(Integer::intValue).toArray();
            chains = chainList.toArray(new LiteralChain[0]);
            everyLine = everyLineList.stream().mapToInt(Integer::intValue).toArray();
            everyLineByte = byteList.stream().mapToInt(Integer::intValue).toArray();
            regexesOfLiteral = new int[byLiteral.size()][];
            PatternSet.Builder b = PatternSet.builder();
            int k = 0;
            for (Map.Entry<String, List<Integer>> e : byLiteral.entrySet()) {
                b.add(e.getKey().getBytes(StandardCharsets.ISO_8859_1));
                regexesOfLiteral[k++] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
            }
            literals = k == 0 ? null : AhoCorasickAutomaton.compile(b.build());
            searcher = literals == null ? null : AhoCorasickEngine.searcher(literals);
        }
    }

    /**
     * Literals every match of {@code re} contains: a chain's literals ({@link LiteralChain#literalsInOrder}),
     * else the longest one {@link LiteralExtractor} finds (none when it finds none).
     */
    static List<byte[]> requiredLiterals(Regexp re) {
        return LiteralChain.literalsInOrder(re)
                .orElseGet(() -> List.of(LiteralExtractor.required(re).getBytes(StandardCharsets.UTF_8)));
    }

    private final Plan plan;
    private final DfaScanner dense;
    private final DfaScanner[] perRegex;
    private final AhoCorasickSearcher searcher;
    private final int[] literalLengths;
    private byte[] lineBytes = new byte[256]; // the line being verified, when its chains need it
    private final ChainMatches chainMatches = new ChainMatches();
    private final AhoCorasickSearcher.Scratch literalScratch = new AhoCorasickSearcher.Scratch();
    // scanRecords' working memory, kept from call to call
    private long[] occStart = new long[64]; // see RecordHits
    private int[] occLit = new int[64];
    private final RecordHits recordHits = new RecordHits();
    private final SpanBuffer recordFound = new SpanBuffer(); // the record at hand's prefiltered matches
    private final RecordMerge recordMerge = new RecordMerge();
    private int[] candidates = new int[8]; // the regexes queued for the line (or record) at hand
    /**
     * Per filter literal, the stamp of the line (or record) it last queued its regexes on: a hit
     * whose literal already did so for the line at hand is dropped at the cost of one compare.
     * Stamps only grow, over all calls on this scanner, so the array is never cleared.
     */
    private final long[] lastSeen;
    private long stamps; // the last stamp handed out

    PrefilterScanner(Plan plan) {
        this.plan = plan;
        this.dense = plan.dense == null ? null : new DfaScanner(plan.dense);
        this.perRegex = new DfaScanner[plan.filtered.length];
        this.searcher = plan.searcher;
        this.literalLengths = plan.literals == null ? null : plan.literals.patternLengths();
        this.lastSeen = new long[plan.regexesOfLiteral.length];
    }

    /** Whether the combined DFA fell back to the Pike VM in the last scan. */
    boolean fellBack() {
        return dense != null && dense.fellBack();
    }

    @Override
    public boolean scan(Text text, MatchSink sink) {
        Filtered f = searcher == null && plan.everyLine.length == 0 ? null : new Filtered(text);
        if (dense != null) {
            MatchSink merged = f == null ? sink : (id, s, e) -> f.drainBefore(s, id, sink) && sink.onMatch(id, s, e);
            if (!dense.scan(text, merged)) {
                return false;
            }
        }
        return f == null || f.drainBefore(Long.MAX_VALUE, Integer.MAX_VALUE, sink);
    }

    /** The prefiltered regexes' matches, a window of whole lines at a time, in order. */
    private final class Filtered {
        private final Text text;
        private final MemorySegment seg;
        private long windowEnd;
        private final SpanBuffer found = new SpanBuffer(); // this window's matches, in order
        private int next;

        Filtered(Text text) {
            this.text = text;
            this.seg = text.segment();
            this.windowEnd = text.start();
        }

        boolean drainBefore(long start, int id, MatchSink sink) {
            while (true) {
                while (next < found.size()) {
                    long s = found.start(next);
                    if (s > start || (s == start && found.id(next) >= id)) {
                        return true;
                    }
                    if (!sink.onMatch(found.id(next), s, found.end(next))) {
                        return false;
                    }
                    next++;
                }
                if (windowEnd >= text.end() || windowEnd > start) {
                    return true;
                }
                fill();
            }
        }

        /** Finds the literals in the next window (ending after a newline) and searches their lines. */
        private void fill() {
            long from = windowEnd;
            long to = Math.min(text.end(), from + WINDOW);
            while (to < text.end() && text.byteAt(to - 1) != '\n') {
                to++;
            }
            found.clear();
            next = 0;
            LineCandidates lines = new LineCandidates(text, from, to, found);
            if (searcher != null) {
                searcher.search(seg, from, to, lines, literalScratch);
            }
            lines.finish();
            windowEnd = to;
        }
    }

    /**
     * Takes the literal searcher's hits over a window of whole lines (in order of start, so line by
     * line) and verifies each line that holds any, once, when the hits move past it. A literal's
     * repeated hits on one line cost a look at its stamp: a one-byte filter literal such as {@code :}
     * hits a log line several times, and one hit queues its regexes as well as all.
     */
    private final class LineCandidates implements MatchSink {
        private final Text text;
        private final long from;
        private final long to;
        private final SpanBuffer found;
        private long lineStart;
        private long lineEnd = -1; // the line of the last hit is [lineStart, lineEnd)
        private long stamp; // this line's stamp in lastSeen
        private int nc;

        LineCandidates(Text text, long from, long to, SpanBuffer found) {
            this.text = text;
            this.from = from;
            this.to = to;
            this.found = found;
        }

        @Override
        public boolean onMatch(int lit, long s, long e) {
            if (e > to) {
                return true; // a literal running past the window's end is on no line of it
            }
            if (s >= lineEnd) { // a filter literal holds no newline: it lies on the line of its start
                flush();
                long floor = Math.max(from, lineEnd + 1);
                lineStart = s;
                while (lineStart > floor && text.byteAt(lineStart - 1) != '\n') {
                    lineStart--;
                }
                verifyLinesWithoutHits(floor, lineStart);
                lineEnd = s;
                while (lineEnd < to && text.byteAt(lineEnd) != '\n') {
                    lineEnd++;
                }
                stamp = ++stamps;
            }
            if (lastSeen[lit] != stamp) {
                lastSeen[lit] = stamp;
                nc = queue(lit, nc);
            }
            return true;
        }

        /** Verifies the line of the last hits, if it has candidates. */
        private void flush() {
            if (nc > 0) {
                verify(text.segment(), lineStart, lineEnd, nc, found);
                nc = 0;
            }
        }

        /** After the last hit: verifies its line, then the lines after it. */
        void finish() {
            flush();
            verifyLinesWithoutHits(Math.max(from, lineEnd + 1), to);
        }

        /** Verifies the lines of {@code [lo, hi)} (whole lines) by the {@link Plan#everyLine} regexes, if any. */
        private void verifyLinesWithoutHits(long lo, long hi) {
            if (plan.everyLine.length == 0) {
                return;
            }
            for (long ls = lo; ls < hi;) {
                long le = ls;
                while (le < hi && text.byteAt(le) != '\n') {
                    le++;
                }
                if (le > ls) { // no regex here matches an empty line: each needs a literal
                    verify(text.segment(), ls, le, 0, found);
                }
                ls = le + 1;
            }
        }
    }

    /** Appends the regexes of literal {@code lit} to {@link #candidates} (holding {@code nc}); the new count. */
    private int queue(int lit, int nc) {
        return queue(plan.regexesOfLiteral[lit], nc);
    }

    /** Appends regexes {@code rs} to {@link #candidates} (holding {@code nc}); the new count. */
    private int queue(int[] rs, int nc) {
        if (nc + rs.length > candidates.length) {
            candidates = Arrays.copyOf(candidates, Math.max(2 * candidates.length, nc + rs.length));
        }
        System.arraycopy(rs, 0, candidates, nc, rs.length);
        return nc + rs.length;
    }

    /**
     * Searches a line (or record) by each regex queued for it (the first {@code queued} of {@link
     * #candidates}: those whose literals it holds) and each {@link Plan#everyLine} one, as a text of
     * its own; appends the matches to {@code found}, in order.
     */
    private void verify(MemorySegment seg, long lineStart, long lineEnd, int queued, SpanBuffer found) {
        int nc = queue(plan.everyLine, queued);
        int[] candidates = this.candidates;
        Arrays.sort(candidates, 0, nc);
        Text line = new Text(seg, lineStart, lineEnd);
        int first = found.size();
        int ascii = -1; // the line copied to lineBytes and ASCII (1) or not (0); -1: not looked at yet
        for (int i = 0; i < nc; i++) {
            int r = candidates[i];
            if (i > 0 && candidates[i - 1] == r) {
                continue;
            }
            LiteralChain chain = plan.chains[r];
            if (chain != null) {
                if (ascii < 0) {
                    ascii = copyLine(seg, lineStart, lineEnd) ? 1 : 0;
                }
                if (ascii == 1) {
                    chainMatches.into(found, plan.filteredIds[r], lineStart);
                    chain.findAll(lineBytes, 0, (int) (lineEnd - lineStart), chainMatches);
                    continue;
                }
            }
            if (chain != null && plan.everyLineByte[r] >= 0
                    && !holds(lineBytes, (int) (lineEnd - lineStart), (byte) plan.everyLineByte[r])) {
                continue; // not ASCII, and without the byte every match holds: none here
            }
            DfaScanner s = perRegex[r];
            if (s == null) {
                s = perRegex[r] = new DfaScanner(plan.filtered[r], 1 << 20);
            }
            s.scan(line, found);
        }
        found.sortFrom(first); // lines come in order: only a line's own matches need sorting
    }

    /**
     * Takes a chain's matches in {@link #lineBytes} as its regex's matches in the text. One per
     * scanner, pointed at each chain in turn: a capturing lambda here cost an object per line and
     * chain searched (half of all the bytes a scan allocated), which the JIT did not remove.
     */
    private static final class ChainMatches implements LiteralChain.Found {
        private SpanBuffer found;
        private int id;
        private long lineStart;

        void into(SpanBuffer found, int id, long lineStart) {
            this.found = found;
            this.id = id;
            this.lineStart = lineStart;
        }

        @Override
        public void match(int start, int end) {
            found.onMatch(id, lineStart + start, lineStart + end);
        }
    }

    /** Whether {@code a[0, len)} holds {@code b}. */
    private static boolean holds(byte[] a, int len, byte b) {
        for (int i = 0; i < len; i++) {
            if (a[i] == b) {
                return true;
            }
        }
        return false;
    }

    /** Copies the line into {@link #lineBytes}; whether it is all ASCII. */
    private boolean copyLine(MemorySegment seg, long lineStart, long lineEnd) {
        int len = (int) (lineEnd - lineStart);
        if (lineBytes.length < len) {
            lineBytes = new byte[Math.max(len, 2 * lineBytes.length)];
        }
        MemorySegment.copy(seg, java.lang.foreign.ValueLayout.JAVA_BYTE, lineStart, lineBytes, 0, len);
        return LiteralChain.ascii(lineBytes, 0, len);
    }

    /**
     * Reports the matches of records {@code [from, to)}, each record searched as a text of its own:
     * records in order, each one's matches in the contract's order, offsets inside the record. A
     * record is left as soon as {@code v} says it is done.
     */
    void scanRecords(Records records, int from, int to, RecordVisitor v) {
        MemorySegment seg = records.data();
        int n = searcher == null ? 0 : recordHits.find(records, from, to);
        long[] occStart = this.occStart;
        int[] occLit = this.occLit;
        SpanBuffer found = recordFound;
        RecordMerge merge = recordMerge;
        int k = 0;
        for (int r = from; r < to; r++) {
            long rs = records.start(r);
            long re = records.end(r);
            while (k < n && occStart[k] < rs) {
                k++;
            }
            int nc = 0;
            for (; k < n && occStart[k] < re; k++) {
                if (occStart[k] + literalLengths[occLit[k]] > re) {
                    continue;
                }
                nc = queue(occLit[k], nc);
            }
            if (nc + plan.everyLine.length == 0 && dense == null) {
                continue;
            }
            found.clear();
            if (nc + plan.everyLine.length > 0) {
                verify(seg, rs, re, nc, found);
            }
            merge.start(r, rs, found, v);
            if (dense == null || dense.scan(new Text(seg, rs, re), merge)) {
                merge.drainBefore(Long.MAX_VALUE, Integer.MAX_VALUE);
            }
        }
        merge.start(0, 0, found, null); // holds on to no caller's visitor between calls
    }

    /**
     * The filter literals' hits that queue regexes in records {@code [from, to)}: a literal's first
     * hit lying inside a record, found by one search over the records' bytes, into {@link #occStart}
     * and {@link #occLit} in order of start. Reused across calls, as the arrays are: a scanner serves
     * one thread at a time, and per-call buffers grown hit by hit cost a copy of each on every call.
     */
    private final class RecordHits implements MatchSink {
        private RecordCursor cursor;
        private long base; // record r's stamp is base + r
        private int size;
        private boolean sorted;

        /** Finds the hits; their number. */
        int find(Records records, int from, int to) {
            size = 0;
            sorted = true;
            long lo = records.start(from);
            long hi = records.end(to - 1);
            if (hi > lo) {
                cursor = new RecordCursor(records, from, to);
                base = stamps + 1 - from;
                stamps += to - from;
                searcher.search(records.data(), lo, hi, this, literalScratch);
                cursor = null;
                if (!sorted) {
                    sortByStart(occStart, occLit, size);
                }
            }
            return size;
        }

        @Override
        public boolean onMatch(int lit, long s, long e) {
            long stamp = base + cursor.recordOf(s);
            // One that runs past its record is on none; a literal's first hit in a record queues all its regexes.
            if (e <= cursor.end() && lastSeen[lit] != stamp) {
                lastSeen[lit] = stamp;
                int k = size++;
                if (k == occStart.length) {
                    occStart = Arrays.copyOf(occStart, 2 * k);
                    occLit = Arrays.copyOf(occLit, 2 * k);
                }
                sorted &= k == 0 || occStart[k - 1] <= s;
                occStart[k] = s;
                occLit[k] = lit;
            }
            return true;
        }
    }

    /**
     * One record's prefiltered matches ({@code found}, in order) merged with the combined DFA's, as
     * the DFA reports them, offsets made relative to the record. One per scanner, reused record
     * after record.
     */
    private static final class RecordMerge implements MatchSink {
        private RecordVisitor v;
        private SpanBuffer found;
        private int record;
        private long rs;
        private int next;

        void start(int record, long rs, SpanBuffer found, RecordVisitor v) {
            this.record = record;
            this.rs = rs;
            this.found = found;
            this.v = v;
            this.next = 0;
        }

        @Override
        public boolean onMatch(int id, long s, long e) {
            return drainBefore(s, id) && v.onMatch(record, id, s - rs, e - rs);
        }

        /** Hands on the prefiltered matches ordered before (s, id); false once v is done with the record. */
        boolean drainBefore(long s, int id) {
            while (next < found.size() && (found.start(next) < s || found.start(next) == s && found.id(next) < id)) {
                int i = next++;
                if (!v.onMatch(record, found.id(i), found.start(i) - rs, found.end(i) - rs)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Sorts occurrences by start (rarely needed: the literal searcher reports in order). */
    private static void sortByStart(long[] starts, int[] lits, int n) {
        long[] packed = new long[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(starts[a], starts[b]));
        int[] l = new int[n];
        for (int i = 0; i < n; i++) {
            packed[i] = starts[order[i]];
            l[i] = lits[order[i]];
        }
        System.arraycopy(packed, 0, starts, 0, n);
        System.arraycopy(l, 0, lits, 0, n);
    }
}
