package dev.trawl.prefilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Vector API is optional at run time: in a JVM started without {@code jdk.incubator.vector}, the
 * engine must fall back to the scalar filter and find the same matches.
 */
class WithoutVectorModuleTest {

    /** Run in the child JVM: prints whether vectors are available, the filter, and the count. */
    public static void main(String[] args) {
        PatternSet ps = PatternSet.of(TestData.HERO_NAMES);
        long n = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:aho-corasick")).count(TestData.iliadBytes());
        System.out.println("vector=" + Prefilters.vectorAvailable() + " filter=" + Prefilters.choose(ps).describe()
                + " count=" + n);
    }

    @Test
    void scalarFallbackFindsTheSameMatches() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Dtrawl.data.dir=" + TestData.dataDir(), WithoutVectorModuleTest.class.getName()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        assertEquals(0, p.exitValue(), out);
        long expected = Trawl.compile(PatternSet.of(TestData.HERO_NAMES), MatcherOptions.defaults()
                .withEngine("cpu:aho-corasick")).count(TestData.iliadBytes());
        assertTrue(out.contains("vector=false"), out);
        assertTrue(out.contains("filter=fingerprint("), out);
        assertTrue(out.endsWith("count=" + expected), out + " (expected " + expected + ")");
    }
}
