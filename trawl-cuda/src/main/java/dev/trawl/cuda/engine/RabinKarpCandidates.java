package dev.trawl.cuda.engine;

import dev.trawl.Input;
import dev.trawl.MatchSink;
import dev.trawl.Records;
import dev.trawl.automaton.AsciiCase;
import dev.trawl.scan.FirstOccurrenceSearcher;
import dev.trawl.scan.RangeSearcher;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What {@code gpu:rabin-karp}'s first-occurrence kernels reported ({@link RabinKarpFirstPass}), by
 * record, and the host half of the table: a {@link FirstOccurrenceSearcher} that
 * {@link dev.trawl.scan.RecordScan} runs on ranges of records, on the matcher's threads, to build the
 * {@link dev.trawl.FirstOccurrences}.
 *
 * <p>Per batch and chunk of records, the reports sit in compressed rows: {@code rowStart} (a row per
 * record of the chunk) and per report {@code entry << 30 | offset}, the entry counted from the
 * batch's first. Verified reports are first occurrences (a warp's lanes each report their own, and
 * the table keeps the smallest). Unverified ones are each (record, entry)'s first hash hit in a
 * thread's starts: the host compares the pattern there and, on a collision, looks on byte by byte to
 * the record's end. That is exact, for no occurrence lies before the first hit (every occurrence is
 * a hit), and it is done once per (record, pattern), from the smallest of the lanes' hits.
 *
 * <p>Records longer than a chunk were not sent; they are searched alone, by the matcher's scan.
 */
final class RabinKarpCandidates {
    private static final int OFFSET_BITS = 30;
    private static final long OFFSET_MASK = (1L << OFFSET_BITS) - 1;
    private static final long REPORT_MASK = (1L << 42) - 1;

    private final RabinKarpPatterns table;
    private final boolean verified;
    private final byte[] fold;
    private final List<List<CompletableFuture<Rows>>> byBatch = new ArrayList<>();
    private int[] alone = new int[4];
    private int aloneCount;

    /** One chunk's reports: those of its record {@code k} are {@code items[rowStart[k] .. rowStart[k + 1])}. */
    private record Rows(int firstRecord, int records, int[] rowStart, long[] items) {}

    RabinKarpCandidates(RabinKarpPatterns table, boolean verified) {
        this.table = table;
        this.verified = verified;
        this.fold = AsciiCase.table(table.fold);
    }

    /**
     * Takes batch {@code batch}'s {@code n} reports over records {@code [firstRecord, firstRecord + records)},
     * as the kernels wrote them ({@code record << 42 | offset << 12 | entry}): copied here (the caller
     * reuses {@code reports}), put in rows by a counting sort on the common pool, so that chunks are
     * sorted in parallel with each other and with the device's work on the next ones (a dense table
     * reports tens of millions of pairs).
     */
    void add(int batch, int firstRecord, int records, MemorySegment reports, int n) {
        long[] raw = new long[n];
        MemorySegment.copy(reports, ValueLayout.JAVA_LONG, 0, raw, 0, n);
        while (byBatch.size() <= batch) {
            byBatch.add(new ArrayList<>());
        }
        byBatch.get(batch).add(CompletableFuture.supplyAsync(() -> rows(firstRecord, records, raw)));
    }

    private static Rows rows(int firstRecord, int records, long[] raw) {
        int n = raw.length;
        int[] rowStart = new int[records + 1];
        for (long v : raw) {
            rowStart[(int) (v >>> 42) + 1]++;
        }
        for (int k = 0; k < records; k++) {
            rowStart[k + 1] += rowStart[k];
        }
        int[] fill = Arrays.copyOf(rowStart, records);
        long[] items = new long[n];
        for (long v : raw) {
            long entry = v & 0xFFF;
            long offset = (v & REPORT_MASK) >>> 12;
            items[fill[(int) (v >>> 42)]++] = entry << OFFSET_BITS | offset;
        }
        return new Rows(firstRecord, records, rowStart, items);
    }

    /** Record {@code record} was longer than a chunk: it is searched alone. Called in record order. */
    void alone(int record) {
        if (aloneCount == alone.length) {
            alone = Arrays.copyOf(alone, 2 * aloneCount);
        }
        alone[aloneCount++] = record;
    }

