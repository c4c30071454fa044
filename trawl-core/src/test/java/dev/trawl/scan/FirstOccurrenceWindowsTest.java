package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.FirstOccurrences;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.engine.cpu.CpuMatcher;
import dev.trawl.testing.RecordCheck;
import dev.trawl.testing.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordScan#firstOccurrence} cutting records into windows and searching records longer than
 * a window alone, in blocks: with windows of a few bytes to a few KiB, what columns of gigabytes
 * would get from the real 64 MiB window, against the naive oracle, for every literal CPU engine,
 * through its searcher and through its scan alone (the generic way, as for GPU engines).
 */
class FirstOccurrenceWindowsTest {

    @Test
    void smallWindowsAndLongRecords() {
        byte[] iliad = TestData.iliadBytes();
        PatternSet ps = PatternSet.builder().addAll(TestData.HERO_NAMES).add(new byte[3]).add(new byte[8]).add(new byte[8])
                .add("sing").add("ng\u0000").build();
        List<byte[]> column = new ArrayList<>();
        column.add(new byte[0]);
        column.add(Arrays.copyOfRange(iliad, 0, 120_000));
        column.add("Hector".getBytes());
        column.add(new byte[20_000]);
        column.add(new byte[0]);
        column.add("sing".getBytes());
        column.add(Arrays.copyOfRange(iliad, 300_000, 303_000));
        column.add(new byte[7]);
        byte[] tail = Arrays.copyOfRange(iliad, 500_000, 530_000);
        tail[tail.length - 1] = 0;
        column.add(tail);
        Records records = Records.of(column.toArray(new byte[0][]));
        FirstOccurrences expected = RecordCheck.firstOccurrences(RecordCheck.naive(ps, records), ps.size());
        int engines = 0;
        for (Engine e : Engines.all()) {
            if (!e.name().startsWith("cpu:") || e.supportsRegex()) {
                continue;
            }
            MatcherOptions o = MatcherOptions.defaults().withEngine(e.name()).withThreads(2).withChunkBytes(4096);
            Matcher m = Trawl.compile(ps, o);
            if (!(m instanceof CpuMatcher cpu)) {
                continue;
            }
            engines++;
            for (long window : new long[] {16, 1000, 50_000, RecordScan.FIRST_OCCURRENCE_WINDOW}) {
                RecordScan scan = RecordScan.ofLiterals(cpu.searcher(), (t, sink) -> m.scan(Input.of(t), sink), o)
                        .withWindow(window);
                for (FirstOccurrences.Layout layout : FirstOccurrences.Layout.values()) {
                    assertEquals(expected, scan.firstOccurrence(records, ps.size(), layout),
                            e.name() + ", window " + window + ", " + layout);
                }
                // The way of matchers that offer nothing but their scan (a GPU engine's, say).
                assertEquals(expected, RecordScan.of(m.patterns(), (t, sink) -> m.scan(Input.of(t), sink)).withWindow(window).firstOccurrence(records, ps.size(),
                        FirstOccurrences.Layout.AUTO), e.name() + " through its scan, window " + window);
            }
        }
        assertEquals(true, engines >= 6, "the literal CPU engines: " + engines);
    }
}
