package dev.trawl.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Engines;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.engine.TrawlEngine;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The native Hyperscan peer against {@code cpu:aho-corasick}: the same count from its C-side counter
 * and the same matches (pattern, end) from its record path, on overlapping, duplicate, prefix and
 * high-byte patterns, over many chunks. Skipped where the shim or libhs.so.5 is missing.
 */
class HyperscanNativeTest {

    @Test
    void countsAndMatchesEqualAhoCorasick() throws Throwable {
        HyperscanNativePeer hs = new HyperscanNativePeer();
        assumeTrue(hs.unavailable().isEmpty(), () -> "native Hyperscan: " + hs.unavailable().orElse(""));
        BenchEngine ac = new TrawlEngine(Engines.get("cpu:aho-corasick", dev.trawl.PatternSet.of("x")));
        Random r = new Random(5);
        byte[] text = new byte[300_000];
        byte[] alphabet = "aabbc \u00e9\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < text.length; i++) {
            text[i] = r.nextInt(60) == 0 ? (byte) '\n' : alphabet[r.nextInt(alphabet.length)];
        }
        List<String> patterns = List.of("a", "ab", "aba", "abab", "b", "bb", "bb", "ca", "\u00e9\u00ff", "\u00ff a",
                "aaaaaa", "c c", "ababababab");
        Problem p = Problem.literals(patterns, "overlapping");
        try (Workload w = Workload.of("random", text, 8192, 3)) {
            assertTrue(w.chunks().size() > 10);
            try (BenchEngine.Compiled a = ac.compile(p, 2); BenchEngine.Compiled h = hs.compile(p, 3)) {
                Digest expected = a.run(w, w.chunks(), new Reduction.AllMatches());
                assertTrue(expected.count() > 10_000);
                assertEquals(expected.count(), h.count(w, w.chunks()), "count in C");
                Digest got = h.run(w, w.chunks(), new Reduction.AllMatches());
                assertTrue(expected.sameAs(got), expected + " vs " + got);
                Reduction first = new Reduction.FirstMatchPerLine(p.lengths());
                assertTrue(a.run(w, w.chunks(), first).sameAs(h.run(w, w.chunks(), first)), "first match per line");
            }
        }
    }
}
