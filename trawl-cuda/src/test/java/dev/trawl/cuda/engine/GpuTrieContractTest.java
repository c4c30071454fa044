package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.cuda.Gpu;
import dev.trawl.testing.EngineContract;
import dev.trawl.testing.LoghubTemplates;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole differential suite on {@code gpu:trie}, once per combination of the papers' optimisations
 * ({@link TrieLauncher#OPTIMIZATIONS_PROPERTY}) and once with the trie forced into global memory;
 * small sets put it in shared memory, the 100,000 words in global memory, case-insensitive letter sets
 * use the letters layout and the rest the byte-class layout. The default combination (split, aligned)
 * runs the suite in full, the others with fewer random cases and log systems. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"split,aligned", "none", "split", "aligned", "prefetch", "split,prefetch", "aligned,prefetch",
    "split,aligned,prefetch", "split,aligned@global"})
class GpuTrieContractTest extends EngineContract {
    @Parameter
    String switches;

    private boolean full() {
        return switches.equals("split,aligned");
    }

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        String[] parts = switches.split("@");
        System.setProperty(TrieLauncher.OPTIMIZATIONS_PROPERTY, parts[0]);
        System.setProperty(TrieLauncher.MEMORY_PROPERTY, parts.length > 1 ? parts[1] : "auto");
    }

    @AfterEach
    void clearSwitches() {
        System.clearProperty(TrieLauncher.OPTIMIZATIONS_PROPERTY);
        System.clearProperty(TrieLauncher.MEMORY_PROPERTY);
    }

    @Override
    protected String engineName() {
        return GpuTrieEngine.NAME;
    }

    @Override
    protected int randomCases() {
        return full() ? super.randomCases() : 150;
    }

    @Override
    protected List<String> perRecordLogSystems() {
        return full() ? super.perRecordLogSystems() : List.of("Apache", "HDFS", "OpenSSH");
    }
}
