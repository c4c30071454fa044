package dev.trawl.cuda.engine;

import dev.trawl.Engine;
import dev.trawl.EngineProvider;
import java.util.List;

/** Adds the GPU engines to {@link dev.trawl.Engines} (listed in {@code META-INF/services}). */
public final class GpuEngineProvider implements EngineProvider {
    @Override
    public List<Engine> engines() {
        return List.of(new GpuPfacEngine(), new GpuTrieEngine(), new GpuRabinKarpEngine(), GpuNfaEngine.regex(),
                GpuNfaEngine.block(), new GpuChainEngine());
    }
}
