package dev.trawl.bench.experiment;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.bench.engine.AhoCorasickPeers;
import dev.trawl.bench.engine.AlternationPeer;
import dev.trawl.bench.engine.HyperscanJavaPeer;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.engine.TrawlEngine;
import dev.trawl.bench.harness.BenchEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which engines an experiment runs, baseline first: Trawl's registered engines (from
 * {@link Engines#all()}, so engines join as they are written, GPU ones whenever their module is on the
 * class path), then the peers. The baselines of the write-ups' experiments are registered Trawl engines
 * too ({@code cpu:jdk-regex}, {@code cpu:index-of}), pinned to one thread where the write-up's was.
 */
final class Lineup {
    private Lineup() {}

    /** The registered Trawl engine of that name, if any. */
    static Optional<Engine> trawl(String name) {
        return Engines.all().stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** The registered Trawl engine {@code name} as the baseline, pinned to {@code threads} if > 0. */
    static BenchEngine baseline(String name, int threads, String pinnedNote) {
        Engine e = trawl(name).orElseThrow(() -> new IllegalStateException("the baseline " + name + " is not registered"));
        return new TrawlEngine(e, threads, pinnedNote);
    }

    /**
     * Baseline, every registered Trawl engine (minus the baseline itself unless it is pinned to other
     * threads), then {@code peers}; filtered.
     */
    static List<BenchEngine> of(BenchEngine baseline, boolean baselinePinned, List<BenchEngine> peers, EngineFilter f) {
        List<BenchEngine> out = new ArrayList<>();
        out.add(baseline);
        for (Engine e : Engines.all()) {
            if (e.name().equals(baseline.name()) && !baselinePinned) {
                continue;
            }
            if (f.accepts(e.name())) {
                out.add(new TrawlEngine(e));
            }
        }
        for (BenchEngine p : peers) {
            if (!p.name().equals(baseline.name()) && f.accepts(p.name())) {
                out.add(p);
            }
        }
        return out;
    }

    /** The literal peers: native Hyperscan, the wrapper, the two Aho-Corasick libraries, the alternations. */
    static List<BenchEngine> literalPeers() {
        return List.of(new HyperscanNativePeer(), new HyperscanJavaPeer(), AhoCorasickPeers.hankcs(),
                AhoCorasickPeers.robertBor(), AlternationPeer.re2j(), AlternationPeer.jdk());
    }

    /** Names of registered GPU engines, for the "no GPU" line when there are none. */
    static boolean anyGpuRegistered() {
        return Engines.all().stream().anyMatch(e -> e.name().startsWith("gpu:"));
    }
}
