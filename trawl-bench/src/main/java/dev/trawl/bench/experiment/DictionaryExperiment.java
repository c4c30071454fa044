package dev.trawl.bench.experiment;

import dev.trawl.Match;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.bench.data.Loghub;
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
 * How throughput falls as the dictionary grows: a text of {@code --size} (default 128 MiB; {@code --text
 * iliad}, the default, the Iliad repeated, or {@code loghub}, loghub's lines replayed) against 10, 100,
 * 1K, 10K, 100K and 1M English-like generated words (or the first N of {@code --words FILE}), against
 * 2,500 long words (15+ letters) that never occur in the text, where engines that skip ahead on a miss
 * shine, and ({@code log-words}) against the five log words of the {@code lines} experiment. With
 * {@code --words}, the long words are that list's words of 15+ letters absent from the text, in list
 * order: generated words hid part of the gap to Hyperscan. Every match counted; ratios are to native
 * Hyperscan.
 */
final class DictionaryExperiment extends BaseExperiment {
    static final List<String> DEFAULT_CASES = List.of("10", "100", "1K", "10K", "100K", "1M", "long");
    static final int LONG_WORDS = 2_500;
    static final int LONG_MIN = 15;
    static final String LOG_WORDS = "log-words";

    DictionaryExperiment() {
        super("dictionary",
                "dictionaries of 10 to 1M words (and 2,500 absent long words) over the Iliad or loghub lines;"
                        + " GB/s per engine per size",
                128L << 20);
    }

    @Override
    public Outcome run(Context ctx) throws IOException {
        if (!List.of("iliad", "loghub").contains(ctx.text())) {
            throw new IllegalArgumentException("--text must be iliad or loghub, not " + ctx.text());
        }
        int threads = ctx.settings().threads();
        List<String> cases = ctx.dictionaryCases().isEmpty() ? DEFAULT_CASES : ctx.dictionaryCases();
        String source = sourceText(ctx);
        List<String> pool = wordPool(ctx, cases);
        List<Table> tables = new ArrayList<>();
        List<String> description = new ArrayList<>();
        try (Workload w = workload(ctx, threads)) {
            description.add("input: " + w.description());
            description.add("words: " + (ctx.words() != null ? "the first N distinct lines of " + ctx.words()
                    : "generated English-like words (syllables), deterministic") + "; `long`: " + LONG_WORDS
                    + (ctx.words() != null ? " words of " + ctx.words() : " generated words") + " of " + LONG_MIN
                    + "+ letters absent from the text; `" + LOG_WORDS + "`: " + String.join(", ", LinesExperiment.WORDS));
            description.add("timed: counting every match; ratios are to native Hyperscan (peer:hyperscan)");
            for (String c : cases) {
                List<String> words;
                String title;
                if (c.equalsIgnoreCase("long")) {
                    words = longWords(ctx, source);
                    if (words.size() < LONG_WORDS) {
                        description.add("case long left out: " + ctx.words() + " has " + words.size() + " words of "
                                + LONG_MIN + "+ letters absent from the text, not " + LONG_WORDS
                                + " (data/words/english-100k.txt has enough)");
                        continue;
                    }
                    title = "long " + Sizes.formatCount(LONG_WORDS);
                } else if (c.equalsIgnoreCase(LOG_WORDS)) {
                    words = LinesExperiment.WORDS;
                    title = LOG_WORDS;
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

    private Workload workload(Context ctx, int threads) {
        return switch (ctx.text()) {
            case "iliad" -> Texts.iliadRepeated(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads);
            default -> Texts.logsReplayed(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads);
        };
    }

    /** The text the input repeats, with what a repeat's seam can add: long words must be absent from it. */
    private static String sourceText(Context ctx) {
        if (ctx.text().equals("loghub")) {
            StringBuilder sb = new StringBuilder();
            for (byte[] line : Loghub.interleavedLines(ctx.dataDir())) {
                sb.append(new String(line, StandardCharsets.ISO_8859_1)); // each line ends in its newline
            }
            return sb.toString();
        }
        String iliad = new String(Texts.iliad(ctx.dataDir()), StandardCharsets.ISO_8859_1);
        return iliad + iliad.substring(0, Math.min(100, iliad.length()));
    }

    /** Up to {@value #LONG_WORDS} words of {@value #LONG_MIN}+ letters that {@code source} lacks. */
    private static List<String> longWords(Context ctx, String source) throws IOException {
        if (ctx.words() == null) {
            return Words.absentLong(LONG_WORDS, LONG_MIN, 12, source);
        }
        List<String> candidates = new ArrayList<>();
        for (String w : readWords(ctx, Integer.MAX_VALUE)) {
            if (w.length() >= LONG_MIN) {
                candidates.add(w);
            }
        }
        if (candidates.isEmpty()) {
            return candidates;
        }
        // One scan of the text for all of them (a contains() per word took seconds over loghub's lines).
        boolean[] present = new boolean[candidates.size()];
        for (Match m : Trawl.compile(PatternSet.of(candidates)).findAll(source.getBytes(StandardCharsets.ISO_8859_1))) {
            present[m.patternId()] = true;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < candidates.size() && out.size() < LONG_WORDS; i++) {
            if (!present[i]) {
                out.add(candidates.get(i));
            }
        }
        return out;
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
            if (!c.equalsIgnoreCase("long") && !c.equalsIgnoreCase(LOG_WORDS)) {
                max = Math.max(max, Sizes.parseCount(c));
            }
        }
        return ctx.words() == null ? Words.generate(max, 1) : readWords(ctx, max);
    }

    /** The first {@code max} distinct non-blank lines of the word list, stripped. */
    private static List<String> readWords(Context ctx, int max) throws IOException {
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
