package dev.trawl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Records at scale: 100 million lines (4 bytes of offsets each), and a mapped file past 2 GiB,
 * whose line starts need 64-bit offsets. The expected answers are known from where the patterns
 * were written, so no oracle reads the data.
 *
 * <p>Tagged {@code large} (a few GB of memory, tens of seconds on two cores): the default build
 * leaves it out. Run it with {@code mvn verify -pl trawl-core -Dsurefire.excludedGroups=gpu
 * -Dtest=RecordsLargeTest}.
 */
@Tag("large")
class RecordsLargeTest {

    @Test
    void hundredMillionLines() {
        int n = 100_000_000;
        int every = 1_000_003;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment text = arena.allocate(3L * n);
            for (long i = 0; i < n; i++) {
                boolean hit = i % every == 0;
                text.set(ValueLayout.JAVA_BYTE, 3 * i, (byte) (hit ? 'H' : 'a'));
                text.set(ValueLayout.JAVA_BYTE, 3 * i + 1, (byte) (hit ? 'x' : 'b'));
                text.set(ValueLayout.JAVA_BYTE, 3 * i + 2, (byte) '\n');
            }
            Records lines = Records.lines(text, false);
            assertEquals(n, lines.size());
            assertEquals(3L * (n - 1), lines.start(n - 1));
            assertEquals(3L * n - 1, lines.end(n - 1));
            Matcher m = Trawl.compile(PatternSet.of("Hx", "b\na", "xb"), MatcherOptions.defaults().withEngine("cpu:aho-corasick"));
            boolean[] any = m.anyMatch(lines);
            int[] first = m.firstMatch(lines);
            int hits = 0;
            for (int i = 0; i < n; i++) {
                boolean hit = i % every == 0;
                if (any[i] != hit || first[i] != (hit ? 0 : -1)) {
                    throw new AssertionError("line " + i + ": any " + any[i] + ", first " + first[i]);
                }
                hits += hit ? 1 : 0;
            }
            long[] counts = m.countPerRecord(lines);
            long sum = 0;
            for (long c : counts) {
                sum += c;
            }
            assertEquals(hits, sum);
            RecordPatterns p = m.matchedPatterns(lines);
            assertEquals(hits, p.offsets()[n]);
            assertArrayEquals(new int[] {0}, p.ids(every));
        }
    }

    @Test
    void linesOfAFilePastTwoGiB() throws Exception {
        long size = (1L << 31) + (64L << 20);
        Path file = Files.createTempFile("trawl-records-large", ".log");
        try {
            List<Long> newlines = new ArrayList<>();
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                f.setLength(size);
                for (long at : new long[] {100, (1L << 31) - 2, (1L << 31) + 50, size - 10}) {
                    f.seek(at);
                    f.write('\n');
                    newlines.add(at);
                }
                f.seek((1L << 31) + 10);
                f.write("Hector".getBytes(StandardCharsets.US_ASCII));
                f.seek(size - 6);
                f.write("Ajax".getBytes(StandardCharsets.US_ASCII));
            }
            try (Records lines = Records.mapLines(file)) {
                assertEquals(5, lines.size());
                assertEquals((1L << 31) - 1, lines.start(2));
                assertEquals((1L << 31) + 50, lines.end(2));
                assertEquals(size - 9, lines.start(4));
                assertEquals(size, lines.end(4));
                Matcher m = Trawl.compile(PatternSet.of("Hector", "Ajax"), MatcherOptions.defaults().withEngine("cpu:aho-corasick"));
                assertArrayEquals(new int[] {-1, -1, 0, -1, 1}, m.firstMatch(lines));
                List<String> found = new ArrayList<>();
                m.scanRecords(lines, (r, id, s, e) -> found.add(r + ":" + id + "@" + s));
                assertEquals(List.of("2:0@11", "4:1@3"), found);
                assertTrue(lines.totalBytes() == size);
                // Lines of zeros but for the names: a line of 2 GiB is searched alone, in blocks.
                PatternSet withZeros = PatternSet.builder().add("Hector").add("Ajax").add(new byte[3]).build();
                FirstOccurrences expected = FirstOccurrences.sparse(5, 3, new int[] {0, 1, 2, 4, 5, 7},
                        new int[] {2, 2, 0, 2, 2, 1, 2}, new long[] {0, 0, 11, 0, 0, 3, 0});
                for (String engine : List.of("cpu:aho-corasick", "cpu:rabin-karp", "cpu:index-of")) {
                    Matcher z = Trawl.compile(withZeros, MatcherOptions.defaults().withEngine(engine));
                    assertEquals(expected, z.firstOccurrence(lines), engine);
                    assertEquals(expected, z.firstOccurrence(lines, FirstOccurrences.Layout.SPARSE), engine);
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
