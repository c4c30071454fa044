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
 * their width; and with both first-occurrence lookups ({@link RabinKarpLookup}: the hash table, the
 * constant-memory loop). The default (GPU verification, polynomial hash, table) runs the suite in
 * full, the others with fewer random cases and log systems. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"gpu@polynomial@table", "cpu@polynomial@table", "gpu@weak@table", "cpu@weak@table",
    "gpu@polynomial@constant", "cpu@weak@constant"})
class GpuRabinKarpContractTest extends EngineContract {
    @Parameter
    String switches;

    private boolean full() {
        return switches.equals("gpu@polynomial@table");
    }

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        String[] parts = switches.split("@");
        System.setProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY, parts[0]);
        System.setProperty(RabinKarpPatterns.HASH_PROPERTY, parts[1]);
        System.setProperty(RabinKarpLookup.PROPERTY, parts[2]);
    }

    @AfterEach
    void clearSwitches() {
        System.clearProperty(GpuRabinKarpMatcher.VERIFY_PROPERTY);
        System.clearProperty(RabinKarpPatterns.HASH_PROPERTY);
        System.clearProperty(RabinKarpLookup.PROPERTY);
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
