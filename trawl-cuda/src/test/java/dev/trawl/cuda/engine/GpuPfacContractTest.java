package dev.trawl.cuda.engine;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole differential suite on {@code gpu:pfac}, once per kernel ({@link PfacLauncher#KERNEL_PROPERTY},
 * then {@link PfacLauncher#GRAMS_PROPERTY}): the default choice in full, each kernel with fewer random
 * cases. Skipped (not passed) where there is no GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"auto", "flat", "classes@on", "classes@off", "mask"})
class GpuPfacContractTest extends GpuSwitchedContract {
    GpuPfacContractTest() {
        super(GpuPfacEngine.NAME, "auto", PfacLauncher.KERNEL_PROPERTY, PfacLauncher.GRAMS_PROPERTY);
    }
}
