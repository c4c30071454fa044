package dev.trawl.cuda.engine;

import org.junit.jupiter.api.Tag;
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
class GpuRabinKarpContractTest extends GpuSwitchedContract {
    GpuRabinKarpContractTest() {
        super(GpuRabinKarpEngine.NAME, "gpu@polynomial@table", GpuRabinKarpMatcher.VERIFY_PROPERTY,
                RabinKarpPatterns.HASH_PROPERTY, RabinKarpLookup.PROPERTY);
    }
}