    /**
     * The searcher {@link dev.trawl.scan.RecordScan#ofLiterals} builds the table with: the reports of a
     * range of records (verified here, when the kernels did not), the records sent to no kernel searched
     * by {@code matcher}'s scan, which also serves records too long for {@code RecordScan}'s windows.
     */
    RangeSearcher searcher(GpuMatcher matcher) {
        return new Searcher(matcher, Math.max(0, matcher.patterns().maxLength() - 1));
    }

    private final class Searcher implements RangeSearcher, FirstOccurrenceSearcher {
        private final GpuMatcher matcher;
        private final int readOn;

        Searcher(GpuMatcher matcher, int readOn) {
            this.matcher = matcher;
            this.readOn = readOn;
        }

        @Override
        public void firstOccurrences(Records records, int from, int to, Sink sink) {
            for (int b = 0; b < byBatch.size(); b++) {
                List<CompletableFuture<Rows>> chunks = byBatch.get(b);
                int batchBase = b * RabinKarpPatterns.BATCH;
                for (int c = firstChunk(chunks, from); c < chunks.size() && chunks.get(c).join().firstRecord() < to; c++) {
                    Rows rows = chunks.get(c).join();
                    int lo = Math.max(from, rows.firstRecord());
                    int hi = Math.min(to, rows.firstRecord() + rows.records());
                    for (int r = lo; r < hi; r++) {
                        int k = r - rows.firstRecord();
                        report(records, r, rows.items(), rows.rowStart()[k], rows.rowStart()[k + 1], batchBase, sink);
                    }
                }
            }
            int a = Arrays.binarySearch(alone, 0, aloneCount, from);
            for (int i = a >= 0 ? a : -a - 1; i < aloneCount && alone[i] < to; i++) {
                int r = alone[i];
                matcher.scan(Input.of(records.record(r)), (id, s, e) -> {
                    sink.first(r, id, s);
                    return true;
                });
            }
        }

        /** Matches starting in {@code [from, to)} of a record too long for {@code RecordScan}'s windows. */
        @Override
        public boolean search(MemorySegment text, long from, long to, MatchSink sink) {
            long end = Math.min(text.byteSize(), to + readOn);
            return matcher.scan(Input.of(text.asSlice(from, end - from)),
                    (id, s, e) -> from + s >= to || sink.onMatch(id, from + s, from + e));
        }

        @Override
        public boolean reportsInOrder() {
            return true;
        }
    }

    /** The first chunk holding a record at or after {@code record}. */
    private static int firstChunk(List<CompletableFuture<Rows>> chunks, int record) {
        int lo = 0;
        int hi = chunks.size();
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            Rows c = chunks.get(m).join();
            if (c.firstRecord() + c.records() <= record) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /** Hands record {@code r}'s reports {@code items[from, to)} to the sink, verifying them first when the kernels did not. */
    private void report(Records records, int r, long[] items, int from, int to, int batchBase, FirstOccurrenceSearcher.Sink sink) {
        if (verified) {
            for (int k = from; k < to; k++) {
                sink.first(r, table.entryPattern[batchBase + (int) (items[k] >>> OFFSET_BITS)], items[k] & OFFSET_MASK);
            }
            return;
        }
        if (to - from > 1) {
            Arrays.sort(items, from, to); // by entry, then offset: a record's rows are its task's alone
        }
        MemorySegment record = null;
        for (int k = from; k < to; k++) {
            long entry = items[k] >>> OFFSET_BITS;
            if (k > from && entry == items[k - 1] >>> OFFSET_BITS) {
                continue; // a later lane's hit for the same entry: the smallest was looked on from
            }
            int id = table.entryPattern[batchBase + (int) entry];
            record = record != null ? record : records.record(r);
            long at = occurrenceFrom(record, id, items[k] & OFFSET_MASK);
            if (at >= 0) {
                sink.first(r, id, at);
            }
        }
    }

    /** The first occurrence of pattern {@code id} in {@code record} at or after {@code at}, or -1. */
    private long occurrenceFrom(MemorySegment record, int id, long at) {
        byte[] p = table.bytes;
        int ps = table.patStart[id];
        int len = table.length(id);
        for (long last = record.byteSize() - len; at <= last; at++) {
            int k = 0;
            while (k < len && fold[record.get(ValueLayout.JAVA_BYTE, at + k) & 0xFF] == p[ps + k]) {
                k++;
            }
            if (k == len) {
                return at;
            }
        }
        return -1;
    }
}
