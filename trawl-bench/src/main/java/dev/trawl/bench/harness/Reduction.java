package dev.trawl.bench.harness;

import dev.trawl.RecordPatterns;
import dev.trawl.bench.data.Workload;
import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntPredicate;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * What an experiment makes of the matches, and so what it times and cross-checks. Each reduction is
 * computed in {@linkplain Part parts} over line-aligned ranges (a chunk, or the whole input for engines
 * that do their own threading); parts hold no state across lines of other parts, so their
 * {@link Digest}s add up to the same total however the input was cut or the matches were ordered.
 *
 * <p>Two ways reach the same digest. Peers feed their match streams into parts, which build the per-line
 * tables (first match per line, the first-occurrence table of the Rabin-Karp records write-up, template
 * hits per log row) from (pattern, end) pairs. Trawl's engines answer per line with trawl-core's record
 * operations ({@code Matcher.firstMatch}, {@code matchedPatterns}, ... over {@code Records.lines}: see
 * {@code TrawlEngine}), and per-line peers answer per line themselves; those answers are folded by
 * the static {@code digest} methods here. Both ways hash each table item with the same {@code item}
 * function, so the cross-check between them is exact.
 */
public sealed interface Reduction {

    /** A name for the table: what the check compared. */
    String label();

    Part part(Workload w, long from, long to);

    /**
     * Whether an engine that reports non-overlapping, leftmost-first matches of one alternation (a
     * regex library's find loop) gets exactly this result; where not, such engines are checked on
     * {@link MatchingLines} instead.
     */
    boolean exactForLeftmostFirst();

    /** Receives one part's hits and sums them up. */
    interface Part extends Hits {
        Digest digest();
    }

    /** Every match: count and hash of (pattern, end). */
    record AllMatches() implements Reduction {
        @Override
        public String label() {
            return "all matches";
        }

        @Override
        public Part part(Workload w, long from, long to) {
            return new Part() {
                long count;
                long hash;

                @Override
                public void hit(int id, long end) {
                    count++;
                    hash += Digest.mix(id, end);
                }

                @Override
                public Digest digest() {
                    return new Digest(count, hash, count);
                }
            };
        }

        @Override
        public boolean exactForLeftmostFirst() {
            return false;
        }
    }

    /** The lines holding at least one match: what every engine agrees on, whatever its match semantics. */
    record MatchingLines() implements Reduction {
        @Override
        public String label() {
            return "matching lines";
        }

        @Override
        public Part part(Workload w, long from, long to) {
            return new LinePart(w, from, to) {
                final BitSet seen = new BitSet(endLine - firstLine);

                @Override
                void take(int id, long end) {
                    seen.set(line(end - 1) - firstLine);
                }

                @Override
                public Digest digest() {
                    long hash = 0;
                    for (int i = seen.nextSetBit(0); i >= 0; i = seen.nextSetBit(i + 1)) {
                        hash += item(firstLine + i);
                    }
                    return new Digest(seen.cardinality(), hash, hits);
                }
            };
        }

        @Override
        public boolean exactForLeftmostFirst() {
            return true;
        }

        /** The hash of one matching line. */
        static long item(long line) {
            return Digest.mix(0, line);
        }

        /**
         * The digest of per-line answers for lines {@code firstLine .. firstLine + n - 1}: line
         * {@code firstLine + i} holds a match where {@code matches.test(i)}.
         */
        public static Digest digest(int n, long firstLine, IntPredicate matches) {
            return perLine(n, matches, i -> item(firstLine + i));
        }
    }

    /**
     * The GPU log-classification write-up's {@code firstMatch}: for each line, the pattern of its first match
     * (smallest start, then smallest id). From a match stream for literals only (it needs their lengths to
     * find starts); {@code lengths} null (a regex set) leaves only per-line answers ({@link #digest}).
     */
    record FirstMatchPerLine(int[] lengths) implements Reduction {
        @Override
        public String label() {
            return "first match per line";
        }

        @Override
        public Part part(Workload w, long from, long to) {
            if (lengths == null) {
                throw new IllegalStateException("the first match per line of a regex set needs starts: per-line"
                        + " answers only, no match stream");
            }
            return new LinePart(w, from, to) {
                final long[] best = filled(endLine - firstLine);

                @Override
                void take(int id, long end) {
                    long start = end - lengths[id];
                    int line = line(start);
                    long key = ((start - w.lineStart(line)) << 24) | id;
                    int i = line - firstLine;
                    if (key < best[i]) {
                        best[i] = key;
                    }
                }

                @Override
                public Digest digest() {
                    long count = 0;
                    long hash = 0;
                    for (int i = 0; i < best.length; i++) {
                        if (best[i] != Long.MAX_VALUE) {
                            count++;
                            hash += item((int) (best[i] & 0xFFFFFF), firstLine + i);
                        }
                    }
                    return new Digest(count, hash, hits);
                }
            };
        }

        @Override
        public boolean exactForLeftmostFirst() {
            return true; // the leftmost match, and at that start the first alternative: (start, id) order
        }

        private static long[] filled(int n) {
            long[] a = new long[n];
            Arrays.fill(a, Long.MAX_VALUE);
            return a;
        }

        /** The hash of one line's first match. */
        static long item(int id, long line) {
            return Digest.mix(id, line);
        }

