package dev.trawl.scan;

import dev.trawl.FirstOccurrences;
import dev.trawl.PatternSet;
import dev.trawl.MatchSink;
import dev.trawl.MatcherOptions;
import dev.trawl.RecordMatchSink;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The per-record operations of {@link Matcher} ({@code anyMatch}, {@code firstMatch},
 * {@code matchedPatterns}, {@code countPerRecord}, {@code firstOccurrence}, {@code scanRecords}) for
 * any engine. Each record is answered as if it were the whole input, in one of two ways:
 *
 * <ol>
 *   <li><b>Literal sets: one scan over the records' bytes</b> ({@link #ofLiterals}, and
 *       {@link #of(PatternSet, OrderedScan)} for engines that offer nothing else). A literal occurs in a record
 *       alone exactly when it occurs in the column's data inside that record's bounds, so the engine
 *       scans the bytes the records cover and each match is put in its record by the offsets
 *       ({@link RecordCursor}: forward, since matches come mostly in order; by bisection when one
 *       comes back). A match that runs past its record's end (into a separator or the next record)
 *       is dropped.
 *   <li><b>Sets with regexes: each record as a text of its own</b>, so that
 *       {@code ^ $ \A \z \b [^x]} and {@code (?s).} see the record's edges as the text's edges: a
 *       search of each record's slice ({@link #perRecord(RecordSearch)}), or an engine's
 *       {@link RecordFinder} that does better over a range of records (the regex engines find
 *       their literals in one search per range). {@code anyMatch} and {@code firstMatch} leave a
 *       record at its first match: matches come in order, and the first is the earliest.
 * </ol>
 *
 * <p>{@link #firstOccurrence} keeps the first start per (record, pattern) of the same matches, or
 * asks the literal searcher when it can find first occurrences itself ({@link FirstOccurrenceSearcher}).
 *
 * <p>Columnar answers run on the options' threads, each task a contiguous range of records of about
 * a chunk's bytes (at most {@value #MAX_TASK_RECORDS} records), through
 * {@link ChunkedScan#runChunks}; each task writes its own slots of the result arrays, and
 * {@code matchedPatterns} joins the tasks' rows in order. {@code scanRecords} delivers in order:
 * literal sets through the engine's ordered scan, others through tasks whose matches are buffered
 * until the tasks before them are delivered.
 *
 * <p>An engine that can do better than one scan of all the bytes gives {@link RecordAnswers} for
 * a literal set ({@link #ofLiterals(RangeSearcher, OrderedScan, RecordAnswers, MatcherOptions)}):
 * {@code cpu:aho-corasick} restarts its automaton at each record's start, so no match crosses a
 * record, leaves a record at its first match for {@code anyMatch} and {@code firstMatch}, and counts
 * without ordering matches. The columnar answers then come from it, on the same tasks;
 * {@code scanRecords} keeps the one ordered scan.
 */
public final class RecordScan {
    /** Records per task at most, which bounds each task's scratch arrays. */
    static final int MAX_TASK_RECORDS = 1 << 16;

    /** Searches one record as a whole input, on the calling thread. */
    @FunctionalInterface
    public interface RecordSearch {
        /**
         * Reports the record's matches in the contract's order (start, then pattern id), offsets
         * inside it.
         *
         * @return {@code false} when the sink stopped the search
         */
        boolean search(MemorySegment record, MatchSink sink);
    }

    /**
     * Finds the matches of a range of records on the calling thread, each record as if it were the
     * whole input: what an engine gives that can do better than one search per record.
     */
    @FunctionalInterface
    public interface RecordFinder {
        /**
         * Reports the matches of records {@code [from, to)}: records in order, each record's matches
         * in the contract's order, offsets inside the record. Once {@code visitor} returns false for
         * a record, that record's later matches may be left out.
         */
        void find(Records records, int from, int to, RecordVisitor visitor);
    }

    /**
     * An engine's own answers for records {@code [from, to)} of a literal set, on the calling thread,
     * each record as if it were the whole input. {@link RecordScan} clears the slots of those records
     * first, so a method need write only those of records that match.
     */
    public interface RecordAnswers {
        /** Sets {@code out[r]} for each record {@code r} holding a match. */
        void anyMatch(Records records, int from, int to, boolean[] out);

        /** Sets {@code out[r]} to the id of the match that starts first in record {@code r} (ties: the lowest id). */
        void firstMatch(Records records, int from, int to, int[] out);

        /** Sets {@code out[r]} to the number of matches in record {@code r}. */
        void countPerRecord(Records records, int from, int to, long[] out);

        /** Reports every match of the records, in any order. */
        void matches(Records records, int from, int to, RecordVisitor visitor);
    }

    /** A whole scan of one text, in the contract's order, on whatever threads the engine likes. */
    @FunctionalInterface
    public interface OrderedScan {
        boolean scan(MemorySegment text, MatchSink sink);
    }

    private final RangeSearcher literals; // way 1, or null
    private final OrderedScan ordered; // way 1, for scanRecords
    private final RecordAnswers answers; // way 1's columnar answers by the engine, or null
    private final RecordFinder finder; // way 2, or null
    private final MatcherOptions options; // threads and chunk size; null: one task, on the calling thread
    private final long window; // the most bytes of records a literal searcher gets at once for firstOccurrence

    private RecordScan(RangeSearcher literals, OrderedScan ordered, RecordAnswers answers, RecordFinder finder,
            MatcherOptions options, long window) {
        this.literals = literals;
        this.ordered = ordered;
        this.answers = answers;
        this.finder = finder;
        this.options = options;
        this.window = window;
    }

    private RecordScan(RangeSearcher literals, OrderedScan ordered, RecordAnswers answers, RecordFinder finder,
            MatcherOptions options) {
        this(literals, ordered, answers, finder, options, FIRST_OCCURRENCE_WINDOW);
    }

    /** The same with another window for {@link #firstOccurrence}: for tests of long records without gigabytes. */
    RecordScan withWindow(long bytes) {
        return new RecordScan(literals, ordered, answers, finder, options, bytes);
    }

    /**
     * A literal set's records through one scan of their bytes: {@code searcher} on tasks of records
     * for the columnar answers, {@code ordered} (the matcher's own scan) for {@code scanRecords}.
     */
    public static RecordScan ofLiterals(RangeSearcher searcher, OrderedScan ordered, MatcherOptions options) {
        return new RecordScan(searcher, ordered, null, null, options);
    }

    /**
     * A literal set whose columnar answers come from the engine's {@code answers} ({@code null}: from
     * {@code searcher}, as {@link #ofLiterals(RangeSearcher, OrderedScan, MatcherOptions)}), on tasks of
     * records; {@code scanRecords} through one call of {@code ordered} over the records' bytes.
     */
    public static RecordScan ofLiterals(RangeSearcher searcher, OrderedScan ordered, RecordAnswers answers,
            MatcherOptions options) {
        return new RecordScan(searcher, ordered, answers, null, options);
    }

    /** Ranges of records searched by {@code finder}, on {@code options.threads()} threads. */
    public static RecordScan of(RecordFinder finder, MatcherOptions options) {
        return new RecordScan(null, null, null, finder, options);
    }

    /** The finder that searches each record on its own: a slice of the data, stopped when the record is done. */
    public static RecordFinder perRecord(RecordSearch search) {
        return (records, from, to, v) -> {
            for (int r = from; r < to; r++) {
                int record = r;
                search.search(records.record(r), (id, s, e) -> v.onMatch(record, id, s, e));
            }
        };
    }

    /**
     * The way for a matcher that offers nothing better, given its pattern set and its ordered scan
     * (which never sees anything but whole texts): a literal set through one call of its scan
     * over all the records' bytes (which the engine threads as it likes), any other set through a
     * scan of each record, on the calling thread.
     */
    public static RecordScan of(PatternSet patterns, OrderedScan scan) {
        if (patterns.hasRegex()) {
            RecordFinder each = perRecord(scan::scan);
            return new RecordScan(null, null, null, each, null);
        }
        OrderedScan ordered = scan;
        int readOn = Math.max(0, patterns.maxLength() - 1);
        RangeSearcher whole = new RangeSearcher() {
            @Override
            public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
                // Reads on past to, as a range searcher does: a long record is searched in blocks.
                long end = Math.min(text.byteSize(), to + readOn);
                return scan.scan(text.asSlice(from, end - from),
                        (id, s, e) -> from + s >= to || sink.onMatch(id, from + s, from + e));
            }

            @Override
            public boolean reportsInOrder() {
                return true;
            }
        };
        return new RecordScan(whole, ordered, null, null, null);
    }

    // ---- the columnar answers ----

    /** Whether each record holds a match; {@code out[i]} for record {@code i}. */
    public boolean[] anyMatch(Records records, boolean[] out) {
        fillColumn(records, out.length, "anyMatch", (from, to) -> {
            Arrays.fill(out, from, to, false);
            if (answers != null) {
                answers.anyMatch(records, from, to, out);
            } else {
                find(records, from, to, (r, id, s, e) -> {
                    out[r] = true;
                    return false;
                });
            }
        });
        return out;
    }

    /** The id of the pattern whose match starts first in each record (ties to the lowest id), or -1. */
    public int[] firstMatch(Records records, int[] out) {
        boolean inOrder = literals == null || literals.reportsInOrder();
        fillColumn(records, out.length, "firstMatch", (from, to) -> {
            Arrays.fill(out, from, to, -1);
            if (answers != null) {
                answers.firstMatch(records, from, to, out);
            } else if (inOrder) {
                // The first match a record gets is its earliest.
                find(records, from, to, (r, id, s, e) -> {
                    if (out[r] < 0) {
                        out[r] = id;
                    }
                    return false;
                });
            } else {
                long[] best = new long[to - from];
                find(records, from, to, (r, id, s, e) -> {
                    int k = r - from;
                    if (out[r] < 0 || s < best[k] || s == best[k] && id < out[r]) {
                        out[r] = id;
                        best[k] = s;
                    }
                    return false;
                });
            }
        });
        return out;
    }

    /** The number of matches in each record. */
    public long[] countPerRecord(Records records, long[] out) {
        fillColumn(records, out.length, "countPerRecord", (from, to) -> {
            Arrays.fill(out, from, to, 0);
            if (answers != null) {
                answers.countPerRecord(records, from, to, out);
            } else {
                find(records, from, to, (r, id, s, e) -> {
                    out[r]++;
                    return true;
                });
            }
        });
        return out;
    }

    /**
     * Each record's distinct pattern ids, ascending; the rows' offsets go to {@code offsets} (at least
     * one more than the records), the ids to a new array of the exact size.
     *
     * <p>Tasks make their rows; the calling thread only keeps them, in order, and sums their sizes.
     * Then the ids array is made at its size, and the tasks' rows are copied into it and their
     * offsets written on the same threads: joining them on the calling thread as they came, into an
     * array grown by doubling, was work that did not shrink with threads.
     */
    public RecordPatterns matchedPatterns(Records records, int[] offsets) {
        int n = records.size();
        if (offsets.length < n + 1) {
            throw new IllegalArgumentException("matchedPatterns: offsets has " + offsets.length + " entries, "
                    + n + " records need " + (n + 1));
        }
        List<Rows> tasks = new ArrayList<>();
        List<Integer> firstId = new ArrayList<>(); // per task: where its ids go
        long[] size = {0};
        offsets[0] = 0;
        forEachTask(records, (from, to) -> {
            if (answers != null || literals != null && !literals.reportsInOrder()) {
                // Records in any order: pairs, made into rows below.
                Pairs pairs = new Pairs();
                RecordVisitor collect = (r, id, s, e) -> {
                    pairs.add(r - from, id);
                    return true;
                };
                if (answers != null) {
                    answers.matches(records, from, to, collect);
                } else {
                    find(records, from, to, collect);
                }
                return pairs.rows(from, to);
            }
            RowsInOrder rows = new RowsInOrder(from, to); // records come in order
            find(records, from, to, rows);
            return rows.rows();
        }, rows -> {
            if (size[0] + rows.count() > Integer.MAX_VALUE - 8) {
                throw new TrawlException("matchedPatterns: more than 2^31 (record, pattern) pairs");
            }
            tasks.add(rows);
            firstId.add((int) size[0]);
            size[0] += rows.count();
            return true;
        });
        int[] ids = new int[(int) size[0]];
        runTasks(tasks.size(), k -> {
            Rows rows = tasks.get(k);
            int base = firstId.get(k);
            System.arraycopy(rows.ids, 0, ids, base, rows.count());
            for (int r = rows.from; r < rows.to; r++) {
                offsets[r + 1] = base + rows.ends[r - rows.from];
            }
        });
        return new RecordPatterns(n, offsets, ids);
    }

    /** One task's rows: each record's distinct ids, ascending, one row after another; row k ends at {@code ends[k]}. */
    private record Rows(int from, int to, int[] ends, int[] ids) {
        int count() {
            return ends.length == 0 ? 0 : ends[ends.length - 1];
        }
    }

    /**
     * A task's rows made as matches come from a {@link RecordFinder}, which reports records in order:
     * a record's ids are sorted and made distinct when the next record's first match comes (or the
     * task ends). Cheaper than {@link Pairs}, which takes pairs in any order: no pair buffer, no
     * counting sort, and one array that ends as the rows.
     */
    private static final class RowsInOrder implements RecordVisitor {
        private final int from;
        private final int[] ends;
        private int[] ids;
        private int size;
        private int row; // the record whose ids come now, less from
        private int rowStart; // where its ids begin

        RowsInOrder(int from, int to) {
            this.from = from;
            this.ends = new int[to - from];
            this.ids = new int[Math.max(16, to - from)]; // a match or so per record, as log templates have
        }

        @Override
        public boolean onMatch(int record, int patternId, long start, long end) {
            int k = record - from;
            if (k != row) {
                if (k < row) {
                    throw new IllegalStateException("a record finder reported record " + record + " after record "
                            + (row + from) + ": finders report records in order");
                }
                endRowsBefore(k);
            }
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size + (size >> 1));
            }
            ids[size++] = patternId;
            return true;
        }

        /** Ends the current row (its ids sorted, repeats dropped) and the empty ones after it, up to row {@code k}. */
        private void endRowsBefore(int k) {
            if (size - rowStart > 1) {
                Arrays.sort(ids, rowStart, size);
                int w = rowStart + 1;
                for (int i = rowStart + 1; i < size; i++) {
                    if (ids[i] != ids[w - 1]) {
                        ids[w++] = ids[i];
                    }
                }
                size = w;
            }
            Arrays.fill(ends, row, k, size);
            row = k;
            rowStart = size;
        }

        Rows rows() {
            endRowsBefore(ends.length);
            return new Rows(from, from + ends.length, ends, ids);
        }
    }

    /**
     * A task's (record, pattern id) pairs, in any order, made into rows by a counting sort on the
     * record and a sort of each record's few ids: linear in the pairs, where one sort of them all
     * costs a logarithm more (and more still when they come interleaved, as from records walked in
     * lockstep).
     */
    private static final class Pairs {
        private int[] recs = new int[64]; // record - from
        private int[] ids = new int[64];
        private int size;

        void add(int record, int id) {
            if (size == recs.length) {
                recs = Arrays.copyOf(recs, size * 2);
                ids = Arrays.copyOf(ids, size * 2);
            }
            recs[size] = record;
            ids[size++] = id;
        }

        Rows rows(int from, int to) {
            int n = to - from;
            int[] at = new int[n + 1]; // at[k]: where record k's ids begin, once summed
            for (int i = 0; i < size; i++) {
                at[recs[i] + 1]++;
            }
            for (int k = 0; k < n; k++) {
                at[k + 1] += at[k];
            }
            int[] sorted = new int[size];
            int[] next = Arrays.copyOf(at, n);
            for (int i = 0; i < size; i++) {
                sorted[next[recs[i]]++] = ids[i];
            }
            int[] ends = new int[n];
            int w = 0;
            for (int k = 0; k < n; k++) {
                int lo = at[k];
                int hi = at[k + 1];
                if (hi - lo > 1) {
                    Arrays.sort(sorted, lo, hi);
                }
                for (int i = lo; i < hi; i++) {
                    if (i == lo || sorted[i] != sorted[i - 1]) {
                        sorted[w++] = sorted[i];
                    }
                }
                ends[k] = w;
            }
            return new Rows(from, to, ends, sorted);
        }
    }

    /**
     * The records x patterns table of first occurrences ({@code patterns} the set's size), in the
     * layout asked for. A literal searcher that finds them itself ({@link FirstOccurrenceSearcher})
     * does, task by task; otherwise each task keeps, of its records' matches, the first start per
     * (record, pattern), and a record found by a {@link RecordFinder} is left once every pattern has
     * matched in it. Literal searchers get at most 64 MiB of records at once (they copy what they
     * search), and a longer record is searched alone, in blocks.
     */
    public FirstOccurrences firstOccurrence(Records records, int patterns, FirstOccurrences.Layout layout) {
        FirstOccurrenceBuilder table = new FirstOccurrenceBuilder(records, patterns, layout);
        FirstOccurrenceSearcher own = literals instanceof FirstOccurrenceSearcher s ? s : null;
        forEachTask(records, (from, to) -> {
            FirstOccurrenceBuilder.Part part = table.part(from, to);
            if (literals == null) {
                finder.find(records, from, to, part);
            } else {
                firstOccurrencesInWindows(own, records, from, to, patterns, part);
            }
            return part.finish();
        }, table::add);
        return table.build();
    }

    /** The most bytes of records a literal searcher gets at once for {@link #firstOccurrence}. */
    static final long FIRST_OCCURRENCE_WINDOW = 64 << 20;

    /** Records {@code [from, to)} cut into runs that span at most a window, and records longer than one. */
    private void firstOccurrencesInWindows(FirstOccurrenceSearcher own, Records records, int from, int to, int patterns,
            FirstOccurrenceBuilder.Part part) {
        int a = from; // the run so far: [a, r)
        long runStart = records.start(from);
        for (int r = from; r < to; r++) {
            long end = records.end(r);
            if (end - runStart <= window) {
                continue;
            }
            if (r > a) {
                firstOccurrences(own, records, a, r, part);
            }
            a = r;
            runStart = records.start(r);
            if (end - runStart > window) {
                longRecord(records, r, patterns, part);
                a = r + 1;
                runStart = r + 1 < to ? records.start(r + 1) : end;
            }
        }
        if (a < to) {
            firstOccurrences(own, records, a, to, part);
        }
    }

    private void firstOccurrences(FirstOccurrenceSearcher own, Records records, int from, int to,
            FirstOccurrenceBuilder.Part part) {
        if (own != null) {
            own.firstOccurrences(records, from, to, part);
        } else {
            find(records, from, to, part);
        }
    }

    /**
     * A record longer than a window, searched alone in blocks that double from 64 KiB (or the
     * window, if smaller) up to the window, until every pattern has matched in it (checked between
     * blocks: a searcher that reports out of order may still hold an earlier start for a pattern
     * within the block). So a 2 GiB line of zeros against patterns of zeros costs one 64 KiB block.
     */
    private void longRecord(Records records, int r, int patterns, FirstOccurrenceBuilder.Part part) {
        MemorySegment record = records.record(r); // its end is the text's end: no match runs past it
        long length = record.byteSize();
        long block = Math.min(64 << 10, window);
        for (long at = 0; at < length && !part.complete(r); at += block, block = Math.min(2 * block, window)) {
            literals.search(record, at, Math.min(length, at + block), (id, s, e) -> {
                part.onMatch(r, id, s, e);
                return true;
            });
        }
    }

    // ---- the ordered stream ----

    /** Every match of every record, ordered by record, start, pattern id; offsets inside the record. */
    public boolean scanRecords(Records records, RecordMatchSink sink) {
        int n = records.size();
        if (n == 0) {
            return true;
        }
        if (literals != null) {
            long lo = records.start(0);
            long hi = records.end(n - 1);
            RecordCursor c = new RecordCursor(records, 0, n);
            return ordered.scan(records.data().asSlice(lo, hi - lo), (id, s, e) -> {
                int r = c.recordOf(lo + s);
                long rs = c.start();
                return lo + e > c.end() || sink.onMatch(r, id, lo + s - rs, lo + e - rs);
            });
        }
        return forEachTask(records, ChunkedScan.ORDERED_AHEAD_PER_THREAD, (from, to) -> {
            Found found = new Found();
            finder.find(records, from, to, found);
            return found;
        }, found -> found.drainTo(sink));
    }

    /** One task's matches, kept until the tasks before it are delivered. */
    private static final class Found implements RecordVisitor {
        private final SpanBuffer spans = new SpanBuffer();
        private int[] recordOf = new int[64];

        @Override
        public boolean onMatch(int record, int patternId, long start, long end) {
            int i = spans.size();
            if (i == recordOf.length) {
                recordOf = Arrays.copyOf(recordOf, i * 2);
            }
            recordOf[i] = record;
            return spans.onMatch(patternId, start, end);
        }

        boolean drainTo(RecordMatchSink sink) {
            for (int i = 0; i < spans.size(); i++) {
                if (!sink.onMatch(recordOf[i], spans.id(i), spans.start(i), spans.end(i))) {
                    return false;
                }
            }
            return true;
        }
    }

    // ---- finding matches of a task's records ----

    /**
     * Reports the matches of records {@code [from, to)} to {@code v}, on the calling thread: through
     * the finder (in order, a record stopped when {@code v} says so), or through the literal
     * searcher, in its order, a record's later matches still reported after {@code v} said it is
     * done (a scan of all the bytes cannot skip the rest of one record).
     */
    private void find(Records records, int from, int to, RecordVisitor v) {
        if (literals == null) {
            finder.find(records, from, to, v);
            return;
        }
        long lo = records.start(from);
        long hi = records.end(to - 1);
        if (hi <= lo) {
            return; // only empty records: no literal fits
        }
        RecordCursor c = new RecordCursor(records, from, to);
        literals.search(records.data(), lo, hi, (id, s, e) -> {
            int r = c.recordOf(s);
            if (e <= c.end()) {
                long rs = c.start();
                v.onMatch(r, id, s - rs, e - rs);
            }
            return true;
        });
    }

    // ---- tasks ----

    /** Runs {@code work} for each of {@code count} items (disjoint writes), on the options' threads. */
    private void runTasks(int count, java.util.function.IntConsumer work) {
        int threads = options == null ? 1 : options.threads();
        long per = Math.max(1, count / (4L * threads));
        ChunkPlan plan = new ChunkPlan(count, per, 0);
        ChunkedScan.RangeCount range = (t, from, to) -> {
            for (long k = from; k < to; k++) {
                work.accept((int) k);
            }
            return 0;
        };
        if (count <= per || threads == 1) {
            range.count(null, 0, count);
        } else {
            UnorderedChunkCount.run(null, plan, threads, range); // no order needed: the writes are disjoint
        }
    }

    @FunctionalInterface
    private interface Task<R> {
        R run(int from, int to);
    }

    /**
     * Tasks a thread may have claimed ahead of the calling thread's in-order consumption, for answers
     * whose results are kept whole anyway (columns, rows of pattern ids, first-occurrence tables):
     * twice the bound of an ordered scan, whose chunks buffer their matches
     * ({@link ChunkedScan#ORDERED_AHEAD_PER_THREAD}).
     * The calling thread runs tasks too and consumes nothing meanwhile; with 2 a thread, helpers found
     * the window full and stopped until its task was done. All loghub templates as one regex set,
     * {@code cpu:dfa}'s {@code matchedPatterns} over 256 MiB of lines on the H200 host's 16 threads
     * (session 31, runs 8-9; each pair in one call): 1,318 -> 1,688, 1,355 -> 1,748, 1,314 -> 1,446 and
     * 1,737 -> 1,871 MB/s, 12.9-13.4 busy threads of 16 against 14.0-14.3; 8 and 16 a thread gained
     * no more.
     */
    static final int KEPT_RESULTS_AHEAD_PER_THREAD = 4;

    /** As {@link #forEachTask(Records, int, Task, ChunkedScan.Consumer)}, for results kept whole. */
    private <R> boolean forEachTask(Records records, Task<R> task, ChunkedScan.Consumer<R> consumer) {
        return forEachTask(records, KEPT_RESULTS_AHEAD_PER_THREAD, task, consumer);
    }

    /**
     * Runs {@code task} over contiguous ranges of records of about a chunk's bytes, on the options'
     * threads (one for a segment only its owner thread may read), handing results to
     * {@code consumer} in record order, at most {@code ahead} ranges a thread claimed and not yet consumed.
     */
    private <R> boolean forEachTask(Records records, int ahead, Task<R> task, ChunkedScan.Consumer<R> consumer) {
        int n = records.size();
        if (n == 0) {
            return true;
        }
        long perTask;
        int threads;
        if (options == null) {
            perTask = n;
            threads = 1;
        } else {
            long bytes = records.totalBytes();
            long chunk = ChunkedScan.chunkSize(options, bytes, ChunkedScan.BALANCED_CHUNKS_PER_THREAD);
            perTask = bytes == 0 ? MAX_TASK_RECORDS : Math.clamp(chunk * n / bytes, 1, MAX_TASK_RECORDS);
            threads = perTask >= n ? 1 : ChunkedScan.threadsFor(options, records.data());
        }
        return ChunkedScan.runChunks(new ChunkPlan(n, perTask, 0), threads, ahead,
                (from, to) -> () -> task.run((int) from, (int) to), consumer);
    }

    @FunctionalInterface
    private interface Fill {
        void run(int from, int to);
    }

    /**
     * Fills {@code what}'s column of answers ({@code length} slots, one per record) range by range on
     * the options' threads ({@link #forEachTask}, with nothing to hand on).
     */
    private void fillColumn(Records records, int length, String what, Fill fill) {
        checkLength(records, length, what);
        forEachTask(records, (from, to) -> {
            fill.run(from, to);
            return null;
        }, x -> true);
    }

    private static void checkLength(Records records, int length, String what) {
        if (length < records.size()) {
            throw new IllegalArgumentException(what + ": the array has " + length + " slots for " + records.size()
                    + " records");
        }
    }
}
