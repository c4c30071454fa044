package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.cuda.Gpu;
import dev.trawl.testing.EngineContract;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/** The whole differential suite on {@code gpu:pfac}; skipped (not passed) where there is no GPU. */
@Tag("gpu")
class GpuPfacContractTest extends EngineContract {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    @Override
    protected String engineName() {
        return GpuPfacEngine.NAME;
    }
}
