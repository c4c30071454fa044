package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The table itself: both layouts answer alike, the automatic choice, and what each factory refuses. */
class FirstOccurrencesTest {

    @Test
    void bothLayoutsAnswerAlike() {
        Random r = new Random(9);
        for (int i = 0; i < 200; i++) {
            int records = r.nextInt(12);
            int patterns = r.nextInt(9);
            int[] cells = new int[records * patterns];
            int[] rowStart = new int[records + 1];
            List<Integer> ids = new ArrayList<>();
            List<Long> offsets = new ArrayList<>();
            for (int rec = 0; rec < records; rec++) {
                for (int p = 0; p < patterns; p++) {
                    cells[rec * patterns + p] = r.nextInt(3) == 0 ? r.nextInt(100) : -1;
                    if (cells[rec * patterns + p] >= 0) {
                        ids.add(p);
                        offsets.add((long) cells[rec * patterns + p]);
                    }
                }
                rowStart[rec + 1] = ids.size();
            }
            FirstOccurrences dense = FirstOccurrences.dense(records, patterns, cells);
            FirstOccurrences sparse = FirstOccurrences.sparse(records, patterns, rowStart,
                    ids.stream().mapToInt(Integer::intValue).toArray(), offsets.stream().mapToLong(Long::longValue).toArray());
            assertEquals(FirstOccurrences.Layout.DENSE, dense.layout());
            assertEquals(FirstOccurrences.Layout.SPARSE, sparse.layout());
            assertEquals(ids.size(), dense.size());
            assertEquals(ids.size(), sparse.size());
            assertEquals(dense, sparse);
            assertEquals(dense.hashCode(), sparse.hashCode());
            for (int rec = 0; rec < records; rec++) {
                for (int p = 0; p < patterns; p++) {
                    assertEquals(cells[rec * patterns + p], dense.get(rec, p));
                    assertEquals(cells[rec * patterns + p], sparse.get(rec, p));
                }
            }
            List<String> visited = new ArrayList<>();
            sparse.forEach((rec, p, at) -> visited.add(rec + "/" + p + "@" + at));
            List<String> visitedDense = new ArrayList<>();
            dense.forEach((rec, p, at) -> visitedDense.add(rec + "/" + p + "@" + at));
            assertEquals(visited, visitedDense);
            assertEquals(ids.size(), visited.size());
            if (dense.size() > 0) {
                int[] changed = cells.clone();
                for (int k = 0; k < changed.length; k++) {
                    if (changed[k] >= 0) {
                        changed[k]++;
                        break;
                    }
                }
                assertNotEquals(sparse, FirstOccurrences.dense(records, patterns, changed));
            }
        }
    }

    @Test
    void automaticLayout() {
        Records few = Records.of(List.of("a", "b"));
        assertEquals(FirstOccurrences.Layout.DENSE, FirstOccurrences.layoutFor(few, 1000, FirstOccurrences.Layout.AUTO));
        assertEquals(FirstOccurrences.Layout.SPARSE, FirstOccurrences.layoutFor(few, 1000, FirstOccurrences.Layout.SPARSE));
        byte[][] empty = new byte[1 << 16][];
        java.util.Arrays.fill(empty, new byte[0]);
        Records many = Records.of(empty);
        int limitPatterns = (int) (FirstOccurrences.DENSE_MAX_CELLS >> 16);
        assertEquals(FirstOccurrences.Layout.DENSE, FirstOccurrences.layoutFor(many, limitPatterns, FirstOccurrences.Layout.AUTO));
        assertEquals(FirstOccurrences.Layout.SPARSE,
                FirstOccurrences.layoutFor(many, limitPatterns + 1, FirstOccurrences.Layout.AUTO));
        assertEquals(FirstOccurrences.Layout.DENSE,
                FirstOccurrences.layoutFor(many, limitPatterns + 1, FirstOccurrences.Layout.DENSE));
        TrawlException e = assertThrows(TrawlException.class,
                () -> FirstOccurrences.layoutFor(many, 1 << 16, FirstOccurrences.Layout.DENSE));
        assertTrue(e.getMessage().contains("sparse"), e.getMessage());
    }

