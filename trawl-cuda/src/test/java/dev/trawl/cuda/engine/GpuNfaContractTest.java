package dev.trawl.cuda.engine;

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
import dev.trawl.testing.RandomRegex;
import dev.trawl.testing.RecordCheck;
import dev.trawl.testing.RegexEngineContract;
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
 * The regex differential suite on the GPU NFA engines, once per {@code gpu:nfa-block} variant and once
 * for {@code gpu:regex}: the shared regex
 * contract ({@link RegexEngineContract}, against {@code java.util.regex}), plus every per-record answer
 * against {@code cpu:pike} on random regex-only sets (all of them on the GPU) and on every loghub
 * template file over its log. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"basic", "shared", "coarse", "queue", "regex"})
class GpuNfaContractTest extends RegexEngineContract {
    @Parameter
    String variant;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        System.setProperty(NfaLauncher.VARIANT_PROPERTY, variant.equals("regex") ? "shared" : variant);
    }

    @AfterEach
    void clearVariant() {
        System.clearProperty(NfaLauncher.VARIANT_PROPERTY);
    }

    @Override
    protected String engineName() {
        return variant.equals("regex") ? GpuNfaEngine.REGEX : GpuNfaEngine.BLOCK;
    }

    private MatcherOptions gpuOptions() {
        return MatcherOptions.defaults().withEngine(variant.equals("regex") ? GpuNfaEngine.REGEX : GpuNfaEngine.BLOCK);
    }

    @Override
    protected int randomCases() {
        return 300; // whole-text scans are the CPU matcher's: the per-record tests below are the GPU's
    }

    @Test
    void randomRegexOnlySetsAgreeWithThePikeVm() {
        Random r = new Random(77 ^ variant.hashCode());
        long matches = 0;
        for (int i = 0; i < 300; i++) {
            String alphabet = RandomRegex.ALPHABETS[r.nextInt(RandomRegex.ALPHABETS.length)];
            PatternSet set = RandomRegex.regexSet(r, alphabet);
            List<String> column = new ArrayList<>();
            for (int k = r.nextInt(40); k > 0; k--) {
                column.add(RandomRegex.text(r, alphabet, r.nextInt(8) == 0 ? 600 : 30));
            }
            Records records = Records.of(column);
            Matcher m = Trawl.compile(set, gpuOptions().withThreads(1 + r.nextInt(3)));
            assertTrue(m.engine().contains("verified on"), m.engine());
            matches += RecordCheck.check("case " + i + " " + set + " on " + m.engine(), m, records, pike(set, records), true);
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
                    Matcher m = Trawl.compile(set, gpuOptions());
                    total += RecordCheck.check(csv.getFileName() + " on " + m.engine(), m, lines, pike(set, lines), false);
                }
            }
        }
        assertTrue(total > 20_000, "the templates come from these very lines: " + total);
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
