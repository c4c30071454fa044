package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.testing.BatchedMatches;
import dev.trawl.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batched sink ({@code scan(Input, MatchBatchSink)}: the device's match words unpacked into
 * arrays on several threads) and files ({@code count(Path)}, {@code scan(Path, ...)}: mapped, staged
 * in several pieces per chunk), each against cpu:aho-corasick's matches.
 */
@Tag("gpu")
class GpuBatchAndFileTest {
    @TempDir
    Path dir;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    private static Matcher compile(PatternSet ps, String engine, long chunk) {
        return Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine).withChunkBytes(chunk));
    }

    private static List<Match> batched(Matcher m, Input in) {
        return BatchedMatches.of(m, in, count -> {});
    }

    @Test
    void matchingRecordsCountedFromTheBatchesEqualTheCpuEngines() throws IOException {
        // Records by '\n' and by ';', patterns that hold the separator (never counted), chunks of 1 MiB
        // and the default, on the heap and from a mapped file.
        byte[] text = new byte[(5 << 20) + 333];
        byte[] alphabet = {'a', 'b', 'a', '\n', ';', (byte) 0xC3, (byte) 0xA9, 'x', 'x', 'x', 'x'};
        Random r = new Random(17);
        for (int i = 0; i < text.length; i++) {
            text[i] = alphabet[r.nextInt(alphabet.length)];
        }
        Path file = dir.resolve("records.txt");
        Files.write(file, text);
        PatternSet ps = PatternSet.of("aba", "b\na", "xxxxxx", "\u00e9a", "a;b", "ab");
        Matcher cpu = compile(ps, AhoCorasickEngine.NAME, 0);
        for (long chunk : new long[] {1 << 20, 0}) {
            Matcher gpu = compile(ps, GpuPfacEngine.NAME, chunk);
            for (byte sep : new byte[] {'\n', ';'}) {
                long want = cpu.countMatchingRecords(Input.of(text), sep);
                String what = "chunk " + chunk + ", separator " + sep;
                assertEquals(want, gpu.countMatchingRecords(Input.of(text), sep), what);
                try (Input in = Input.map(file)) {
                    assertEquals(want, gpu.countMatchingRecords(in, sep), what + ", mapped");
                }
            }
        }
    }

    @Test
    void batchesEqualTheMatchStreamAcrossChunksAndBatches() {
        // Over 2M matches: several batches of MatchBatches.BATCH, and chunks of 1 MiB.
        byte[] text = new byte[3 << 20];
        byte[] alphabet = {'a', 'a', 'b', '\n', (byte) 0xC3, (byte) 0xA9, 'x'}; // 0xC3 0xA9: UTF-8 e-acute
        Random r = new Random(7);
        for (int i = 0; i < text.length; i++) {
            text[i] = alphabet[r.nextInt(alphabet.length)];
        }
        PatternSet ps = PatternSet.of("a", "ab", "aab", "b\n", "\u00e9x", "ba");
        List<Match> want = compile(ps, AhoCorasickEngine.NAME, 0).findAll(text);
        for (String engine : new String[] {GpuPfacEngine.NAME, GpuTrieEngine.NAME}) {
            List<Match> got = batched(compile(ps, engine, 1 << 20), Input.of(text));
            assertEquals(want.size(), got.size(), engine);
            assertEquals(want, got, engine);
        }
    }

    @Test
    void aBatchSinkStopsTheScan() {
        byte[] text = new byte[4 << 20];
        Arrays.fill(text, (byte) 'a');
        int[] batches = {0};
        boolean all = compile(PatternSet.of("a"), GpuPfacEngine.NAME, 1 << 20).scan(Input.of(text),
                (ids, starts, ends, count) -> ++batches[0] < 2);
        assertFalse(all);
        assertEquals(2, batches[0]);
    }

    @Test
    void filesEqualTheCpuScan() throws IOException {
        // 21 MiB and some: copies in several pieces per chunk, and a last partial piece.
        byte[] iliad = Files.readAllBytes(TestData.iliad());
        byte[] text = new byte[(21 << 20) + 12_345];
        for (int off = 0; off < text.length; off += iliad.length) {
            System.arraycopy(iliad, 0, text, off, Math.min(iliad.length, text.length - off));
        }
        Path file = dir.resolve("text.txt");
        Files.write(file, text);
        PatternSet ps = PatternSet.of("Hector", "Achilles", "the ", "e", "Zeus");
        Matcher cpu = compile(ps, AhoCorasickEngine.NAME, 0);
        long want = cpu.count(file);
        for (long chunk : new long[] {0, 5 << 20}) {
            Matcher gpu = compile(ps, GpuPfacEngine.NAME, chunk);
            assertEquals(want, gpu.count(file), "count(Path), chunk " + chunk);
            long[] digest = {0, 0};
            gpu.scan(file, (id, s, e) -> {
                digest[0] = digest[0] * 31 + s * 7 + id;
                digest[1]++;
                return true;
            });
            long[] expect = {0, 0};
            cpu.scan(file, (id, s, e) -> {
                expect[0] = expect[0] * 31 + s * 7 + id;
                expect[1]++;
                return true;
            });
            assertEquals(expect[1], digest[1], "scan(Path) matches, chunk " + chunk);
            assertEquals(expect[0], digest[0], "scan(Path) order and values, chunk " + chunk);
        }
        Path empty = dir.resolve("empty.txt");
        Files.write(empty, new byte[0]);
        assertEquals(0, compile(ps, GpuPfacEngine.NAME, 0).count(empty));
    }
}
