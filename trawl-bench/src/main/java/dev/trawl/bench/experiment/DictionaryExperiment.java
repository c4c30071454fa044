package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.engine.TrawlEngine;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.report.Table;
import dev.trawl.testing.Words;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * How throughput falls as the dictionary grows: the Iliad repeated to {@code --size} (default 128 MiB)
 * against 10, 100, 1K, 10K, 100K and 1M English-like generated words (or the first N of
 * {@code --words FILE}), and against 2,500 long words (15+ letters) that never occur in the text, where
 * engines that skip ahead on a miss shine. Every match counted; ratios are to native Hyperscan.
 */
final class DictionaryExperiment extends BaseExperiment {
    static final List<String> DEFAULT_CASES = List.of("10", "100", "1K", "10K", "100K", "1M", "long");
    static final int LONG_WORDS = 2_500;
    static final int LONG_MIN = 15;

    DictionaryExperiment() {
        super("dictionary",
                "dictionaries of 10 to 1M words (and 2,500 absent long words) over the Iliad; GB/s per engine per size",
                128L << 20);
    }

    @Override
    public Outcome run(Context ctx) throws IOException {
        int threads = ctx.settings().threads();
        List<String> cases = ctx.dictionaryCases().isEmpty() ? DEFAULT_CASES : ctx.dictionaryCases();
        String iliad = new String(Texts.iliad(ctx.dataDir()), StandardCharsets.ISO_8859_1);
        List<String> pool = wordPool(ctx, cases);
        List<Table> tables = new ArrayList<>();
        List<String> description = new ArrayList<>();
        try (Workload w = Texts.iliadRepeated(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads)) {
            description.add("input: " + w.description());
            description.add("words: " + (ctx.words() != null ? "the first N distinct lines of " + ctx.words()
                    : "generated English-like words (syllables), deterministic") + "; `long`: " + LONG_WORDS
                    + " generated words of " + LONG_MIN + "+ letters absent from the text");
            description.add("timed: counting every match; ratios are to native Hyperscan (peer:hyperscan)");
            for (String c : cases) {
                List<String> words;
                String title;
                if (c.equalsIgnoreCase("long")) {
                    words = Words.absentLong(LONG_WORDS, LONG_MIN, 12, iliad + iliad.substring(0, Math.min(100, iliad.length())));
                    title = "long " + Sizes.formatCount(LONG_WORDS);
                } else {
                    int n = Sizes.parseCount(c);
                    if (n > pool.size()) {
                        description.add("case " + c + " left out: the word list has " + pool.size() + " words");
                        continue;
                    }
                    words = pool.subList(0, n);
                    title = Sizes.formatCount(n);
                }
                ctx.settings().log().println("dictionary " + title + ":");
                Problem p = Problem.literals(words, title + " words");
                Spec spec = new Spec(title, w, p, null, lineup(ctx.filter()), null);
                tables.add(measure(ctx, spec));
            }
        }
        return new Outcome(name(), "dictionary", description, tables);
    }

    private static List<BenchEngine> lineup(EngineFilter f) {
        HyperscanNativePeer hs = new HyperscanNativePeer();
        BenchEngine base = hs.unavailable().isEmpty() ? hs
                : Lineup.trawl("cpu:aho-corasick").<BenchEngine>map(TrawlEngine::new).orElseThrow();
        return Lineup.of(base, false, Lineup.literalPeers(), f);
    }

    private static List<String> wordPool(Context ctx, List<String> cases) throws IOException {
        int max = 0;
        for (String c : cases) {
            if (!c.equalsIgnoreCase("long")) {
                max = Math.max(max, Sizes.parseCount(c));
            }
        }
        if (ctx.words() == null) {
            return Words.generate(max, 1);
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String line : Files.readAllLines(ctx.words(), StandardCharsets.ISO_8859_1)) {
            String t = line.strip();
            if (!t.isEmpty()) {
                out.add(t);
            }
            if (out.size() == max) {
                break;
            }
        }
        return new ArrayList<>(out);
    }
}