        /**
         * The digest of per-line answers for lines {@code firstLine .. firstLine + n - 1}: the id of line
         * {@code firstLine + i}'s first match is {@code firstId.applyAsInt(i)}, or -1 for none.
         */
        public static Digest digest(int n, long firstLine, IntUnaryOperator firstId) {
            return perLine(n, i -> firstId.applyAsInt(i) >= 0, i -> item(firstId.applyAsInt(i), firstLine + i));
        }
    }

    /**
     * The Rabin-Karp records write-up's first-occurrence table: for each (record, pattern) that occurs, the
     * offset of its first occurrence in the record (cells without an occurrence, the -1s, are left out).
     * Records are lines.
     */
    record FirstOccurrence(int[] lengths) implements Reduction {
        @Override
        public String label() {
            return "first-occurrence table";
        }

        @Override
        public Part part(Workload w, long from, long to) {
            int patterns = lengths.length;
            return new LinePart(w, from, to) {
                final LongIntMap first = new LongIntMap();

                @Override
                void take(int id, long end) {
                    long start = end - lengths[id];
                    int line = line(start);
                    first.putMin((long) line * patterns + id, (int) (start - w.lineStart(line)));
                }

                @Override
                public Digest digest() {
                    long[] hash = new long[1];
                    first.forEach((key, offset) -> hash[0] += item((int) (key % patterns), key / patterns, offset));
                    return new Digest(first.size(), hash[0], hits);
                }
            };
        }

        @Override
        public boolean exactForLeftmostFirst() {
            return false;
        }

        /** The hash of one cell: pattern {@code id} first occurs in {@code line} at {@code offset} from its start. */
        public static long item(int id, long line, long offset) {
            return Digest.mix(id, (line << 24) + offset);
        }
    }

    /**
     * The per-row regex test of the GPU regex write-up (cuDF's {@code contains_re}): the (line, pattern)
     * pairs where the pattern matches inside the line.
     */
    record LinePatternPairs(int patterns) implements Reduction {
        @Override
        public String label() {
            return "(line, pattern) hits";
        }

        @Override
        public Part part(Workload w, long from, long to) {
            return new LinePart(w, from, to) {
                final LongIntMap pairs = new LongIntMap();

                @Override
                void take(int id, long end) {
                    pairs.putMin((long) line(end - 1) * patterns + id, 0);
                }

                @Override
                public Digest digest() {
                    long[] hash = new long[1];
                    pairs.forEach((key, v) -> hash[0] += item((int) (key % patterns), key / patterns));
                    return new Digest(pairs.size(), hash[0], hits);
                }
            };
        }

        @Override
        public boolean exactForLeftmostFirst() {
            return false;
        }

        /** The hash of one (line, pattern) pair. */
        static long item(int id, long line) {
            return Digest.mix(id, line);
        }

        /**
         * The digest of per-line answers: row {@code i} of {@code rows} holds line {@code firstLine + i}'s
         * patterns. Summed over blocks of rows on the common pool: on one thread, a 16-thread engine's
         * millions of pairs took 4-6% of its timed run, where the peers digest per chunk on their threads.
         */
        public static Digest digest(RecordPatterns rows, long firstLine) {
            int[] offsets = rows.offsets();
            int[] ids = rows.ids();
            int n = rows.size();
            int block = 1 << 14;
            long hash = java.util.stream.IntStream.range(0, (n + block - 1) / block).parallel().mapToLong(b -> {
                long h = 0;
                for (int i = b * block, end = Math.min(n, i + block); i < end; i++) {
                    for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                        h += item(ids[k], firstLine + i);
                    }
                }
                return h;
            }).sum();
            long count = offsets[n];
            return new Digest(count, hash, count);
        }
    }

    /**
     * The digest of per-line answers of {@code n} lines, line {@code i} (of the part) holding one item,
     * hashed by {@code item}, where {@code answered} says so: the one sum both per-line reductions make.
     */
    private static Digest perLine(int n, IntPredicate answered, IntToLongFunction item) {
        long count = 0;
        long hash = 0;
        for (int i = 0; i < n; i++) {
            if (answered.test(i)) {
                count++;
                hash += item.applyAsLong(i);
            }
        }
        return new Digest(count, hash, count);
    }

    /** A part over whole lines, with a cursor so that in-order hits find their line in O(1). */
    abstract class LinePart implements Part {
        final Workload w;
        final int firstLine;
        final int endLine;
        long hits;
        private int cursor;

        @Override
        public final void hit(int id, long end) {
            hits++;
            take(id, end);
        }

        abstract void take(int id, long end);

        LinePart(Workload w, long from, long to) {
            this.w = w;
            this.firstLine = w.lines() == 0 ? 0 : w.lineOf(from);
            this.endLine = to <= from ? firstLine : w.lineOf(to - 1) + 1;
            this.cursor = firstLine;
        }

        final int line(long pos) {
            int c = cursor;
            if (c < endLine && w.lineStart(c) <= pos && pos < w.lineStart(c + 1)) {
                return c;
            }
            if (c + 1 < endLine && w.lineStart(c + 1) <= pos && pos < w.lineStart(c + 2)) {
                return cursor = c + 1;
            }
            return cursor = w.lineOf(pos);
        }
    }
}
