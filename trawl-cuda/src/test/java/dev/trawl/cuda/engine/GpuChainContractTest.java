package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.testing.LoghubTemplates;
import dev.trawl.testing.RecordCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gpu:chains} against {@code cpu:pike}, every per-record answer ({@link RecordCheck}): random
 * literal-chain sets (as {@link ChainWalkTest} draws them) over random columns of ASCII and non-ASCII
 * records with newlines inside, some records longer than a chunk, and over the same text as lines
 * (the kernels' lines way); every loghub template file over its
 * log, in the default chunks and in the smallest; and the device-resident verdicts
 * ({@link DeviceRecords#verdicts}) against the streamed ones. Once per way of verifying an anchor
 * ({@link ChainLauncher#KERNEL_PROPERTY}), and without the start filter. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"auto", "index", "pfac", "lane", "index@off", "pfac@off"})
class GpuChainContractTest {
    private static final MatcherOptions CHAINS = MatcherOptions.defaults().withEngine(GpuChainEngine.NAME);

    /** {@link ChainLauncher#KERNEL_PROPERTY}, then {@code @}{@link ChainLauncher#GRAMS_PROPERTY} if given. */
    @Parameter
    String switches;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        String[] parts = switches.split("@");
        System.setProperty(ChainLauncher.KERNEL_PROPERTY, parts[0]);
        if (parts.length > 1) {
            System.setProperty(ChainLauncher.GRAMS_PROPERTY, parts[1]);
        }
    }

    @AfterEach
    void clearSwitches() {
        System.clearProperty(ChainLauncher.KERNEL_PROPERTY);
        System.clearProperty(ChainLauncher.GRAMS_PROPERTY);
    }

    @Test
    void randomChainSetsAgreeWithThePikeVm() {
        Random r = new Random(20261126L);
        long matches = 0;
        for (int i = 0; i < 300; i++) {
            PatternSet.Builder b = PatternSet.builder();
            for (int k = 1 + r.nextInt(5); k > 0; k--) {
                b.addRegex(ChainWalkTest.randomChain(r));
            }
            PatternSet set = b.build();
            List<String> column = new ArrayList<>();
            for (int k = r.nextInt(40); k > 0; k--) {
                column.add(r.nextInt(200) == 0 ? "ab x".repeat(20_000)
                        : ChainWalkTest.randomText(r, r.nextInt(8) == 0 ? 600 : 30));
            }
            Records records = Records.of(column);
            // the same text as lines (the kernels' lines way), '\r' before some '\n's
            String joined = String.join(r.nextBoolean() ? "\n" : "\r\n", column);
            Records lines = Records.lines(java.lang.foreign.MemorySegment.ofArray(
                    joined.getBytes(java.nio.charset.StandardCharsets.UTF_8)), r.nextBoolean());
            long chunk = r.nextBoolean() ? 1 : 0;
            Matcher m = Trawl.compile(set, CHAINS.withThreads(1 + r.nextInt(3)).withChunkBytes(chunk));
            assertTrue(m.engine().contains("verified on"), m.engine());
            matches += RecordCheck.check("case " + i + " " + set + " on " + m.engine(), m, records, pike(set, records), true);
            matches += RecordCheck.check("case " + i + " as lines " + set + " on " + m.engine(), m, lines,
                    pike(set, lines), true);
            if (lines.size() > 0) {
                deviceResidentAgrees(m, lines, RecordPipeline.chunkBytes(chunk));
            }
            close(m);
        }
        assertTrue(matches > 1000, "random columns should match: " + matches);
    }

    @Test
    void everyLoghubTemplateFileAgreesWithThePikeVm() {
        long total = 0;
        for (String system : LoghubTemplates.systems()) {
            for (Path csv : LoghubTemplates.templateFiles(system)) {
                PatternSet set = LoghubTemplates.regexSet(csv);
                try (Records lines = Records.mapLines(LoghubTemplates.log(system), true)) {
                    RecordCheck.Expected want = pike(set, lines);
                    for (long chunk : new long[] {0, 1}) {
                        Matcher m = Trawl.compile(set, CHAINS.withChunkBytes(chunk));
                        assertTrue(m.engine().contains("verified on"), m.engine());
                        total += RecordCheck.check(csv.getFileName() + " on " + m.engine(), m, lines, want, false);
                        deviceResidentAgrees(m, lines, Long.MAX_VALUE);
                        close(m);
                    }
                }
            }
        }
        assertTrue(total > 40_000, "the templates come from these very lines: " + total);
    }

    @Test
    void autoRoutesPerRecordCallsToTheChainsAndWholeTextToTheCpu() {
        String before = System.getProperty(dev.trawl.engine.CostRoutedEngine.POLICY_PROPERTY);
        System.setProperty(dev.trawl.engine.CostRoutedEngine.POLICY_PROPERTY, "always");
        try {
            String system = LoghubTemplates.systems().get(0);
            PatternSet set = LoghubTemplates.regexSet(LoghubTemplates.templateFiles(system).get(0));
            Matcher auto = Trawl.compile(set, MatcherOptions.defaults());
            try (Records lines = Records.mapLines(LoghubTemplates.log(system), true)) {
                Matcher dfa = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa"));
                assertTrue(java.util.Arrays.equals(dfa.anyMatch(lines), auto.anyMatch(lines)), auto.engine());
                assertTrue(auto.engine().startsWith(GpuChainEngine.NAME), "per-record call on " + auto.engine());
                assertTrue(dfa.count(lines.data()) == auto.count(lines.data()), auto.engine());
                assertTrue(auto.engine().startsWith("cpu:dfa"), "whole-text count on " + auto.engine());
            }
        } finally {
            if (before == null) {
                System.clearProperty(dev.trawl.engine.CostRoutedEngine.POLICY_PROPERTY);
            } else {
                System.setProperty(dev.trawl.engine.CostRoutedEngine.POLICY_PROPERTY, before);
            }
        }
    }

    /**
     * The verdicts of the records on the device (in the default chunks) equal the streamed pipeline's,
     * except that a record longer than the pipeline's {@code chunk} is "unknown" there (the CPU's).
     */
    private static void deviceResidentAgrees(Matcher m, Records records, long chunk) {
        GpuChainMatcher g = (GpuChainMatcher) m;
        byte[] streamed = g.gpuVerdicts(records);
        byte[] resident = new byte[records.size()];
        try (DeviceRecords d = DeviceRecords.upload(Gpu.get(), records, 0)) {
            d.verdicts(g, resident);
        }
        for (int i = 0; i < streamed.length; i++) {
            if (records.length(i) > chunk) {
                assertEquals(2, streamed[i], m.engine() + ": record " + i + " is longer than a chunk");
            } else {
                assertEquals(streamed[i], resident[i], m.engine() + ": device-resident verdict of record " + i);
            }
        }
    }

    private static void close(Matcher m) {
        if (m instanceof GpuChainMatcher g) {
            g.close();
        }
    }

    /** {@code cpu:pike}'s matches of each record alone. */
    private static RecordCheck.Expected pike(PatternSet set, Records records) {
        Matcher pike = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:pike"));
        List<List<Match>> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            out.add(pike.findAll(records.record(i)));
        }
        return RecordCheck.of(out);
    }
}
