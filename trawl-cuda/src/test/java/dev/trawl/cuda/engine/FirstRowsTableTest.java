package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.FirstOccurrences;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.automaton.PfacTable;
import dev.trawl.engine.cpu.NaiveEngine;
import dev.trawl.testing.TestData;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The host half of {@code gpu:pfac}'s first-occurrence table, without a GPU: chunks of rows laid out
 * as {@code pfac_first_merge} and {@code pfac_rows_order} leave them (a row per record sorted by
 * pattern, the rows in record order, a pair in 8 bytes or 4) are made from {@code cpu:naive}'s table, some rows left to the host (-1) and some records
 * taken alone, and the table {@link FirstRowsTable} builds must be {@code cpu:naive}'s again, in
 * both layouts and in chunks and pieces of any size. The host walk (what the kernel leaves to the
 * host) is checked on its own against {@code cpu:naive} over every record.
 */
class FirstRowsTableTest {

    private static Records records(Random random) {
        String[] lines = new String(TestData.iliadBytes(), StandardCharsets.ISO_8859_1).split("\n");
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            String line = lines[random.nextInt(lines.length)];
            out.add((i % 97 == 0 ? "" : i % 31 == 0 ? line.toUpperCase() + " \u00e9\u00ff" : line)
                    .getBytes(StandardCharsets.ISO_8859_1));
        }
        return Records.of(out.toArray(byte[][]::new));
    }

    private static PatternSet patterns(boolean ignoreCase) {
        List<String> p = new ArrayList<>(TestData.words(300, 3));
        p.addAll(TestData.HERO_NAMES);
        p.add("Achilles"); // a duplicate
        p.add("a");
        p.add("\u00e9\u00ff");
        p.add("a pattern longer than any line of the poem, a pattern longer than any line of the poem");
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(ignoreCase);
        p.forEach(s -> b.add(s.getBytes(StandardCharsets.ISO_8859_1)));
        return b.build();
    }

    @ParameterizedTest
    @EnumSource(value = FirstOccurrences.Layout.class, names = {"DENSE", "SPARSE"})
    void chunksOfRowsMakeTheNaiveTable(FirstOccurrences.Layout layout) {
        Random random = new Random(11);
        for (boolean ignoreCase : new boolean[] {false, true}) {
            Records records = records(random);
            PatternSet ps = patterns(ignoreCase);
            FirstOccurrences want = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                    .firstOccurrence(records, layout);
            FirstRowsTable table = new FirstRowsTable(records, ps, PfacTable.of(ps), layout, 1 + random.nextInt(40));
            try (Arena arena = Arena.ofShared()) { // pieces are taken on other threads, as from pinned buffers
                for (int r0 = 0; r0 < records.size(); ) {
                    if (random.nextInt(10) == 0) {
                        table.alone(r0++);
                        continue;
                    }
                    int r1 = Math.min(records.size(), r0 + 1 + random.nextInt(200));
                    takeChunk(table, want, r0, r1, random, arena);
                    r0 = r1;
                }
            }
            assertEquals(want, table.build(), "ignoreCase " + ignoreCase);
        }
    }

    /**
     * Lays records {@code [r0, r1)}'s rows out as the kernels would: each record's length and start, the
     * rows in record order; some rows left to the host (length -1, nothing written).
     */
    private static void takeChunk(FirstRowsTable table, FirstOccurrences want, int r0, int r1, Random random, Arena arena) {
        int count = r1 - r0;
        MemorySegment info = arena.allocate(8L * count);
        List<Long> pairs = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            int record = r0 + k;
            info.setAtIndex(ValueLayout.JAVA_INT, count + k, pairs.size());
            boolean leftToHost = random.nextInt(15) == 0;
            int before = pairs.size();
            for (int p = 0; p < want.patterns() && !leftToHost; p++) {
                long at = want.get(record, p);
                if (at >= 0) {
                    pairs.add((long) p << 32 | at);
                }
            }
            info.setAtIndex(ValueLayout.JAVA_INT, k, leftToHost ? -1 : pairs.size() - before);
        }
        int shift = random.nextBoolean() ? 0 : 16; // longs, or ints of pattern << 16 | offset
        MemorySegment rows = arena.allocate(8L * Math.max(1, pairs.size()));
        for (int i = 0; i < pairs.size(); i++) {
            long v = pairs.get(i);
            if (shift == 0) {
                rows.setAtIndex(ValueLayout.JAVA_LONG, i, v);
            } else {
                rows.setAtIndex(ValueLayout.JAVA_INT, i, (int) (v >>> 32) << shift | (int) v);
            }
        }
        table.take(r0, count, info, rows, pairs.size(), shift);
    }

    @Test
    void theHostWalkFindsEveryRecordsRow() {
        Random random = new Random(12);
        Records records = records(random);
        PatternSet ps = patterns(true);
        FirstOccurrences want = Trawl.compile(ps, MatcherOptions.defaults().withEngine(NaiveEngine.NAME))
                .firstOccurrence(records, FirstOccurrences.Layout.SPARSE);
        FirstRowsTable table = new FirstRowsTable(records, ps, PfacTable.of(ps), FirstOccurrences.Layout.SPARSE);
        for (int r = 0; r < records.size(); r++) {
            FirstRowsTable.Row row = table.walk(r);
            int found = 0;
            for (int p = 0; p < ps.size(); p++) {
                if (want.get(r, p) >= 0) {
                    assertEquals(p, row.ids()[found], "record " + r);
                    assertEquals(want.get(r, p), row.offsets()[found], "record " + r + ", pattern " + p);
                    found++;
                }
            }
            assertEquals(found, row.size(), "record " + r);
        }
    }
}
