package dev.trawl.engine.cpu;

import dev.trawl.scan.ChunkedScan;
import dev.trawl.scan.FirstOccurrenceSearcher;
import dev.trawl.scan.RangeSearcher;
import dev.trawl.scan.RangeBytes;
import dev.trawl.MatchSink;
import dev.trawl.Matcher;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * {@code cpu:index-of}: the {@code strstr} baseline of the GPU log-classification papers and of the
 * C++ AMP Rabin-Karp string-search sample. For each pattern in turn, find its first occurrence, then
 * search again from one past it, until the range is done.
 *
 * <p><b>Algorithm.</b> The first-occurrence search is the JDK's {@link String#indexOf(String, int)}
 * on a Latin-1 string, which HotSpot compiles to a vectorised intrinsic on x86 and AArch64: the
 * Java counterpart of an SSE-tuned {@code strstr}, which is what those write-ups measured. Each range
 * is copied once into such a string (case-folded for case-insensitive sets, patterns likewise), so
 * byte offsets equal char offsets and folding costs nothing per pattern.
 *
 * <p><b>Records.</b> The first-occurrence table ({@link Matcher#firstOccurrence}) is found
 * directly, pattern by pattern over a range of records copied once: a first-occurrence search from
 * a record's start, and the next search from the next record's start, whether the hit lay inside
 * its record (the record's first occurrence) or ran past its end (then none later in that record
 * can fit either). A pattern that occurs in no record costs one search of the range, not one per
 * record.
 *
 * <p><b>Cost.</b> One scan of the range per pattern: O(patterns x text) in the worst case, and much
 * less in practice, because the intrinsic skips over text that lacks the pattern's first bytes.
 * Matches are buffered per range and sorted. Ranges run on {@code --threads} threads through
 * {@link ChunkedScan}. <b>Limits:</b> none beyond time; a 100,000-pattern set means 100,000 scans of
 * each range, which is why the multi-pattern engines exist.
 */
public final class IndexOfEngine extends SearcherEngine {
    public static final String NAME = "cpu:index-of";

    public IndexOfEngine() {
        super(NAME, "baseline: per pattern, repeated first-occurrence search (String.indexOf, the reference designs' strstr)",
                Searcher::new);
    }

    private static final class Searcher implements RangeSearcher, FirstOccurrenceSearcher {
        private final String[] needles;
        private final byte[] fold;
        private final int maxLength;

        Searcher(PatternSet patterns) {
            fold = FoldedPatterns.textFold(patterns);
            byte[][] pats = FoldedPatterns.bytes(patterns);
            needles = new String[pats.length];
            for (int id = 0; id < needles.length; id++) {
                needles[id] = new String(pats[id], StandardCharsets.ISO_8859_1);
            }
            maxLength = patterns.maxLength();
        }

        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            long end = RangeBytes.readEnd(text, to, maxLength);
            String hay = new String(RangeBytes.copy(text, from, end, fold), StandardCharsets.ISO_8859_1);
            int starts = (int) (to - from);
            for (int id = 0; id < needles.length; id++) {
                String needle = needles[id];
                int len = needle.length();
                for (int at = hay.indexOf(needle); at >= 0 && at < starts; at = hay.indexOf(needle, at + 1)) {
                    if (!sink.onMatch(id, from + at, from + at + len)) {
                        return false;
                    }
                }
            }
            return true;
        }

        @Override
        public void firstOccurrences(Records records, int from, int to, Sink sink) {
            long lo = records.start(from);
            String hay = new String(RangeBytes.copyRecords(records, from, to, fold), StandardCharsets.ISO_8859_1);
            int n = to - from;
            int[] starts = new int[n];
            int[] ends = new int[n];
            for (int k = 0; k < n; k++) {
                starts[k] = (int) (records.start(from + k) - lo);
                ends[k] = (int) (records.end(from + k) - lo);
            }
            for (int id = 0; id < needles.length; id++) {
                String needle = needles[id];
                int len = needle.length();
                int k = 0; // records before k are done with this pattern
                for (int at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, starts[k])) {
                    k = lastStartingBy(starts, k, n, at);
                    if (at + len <= ends[k]) {
                        sink.first(from + k, id, at - starts[k]);
                    }
                    if (++k == n) {
                        break;
                    }
                }
            }
        }

        /** The last record of {@code [k, n)} that starts at or before {@code at}; {@code starts[k] <= at}. */
        private static int lastStartingBy(int[] starts, int k, int n, int at) {
            int lo = k; // starts[lo] <= at
            int hi = n; // starts[hi] > at, or the end
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (starts[mid] <= at) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }
}