    @Test
    void factoriesRefuseMalformedTables() {
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.dense(2, 3, new int[5]));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.dense(1, 2, new int[] {0, -2}));
        assertThrows(IllegalArgumentException.class,
                () -> FirstOccurrences.sparse(1, 3, new int[] {0, 2}, new int[] {2, 1}, new long[] {0, 0}));
        assertThrows(IllegalArgumentException.class,
                () -> FirstOccurrences.sparse(1, 2, new int[] {0, 1}, new int[] {2}, new long[] {0}));
        assertThrows(IllegalArgumentException.class,
                () -> FirstOccurrences.sparse(1, 2, new int[] {0, 1}, new int[] {1}, new long[] {-1}));
        assertThrows(IllegalArgumentException.class,
                () -> FirstOccurrences.sparse(2, 2, new int[] {0, 1, 0}, new int[] {1}, new long[] {3}));
        FirstOccurrences t = FirstOccurrences.sparse(1, 2, new int[] {0, 1}, new int[] {1}, new long[] {3});
        assertThrows(IndexOutOfBoundsException.class, () -> t.get(1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> t.get(0, 2));
        assertEquals(3, t.get(0, 1));
        assertEquals(-1, t.get(0, 0));
    }

    /** A table in blocks answers as the same table from single arrays, wherever the blocks are cut. */
    @Test
    void blocksAnswerAsOneTable() {
        Random r = new Random(21);
        for (int i = 0; i < 200; i++) {
            int records = r.nextInt(30);
            int patterns = 1 + r.nextInt(9);
            int[] rowStart = new int[records + 1];
            List<Integer> ids = new ArrayList<>();
            List<Integer> offsets = new ArrayList<>();
            for (int rec = 0; rec < records; rec++) {
                for (int p = 0; p < patterns; p++) {
                    if (r.nextInt(3) == 0) {
                        ids.add(p);
                        offsets.add(r.nextInt(1000));
                    }
                }
                rowStart[rec + 1] = ids.size();
            }
            int[] allIds = ids.stream().mapToInt(Integer::intValue).toArray();
            long[] allOffsets = offsets.stream().mapToLong(Integer::longValue).toArray();
            FirstOccurrences whole = FirstOccurrences.sparse(records, patterns, rowStart, allIds, allOffsets);
            List<FirstOccurrences.Block> blocks = new ArrayList<>();
            for (int from = 0; from < records || blocks.isEmpty(); ) {
                int to = Math.min(records, from + r.nextInt(6)); // empty blocks too
                int[] rows = new int[to - from + 1];
                for (int k = 0; k <= to - from; k++) {
                    rows[k] = rowStart[from + k] - rowStart[from];
                }
                int a = rowStart[from];
                int b = rowStart[to];
                int[] offs = new int[b - a + r.nextInt(3)]; // arrays may be longer than the pairs
                for (int k = a; k < b; k++) {
                    offs[k - a] = (int) allOffsets[k];
                }
                int form = r.nextInt(3);
                if (form == 0) {
                    blocks.add(new FirstOccurrences.Block(from, rows, java.util.Arrays.copyOfRange(allIds, a, b + offs.length - (b - a)), offs));
                } else if (form == 1) {
                    int[] pairs = new int[offs.length];
                    for (int k = a; k < b; k++) {
                        pairs[k - a] = allIds[k] << 10 | offs[k - a]; // offsets below 1,000
                    }
                    blocks.add(FirstOccurrences.Block.packed(from, rows, pairs, 10));
                } else {
                    long[] pairs = new long[offs.length];
                    for (int k = a; k < b; k++) {
                        pairs[k - a] = (long) allIds[k] << 32 | offs[k - a];
                    }
                    blocks.add(FirstOccurrences.Block.packed(from, rows, pairs));
                }
                from = to;
            }
            FirstOccurrences inBlocks = FirstOccurrences.sparse(records, patterns, blocks);
            assertEquals(whole, inBlocks);
            assertEquals(whole.size(), inBlocks.size());
            for (int rec = 0; rec < records; rec++) {
                for (int p = 0; p < patterns; p++) {
                    assertEquals(whole.get(rec, p), inBlocks.get(rec, p), rec + "/" + p);
                }
            }
        }
    }

    @Test
    void blocksMustCoverTheRecordsInOrder() {
        FirstOccurrences.Block first = new FirstOccurrences.Block(0, new int[] {0, 1}, new int[] {1}, new int[] {4});
        FirstOccurrences.Block second = new FirstOccurrences.Block(1, new int[] {0, 0, 2}, new int[] {0, 2}, new int[] {0, 9});
        assertEquals(9, FirstOccurrences.sparse(3, 3, List.of(first, second)).get(2, 2));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.sparse(3, 3, List.of(second, first)));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.sparse(4, 3, List.of(first, second)));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.sparse(3, 2, List.of(first, second)));
        assertThrows(IllegalArgumentException.class, () -> new FirstOccurrences.Block(0, new int[] {0, 2}, new int[] {2, 1}, new int[] {0, 0}));
        assertThrows(IllegalArgumentException.class, () -> new FirstOccurrences.Block(0, new int[] {0, 1}, new int[] {1}, new int[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.Block.packed(0, new int[] {0, 2}, new long[] {2L << 32, 1L << 32}));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.Block.packed(0, new int[] {0, 1}, new long[] {1L << 32 | 0x8000_0000L}));
        assertEquals(7, FirstOccurrences.sparse(1, 3, List.of(FirstOccurrences.Block.packed(0, new int[] {0, 2}, new long[] {1L << 32 | 5, 2L << 32 | 7}))).get(0, 2));
        assertEquals(7, FirstOccurrences.sparse(1, 3, List.of(FirstOccurrences.Block.packed(0, new int[] {0, 2}, new int[] {1 << 16 | 5, 2 << 16 | 7}, 16))).get(0, 2));
        assertEquals(-1, FirstOccurrences.sparse(1, 3, List.of(FirstOccurrences.Block.packed(0, new int[] {0, 2}, new int[] {1 << 16 | 5, 2 << 16 | 7}, 16))).get(0, 0));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.Block.packed(0, new int[] {0, 2}, new int[] {2 << 16, 1 << 16}, 16));
        assertThrows(IllegalArgumentException.class, () -> FirstOccurrences.Block.packed(0, new int[] {0, 1}, new int[] {1}, 32));
        IllegalArgumentException gap = assertThrows(IllegalArgumentException.class,
                () -> FirstOccurrences.sparse(3, 3, List.of(first, new FirstOccurrences.Block(2, new int[] {0, 0}, new int[0], new int[0]))));
        assertTrue(gap.getMessage().contains("record 1 is due"), gap.getMessage());
    }
}
