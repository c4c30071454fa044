package dev.trawl.engine.cpu;

import dev.trawl.MatchSink;
import dev.trawl.automaton.AhoCorasickAutomaton;
import dev.trawl.automaton.FlaggedRows;
import dev.trawl.prefilter.ClassCompaction;
import dev.trawl.prefilter.InPlacePrefilter;
import dev.trawl.prefilter.MaskingPrefilter;
import dev.trawl.prefilter.Prefilter;
import dev.trawl.prefilter.Prefilters;
import dev.trawl.scan.ByteSearch;
import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.MatchBuffer;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RecordSink;
import dev.trawl.scan.TextWindow;
import java.lang.foreign.MemorySegment;

/**
 * The scan loops of {@code cpu:aho-corasick} over a compiled {@link AhoCorasickAutomaton} (see there
 * for the table layout), with or without a prefilter ({@link AhoCorasickEngine} chooses it). Immutable
 * and shared by all threads; per-call state lives on the stack.
 *
 * <h2>Plain walk</h2>
 * A step is one dependent load ({@code table[state + class]}), so a single walk is bound by load
 * latency, not by the core's width. Each range is therefore cut into {@value #STREAMS} parts walked
 * in lockstep: four independent load chains in flight per iteration. Each stream starts in the start
 * state at its part's first byte and reads on past its part by the longest pattern minus one,
 * keeping only matches that start inside its part, so nothing is lost or found twice. The lockstep
 * loops have no data-dependent branches: counting adds each state's precomputed output count (0 for
 * most), reporting notes match states branch-free and walks their output lists after each stretch.
 * Matches are collected per stream in {@link MatchBuffer}s that keep themselves in order (a
 * left-to-right scan is nearly in order already) and are handed on stream by stream, so the searcher
 * reports in the contract's order without sorting. Counting never walks an output list and never
 * materialises a match; {@link #firstMatchEnd} stops at the first match state, which is what the
 * per-record modes ({@link CpuMatcher#countMatchingRecords}, {@code -l}, {@code -c}) use.
 *
 * <h2>Filtered walk</h2>
 * With a prefilter, one walk per block jumps from candidate to candidate
 * ({@link AhoCorasickPrefilteredWalk}, shared by count, search and first-match); a walk that steps
 * through more than a quarter of a block's bytes hands the rest of the block to the plain walk, so a
 * filter that misjudged the input costs little. For case-sensitive sets of a handful of literals, or
 * of literals of 8 bytes or more, the count skips the walk: each candidate is compared with the
 * patterns directly ({@link LiteralConfirm}), and over text outside the heap a filter that can
 * ({@link InPlacePrefilter}) reads it where it lies, with no window copied.
 */
final class AhoCorasickSearcher implements RangeSearcher {
    /**
     * Independent walks interleaved per range. Eight measured slower than four on 1,000 dictionary
     * words (a 823 KiB all-dense table, so most steps miss L1): the dense count loop alone, one thread
     * over 128 MiB of the Iliad on a 2-core Zen 4, 0.89-0.90 against 0.92-0.98 GB/s.
     */
    static final int STREAMS = 4;
    /** Ranges shorter than this many bytes per stream are walked by one stream. */
    static final long MIN_STREAM_BYTES = 4096;
    /**
     * Starts per block: bounds the match buffers of a reporting scan, the copy of off-heap input, and
     * how long a filtered scan keeps a filter that does not pay.
     */
    static final long BLOCK_BYTES = 1 << 20;
    /** The first block of {@link #firstMatchEnd}, which doubles up to {@link #BLOCK_BYTES}. */
    static final long FIRST_BLOCK_BYTES = 512;
    /** Bytes per candidate below which a directly confirmed count gives its filter up. */
    static final int CONFIRM_GIVE_UP_SPACING = 16;
    /** Lockstep iterations between two walks of the noted match states. */
    static final int EVENT_STRETCH = 2048;

    private static final int MASK = AhoCorasickAutomaton.STATE_MASK;

    private final AhoCorasickAutomaton ac;
    private final int[] classOf;
    private final int[] table;
    private final int denseEnd;
    private final int start;
    private final int[] outIds;
    private final int[] lengths;
    private final int maxLength;
    private final Prefilter prefilter; // null: none
    private final LiteralConfirm confirm; // null: candidates are confirmed by the walk
    private final boolean allDense;
    private final FlaggedRows flagged; // null: the set has none, or rare rounds are to run on the table
    private final ClassCompaction compaction; // null: counts walk the text itself
    private final AhoCorasickSearcher overClasses; // the same walks over compacted classes, with compaction

    /** The searcher over {@code ac}, its walks driven by {@code prefilter} ({@code null}: none). */
    AhoCorasickSearcher(AhoCorasickAutomaton ac, Prefilter prefilter) {
        this(ac, prefilter, true);
    }

    /**
     * As {@link #AhoCorasickSearcher(AhoCorasickAutomaton, Prefilter)}; {@code flaggedRows} false runs the
     * rare-match count rounds on the table too (tests compare the two loops).
     */
    AhoCorasickSearcher(AhoCorasickAutomaton ac, Prefilter prefilter, boolean flaggedRows) {
        this.prefilter = prefilter;
        this.confirm = prefilter != null ? LiteralConfirm.forSet(ac.patterns()) : null;
        this.allDense = ac.allDense();
        this.flagged = flaggedRows ? ac.flaggedRows() : null;
        this.ac = ac;
        this.classOf = ac.classTable();
        this.table = ac.table();
        this.denseEnd = ac.denseEnd();
        this.start = ac.start();
        this.outIds = ac.outIds();
        this.lengths = ac.patternLengths();
        this.maxLength = ac.maxLength();
        this.compaction = prefilter == null ? Prefilters.classCompaction(classOf) : null;
        this.overClasses = compaction != null ? new AhoCorasickSearcher(this) : null;
    }

