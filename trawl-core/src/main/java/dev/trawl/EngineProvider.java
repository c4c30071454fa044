package dev.trawl;

import java.util.List;

/**
 * Contributes engines from outside {@code trawl-core} (the GPU module), found with
 * {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/dev.trawl.EngineProvider}.
 */
public interface EngineProvider {
    List<Engine> engines();
}
