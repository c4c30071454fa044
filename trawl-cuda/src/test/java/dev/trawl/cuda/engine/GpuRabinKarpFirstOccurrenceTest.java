package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.FirstOccurrences;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gpu:rabin-karp}'s first-occurrence table against {@code cpu:naive} where its kernels have
 * edges the contract's small cases do not reach: more patterns than one constant-memory batch (so
 * several passes over the records), records long enough for a warp each (the switch lowered so that
 * short and long records meet in one chunk), a record longer than a chunk (searched alone), patterns
 * longer than every record, empty records, duplicates, case-insensitive sets; each with the hits
 * verified on the GPU and on the host, and with the test-only weak hash that makes most windows
 * collide; and each with both lookups, the hash table and the constant-memory loop
 * ({@link RabinKarpLookup}). Skipped (not passed) without a GPU.
 */
@Tag("gpu")
class GpuRabinKarpFirstOccurrenceTest {

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @AfterEach
    void clearSwitches() {
        System.clearProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY);
        System.clearProperty(GpuRabinKarpMatcher.WARP_FROM_PROPERTY);
        System.clearProperty(RabinKarpPatterns.HASH_PROPERTY);
        System.clearProperty(RabinKarpLookup.PROPERTY);
    }

    /** The Iliad's lines, some empty, a few joined into long records, and one longer than a 64 KiB chunk. */
    private static List<byte[]> records() {
        String[] lines = new String(TestData.iliadBytes(), StandardCharsets.ISO_8859_1).split("\n");
        List<byte[]> out = new ArrayList<>();
        Random random = new Random(5);
        for (int i = 0; i < 6000 && i < lines.length; i++) {
            out.add(lines[i].getBytes(StandardCharsets.ISO_8859_1));
            if (i % 500 == 0) {
                StringBuilder joined = new StringBuilder();
                for (int k = 0; k < 40 + random.nextInt(40); k++) {
                    joined.append(lines[(i + k) % lines.length]).append(' ');
                }
                out.add(joined.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.add(new byte[0]);
            }
        }
        out.add(Arrays.copyOfRange(TestData.iliadBytes(), 0, 100_000));
        out.add("x".getBytes(StandardCharsets.ISO_8859_1));
        return out;
    }

    private static PatternSet patterns(int words) {
        List<String> p = new ArrayList<>(TestData.words(words, 11));
        p.addAll(TestData.HERO_NAMES);
        p.add("Achilles"); // a duplicate
        p.add("a");
        p.add("the son of Atreus, king of men, and the great Achilles, and a pattern far longer than a line");
        return PatternSet.of(p);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gpu@@table", "cpu@@table", "gpu@weak@table", "cpu@weak@table", "gpu@warp@table",
        "cpu@warp@table", "gpu@@constant", "cpu@@constant", "gpu@weak@constant", "cpu@weak@constant",
        "gpu@warp@constant", "cpu@warp@constant"})
    void agreesWithTheNaiveOracle(String switches) {
        String[] parts = switches.split("@");
        System.setProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY, parts[0]);
        System.setProperty(RabinKarpLookup.PROPERTY, parts[2]);
        String variant = parts[1];
        System.setProperty(RabinKarpPatterns.HASH_PROPERTY, variant.equals("weak") ? "weak" : "polynomial");
        System.setProperty(GpuRabinKarpMatcher.WARP_FROM_PROPERTY, variant.equals("warp") ? "40" : "1024");
        Records records = Records.of(records().toArray(new byte[0][]));
        for (PatternSet ps : List.of(patterns(200), patterns(200).withCaseInsensitive(true), patterns(9000))) {
            if (variant.equals("weak") && ps.size() > 1000) {
                continue; // a collision in most windows with thousands of patterns: minutes, and nothing new
            }
            FirstOccurrences expected = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                    .firstOccurrence(records);
            assertTrue(expected.size() > 1000, "the words occur: " + expected.size());
            for (long chunk : new long[] {0, 64 << 10}) {
                MatcherOptions o = MatcherOptions.defaults().withEngine(GpuRabinKarpEngine.NAME).withChunkBytes(chunk)
                        .withThreads(3);
                try (GpuRabinKarpMatcher m = (GpuRabinKarpMatcher) Trawl.compile(ps, o)) {
                    assertEquals(!parts[0].equals("cpu"), m.verifiesOnGpu());
                    assertEquals(RabinKarpLookup.parse(parts[2]), m.lookup());
                    for (FirstOccurrences.Layout layout : FirstOccurrences.Layout.values()) {
                        FirstOccurrences got = m.firstOccurrence(records, layout);
                        assertEquals(expected, got, switches + ", " + ps.size() + " patterns, chunk " + chunk + ", " + layout);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gpu@table", "cpu@table", "gpu@constant", "cpu@constant"})
    void patternsLongerThanRecordsAndEmptyRecordsFindNothing(String switches) {
        System.setProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY, switches.split("@")[0]);
        System.setProperty(RabinKarpLookup.PROPERTY, switches.split("@")[1]);
        Records records = Records.of(List.of("", "abc", "", "abcdefghij", ""));
        Matcher m = Trawl.compile(PatternSet.of("abcdefghijk", "abcdefghijkl", "abcdefghijk"),
                MatcherOptions.defaults().withEngine(GpuRabinKarpEngine.NAME));
        FirstOccurrences none = m.firstOccurrence(records);
        assertEquals(0, none.size());
        assertEquals(-1, none.get(3, 2));
        assertEquals(0, m.firstOccurrence(Records.of(List.of())).records());
    }
}