    /** The walks of {@code s} over text already translated to its classes ({@link #countCompacted}). */
    private AhoCorasickSearcher(AhoCorasickSearcher s) {
        this.prefilter = null;
        this.confirm = null;
        this.allDense = s.allDense;
        this.flagged = s.flagged;
        this.ac = s.ac;
        this.classOf = IDENTITY;
        this.table = s.table;
        this.denseEnd = s.denseEnd;
        this.start = s.start;
        this.outIds = s.outIds;
        this.lengths = s.lengths;
        this.maxLength = s.maxLength;
        this.compaction = null;
        this.overClasses = null;
    }

    private static final int[] IDENTITY = java.util.stream.IntStream.range(0, 256).toArray();

    @Override
    public boolean reportsInOrder() {
        return true;
    }

    /** The automaton this searcher walks. */
    AhoCorasickAutomaton automaton() {
        return ac;
    }

    /** The prefilter that drives its walks, or {@code null}. */
    Prefilter prefilter() {
        return prefilter;
    }

    /** The direct confirmation of the prefilter's candidates, or {@code null} where the walk confirms them. */
    LiteralConfirm confirm() {
        return confirm;
    }

    // ---------------------------------------------------------------- counting

    @Override
    public long count(MemorySegment text, long from, long to) {
        if (MASKS_ON && confirm != null && prefilter instanceof MaskingPrefilter f && text.isNative()) {
            return countConfirmedByMasks(f, text, from, to);
        }
        if (confirm != null && prefilter instanceof InPlacePrefilter f && text.isNative()) {
            return countConfirmedInPlace(f, text, from, to);
        }
        return compaction != null ? countCompacted(text, from, to) : countInWindow(text, from, to);
    }

    /** {@link #count(MemorySegment, long, long, TextWindow)} in a window borrowed for the call. */
    private long countInWindow(MemorySegment text, long from, long to) {
        TextWindow w = TextWindow.borrowing(text);
        try {
            return count(text, from, to, w);
        } finally {
            w.release();
        }
    }

    /**
     * Compacted blocks whose classes keep more than this share of their bytes end the compaction for
     * the rest of the range. The compaction reads the text where it lies, which saves the window's
     * copy, so a block that keeps most of its bytes still pays: the 1,000 and 10,000 words over the
     * Iliad (92% kept) counted 4-9% faster compacted than plain on one Zen 4 thread, and about 6% on
     * one of the Xeon's (its noise is as large; {@code docs/results/h200-session28}). Text with fewer
     * runs to cut (letters only) goes back to the plain walk.
     */
    static final double COMPACTION_KEEPS_AT_MOST = 0.95;

    private static final ThreadLocal<byte[]> COMPACTED = new ThreadLocal<>();
    /**
     * Starts per compacted block. The block's buffer and the automaton's table (823 KiB for 1,000
     * dictionary words) are what the walk touches; with 1 MiB blocks both no longer fit a core's 2 MB
     * second-level cache on the H200 host's Xeon, with anything else beside them (its 16 vCPUs may also
     * be hyperthreads of fewer cores, which the VM does not show). 1,000 words on its 16 threads,
     * 256 MiB, alternated in one run: over the Iliad 12.7 and 12.4 GB/s against 11.8 and 11.7 with 1 MiB
     * blocks, over loghub 20.5 and 19.1 against 16.6 and 18.3 ({@code docs/results/h200-session30}, run
     * 10); 128 KiB was no better. One Zen 4 thread: the same within noise.
     */
    static final long COMPACT_BLOCK = 256 << 10;

    /**
     * Counts as {@link #count(MemorySegment, long, long, TextWindow)}, each block compacted to its classes
     * first ({@link ClassCompaction}): a block's starts, then its read-on, each compacted apart, so the
     * matches that start in the block are the ones that start among its compacted starts.
     */
    private long countCompacted(MemorySegment text, long from, long to) {
        byte[] out = COMPACTED.get();
        int room = (int) COMPACT_BLOCK + maxLength + ClassCompaction.SLACK;
        if (out == null || out.length < room) {
            out = new byte[room];
            COMPACTED.set(out);
        }
        long size = text.byteSize();
        long n = 0;
        for (long b = from; b < to;) {
            long e = Math.min(to, b + COMPACT_BLOCK);
            int starts = compaction.compact(text, b, e, out, 0);
            int avail = compaction.compact(text, e, Math.min(size, e + maxLength - 1), out, starts);
            n += overClasses.countBlock(out, 0, starts, avail, start);
            b = e;
            if (starts > COMPACTION_KEEPS_AT_MOST * COMPACT_BLOCK) {
                return n + (b < to ? countInWindow(text, b, to) : 0);
            }
        }
        return n;
    }

