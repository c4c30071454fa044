package dev.trawl.bench.engine;

import com.hankcs.algorithm.AhoCorasickDoubleArrayTrie;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.ChunkedCompiled;
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
                Map<String, Integer> ids = firstIds(problem, new HashMap<>());
                Trie trie = Trie.builder().addKeywords(ids.keySet()).build();
                return ChunkedCompiled.stateless(threads, (w, c, hits) -> {
                    long base = c.from() + 1; // Emit.getEnd() is inclusive
                    trie.parseText(w.chunkString(c.index()), emit -> {
                        hits.hit(ids.get(emit.getKeyword()), base + emit.getEnd());
                        return true;
                    });
                });
            }
        };
    }

    public static BenchEngine hankcs() {
        return new Base("peer:hankcs-ac-dat", "duplicates collapse") {
            @Override
            public Compiled compile(Problem problem, int threads) {
                AhoCorasickDoubleArrayTrie<Integer> trie = new AhoCorasickDoubleArrayTrie<>();
                trie.build(firstIds(problem, new TreeMap<>()));
                return ChunkedCompiled.stateless(threads, (w, c, hits) -> {
                    long base = c.from();
                    trie.parseText(w.chunkString(c.index()),
                            (AhoCorasickDoubleArrayTrie.IHit<Integer>) (begin, end, id) -> hits.hit(id, base + end));
                });
            }
        };
    }

    /** Each distinct pattern mapped to its first id, in {@code map}. */
    private static <M extends Map<String, Integer>> M firstIds(Problem problem, M map) {
        for (int i = 0; i < problem.size(); i++) {
            map.putIfAbsent(problem.patterns().get(i), i);
        }
        return map;
    }

    private abstract static class Base extends PeerEngine {
        private final String note;

        Base(String name, String note) {
            super(name);
            this.note = note;
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
