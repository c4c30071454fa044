package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.FirstOccurrences;
import dev.trawl.Records;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link FirstOccurrenceBuilder} against a naive table (a sorted map of each pair's smallest start),
 * for random matches in record order (its fast path), scrambled (its hash map, from the first match
 * for an earlier record on, mid-part), and in record order but for one earlier record late;
 * repeats of a pair with smaller and larger starts, records with more pairs than a linear look
 * covers, both layouts, parts of random sizes.
 */
class FirstOccurrenceBuilderTest {

    private record Hit(int record, int pattern, long start) {}

    private enum Order { RECORDS, SCRAMBLED, ONE_LATE }

    @Test
    void randomMatchesInEveryOrder() {
        Random random = new Random(17);
        for (int round = 0; round < 400; round++) {
            int records = 1 + random.nextInt(40);
            int patterns = 1 + random.nextInt(round % 4 == 0 ? 200 : 6);
            List<Hit> hits = hits(random, records, patterns);
            Map<Long, Long> naive = new TreeMap<>();
            for (Hit h : hits) {
                naive.merge((long) h.record << 32 | h.pattern, h.start, Math::min);
            }
            for (Order order : Order.values()) {
                for (FirstOccurrences.Layout layout : new FirstOccurrences.Layout[] {FirstOccurrences.Layout.SPARSE,
                        FirstOccurrences.Layout.DENSE}) {
                    String what = "round " + round + ", " + order + ", " + layout;
                    FirstOccurrences built = build(random, records, patterns, hits, order, layout, what);
                    check(naive, records, patterns, built, what);
                }
            }
        }
    }

    /** Pairs at random, each a few times with random starts, some records with many patterns. */
    private static List<Hit> hits(Random random, int records, int patterns) {
        List<Hit> hits = new ArrayList<>();
        for (int r = 0; r < records; r++) {
            int pairs = random.nextInt(4) == 0 ? 0 : random.nextInt(1 + Math.min(patterns, random.nextBoolean() ? 4 : 60));
            for (int i = 0; i < pairs; i++) {
                int p = random.nextInt(patterns);
                int times = 1 + (random.nextInt(3) == 0 ? random.nextInt(4) : 0);
                for (int t = 0; t < times; t++) {
                    hits.add(new Hit(r, p, random.nextInt(1000)));
                }
            }
        }
        return hits;
    }

    private static FirstOccurrences build(Random random, int records, int patterns, List<Hit> all, Order order,
            FirstOccurrences.Layout layout, String what) {
        byte[][] texts = new byte[records][];
        for (int r = 0; r < records; r++) {
            texts[r] = new byte[1000];
        }
        FirstOccurrenceBuilder builder = new FirstOccurrenceBuilder(Records.of(texts), patterns, layout);
        for (int from = 0; from < records;) {
            int to = Math.min(records, from + 1 + random.nextInt(records));
            int a = from;
            List<Hit> hits = new ArrayList<>(all.stream().filter(h -> h.record >= a && h.record < to).toList());
            Collections.shuffle(hits, random);
            if (order != Order.SCRAMBLED) {
                hits.sort(Comparator.comparingInt(Hit::record)); // stable: shuffled within a record
            }
            if (order == Order.ONE_LATE && hits.size() > 2) {
                hits.add(hits.remove(random.nextInt(hits.size() / 2)));
            }
            FirstOccurrenceBuilder.Part part = builder.part(from, to);
            feed(random, part, hits, patterns, order == Order.RECORDS, what);
            builder.add(part.finish());
            from = to;
        }
        return builder.build();
    }

    /**
     * Hands the hits over, all by onMatch or all by first; by onMatch in record order, it says stop
     * exactly when a new pair completes its record, and complete agrees once the record is done.
     */
    private static void feed(Random random, FirstOccurrenceBuilder.Part part, List<Hit> hits, int patterns,
            boolean inOrder, String what) {
        boolean byMatch = random.nextBoolean();
        int record = -1;
        List<Integer> seen = new ArrayList<>();
        for (Hit h : hits) {
            if (h.record != record) {
                checkComplete(part, record, seen, patterns, byMatch && inOrder, what);
                record = h.record;
                seen.clear();
            }
            boolean fresh = !seen.contains(h.pattern);
            if (fresh) {
                seen.add(h.pattern);
            }
            if (!byMatch) {
                part.first(h.record, h.pattern, h.start);
                continue;
            }
            boolean more = part.onMatch(h.record, h.pattern, h.start, h.start + 1);
            if (inOrder) {
                assertEquals(!fresh || seen.size() < patterns, more, what + ", record " + h.record);
            }
        }
        checkComplete(part, record, seen, patterns, byMatch && inOrder, what);
    }

    private static void checkComplete(FirstOccurrenceBuilder.Part part, int record, List<Integer> seen, int patterns,
            boolean check, String what) {
        if (check && record >= 0) {
            assertEquals(seen.size() == patterns, part.complete(record), what + ", record " + record);
        }
    }

    private static void check(Map<Long, Long> naive, int records, int patterns, FirstOccurrences built, String what) {
        assertEquals(naive.size(), built.size(), what);
        for (int r = 0; r < records; r++) {
            for (int p = 0; p < patterns; p++) {
                assertEquals(naive.getOrDefault((long) r << 32 | p, -1L), built.get(r, p), what + ", " + r + "/" + p);
            }
        }
        List<String> visited = new ArrayList<>();
        built.forEach((r, p, at) -> visited.add(r + "/" + p + "@" + at));
        List<String> expected = new ArrayList<>();
        naive.forEach((key, at) -> expected.add((key >>> 32) + "/" + (int) (long) key + "@" + at));
        assertEquals(expected, visited, what);
    }
}
