package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.LoghubTemplates;
import dev.trawl.testing.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Per-record answers reduced on the device, over many chunks of many records (the contract's cases
 * fit one chunk or fall back to whole-text scans): every loghub log's lines, replayed, in chunks of
 * 100 KB (hundreds of records and tens of tiles each, records cut by tiles), as lines (found from the
 * '\n's on the device, or by their bounds when a pattern holds a '\r') and as an Arrow column (by
 * their bounds), against {@code cpu:aho-corasick}; the same records resident on the device
 * ({@link DeviceRecords}); a column only its owner thread may read; and a record longer than a chunk
 * among short ones.
 */
@Tag("gpu")
class GpuRecordsTest {
    private static final List<String> WORDS = List.of("error", "WARN", "exception", "authentication failure", "blk_",
            "session", "closed", "failed", "a", "in");

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    private static byte[] logLines() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int rep = 0; rep < 3; rep++) {
            for (String system : LoghubTemplates.systems()) {
                out.write(Files.readAllBytes(LoghubTemplates.log(system)));
            }
        }
        return out.toByteArray();
    }

    @Test
    void manyChunksOfLinesAgreeWithTheCpu() throws IOException {
        byte[] text = logLines();
        List<String> withCr = new java.util.ArrayList<>(WORDS);
        withCr.add("e\r");
        for (PatternSet ps : List.of(PatternSet.of(WORDS), PatternSet.of(WORDS).withCaseInsensitive(true),
                PatternSet.of("session", "closed", "failed", "error", "warn").withCaseInsensitive(true), PatternSet.of(withCr))) {
            try (Arena arena = Arena.ofShared()) {
                MemorySegment data = arena.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
                Records asLines = Records.lines(data, true);
                byte[][] each = new byte[asLines.size()][];
                for (int i = 0; i < each.length; i++) {
                    each[i] = asLines.record(i).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                }
                for (Records lines : List.of(asLines, Records.of(each))) {
                    Matcher cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
                    int[] first = cpu.firstMatch(lines);
                    boolean[] any = cpu.anyMatch(lines);
                    long[] counts = cpu.countPerRecord(lines);
                    assertTrue(Arrays.stream(first).filter(f -> f >= 0).count() > 1000);
                    for (String engine : List.of(GpuPfacEngine.NAME, GpuTrieEngine.NAME)) {
                        for (long chunk : new long[] {100_000, 0}) {
                            String what = engine + ", chunk " + chunk + ", " + ps;
                            try (GpuMatcher m = (GpuMatcher) Trawl.compile(ps,
                                    MatcherOptions.defaults().withEngine(engine).withChunkBytes(chunk))) {
                                assertArrayEquals(first, m.firstMatch(lines), what + ": firstMatch");
                                assertArrayEquals(any, m.anyMatch(lines), what + ": anyMatch");
                                assertArrayEquals(counts, m.countPerRecord(lines), what + ": countPerRecord");
                                try (DeviceRecords resident = DeviceRecords.upload(Gpu.get(), lines, chunk)) {
                                    int[] f = new int[lines.size()];
                                    resident.firstMatch(m, f);
                                    assertArrayEquals(first, f, what + ": firstMatch, records on the device");
                                    long[] c = new long[lines.size()];
                                    resident.countPerRecord(m, c);
                                    assertArrayEquals(counts, c, what + ": countPerRecord, records on the device");
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** Only its owner thread may read a confined column: the pipeline stages it on that thread, not ahead. */
    @Test
    void aConfinedColumnIsStagedByItsOwner() throws IOException {
        byte[] text = logLines();
        PatternSet ps = PatternSet.of(WORDS);
        Matcher cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            Records lines = Records.lines(data, true);
            for (long chunk : new long[] {100_000, 0}) {
                try (GpuMatcher m = (GpuMatcher) Trawl.compile(ps,
                        MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(chunk))) {
                    assertArrayEquals(cpu.firstMatch(lines), m.firstMatch(lines), "chunk " + chunk + ": firstMatch");
                    assertArrayEquals(cpu.anyMatch(lines), m.anyMatch(lines), "chunk " + chunk + ": anyMatch");
                }
            }
        }
    }

    @Test
    void aRecordLongerThanAChunkIsAnsweredAlone() {
        byte[] iliad = TestData.iliadBytes();
        Records column = Records.of("Hector".getBytes(), Arrays.copyOf(iliad, 300_000), new byte[0], "Ajax and Hector".getBytes(),
                Arrays.copyOfRange(iliad, 5000, 5100));
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        Matcher cpu = Trawl.compile(names, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        for (String engine : List.of(GpuPfacEngine.NAME, GpuTrieEngine.NAME)) {
            Matcher m = Trawl.compile(names, MatcherOptions.defaults().withEngine(engine).withChunkBytes(100_000));
            assertArrayEquals(cpu.firstMatch(column), m.firstMatch(column), engine);
            assertArrayEquals(cpu.anyMatch(column), m.anyMatch(column), engine);
            assertArrayEquals(cpu.countPerRecord(column), m.countPerRecord(column), engine);
            assertThrows(IllegalArgumentException.class, () -> DeviceRecords.upload(Gpu.get(), column, 100_000));
        }
    }
}
