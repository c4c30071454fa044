package dev.trawl.bench.engine;

import dev.trawl.bench.harness.Problem;
import java.util.Optional;

/**
 * A native Hyperscan peer (block mode over chunks, or a scan per line): available where the shim and
 * {@code libhs.so.5} load ({@link HsNative}), and taking every problem, literal or regex.
 */
abstract class HsPeer extends PeerEngine {
    HsPeer(String name) {
        super(name);
    }

    @Override
    public final Optional<String> unavailable() {
        return HsNative.unavailable();
    }

    @Override
    public final Optional<String> rejects(Problem problem) {
        return Optional.empty();
    }
}
