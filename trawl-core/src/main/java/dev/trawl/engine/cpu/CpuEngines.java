package dev.trawl.engine.cpu;

import dev.trawl.Engine;
import java.util.List;

/** The CPU engines of {@code trawl-core}, in the order {@code --list-engines} shows them. Register new ones here. */
public final class CpuEngines {
    private CpuEngines() {}

    public static List<Engine> all() {
        return List.of(new AhoCorasickEngine(), new PfacEngine(), new CompressedTrieEngine(), new RabinKarpEngine(),
                new BoyerMooreEngine(), new IndexOfEngine(), new JdkRegexEngine(), new DfaEngine(), new PikeEngine(),
                new NaiveEngine());
    }
}
