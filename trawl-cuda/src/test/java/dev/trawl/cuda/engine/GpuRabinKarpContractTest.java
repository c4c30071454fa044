package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.cuda.Gpu;
import dev.trawl.testing.EngineContract;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole differential suite on {@code gpu:rabin-karp} (its first-occurrence table among the rest),
 * with the hits verified on the GPU and on the host, and again with the test-only weak hash
 * ({@link RabinKarpPatterns#HASH_PROPERTY}), under which most windows collide with most patterns of
 * their width. The default (GPU verification, polynomial hash) runs the suite in full, the others with
 * fewer random cases and log systems. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"gpu", "cpu", "gpu@weak", "cpu@weak"})
class GpuRabinKarpContractTest extends EngineContract {
    @Parameter
    String switches;

    private boolean full() {
        return switches.equals("gpu");
    }

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        String[] parts = switches.split("@");
        System.setProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY, parts[0]);
        System.setProperty(RabinKarpPatterns.HASH_PROPERTY, parts.length > 1 ? parts[1] : "polynomial");
    }

    @AfterEach
    void clearSwitches() {
        System.clearProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY);
        System.clearProperty(RabinKarpPatterns.HASH_PROPERTY);
    }

    @Override
    protected String engineName() {
        return GpuRabinKarpEngine.NAME;
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
