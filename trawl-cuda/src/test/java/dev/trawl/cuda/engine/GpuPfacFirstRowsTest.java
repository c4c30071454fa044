package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.FirstOccurrences;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.PinnedRecords;
import dev.trawl.engine.cpu.NaiveEngine;
import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code gpu:pfac}'s first-occurrence table from {@code pfac_first_merge} against {@code cpu:naive},
 * where the kernel has edges the contract's small cases do not reach: records with more patterns
 * than a thread keeps (left to the host), records longer than a thread takes
 * ({@link PfacFirstRows#LONGEST}) and longer than a chunk, chunks whose rows overflow the room guessed
 * for them (run again), empty records, duplicates, bytes above 0x7F, case-insensitive sets; in both
 * layouts, with the default chunks and with small ones; and the generic path, the same table. Skipped
 * (not passed) without a GPU.
 */
@Tag("gpu")
class GpuPfacFirstRowsTest {

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @BeforeEach
    void rowsWay() {
        System.setProperty(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "rows"); // whatever the records' lengths
    }

    @AfterEach
    void clearSwitch() {
        System.clearProperty(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY);
    }

    /**
     * The Iliad's lines, some empty, some with bytes above 0x7F; every 400th a run of 150 joined lines
     * (more patterns than a thread keeps); one of 100,000 bytes (longer than a thread takes and than a
     * 64 KiB chunk); and 3,000 lines that each hold forty of the test's words (more pairs a record than
     * the pipeline first guesses).
     */
    private static List<byte[]> records(List<String> words) {
        String[] lines = new String(TestData.iliadBytes(), StandardCharsets.ISO_8859_1).split("\n");
        List<byte[]> out = new ArrayList<>();
        Random random = new Random(8);
        for (int i = 0; i < 8000 && i < lines.length; i++) {
            String line = i % 53 == 0 ? "" : i % 41 == 0 ? lines[i] + " \u00e9\u00ff\u0080" : lines[i];
            out.add(line.getBytes(StandardCharsets.ISO_8859_1));
            if (i % 400 == 0) {
                StringBuilder joined = new StringBuilder();
                for (int k = 0; k < 150; k++) {
                    joined.append(lines[(i + k) % lines.length]).append(' ');
                }
                out.add(joined.toString().getBytes(StandardCharsets.ISO_8859_1));
            }
        }
        out.add(Arrays.copyOfRange(TestData.iliadBytes(), 0, 100_000));
        for (int i = 0; i < 3000; i++) {
            StringBuilder dense = new StringBuilder();
            for (int k = 0; k < 40; k++) {
                dense.append(words.get(random.nextInt(words.size()))).append(' ');
            }
            out.add(dense.toString().getBytes(StandardCharsets.ISO_8859_1));
        }
        out.add("x".getBytes(StandardCharsets.ISO_8859_1));
        return out;
    }

    private static PatternSet patterns(List<String> words) {
        List<String> p = new ArrayList<>(words);
        p.addAll(TestData.HERO_NAMES);
        p.add("Achilles"); // a duplicate
        p.add("a");
        p.add("\u00e9\u00ff");
        p.add("the son of Atreus, king of men, and the great Achilles, and a pattern far longer than a line");
        PatternSet.Builder b = PatternSet.builder();
        p.forEach(s -> b.add(s.getBytes(StandardCharsets.ISO_8859_1)));
        return b.build();
    }

    @Test
    void agreesWithTheNaiveOracle() {
        List<String> words = TestData.words(400, 17);
        Records records = Records.of(records(words).toArray(new byte[0][]));
        for (PatternSet ps : List.of(patterns(words), patterns(words).withCaseInsensitive(true))) {
            FirstOccurrences expected = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                    .firstOccurrence(records);
            assertTrue(expected.size() > 100_000, "the words occur: " + expected.size());
            for (long chunk : new long[] {0, 64 << 10}) {
                MatcherOptions o = MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(chunk)
                        .withThreads(3);
                try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps, o)) {
                    for (FirstOccurrences.Layout layout : FirstOccurrences.Layout.values()) {
                        assertEquals(expected, m.firstOccurrence(records, layout),
                                ps + ", chunk " + chunk + ", " + layout);
                    }
                    System.setProperty(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "generic");
                    assertEquals(expected, m.firstOccurrence(records), "the generic path, chunk " + chunk);
                    System.setProperty(GpuPfacMatcher.FIRST_OCCURRENCE_PROPERTY, "rows");
                }
            }
        }
    }

    @Test
    void patternsLongerThanRecordsAndEmptyRecordsFindNothing() {
        Records records = Records.of(List.of("", "abc", "", "abcdefghij", ""));
        try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(PatternSet.of("abcdefghijk", "abcdefghijkl", "abcdefghijk"),
                MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME))) {
            FirstOccurrences none = m.firstOccurrence(records);
            assertEquals(0, none.size());
            assertEquals(-1, none.get(3, 2));
            assertEquals(0, m.firstOccurrence(Records.of(List.of())).records());
        }
    }

    /**
     * A column in a confined arena (only its owner may read it, and the host walks read it): its rows
     * are taken on the calling thread, and the table is the oracle's.
     */
    @Test
    void aConfinedColumnIsTakenByItsOwner() {
        List<String> words = TestData.words(400, 17);
        List<byte[]> lines = records(words);
        int total = lines.stream().mapToInt(l -> l.length + 1).sum();
        PatternSet ps = patterns(words);
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment data = arena.allocate(total);
            long at = 0;
            for (byte[] l : lines) {
                java.lang.foreign.MemorySegment.copy(l, 0, data, java.lang.foreign.ValueLayout.JAVA_BYTE, at, l.length);
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, at + l.length, (byte) '\n');
                at += l.length + 1;
            }
            Records column = Records.lines(data, true);
            FirstOccurrences expected = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                    .firstOccurrence(column);
            try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps,
                    MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(100_000))) {
                assertEquals(expected, m.firstOccurrence(column));
            }
        }
    }

    /**
     * Records whose bytes sit in page-locked memory (a {@link PinnedBuffer}) are copied to the device
     * straight from it, chunk after chunk through the same slots: the answers are the oracle's, as
     * lines and as an Arrow column, for the table and for the per-record operations, and the same with
     * the direct copy switched off.
     */
    @Test
    void recordsInPinnedMemoryAreCopiedStraight() {
        List<String> words = TestData.words(400, 17);
        List<byte[]> lines = records(words);
        int n = lines.size();
        long total = lines.stream().mapToLong(l -> l.length + 1).sum();
        PatternSet ps = patterns(words);
        Gpu gpu = Gpu.get();
        try (PinnedBuffer pinned = new PinnedBuffer(gpu, total);
                java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared()) {
            java.lang.foreign.MemorySegment data = pinned.segment().asSlice(0, total);
            java.lang.foreign.MemorySegment offsets = arena.allocate(8L * (n + 1), 8);
            long at = 0;
            for (int i = 0; i < n; i++) {
                byte[] l = lines.get(i);
                java.lang.foreign.MemorySegment.copy(l, 0, data, java.lang.foreign.ValueLayout.JAVA_BYTE, at, l.length);
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, at + l.length, (byte) '\n');
                offsets.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, i, at);
                at += l.length + 1;
            }
            offsets.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, n, at);
            gpu.bind();
            assertTrue(PinnedBuffer.isPageLocked(data), "a pinned buffer is page-locked");
            assertTrue(!PinnedBuffer.isPageLocked(offsets), "an arena's memory is not");
            var naive = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME));
            Records lineColumn = Records.lines(data, false);
            try (PinnedRecords copy = PinnedRecords.copyOf(gpu, lineColumn)) {
                Records copied = copy.records();
                assertEquals(lineColumn.size(), copied.size());
                for (int i = 0; i < n; i++) {
                    assertEquals(lineColumn.string(i), copied.string(i), "record " + i + " of the pinned copy");
                }
                gpu.bind();
                assertTrue(PinnedBuffer.isPageLocked(copied.data()), "the copy is page-locked");
                try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME))) {
                    assertEquals(naive.firstOccurrence(lineColumn), m.firstOccurrence(copied), "PinnedRecords' copy");
                }
            }
            for (Records column : List.of(lineColumn, Records.arrowLarge(data, offsets, n))) {
                FirstOccurrences expected = naive.firstOccurrence(column);
                assertTrue(expected.size() > 100_000, "the words occur: " + expected.size());
                for (String direct : List.of("true", "false")) {
                    System.setProperty(RecordPipeline.DIRECT_PROPERTY, direct);
                    try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps,
                            MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(100_000))) {
                        String what = column + ", direct " + direct;
                        assertEquals(expected, m.firstOccurrence(column), what);
                        assertArrayEquals(naive.firstMatch(column), m.firstMatch(column), what);
                        assertArrayEquals(naive.countPerRecord(column), m.countPerRecord(column), what);
                    } finally {
                        System.clearProperty(RecordPipeline.DIRECT_PROPERTY);
                    }
                }
            }
        }
    }

    /** More than 65,536 patterns: ids do not fit 16 bits, and the pairs come back in 8 bytes. */
    @Test
    void moreThanSixteenBitsOfPatterns() {
        List<String> words = new ArrayList<>(TestData.words(70_000, 23));
        Records records = Records.of(records(words.subList(0, 400)).subList(0, 3000).toArray(new byte[0][]));
        PatternSet ps = patterns(words);
        assertTrue(ps.size() > 1 << 16);
        FirstOccurrences expected = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                .firstOccurrence(records);
        assertTrue(expected.size() > 1000, "the words occur: " + expected.size());
        try (GpuPfacMatcher m = (GpuPfacMatcher) Trawl.compile(ps, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME))) {
            assertEquals(expected, m.firstOccurrence(records));
        }
    }
}
