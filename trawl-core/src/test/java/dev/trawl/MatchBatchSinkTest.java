package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.engine.cpu.CpuEngines;
import dev.trawl.testing.BatchedMatches;
import dev.trawl.testing.TestData;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default batched scan: every engine's batches, joined, equal its match stream; a sink can stop it. */
class MatchBatchSinkTest {
    private static List<Match> batched(Matcher m, Input in, int[] batches) {
        return BatchedMatches.of(m, in, count -> {
            assertTrue(count > 0 && count <= MatchBatchSink.DEFAULT_BATCH, "batch of " + count);
            batches[0]++;
        });
    }

    @Test
    void batchesJoinedEqualTheMatchStreamOnEveryEngine() {
        byte[] one = TestData.iliadBytes();
        byte[] iliad = new byte[3 * one.length]; // past two batches of matches
        for (int k = 0; k < 3; k++) {
            System.arraycopy(one, 0, iliad, k * one.length, one.length);
        }
        PatternSet ps = PatternSet.of("the", "he", "Hector", "e", "Achilles");
        List<Match> want = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:naive")).findAll(iliad);
        assertTrue(want.size() > 2 * MatchBatchSink.DEFAULT_BATCH, "needs several batches: " + want.size());
        for (String engine : List.of("cpu:aho-corasick", "cpu:pfac", "cpu:index-of", "cpu:dfa")) {
            int[] batches = {0};
            List<Match> got = batched(Trawl.compile(ps, MatcherOptions.defaults().withEngine(engine)), Input.of(iliad), batches);
            assertEquals(want, got, engine);
            assertEquals((want.size() + MatchBatchSink.DEFAULT_BATCH - 1) / MatchBatchSink.DEFAULT_BATCH, batches[0], engine);
        }
    }

    @Test
    void textInputsReportCharOffsets() {
        String text = "\u00e9t\u00e9 \u00e0 Troie, \u00e9t\u00e9";
        PatternSet ps = PatternSet.of("\u00e9t\u00e9", "Troie");
        Matcher m = Trawl.compile(ps);
        assertEquals(m.findAll(text), batched(m, Input.of(text), new int[1]));
    }

    @Test
    void aSinkReturningFalseStopsTheScan() {
        byte[] text = new byte[3 * MatchBatchSink.DEFAULT_BATCH];
        Arrays.fill(text, (byte) 'a');
        int[] calls = {0};
        boolean all = Trawl.compile(PatternSet.of("a")).scan(Input.of(text), (ids, starts, ends, count) -> ++calls[0] < 1);
        assertFalse(all);
        assertEquals(1, calls[0]);
    }
}
