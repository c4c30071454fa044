package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import dev.trawl.engine.cpu.BoyerMooreEngine;
import dev.trawl.engine.cpu.DfaEngine;
import dev.trawl.engine.cpu.NaiveEngine;
import dev.trawl.testing.JdkRegex;
import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many scans at once on the shared {@link ScanPool}: exact answers (against {@code cpu:naive} and
 * {@code java.util.regex}, computed once on one thread), and no deadlock when scans start from the
 * pool's own threads, from fork-join tasks or from virtual threads. Every test runs under a timeout,
 * so a deadlock fails instead of hanging the build.
 */
class SharedScanPoolTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final String[] REGEXES = {"Achill[a-z]+", "\\b[Hh]ector\\b", "[A-Z][a-z]+ of [A-Z][a-z]+",
            "[Tt]ro(y|jans?)", "[0-9]+"};
    private static final String[] REGEX_SET_LITERALS = {"Priam", "the ", "ships"};

    private static byte[] text;
    private static PatternSet literals;
    private static PatternSet regexes;
    private static long literalCount;
    private static List<Match> literalMatches;
    private static long regexCount;

    @BeforeAll
    static void oracles() {
        text = Arrays.copyOf(TestData.iliadBytes(), 120_000);
        List<String> words = new ArrayList<>(TestData.HERO_NAMES);
        words.addAll(List.of("the", "son of", "ships", "Achilles", "e", "Zeus"));
        literals = PatternSet.of(words);
        Matcher naive = Trawl.compile(literals, one(NaiveEngine.NAME));
        literalMatches = naive.findAll(text);
        literalCount = literalMatches.size();

        PatternSet.Builder b = PatternSet.builder();
        String[] java = new String[REGEXES.length + REGEX_SET_LITERALS.length];
        int id = 0;
        for (String re : REGEXES) {
            b.addRegex(re);
            java[id++] = re;
        }
        for (String lit : REGEX_SET_LITERALS) {
            b.add(lit);
            java[id++] = null;
        }
        regexes = b.build();
        List<Match> expected = JdkRegex.expected(regexes, java, new String(text, StandardCharsets.ISO_8859_1),
                Long.MAX_VALUE);
        regexCount = expected.size();
        assertTrue(literalCount > 1000 && regexCount > 100, "the oracles found too little to test with");
    }

    /** 64 callers, 256 counts and scans in all, three engines, tiny chunks, 2 to 8 threads each. */
    @Test
    void manyConcurrentScansGetExactAnswers() {
        Matcher[] matchers = new Matcher[3 * 4 * 3];
        long[] expected = new long[matchers.length];
        int k = 0;
        for (int threads : new int[] {2, 3, 4, 8}) {
            for (long chunk : new long[] {512, 4096, 20_000}) {
                MatcherOptions o = MatcherOptions.defaults().withThreads(threads).withChunkBytes(chunk);
                matchers[k] = Trawl.compile(literals, o.withEngine(AhoCorasickEngine.NAME));
                expected[k++] = literalCount;
                matchers[k] = Trawl.compile(literals, o.withEngine(BoyerMooreEngine.NAME));
                expected[k++] = literalCount;
                matchers[k] = Trawl.compile(regexes, o.withEngine(DfaEngine.NAME));
                expected[k++] = regexCount;
            }
        }
        assertTimeoutPreemptively(LIMIT, () -> {
            ExecutorService callers = Executors.newFixedThreadPool(64);
            try {
                List<Future<String>> jobs = new ArrayList<>();
                for (int job = 0; job < 256; job++) {
                    int m = job % matchers.length;
                    boolean ordered = job % 8 == 0 && expected[m] == literalCount;
                    jobs.add(callers.submit(() -> {
                        if (ordered) {
                            List<Match> got = matchers[m].findAll(text);
                            return got.equals(literalMatches) ? null : matchers[m].engine() + " findAll differs";
                        }
                        long got = matchers[m].count(text);
                        return got == expected[m] ? null
                                : matchers[m].engine() + " counted " + got + ", expected " + expected[m];
                    }));
                }
                List<String> wrong = new ArrayList<>();
                for (Future<String> f : jobs) {
                    if (f.get() != null) {
                        wrong.add(f.get());
                    }
                }
                assertEquals(List.of(), wrong);
            } finally {
                callers.shutdownNow();
            }
        });
    }

    /**
     * Scans whose callers are the shared pool's own threads (twice as many as it has), fork-join
     * common pool tasks and a few hundred virtual threads, all at once: their helpers queue behind
     * busy threads, so only callers that do the work themselves finish.
     */
    @Test
    void scansStartedInsidePoolsAndVirtualThreadsFinish() {
        Matcher ac = Trawl.compile(literals,
                MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(4).withChunkBytes(1024));
        Matcher dfa = Trawl.compile(regexes,
                MatcherOptions.defaults().withEngine(DfaEngine.NAME).withThreads(4).withChunkBytes(2048));
        assertTimeoutPreemptively(LIMIT, () -> {
            List<CompletableFuture<Long>> counts = new ArrayList<>();
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < 2 * ScanPool.size() + 2; i++) {
                Matcher m = i % 2 == 0 ? ac : dfa;
                CompletableFuture<Long> f = new CompletableFuture<>();
                ScanPool.execute(() -> complete(f, () -> m.count(text)));
                counts.add(f);
                expected.add(i % 2 == 0 ? literalCount : regexCount);
            }
            for (int i = 0; i < 2 * ForkJoinPool.getCommonPoolParallelism() + 2; i++) {
                Matcher m = i % 2 == 0 ? dfa : ac;
                counts.add(CompletableFuture.supplyAsync(() -> m.count(text), ForkJoinPool.commonPool()));
                expected.add(i % 2 == 0 ? regexCount : literalCount);
            }
            try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 300; i++) {
                    Matcher m = i % 3 == 0 ? dfa : ac;
                    CompletableFuture<Long> f = new CompletableFuture<>();
                    virtual.execute(() -> complete(f, () -> m.count(text)));
                    counts.add(f);
                    expected.add(i % 3 == 0 ? regexCount : literalCount);
                }
                List<Long> got = new ArrayList<>();
                for (CompletableFuture<Long> f : counts) {
                    got.add(f.get());
                }
                assertEquals(expected, got);
            }
        });
    }

    /** A sink that stops early gets exactly the oracle's first matches, and the scan says it stopped. */
    @Test
    void stoppingSinkGetsAPrefixOfTheMatches() {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (String engine : new String[] {AhoCorasickEngine.NAME, BoyerMooreEngine.NAME}) {
                Matcher m = Trawl.compile(literals,
                        MatcherOptions.defaults().withEngine(engine).withThreads(4).withChunkBytes(700));
                for (int stopAfter : new int[] {1, 17, 2000, (int) literalCount - 1}) {
                    List<Match> got = new ArrayList<>();
                    boolean ran = m.scan(text, (id, s, e) -> {
                        got.add(new Match(id, s, e));
                        return got.size() < stopAfter;
                    });
                    assertFalse(ran, engine + " stopped after " + stopAfter);
                    assertEquals(literalMatches.subList(0, stopAfter), got, engine + " stopped after " + stopAfter);
                }
            }
        });
    }

    /**
     * The runner itself: results in order, never more than {@code ahead * threads} chunks claimed and
     * not consumed (the scans' window and the wider one of kept record answers), every chunk's range as
     * the plan cuts it, chunks run by the caller and by the pool.
     */
    @Test
    void runnerDeliversInOrderWithinItsWindow() {
        Set<String> helpers = ConcurrentHashMap.newKeySet();
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int ahead : new int[] {ChunkedScan.ORDERED_AHEAD_PER_THREAD, RecordScan.KEPT_RESULTS_AHEAD_PER_THREAD})
            for (int threads : new int[] {2, 3, 5}) {
                ChunkPlan plan = new ChunkPlan(10_000, 7, 0);
                AtomicInteger inFlight = new AtomicInteger();
                AtomicInteger mostInFlight = new AtomicInteger();
                Set<String> threadNames = ConcurrentHashMap.newKeySet();
                long[] expectedFrom = {0};
                boolean ran = ChunkedScan.runChunks(plan, threads, ahead, (from, to) -> () -> {
                    mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    threadNames.add(Thread.currentThread().getName());
                    busy(from);
                    return new long[] {from, to};
                }, range -> {
                    assertEquals(expectedFrom[0], range[0], "chunks arrive in order");
                    assertEquals(plan.end(range[0]), range[1]);
                    expectedFrom[0] = range[1];
                    inFlight.decrementAndGet();
                    return true;
                });
                assertTrue(ran);
                assertEquals(plan.size(), expectedFrom[0], "every chunk was consumed");
                assertTrue(mostInFlight.get() <= ahead * threads,
                        mostInFlight + " chunks in flight on " + threads + " threads, " + ahead + " a thread");
                assertTrue(threadNames.contains(Thread.currentThread().getName()), "the caller took part");
                threadNames.stream().filter(n -> n.startsWith("trawl-scan-")).forEach(helpers::add);
            }
        });
        assertFalse(helpers.isEmpty(), "no chunk ran on the shared pool");
    }

    /** A chunk that throws: the chunks before it are consumed, then its exception reaches the caller. */
    @Test
    void failureArrivesInOrderAndThePoolStaysUsable() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ChunkPlan plan = new ChunkPlan(5_000, 10, 0);
            AtomicLong consumedUpTo = new AtomicLong();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> ChunkedScan.runChunks(plan, 4, (from, to) -> () -> {
                        if (from == 2_500) {
                            throw new IllegalStateException("chunk at " + from);
                        }
                        return to;
                    }, to -> {
                        consumedUpTo.set(to);
                        return true;
                    }));
            assertEquals("chunk at 2500", e.getMessage());
            assertEquals(2_500, consumedUpTo.get());
            Matcher m = Trawl.compile(literals,
                    MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME).withThreads(4).withChunkBytes(999));
            assertEquals(literalCount, m.count(text));
        });
    }

    private static void busy(long seed) {
        long x = seed;
        for (int i = 0; i < 100_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
            throw new AssertionError("never");
        }
    }

    private static <T> void complete(CompletableFuture<T> f, Supplier<T> work) {
        try {
            f.complete(work.get());
        } catch (Throwable t) {
            f.completeExceptionally(t);
        }
    }

    private static MatcherOptions one(String engine) {
        return MatcherOptions.defaults().withEngine(engine).withThreads(1);
    }
}