    private long count(MemorySegment text, long from, long to, TextWindow w) {
        long block = w.onHeap() && prefilter == null ? 1L << 30 : BLOCK_BYTES;
        long n = 0;
        for (long b = from; b < to;) {
            long e = Math.min(to, b + block);
            w.load(b, Math.min(text.byteSize(), e + maxLength - 1));
            n += confirm != null ? countConfirmed(w.bytes(), w.offset(), (int) (e - b), w.length())
                    : prefilter != null ? countFiltered(w.bytes(), w.offset(), (int) (e - b), w.length())
                    : countBlock(w.bytes(), w.offset(), (int) (e - b), w.length(), start);
            b = e;
        }
        return n;
    }

    /**
     * Counts the matches starting in {@code a[p .. p + starts)}, reading up to {@code a[p + avail)}:
     * {@value #STREAMS} streams in lockstep, then each stream's read-on past its part. The first
     * stream starts in state {@code s0} (the start state, or where a filtered scan gave up).
     */
    private long countBlock(byte[] a, int p, int starts, int avail, int first) {
        int part = starts / STREAMS;
        if (part < MIN_STREAM_BYTES) {
            return countSpan(a, p, p + avail, p + starts, first);
        }
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] st = {first, start, start, start};
        long n = allDense ? lockstepCountRounds(a, p, part, st) : lockstepCount(a, p, part, st);
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int end = p + avail;
        n += countSpan(a, p1, Math.min(end, p1 + maxLength - 1), p1, s0);
        n += countSpan(a, p2, Math.min(end, p2 + maxLength - 1), p2, s1);
        n += countSpan(a, p3, Math.min(end, p3 + maxLength - 1), p3, s2);
        n += countSpan(a, p3 + part, end, p + starts, s3);
        return n;
    }

    /**
     * Counts as {@link #countBlock}, each of the prefilter's candidates confirmed directly
     * ({@link LiteralConfirm}): every match starts at a candidate. Once more than
     * {@value AhoCorasickPrefilteredWalk#GIVE_UP_STEPS} candidates came at more than one per
     * {@value #CONFIRM_GIVE_UP_SPACING} bytes, the filter is not paying, and the plain walk counts
     * the rest of the block.
     */
    private long countConfirmed(byte[] a, int p, int starts, int avail) {
        Prefilter f = prefilter;
        LiteralConfirm c = confirm;
        int bound = p + starts;
        int limit = p + avail;
        long n = 0;
        int candidates = 0;
        for (int q = p; (q = f.next(a, q, bound, limit)) < bound; q++) {
            if (++candidates > AhoCorasickPrefilteredWalk.GIVE_UP_STEPS
                    && candidates > (q - p) / CONFIRM_GIVE_UP_SPACING) {
                return n + countBlock(a, q, bound - q, limit - q, start);
            }
            n += c.countAt(a, q, limit);
        }
        return n;
    }

    /**
     * Counts as {@link #countConfirmed} over text outside the heap, read where it lies: no window is
     * copied (see {@link InPlacePrefilter} for what the copy cost). A filter that does not pay hands
     * the rest of the range to the block-by-block count.
     */
    private long countConfirmedInPlace(InPlacePrefilter f, MemorySegment text, long from, long to) {
        LiteralConfirm c = confirm;
        long limit = text.byteSize();
        long n = 0;
        long candidates = 0;
        for (long q = from; (q = f.next(text, q, to, limit)) < to; q++) {
            if (++candidates > AhoCorasickPrefilteredWalk.GIVE_UP_STEPS
                    && candidates > (q - from) / CONFIRM_GIVE_UP_SPACING) {
                return n + countInWindow(text, q, to);
            }
            n += c.countAt(text, q, limit);
        }
        return n;
    }

    /** Steps of a {@link MaskingPrefilter} per call: 2,048 steps of 64 bytes read 128 KiB. */
    static final int MASK_STEPS = 2048;
    /**
     * A run of masks with a candidate in more than one step in this many is followed by one taken as
     * dense ({@link MaskingPrefilter#masks}): 5 log words find one every 5-6 steps of 64 bytes in log
     * lines, one every 280 in the Iliad.
     */
    static final int DENSE_STEPS = 16;
    /** {@code -Dtrawl.masks=off} counts with the filter's one-candidate loop instead (to compare the two). */
    static final boolean MASKS_ON = !"off".equals(System.getProperty("trawl.masks"));

    private static final ThreadLocal<long[]> MASKS = ThreadLocal.withInitial(() -> new long[2 * MASK_STEPS]);

    /**
     * Counts as {@link #countConfirmedInPlace}, the candidates taken a run of steps at a time
     * ({@link MaskingPrefilter}), each run told whether the last was dense; the positions too near the
     * text's end for a whole step go through the filter's {@code next}.
     */
    private long countConfirmedByMasks(MaskingPrefilter f, MemorySegment text, long from, long to) {
        LiteralConfirm c = confirm;
        long[] found = MASKS.get();
        long limit = text.byteSize();
        long n = 0;
        boolean dense = false;
        long x = from;
        for (int steps; x < to && (steps = Math.min(MASK_STEPS, f.stepsWithin(x, to, limit))) > 0;
                x += (long) steps * f.stepBytes()) {
            int pairs = f.masks(text, x, steps, found, dense);
            dense = pairs / 2 > steps / DENSE_STEPS;
            // Only the last step may reach past the range: its bits from there on are dropped here, with
            // no branch (a test never true in the profile deoptimised the count when it first was, on
            // every thread: as a test per candidate, then as "if (to - start < 64)" here). With no
            // pair, the stale found[1] is masked, and not read.
            int last = Math.max(pairs, 2) - 2;
            found[last + 1] &= -1L >>> Math.max(0, Long.SIZE - (to - found[last]));
            long candidates = 0;
            for (int i = 0; i < pairs; i += 2) {
                for (long m = found[i + 1]; m != 0; m &= m - 1) {
                    n += c.countAt(text, found[i] + Long.numberOfTrailingZeros(m), limit);
                    candidates++;
                }
            }
            // Whether the filter pays is judged a run at a time, on that run's candidates alone. A test
            // of the candidates so far (true once a range had had 4,096) deoptimised the count when it
            // first held, and the count then ran at 8.2-10.4 GB/s instead of 18-22 (loghub, 5 log words,
            // two Zen 4 threads: one call of four with the test per candidate, three of five with it
            // per run). Log lines never come near this test (a candidate every 350 bytes).
            long end = Math.min(to, x + (long) steps * f.stepBytes());
            if (candidates > (end - x) / CONFIRM_GIVE_UP_SPACING & end < to) {
                return n + countInWindow(text, end, to);
            }
        }
        return x < to ? n + countConfirmedInPlace(f, text, x, to) : n;
    }

    /** Counts as {@link #countBlock}, the prefilter driving one walk (until it gives up). */
    private long countFiltered(byte[] a, int p, int starts, int avail) {
        int bound = p + starts;
        long n = 0;
        AhoCorasickPrefilteredWalk walk = new AhoCorasickPrefilteredWalk(ac, prefilter, true, a, p, starts, avail);
        int s;
        while ((s = walk.next()) >= 0) {
            int e = walk.position();
            n += e <= bound ? outputCount(s) : countStartingBefore(table[s - 1], e, bound);
        }
        if (s == AhoCorasickPrefilteredWalk.GAVE_UP) {
            int i = walk.position();
            n += countBlock(a, i, bound - i, p + avail - i, walk.state());
        }
        return n;
    }

    /** One stream from state {@code s} over {@code a[i .. end)}, counting matches that start before {@code bound}. */
    private long countSpan(byte[] a, int i, int end, int bound, int s) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        long n = 0;
        for (; i < end; i++) {
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            if (v < 0) {
                n += i < bound ? outputCount(s) : countStartingBefore(t[s - 1], i + 1, bound);
            }
        }
        return n;
    }

    private int outputCount(int s) {
        return s < denseEnd ? table[s - 2] : countStartingBefore(table[s - 1], 0, Integer.MAX_VALUE);
    }

    /** Matches of one output list (ending at {@code end}) that start before {@code bound}. */
    private int countStartingBefore(int o, int end, int bound) {
        int[] ids = outIds;
        int n = 0;
        for (int i = o;;) {
            if (end - ids[i] >= bound) {
                return n; // this segment and the rest start at or after the bound
            }
            int id;
            while ((id = ids[++i]) >= 0) {
                n++;
            }
            if (id == -1) {
                return n;
            }
            i = -id - 2;
        }
    }

    // ---------------------------------------------------------------- lockstep loops

    /*
     * Four streams over a[p + j * part + i] for i in [from, until), states in and out through st.
     * Each loop comes twice: for automata that are all dense rows (every small set) the loop has
     * no sparse test at all, which measured 1.45x faster on the hero names than one combined test
     * per step; the general loop tests once for all four streams and steps sparse ones apart.
     */

    /**
     * Counts the matches of the four streams over their parts (no bound checks needed inside), over
     * all-dense rows, in rounds of {@value #COUNT_ROUND} iterations. A round that follows one where
     * matches came densely runs the branch-free loop; one that follows a round where they were rare
     * runs, where the set has {@link FlaggedRows}, the loop over those rows that branches only on a
     * step that reaches a match. The thousand commonest words of the Iliad over it (0.75 matches a
     * byte) ran at 1.37 GB/s branch-free and 1.1 branching, one thread on a 2-core Zen 4.
     *
     * <p>Where matches are rare the branching loop is the faster on both machines measured (1,000
     * dictionary words, one thread, 128 MiB): 1.91-1.96 against 1.20-1.21 GB/s on the 2-core Zen 4;
     * on the H200 host's Xeon, forced on four threads, 2.4-2.6 against 1.7-2.2 already over 16-bit
     * ids. A race that timed each round and ran the loop measured faster (trying the other now and
     * then) is gone: on 16 threads of that Xeon a JFR profile put 9% of the samples in the table
     * loop against 3% on one thread, the race's tries and its shared, noisy means.
     */
    private long lockstepCountRounds(byte[] a, int p, int part, int[] st) {
        long n = 0;
        boolean rare = true;
        for (int from = 0; from < part;) {
            int until = part - from > COUNT_ROUND ? from + COUNT_ROUND : part;
            long m;
            if (rare && flagged != null) {
                m = lockstepCountFlagged(a, p, part, from, until, st);
            } else {
                m = lockstepCountDense(a, p, part, from, until, st);
            }
            rare = m * RARE_MATCH_ITERATIONS < until - from;
            n += m;
            from = until;
        }
        return n;
    }

    /** Iterations of {@link #lockstepCountRounds} between two looks at how densely matches come. */
    static final int COUNT_ROUND = 1 << 14;
    /**
     * Lockstep iterations per match above which matches count as rare: a branch taken on one iteration in
     * this many mispredicts less often than the four output-count loads it saves on every iteration cost.
     */
    static final int RARE_MATCH_ITERATIONS = 8;

    /** Counts the four streams' matches over iterations {@code [from, until)}, with no branch. */
    private long lockstepCountDense(byte[] a, int p, int part, int from, int until, int[] st) {
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] cls = classOf;
        int[] t = table;
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        long n = 0;
        for (int i = from; i < until; i++) {
            int v0 = t[s0 + cls[a[p + i] & 0xFF]];
            int v1 = t[s1 + cls[a[p1 + i] & 0xFF]];
            int v2 = t[s2 + cls[a[p2 + i] & 0xFF]];
            int v3 = t[s3 + cls[a[p3 + i] & 0xFF]];
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            // Every match ending inside a part starts inside it: add whole output counts. A state
            // without outputs counts 0, so no branch: with dense matches (0.6 per byte for big
            // dictionaries) the four match tests mispredicted about once per step.
            n += t[s0 - 2] + t[s1 - 2] + t[s2 - 2] + t[s3 - 2];
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return n;
    }

    /**
     * As {@link #lockstepCountDense} over the {@link FlaggedRows}, adding output counts only on the
     * iterations that reach a match; states go in and out as table offsets.
     */
    private long lockstepCountFlagged(byte[] a, int p, int part, int from, int until, int[] st) {
        FlaggedRows rows = flagged;
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] cls = classOf;
        int[] t = rows.next();
        int[] outputs = rows.outputCount();
        int sh = rows.shift();
        int matches = rows.matchBit();
        int s0 = rows.row(st[0]);
        int s1 = rows.row(st[1]);
        int s2 = rows.row(st[2]);
        int s3 = rows.row(st[3]);
        long n = 0;
        for (int i = from; i < until; i++) {
            s0 = t[s0 + cls[a[p + i] & 0xFF]];
            s1 = t[s1 + cls[a[p1 + i] & 0xFF]];
            s2 = t[s2 + cls[a[p2 + i] & 0xFF]];
            s3 = t[s3 + cls[a[p3 + i] & 0xFF]];
            if (((s0 | s1 | s2 | s3) & matches) != 0) {
                n += outputs[s0 >>> sh] + outputs[s1 >>> sh] + outputs[s2 >>> sh] + outputs[s3 >>> sh];
            }
        }
        st[0] = rows.tableOffset(s0);
        st[1] = rows.tableOffset(s1);
        st[2] = rows.tableOffset(s2);
        st[3] = rows.tableOffset(s3);
        return n;
    }

    /** Counts as {@link #lockstepCountRounds}, for automata with sparse states. */
    private long lockstepCount(byte[] a, int p, int part, int[] st) {
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        long n = 0;
        for (int i = 0; i < part; i++) {
            int c0 = cls[a[p + i] & 0xFF];
            int c1 = cls[a[p1 + i] & 0xFF];
            int c2 = cls[a[p2 + i] & 0xFF];
            int c3 = cls[a[p3 + i] & 0xFF];
            int v0;
            int v1;
            int v2;
            int v3;
            if (Math.max(Math.max(s0, s1), Math.max(s2, s3)) < dense) {
                v0 = t[s0 + c0];
                v1 = t[s1 + c1];
                v2 = t[s2 + c2];
                v3 = t[s3 + c3];
            } else {
                v0 = s0 < dense ? t[s0 + c0] : ac.step(s0, c0);
                v1 = s1 < dense ? t[s1 + c1] : ac.step(s1, c1);
                v2 = s2 < dense ? t[s2 + c2] : ac.step(s2, c2);
                v3 = s3 < dense ? t[s3 + c3] : ac.step(s3, c3);
            }
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            if (Math.max(Math.max(s0, s1), Math.max(s2, s3)) < dense) {
                n += t[s0 - 2] + t[s1 - 2] + t[s2 - 2] + t[s3 - 2];
            } else {
                n += (v0 < 0 ? outputCount(s0) : 0) + (v1 < 0 ? outputCount(s1) : 0)
                        + (v2 < 0 ? outputCount(s2) : 0) + (v3 < 0 ? outputCount(s3) : 0);
            }
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return n;
    }

    /**
     * Steps the four streams over {@code [from, until)} of their parts, noting each match state
     * reached in {@code ev} as {@code i << 34 | stream << 32 | state}; returns the number noted.
     * {@code ev} holds four more than four notes per step.
     */
    private int lockstepEventsDense(byte[] a, int p, int part, int from, int until, int[] st, long[] ev) {
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] cls = classOf;
        int[] t = table;
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int k = 0;
        for (int i = from; i < until; i++) {
            int v0 = t[s0 + cls[a[p + i] & 0xFF]];
            int v1 = t[s1 + cls[a[p1 + i] & 0xFF]];
            int v2 = t[s2 + cls[a[p2 + i] & 0xFF]];
            int v3 = t[s3 + cls[a[p3 + i] & 0xFF]];
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            // Write every stream's note and advance past it only for match states (the sign bit):
            // no branches to mispredict when matches are dense.
            long at = (long) i << 34;
            ev[k] = at | s0;
            k += v0 >>> 31;
            ev[k] = at | 1L << 32 | s1;
            k += v1 >>> 31;
            ev[k] = at | 2L << 32 | s2;
            k += v2 >>> 31;
            ev[k] = at | 3L << 32 | s3;
            k += v3 >>> 31;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return k;
    }

    private int lockstepEvents(byte[] a, int p, int part, int from, int until, int[] st, long[] ev) {
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int k = 0;
        for (int i = from; i < until; i++) {
            int c0 = cls[a[p + i] & 0xFF];
            int c1 = cls[a[p1 + i] & 0xFF];
            int c2 = cls[a[p2 + i] & 0xFF];
            int c3 = cls[a[p3 + i] & 0xFF];
            int v0;
            int v1;
            int v2;
            int v3;
            if (Math.max(Math.max(s0, s1), Math.max(s2, s3)) < dense) {
                v0 = t[s0 + c0];
                v1 = t[s1 + c1];
                v2 = t[s2 + c2];
                v3 = t[s3 + c3];
            } else {
                v0 = s0 < dense ? t[s0 + c0] : ac.step(s0, c0);
                v1 = s1 < dense ? t[s1 + c1] : ac.step(s1, c1);
                v2 = s2 < dense ? t[s2 + c2] : ac.step(s2, c2);
                v3 = s3 < dense ? t[s3 + c3] : ac.step(s3, c3);
            }
            s0 = v0 & MASK;
            s1 = v1 & MASK;
            s2 = v2 & MASK;
            s3 = v3 & MASK;
            // Write every stream's note and advance past it only for match states (the sign bit):
            // no branches to mispredict when matches are dense.
            long at = (long) i << 34;
            ev[k] = at | s0;
            k += v0 >>> 31;
            ev[k] = at | 1L << 32 | s1;
            k += v1 >>> 31;
            ev[k] = at | 2L << 32 | s2;
            k += v2 >>> 31;
            ev[k] = at | 3L << 32 | s3;
            k += v3 >>> 31;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        return k;
    }

    // ---------------------------------------------------------------- first match

    @Override
    public long firstMatchEnd(MemorySegment text, long from, long limit) {
        // Blocks of starts, each read on by the longest pattern minus one (within the limit). A
        // block's earliest end can only be beaten by a later block while it lies past that
        // block's first byte.
        // Blocks grow from FIRST_BLOCK_BYTES: callers ask once per record (a line, often short),
        // and copying a whole BLOCK_BYTES window of a mapped file per line made -c 20x slower.
        TextWindow w = TextWindow.borrowing(text);
        try {
            long best = Long.MAX_VALUE;
            long size = FIRST_BLOCK_BYTES;
            for (long b = from; b < limit && best > b + 1; size = Math.min(BLOCK_BYTES, size * 2)) {
                long e = Math.min(limit, b + size);
                w.load(b, Math.min(limit, e + maxLength - 1));
                int r = firstEnd(w.bytes(), w.offset(), (int) (e - b), w.length());
                if (r >= 0) {
                    best = Math.min(best, b + r - w.offset());
                }
                b = e;
            }
            return best == Long.MAX_VALUE ? -1 : best;
        } finally {
            w.release();
        }
    }

    /**
     * The index just past the earliest-ending match that starts in {@code a[p .. p + starts)} and
     * ends by {@code a[p + avail)}, or -1: the first match state, from the start state, whose
     * longest output starts inside the range. A filtered walk here never gives up: blocks start
     * small, and most calls end at the first match.
     */
    private int firstEnd(byte[] a, int p, int starts, int avail) {
        int bound = p + starts;
        if (prefilter == null) {
            return firstEndSpan(a, p, p + avail, bound);
        }
        int[] ids = outIds;
        AhoCorasickPrefilteredWalk walk = new AhoCorasickPrefilteredWalk(ac, prefilter, false, a, p, starts, avail);
        for (int s; (s = walk.next()) >= 0;) {
            int e = walk.position();
            if (e - ids[table[s - 1]] < bound) {
                return e;
            }
        }
        return -1;
    }

    /** {@link #firstEnd} by one plain walk from the start state over {@code a[i .. end)}. */
    private int firstEndSpan(byte[] a, int i, int end, int bound) {
        int[] cls = classOf;
        int[] t = table;
        int[] ids = outIds;
        int dense = denseEnd;
        int s = start;
        while (i < end) {
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            i++;
            if (v < 0 && i - ids[t[s - 1]] < bound) {
                return i;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- matching records

    /**
     * One walk per block that, at a record's first match, reports the record, jumps to its end and
     * goes on there in the start state (where the automaton stands after every separator anyway, as
     * no pattern holds it). The generic path asks {@link #firstMatchEnd} once per matching record,
     * which loads a window and makes a walk each time: at a match on every line (100,000 words over
     * the Iliad) that was most of a line count's time.
     */
    @Override
    public long matchingRecords(MemorySegment text, long from, long to, byte separator, RecordSink sink) {
        if (ac.minLength() == 0) {
            return -1; // the empty pattern matches every record, even one the walk never steps into
        }
        TextWindow w = TextWindow.borrowing(text);
        try {
            RecordReport report = new RecordReport(sink);
            long pos = from;
            while (pos < to && !report.stopped) {
                long e = w.onHeap() ? to : recordBlockEnd(text, pos, to, separator);
                if (e < 0) { // one record longer than a block: asked about on its own
                    long le = ChunkedScan.indexOf(text, pos, to, separator);
                    if (firstMatchEnd(text, pos, le) >= 0) {
                        report.record(pos, le);
                    }
                    pos = le + 1;
                    continue;
                }
                w.load(pos, e);
                report.base = pos - w.offset();
                matchingRecords(w.bytes(), w.offset(), w.offset() + w.length(), separator, report);
                pos = e;
            }
            return report.count;
        } finally {
            w.release();
        }
    }

    /** The records found, counted, and handed on with absolute offsets when there is a sink. */
    private static final class RecordReport {
        final RecordSink sink;
        long count;
        long base; // absolute offset of the window's index 0
        boolean stopped;

        RecordReport(RecordSink sink) {
            this.sink = sink;
        }

        /** Whether to go on. */
        boolean record(long start, long end) {
            count++;
            stopped = sink != null && !sink.onRecord(start, end);
            return !stopped;
        }

        /** A record found in the window: {@code match} is an index inside it, {@code end} its separator's (or the end). */
        boolean inWindow(byte[] a, int blockStart, int match, int end, byte separator) {
            if (sink == null) {
                count++;
                return true;
            }
            int before = ByteSearch.lastIndexOf(a, separator, blockStart, match);
            return record(base + (before < 0 ? blockStart : before + 1), base + end);
        }
    }

    /**
     * The end of a block of whole records from {@code pos}: just past the first separator from
     * {@link #BLOCK_BYTES} on, when one lies within another block; else just past the last one
     * before; -1 when the record at {@code pos} is longer than that.
     */
    private static long recordBlockEnd(MemorySegment text, long pos, long to, byte separator) {
        long want = pos + BLOCK_BYTES;
        if (want >= to) {
            return to;
        }
        long far = Math.min(to, want + BLOCK_BYTES);
        long next = ChunkedScan.indexOf(text, want - 1, far, separator);
        if (next < far) {
            return next + 1;
        }
        if (far == to) {
            return to;
        }
        for (long i = want - 2; i >= pos; i--) {
            if (text.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) == separator) {
                return i + 1;
            }
        }
        return -1;
    }

    /** {@link #matchingRecords(MemorySegment, long, long, byte, RecordSink)} over the whole records of {@code a[i .. end)}. */
    private void matchingRecords(byte[] a, int i, int end, byte separator, RecordReport report) {
        if (prefilter == null) {
            matchingRecordsPlain(a, i, i, end, start, separator, report);
            return;
        }
        int blockStart = i;
        AhoCorasickPrefilteredWalk walk = new AhoCorasickPrefilteredWalk(ac, prefilter, true, a, i, end - i, end - i);
        while (true) {
            int s = walk.next();
            if (s == AhoCorasickPrefilteredWalk.DONE) {
                return;
            }
            if (s == AhoCorasickPrefilteredWalk.GAVE_UP) {
                matchingRecordsPlain(a, blockStart, walk.position(), end, walk.state(), separator, report);
                return;
            }
            int le = ByteSearch.indexOf(a, separator, walk.position(), end);
            if (!report.inWindow(a, blockStart, walk.position() - 1, le < 0 ? end : le, separator)
                    || le < 0 || le + 1 >= end) {
                return;
            }
            walk.jumpTo(le + 1);
        }
    }

    /** The plain walk of {@link #matchingRecords(byte[], int, int, byte, RecordReport)}, from state {@code s} at {@code a[i]}. */
    private void matchingRecordsPlain(byte[] a, int blockStart, int i, int end, int s, byte separator,
            RecordReport report) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        while (i < end) {
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            i++;
            if (v < 0) {
                int le = ByteSearch.indexOf(a, separator, i, end);
                if (!report.inWindow(a, blockStart, i - 1, le < 0 ? end : le, separator) || le < 0) {
                    return;
                }
                i = le + 1;
                s = start;
            }
        }
    }

    // ---------------------------------------------------------------- reporting

    /**
     * A reporting scan's working memory: the streams' match buffers and the lockstep loop's events
     * (the copy of off-heap input is the thread's spare window, {@link TextWindow#borrowing}).
     * {@link #search(MemorySegment, long, long, MatchSink)} makes one per call; a caller that searches
     * range after range on one thread (a regex scanner's filter literals) keeps one, so that the
     * buffers grow once rather than on every call. Not thread-safe: one per thread.
     */
    static final class Scratch {
        private final MatchBuffer[] bufs = new MatchBuffer[STREAMS];
        private final long[] events = new long[STREAMS * EVENT_STRETCH + STREAMS];

        Scratch() {
            for (int j = 0; j < STREAMS; j++) {
                bufs[j] = new MatchBuffer(0);
            }
        }
    }

    @Override
    public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
        return search(text, from, to, sink, new Scratch());
    }

    /** {@link #search(MemorySegment, long, long, MatchSink)} in the caller's working memory. */
    boolean search(MemorySegment text, long from, long to, MatchSink sink, Scratch scratch) {
        TextWindow w = TextWindow.borrowing(text);
        try {
            return search(text, from, to, sink, w, scratch);
        } finally {
            w.release();
        }
    }

    private boolean search(MemorySegment text, long from, long to, MatchSink sink, TextWindow w, Scratch scratch) {
        for (long b = from; b < to;) {
            long e = Math.min(to, b + BLOCK_BYTES);
            w.load(b, Math.min(text.byteSize(), e + maxLength - 1));
            long delta = b - w.offset();
            boolean go = prefilter != null
                    ? searchFiltered(w.bytes(), w.offset(), (int) (e - b), w.length(), delta, scratch, sink)
                    : searchBlock(w.bytes(), w.offset(), (int) (e - b), w.length(), delta, scratch, sink, start, false);
            if (!go) {
                return false;
            }
            b = e;
        }
        return true;
    }

    /**
     * Reports the matches starting in {@code a[p .. p + starts)} (text offset = index + {@code delta}),
     * reading up to {@code a[p + avail)}; streams as in {@link #countBlock}, one buffer each. The
     * first stream starts in state {@code first} and, when {@code keep}, adds to what its buffer
     * already holds (where a filtered scan gave up).
     */
    private boolean searchBlock(byte[] a, int p, int starts, int avail, long delta, Scratch scratch,
            MatchSink sink, int first, boolean keep) {
        MatchBuffer[] bufs = scratch.bufs;
        int part = starts / STREAMS;
        if (part < MIN_STREAM_BYTES) {
            MatchBuffer b = bufs[0];
            if (!keep) {
                b.reset(p + delta);
            }
            searchSpan(a, p, p + avail, p + starts, first, delta, b);
            return b.drainTo(sink, lengths);
        }
        int p1 = p + part;
        int p2 = p1 + part;
        int p3 = p2 + part;
        MatchBuffer b0 = bufs[0];
        MatchBuffer b1 = bufs[1];
        MatchBuffer b2 = bufs[2];
        MatchBuffer b3 = bufs[3];
        if (!keep) {
            b0.reset(p + delta);
        }
        b1.reset(p1 + delta);
        b2.reset(p2 + delta);
        b3.reset(p3 + delta);
        int[] t = table;
        int[] st = {first, start, start, start};
        // The lockstep loop only notes (position, stream, state) of match states; the output lists
        // are walked after each stretch, so the loop stays as tight as the counting one.
        long[] ev = scratch.events;
        for (int from = 0; from < part;) {
            int until = Math.min(part, from + EVENT_STRETCH);
            int k = allDense ? lockstepEventsDense(a, p, part, from, until, st, ev)
                    : lockstepEvents(a, p, part, from, until, st, ev);
            // A match ending inside a part starts inside it: no bound to check.
            for (int e = 0; e < k; e++) {
                long x = ev[e];
                int j = (int) (x >>> 32) & 3;
                int i = (int) (x >>> 34);
                report(t[((int) x) - 1], p + j * part + i + 1 + delta, Long.MAX_VALUE, bufs[j]);
            }
            from = until;
        }
        int s0 = st[0];
        int s1 = st[1];
        int s2 = st[2];
        int s3 = st[3];
        int end = p + avail;
        searchSpan(a, p1, Math.min(end, p1 + maxLength - 1), p1, s0, delta, b0);
        searchSpan(a, p2, Math.min(end, p2 + maxLength - 1), p2, s1, delta, b1);
        searchSpan(a, p3, Math.min(end, p3 + maxLength - 1), p3, s2, delta, b2);
        searchSpan(a, p3 + part, end, p + starts, s3, delta, b3);
        return b0.drainTo(sink, lengths) && b1.drainTo(sink, lengths) && b2.drainTo(sink, lengths)
                && b3.drainTo(sink, lengths);
    }

    /** Reports as {@link #searchBlock}, the prefilter driving one walk (until it gives up). */
    private boolean searchFiltered(byte[] a, int p, int starts, int avail, long delta, Scratch scratch,
            MatchSink sink) {
        MatchBuffer buf = scratch.bufs[0];
        buf.reset(p + delta);
        int bound = p + starts;
        long absBound = bound + delta;
        AhoCorasickPrefilteredWalk walk = new AhoCorasickPrefilteredWalk(ac, prefilter, true, a, p, starts, avail);
        int s;
        while ((s = walk.next()) >= 0) {
            report(table[s - 1], walk.position() + delta, absBound, buf);
        }
        if (s == AhoCorasickPrefilteredWalk.GAVE_UP) {
            int i = walk.position();
            return searchBlock(a, i, bound - i, p + avail - i, delta, scratch, sink, walk.state(), true);
        }
        return buf.drainTo(sink, lengths);
    }

    /** One stream from state {@code s} over {@code a[i .. end)}, keeping matches that start before {@code bound}. */
    private void searchSpan(byte[] a, int i, int end, int bound, int s, long delta, MatchBuffer buf) {
        int[] cls = classOf;
        int[] t = table;
        int dense = denseEnd;
        long absBound = bound + delta;
        for (; i < end; i++) {
            int c = cls[a[i] & 0xFF];
            int v = s < dense ? t[s + c] : ac.step(s, c);
            s = v & MASK;
            if (v < 0) {
                report(t[s - 1], i + 1 + delta, absBound, buf);
            }
        }
    }

    /** Buffers the matches of one output list (ending at {@code end}) that start before {@code bound}. */
    private void report(int o, long end, long bound, MatchBuffer buf) {
        int[] ids = outIds;
        for (int i = o;;) {
            long st = end - ids[i];
            if (st >= bound) {
                return; // this segment and the rest start at or after the bound
            }
            int id;
            while ((id = ids[++i]) >= 0) {
                buf.add(st, id);
            }
            if (id == -1) {
                return;
            }
            i = -id - 2;
        }
    }
}
