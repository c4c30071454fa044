package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every CPU engine on a mapped file past 2 GiB: a sparse file of zeros with a few patterns written
 * across the 1 GiB and 2 GiB marks and at the very end, so that offsets above {@code Integer.MAX_VALUE}
 * and matches across chunk boundaries are both exercised. The expected matches are known from where
 * the patterns were written (zeros match nothing), so no oracle has to read 2.2 GB.
 *
 * <p>Tagged {@code large}: every engine reads 2.2 GB, about 90 s for all of them on two cores, so
 * the default build leaves it out. Run it with
 * {@code mvn verify -pl trawl-core -am -Dsurefire.excludedGroups=gpu}.
 */
@Tag("large")
class LargeInputTest {
    private static final long SIZE = (1L << 31) + (160L << 20);
    private static final String[] WORDS = {"Hector", "Achilles", "Ajax", "Ach"};
    private static Path file;
    private static List<Match> expected;

    @BeforeAll
    static void writeSparseFile() throws Exception {
        file = Files.createTempFile("trawl-large", ".bin");
        expected = new ArrayList<>();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(SIZE);
            put(f, (1L << 30) - 3, 0); // across the largest chunk boundary
            put(f, (1L << 31) - 4, 1); // across 2^31
            put(f, (1L << 31) + 100, 2);
            put(f, SIZE - 8, 1); // ends at the last byte
        }
        expected.sort(null);
    }

    /** Writes WORDS[id] at {@code at}; "Achilles" also holds "Ach". */
    private static void put(RandomAccessFile f, long at, int id) throws Exception {
        byte[] w = WORDS[id].getBytes(StandardCharsets.US_ASCII);
        f.seek(at);
        f.write(w);
        expected.add(new Match(id, at, at + w.length));
        if (id == 1) {
            expected.add(new Match(3, at, at + 3));
        }
    }

    @AfterAll
    static void delete() throws Exception {
        Files.deleteIfExists(file);
    }

    static List<String> engines() {
        return Engines.all().stream().map(Engine::name)
                .filter(n -> n.startsWith("cpu:") && !n.equals(NaiveEngine.NAME)).toList();
    }

    @ParameterizedTest
    @MethodSource("engines")
    void findsExactlyTheWrittenPatterns(String engine) {
        Matcher m = Trawl.compile(PatternSet.of(WORDS), MatcherOptions.defaults().withEngine(engine).withThreads(2));
        try (Input in = Input.map(file)) {
            assertEquals(SIZE, in.byteSize());
            assertEquals(expected, m.findAll(in), engine);
        }
    }
}
