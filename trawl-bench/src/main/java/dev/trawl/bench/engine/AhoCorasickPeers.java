package dev.trawl.bench.engine;

import com.hankcs.algorithm.AhoCorasickDoubleArrayTrie;
import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.ChunkedCompiled;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.ahocorasick.trie.Trie;

/**
 * The two Aho-Corasick libraries on Maven Central that Java users reach for, over chunk strings:
 * {@code org.ahocorasick:ahocorasick} ({@code peer:ahocorasick}, an object-per-state trie reporting
 * {@code Emit}s with the keyword, mapped back to an id through a hash map) and
 * {@code com.hankcs:aho-corasick-double-array-trie} ({@code peer:hankcs-ac-dat}, a double-array trie
 * reporting (begin, end, value)). Both report overlapping matches, as Trawl does, but keep one entry per
 * distinct keyword: duplicate patterns report once (the bench's pattern sets have none).
 */
public final class AhoCorasickPeers {
    private AhoCorasickPeers() {}

    public static BenchEngine robertBor() {
        return new Base("peer:ahocorasick", "keywords mapped to ids by hash; duplicates collapse") {
            @Override
            public Compiled compile(Problem problem, int threads) {
                Map<String, Integer> ids = new HashMap<>();
                for (int i = 0; i < problem.size(); i++) {
                    ids.putIfAbsent(problem.patterns().get(i), i);
                }
                Trie trie = Trie.builder().addKeywords(ids.keySet()).build();
                return new ChunkedCompiled<Void>(threads) {
                    @Override
                    protected Void newWorker() {
                        return null;
                    }

                    @Override
                    protected void scan(Void worker, Workload w, Chunk c, Hits hits) {
                        long base = c.from() + 1; // Emit.getEnd() is inclusive
                        trie.parseText(w.chunkString(c.index()), emit -> {
                            hits.hit(ids.get(emit.getKeyword()), base + emit.getEnd());
                            return true;
                        });
                    }
                };
            }
        };
    }

    public static BenchEngine hankcs() {
        return new Base("peer:hankcs-ac-dat", "duplicates collapse") {
            @Override
            public Compiled compile(Problem problem, int threads) {
                TreeMap<String, Integer> map = new TreeMap<>();
                for (int i = 0; i < problem.size(); i++) {
                    map.putIfAbsent(problem.patterns().get(i), i);
                }
                AhoCorasickDoubleArrayTrie<Integer> trie = new AhoCorasickDoubleArrayTrie<>();
                trie.build(map);
                return new ChunkedCompiled<Void>(threads) {
                    @Override
                    protected Void newWorker() {
                        return null;
                    }

                    @Override
                    protected void scan(Void worker, Workload w, Chunk c, Hits hits) {
                        long base = c.from();
                        trie.parseText(w.chunkString(c.index()),
                                (AhoCorasickDoubleArrayTrie.IHit<Integer>) (begin, end, id) -> hits.hit(id, base + end));
                    }
                };
            }
        };
    }

    private abstract static class Base implements BenchEngine {
        private final String name;
        private final String note;

        Base(String name, String note) {
            this.name = name;
            this.note = note;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String kind() {
            return "peer";
        }

        @Override
        public String note() {
            return note;
        }

        @Override
        public Optional<String> rejects(Problem problem) {
            if (problem.kind() != Problem.Kind.LITERALS) {
                return Optional.of("takes literals only");
            }
            if (new HashSet<>(problem.patterns()).size() != problem.size()) {
                return Optional.of("duplicate patterns would collapse");
            }
            return Optional.empty();
        }
    }
}
