package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Large inputs: more matches in a chunk than one write pass takes (the split path), many chunks in
 * flight, mapped files with and without cuMemHostRegister. Matches are checked as a stream (order,
 * values, count) against cpu:aho-corasick, without holding them all.
 */
@Tag("gpu")
class GpuPfacStreamingTest {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    private static MatcherOptions gpu() {
        return MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME);
    }

    /** Order-sensitive digest of a match stream, and its length. */
    private static long[] digest(Matcher m, Input in) {
        long[] d = {17, 0, -1, -1};
        m.scan(in, (id, s, e) -> {
            if (s < d[2] || (s == d[2] && id <= d[3])) {
                throw new AssertionError("out of order at " + s + " id " + id);
            }
            d[2] = s;
            d[3] = id;
            d[0] = d[0] * 1_000_003 + (s * 31 + id) * 31 + e;
            d[1]++;
            return true;
        });
        return new long[] {d[0], d[1]};
    }

    @Test
    void everyByteStartsThreeMatchesPastOnePass() {
        // 6.5 M positions x 3 patterns > ScanPipeline.MAX_PASS_MATCHES: the chunk is written in several passes.
        int n = 6_500_000;
        byte[] text = new byte[n];
        Arrays.fill(text, (byte) 'a');
        PatternSet ps = PatternSet.of("aaa", "a", "aa");
        Matcher m = Trawl.compile(ps, gpu().withChunkBytes(n));
        long[] at = {0, 0}; // expected start, and index among the ids expected there
        long[] seen = {0};
        m.scan(Input.of(text), (id, s, e) -> {
            if (at[1] == idsAt(at[0], n).length) {
                at[0]++;
                at[1] = 0;
            }
            assertEquals(at[0], s, "start of match " + seen[0]);
            assertEquals(idsAt(at[0], n)[(int) at[1]], id, "id of match " + seen[0]);
            assertEquals(ps.length(id), e - s);
            at[1]++;
            seen[0]++;
            return true;
        });
        long total = 3L * n - 3;
        assertEquals(total, seen[0]);
        assertEquals(n - 1, at[0]);
        assertEquals(total, m.count(Input.of(text)));
    }

    private static int[] idsAt(long s, int n) {
        return s <= n - 3 ? new int[] {0, 1, 2} : s == n - 2 ? new int[] {1, 2} : new int[] {1};
    }

    @Test
    void mappedFilesAgreeWithTheCpuEngine(@TempDir Path dir) throws IOException {
        byte[] iliad = TestData.iliadBytes();
        Path f = dir.resolve("iliad-x100.txt");
        try (var out = Files.newOutputStream(f)) {
            for (int i = 0; i < 100; i++) { // 84 MB: a dozen chunks of 7 MiB
                out.write(iliad);
            }
        }
        PatternSet names = PatternSet.of(TestData.HERO_NAMES);
        Matcher cpu = Trawl.compile(names, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        Matcher gpu = Trawl.compile(names, gpu().withChunkBytes(7 << 20));
        long[] want;
        try (Input in = Input.map(f)) {
            want = digest(cpu, in);
            for (String mode : new String[] {"staged", "registered"}) {
                System.setProperty(GpuPfacEngine.INPUT_PROPERTY, mode);
                try {
                    assertEquals(want[1], gpu.count(in), "count, input " + mode);
                    assertEquals(Arrays.toString(want), Arrays.toString(digest(gpu, in)), "matches, input " + mode);
                } finally {
                    System.clearProperty(GpuPfacEngine.INPUT_PROPERTY);
                }
            }
        }
        assertTrue(want[1] > 100_000);
    }
}
