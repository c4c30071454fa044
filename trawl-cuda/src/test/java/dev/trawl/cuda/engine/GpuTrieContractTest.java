package dev.trawl.cuda.engine;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole differential suite on {@code gpu:trie}, once per combination of the papers' optimisations
 * ({@link TrieLauncher#OPTIMIZATIONS_PROPERTY}) and once with the trie forced into global memory
 * ({@link TrieLauncher#MEMORY_PROPERTY}; unset, auto); small sets put it in shared memory, the 100,000
 * words in global memory, case-insensitive letter sets use the letters layout and the rest the
 * byte-class layout. The default combination (split, aligned) runs the suite in full, the others with
 * fewer random cases and log systems. Skipped (not passed) without a GPU.
 */
@Tag("gpu")
@ParameterizedClass
@ValueSource(strings = {"split,aligned", "none", "split", "aligned", "prefetch", "split,prefetch", "aligned,prefetch",
    "split,aligned,prefetch", "split,aligned@global"})
class GpuTrieContractTest extends GpuSwitchedContract {
    GpuTrieContractTest() {
        super(GpuTrieEngine.NAME, "split,aligned", TrieLauncher.OPTIMIZATIONS_PROPERTY, TrieLauncher.MEMORY_PROPERTY);
    }
}
