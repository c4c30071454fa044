package dev.trawl.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Engines;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanLinesPeer;
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

    /**
     * Per-line Hyperscan (one scan per line: single-match mode for matching lines, leftmost starts for
     * the first match) against Trawl's record operations: the same matching lines and the same first
     * match per line, for overlapping literals (against {@code cpu:aho-corasick}) and for regexes whose
     * earliest-ending match is not their earliest start (against {@code cpu:dfa}).
     */
    @Test
    void perLineAnswersEqualTrawlsRecordOperations() throws Throwable {
        assumeTrue(HyperscanLinesPeer.anyMatch().unavailable().isEmpty(),
                () -> "native Hyperscan: " + HyperscanLinesPeer.anyMatch().unavailable().orElse(""));
        Random r = new Random(8);
        byte[] text = new byte[300_000];
        // ASCII: Trawl's regexes match UTF-8 code points (\xe9 is U+00E9, and '.' skips a lone 0xE9 byte),
        // Hyperscan's bytes.
        byte[] alphabet = "aabbc d\r".getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < text.length; i++) {
            text[i] = r.nextInt(12) == 0 ? (byte) '\n' : alphabet[r.nextInt(alphabet.length)];
        }
        Problem literals = Problem.literals(List.of("ab", "aba", "bb", "bb", "ca", "d\r", "c c", "abab"),
                "overlapping");
        // On "abbc", "a.*c|bb" ends first as "bb" but starts first as "abbc": one match per pattern, the
        // earliest-ending, would give the wrong start.
        Problem regexes = Problem.regexes(List.of("bb", "c\\x20+a", "(ab|ba)c", "\\x64.*\\r", "a.*c|bb"), "regexes");
        try (Workload w = Workload.of("random", text, 8192, 3)) {
            for (Problem p : List.of(literals, regexes)) {
                String engine = p == literals ? "cpu:aho-corasick" : "cpu:dfa";
                BenchEngine trawl = new TrawlEngine(Engines.get(engine, dev.trawl.PatternSet.of("x")));
                Reduction any = new Reduction.MatchingLines();
                Reduction first = new Reduction.FirstMatchPerLine(p.kind() == Problem.Kind.LITERALS ? p.lengths() : null);
                try (BenchEngine.Compiled t = trawl.compile(p, 2);
                        BenchEngine.Compiled ha = HyperscanLinesPeer.anyMatch().compile(p, 3);
                        BenchEngine.Compiled hf = HyperscanLinesPeer.firstMatch().compile(p, 3)) {
                    Digest lines = t.run(w, w.chunks(), any);
                    Digest firsts = t.run(w, w.chunks(), first);
                    assertTrue(lines.count() > 1000 && lines.count() < w.lines(), engine + ": " + lines);
                    assertTrue(lines.sameAs(ha.run(w, w.chunks(), any)), engine + ": matching lines, single-match mode");
                    assertTrue(lines.sameAs(hf.run(w, w.chunks(), any)), engine + ": matching lines, leftmost starts");
                    assertTrue(firsts.sameAs(hf.run(w, w.chunks(), first)), engine + ": first match per line");
                }
            }
        }
    }
}
