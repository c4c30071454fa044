package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanLinesPeer;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.engine.RegexLinesPeer;
import dev.trawl.bench.engine.TrawlEngine;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.harness.Row;
import dev.trawl.bench.harness.Runner;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Per-line answers at log scale: loghub's lines replayed to {@code --lines} (default 50 million, about 7
 * GB; {@code --size} in bytes instead), two problems, and for each line either whether it matches
 * ({@code anyMatch}) or which pattern matches first in it ({@code firstMatch}: the earliest start, then
 * the lowest id), in lines per second. The per-line operations of trawl-core ({@code Matcher.anyMatch},
 * {@code Matcher.firstMatch} over {@code Records.lines}) against Hyperscan scanning each line on its own,
 * as a log pipeline would call it.
 *
 * <p>Cases, one table each:
 * <table>
 *   <caption>What each table times</caption>
 *   <tr><th>case</th><th>patterns</th><th>timed</th></tr>
 *   <tr><td>words: anyMatch</td><td>{@link #WORDS}, five words of the logs</td><td>matching lines</td></tr>
 *   <tr><td>words: firstMatch</td><td>the same</td><td>first match per line</td></tr>
 *   <tr><td>templates: anyMatch</td><td>every loghub template as a regex ({@code regex-templates}' set)</td>
 *       <td>matching lines</td></tr>
 *   <tr><td>templates: firstMatch</td><td>the same</td><td>first match per line</td></tr>
 *   <tr><td>words: count</td><td>{@link #WORDS}</td><td>every match of the whole text, counted: what
 *       {@code gpu:pfac}'s per-line rate is set against</td></tr>
 * </table>
 *
 * <p>Rows: per-line Hyperscan ({@link HyperscanLinesPeer}, the baseline: single-match mode for
 * {@code anyMatch}, leftmost starts for {@code firstMatch}), {@code cpu:aho-corasick}, {@code cpu:dfa},
 * {@code gpu:pfac}, {@code cpu:jdk-regex} and, for the templates, java.util.regex line by line
 * ({@link RegexLinesPeer}); literal-only engines say so on the template tables. Every row's per-line
 * answers are checked against the baseline's (the digest of (line, answer) pairs). The lines are a
 * {@code Records} column (Trawl) or line starts (Hyperscan) made once before timing, as a user holding
 * a log column has them. The input is cut into {@value #CHUNK_KIB} KiB chunks for the bench-threaded
 * rows, so that a slow row's prefix stays small.
 */
final class LinesExperiment extends BaseExperiment {
    static final long DEFAULT_LINES = 50_000_000;
    /** Five words of the logs, each in 3 to 8 % of the lines, about 28 % of the lines holding one. */
    static final List<String> WORDS = List.of("error", "user", "block", "connection", "Failed");
    static final int CHUNK_KIB = 64;
    static final int WARM_UP_MIB = 4;
    static final int WARM_UP_RUNS = 4;
    static final String HYPERSCAN = HyperscanNativePeer.NAME;
    static final List<String> TRAWL_ROWS = List.of("cpu:aho-corasick", "cpu:dfa", "gpu:pfac", "cpu:jdk-regex");

    LinesExperiment() {
        super("lines",
                "per-line anyMatch and firstMatch over loghub lines (5 words, every template as a regex); lines/s;"
                        + " baseline Hyperscan, one scan per line",
                0); // sized in lines
    }

    @Override
    public String defaultInput() {
        return "default " + Sizes.formatCount((int) DEFAULT_LINES) + " lines";
    }

    @Override
    public double defaultSecondsPerEngine() {
        return 6;
    }

    @Override
    public double defaultMaxRunSeconds() {
        return 30;
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        long chunk = ctx.chunkBytes() > 0 ? ctx.chunkBytes() : CHUNK_KIB << 10;
        try (Workload w = ctx.lines() == 0 && ctx.size() > 0
                ? Texts.logsReplayed(ctx.dataDir(), ctx.size(), chunk, threads)
                : Texts.logsReplayedLines(ctx.dataDir(), ctx.lines() > 0 ? ctx.lines() : DEFAULT_LINES, chunk, threads)) {
            Problem words = Problem.literals(WORDS, "five words");
            int[] templateCount = new int[1];
            List<String> regexes = RegexTemplatesExperiment.regexes(ctx.dataDir(), templateCount);
            Problem templates = Problem.regexes(regexes, regexes.size() + " template regexes");
            warmUp(w, List.of(words, templates), threads, ctx.filter());
            Runner runner = new Runner(ctx.settings());
            List<Table> tables = new ArrayList<>();
            for (Problem p : List.of(words, templates)) {
                String what = p == words ? "words" : "templates";
                tables.add(measure(runner, new Spec(what + ": anyMatch", w, p, new Reduction.MatchingLines(),
                        lineup(HyperscanLinesPeer.anyMatch(), RegexLinesPeer.anyMatch(), ctx.filter()), "lines")));
                int[] lengths = p.kind() == Problem.Kind.LITERALS ? p.lengths() : null;
                tables.add(measure(runner, new Spec(what + ": firstMatch", w, p, new Reduction.FirstMatchPerLine(lengths),
                        lineup(HyperscanLinesPeer.firstMatch(), RegexLinesPeer.firstMatch(), ctx.filter()), "lines")));
            }
            tables.add(measure(runner, new Spec("words: count", w, words, null, countLineup(ctx.filter()), "lines")));
            List<String> description = new ArrayList<>(List.of(
                    "input: " + w.description() + String.format(", %,d lines, chunks of %s", w.lines(), Sizes.format(chunk)),
                    "words: " + String.join(", ", WORDS.stream().map(s -> "`" + s + "`").toList()),
                    String.format("templates: %,d regexes, every loghub template as in `regex-templates` (`<*>` as `.*`,"
                            + " literal parts escaped, unanchored)", regexes.size()),
                    "timed: for each line, whether it matches (anyMatch: the matching lines) or which pattern matches"
                            + " first in it (firstMatch: earliest start, then lowest id); Trawl's engines through"
                            + " `Matcher.anyMatch` / `Matcher.firstMatch` over `Records.lines`, Hyperscan with one"
                            + " `hs_scan` per line (anyMatch: `HS_FLAG_SINGLEMATCH`, stopped at the line's first"
                            + " match; firstMatch: `HS_FLAG_SOM_LEFTMOST`, the least (start, id) of all the line's"
                            + " matches, since single-match mode keeps a pattern's earliest-ending match, not its"
                            + " earliest start); every row checked on its per-line answers",
                    String.format("warm-up: the Trawl rows' per-line operations ran %d times over the first %d MiB before"
                            + " anything was measured (their Vector API code is slow until compiled)", WARM_UP_RUNS,
                            WARM_UP_MIB),
                    "words: count: every match of the whole text counted (`Matcher.count`; Hyperscan in block mode"
                            + " over chunks), for each engine's per-line rate against its whole-text rate",
                    pfacLine(tables)));
            return new Outcome(name(), "lines (per-line anyMatch and firstMatch at log scale)", description, tables);
        }
    }

    /**
     * Runs the Trawl rows' per-line operations over the first {@value #WARM_UP_MIB} MiB a few times before
     * anything is measured. Their scans use the Vector API, which is slow until the JIT has compiled it;
     * the harness's trial runs are too short for that on a busy machine, and the first table would pay
     * for it (measured on 2 cores: {@code cpu:aho-corasick}'s {@code anyMatch} at 4 MB/s, its
     * {@code firstMatch} in the next table at 1.3 GB/s).
     */
    private static void warmUp(Workload w, List<Problem> problems, int threads, EngineFilter f) {
        try (Workload head = w.head(WARM_UP_MIB << 20)) {
            for (Problem p : problems) {
                for (String name : TRAWL_ROWS) {
                    var engine = Lineup.trawl(name).filter(e -> f.accepts(name)).map(TrawlEngine::new);
                    if (engine.isEmpty() || engine.get().unavailable().isPresent() || engine.get().rejects(p).isPresent()) {
                        continue;
                    }
                    try (BenchEngine.Compiled c = engine.get().compile(p, threads)) {
                        for (Reduction r : List.of(new Reduction.MatchingLines(), new Reduction.FirstMatchPerLine(null))) {
                            for (int k = 0; k < WARM_UP_RUNS; k++) {
                                c.run(head, head.chunks(), r);
                            }
                        }
                    } catch (Exception e) {
                        // its row will say what is wrong
                    }
                }
            }
        }
    }

    private static Table measure(Runner runner, Spec spec) {
        return new Table("lines", spec, runner.measure(spec));
    }

    /** Per-line Hyperscan first (the baseline), then the Trawl rows, then java.util.regex line by line. */
    private static List<BenchEngine> lineup(BenchEngine hyperscan, BenchEngine jdkLines, EngineFilter f) {
        List<BenchEngine> out = new ArrayList<>();
        out.add(hyperscan);
        for (String name : TRAWL_ROWS) {
            Lineup.trawl(name).filter(e -> f.accepts(name)).ifPresent(e -> out.add(new TrawlEngine(e)));
        }
        if (f.accepts(jdkLines.name())) {
            out.add(jdkLines);
        }
        return out;
    }

    /** Whole-text counting: Hyperscan in block mode, the literal engines. */
    private static List<BenchEngine> countLineup(EngineFilter f) {
        List<BenchEngine> out = new ArrayList<>();
        out.add(new HyperscanNativePeer());
        for (String name : List.of("cpu:aho-corasick", "gpu:pfac")) {
            Lineup.trawl(name).filter(e -> f.accepts(name)).ifPresent(e -> out.add(new TrawlEngine(e)));
        }
        return out;
    }

    /** {@code gpu:pfac} per line against its whole-text count, where it ran. */
    static String pfacLine(List<Table> tables) {
        List<String> parts = new ArrayList<>();
        String count = "";
        for (Table t : tables) {
            for (Row r : t.rows()) {
                if (!r.engine.equals("gpu:pfac")) {
                    continue;
                }
                if (!r.ran()) {
                    return "gpu:pfac per line against whole-text count: not measured here ("
                            + r.status.name().toLowerCase(Locale.ROOT) + ": " + r.detail + ")";
                }
                String rate = Table.rate(r.perSecond(r.lines)) + " lines/s (" + Table.number(t.mbPerSecond(r)) + " MB/s)";
                if (t.spec().counting()) {
                    count = rate;
                } else {
                    parts.add(t.spec().title() + " " + rate);
                }
            }
        }
        if (parts.isEmpty() && count.isEmpty()) {
            return "gpu:pfac per line against whole-text count: no gpu:pfac row (not registered, or left out by"
                    + " --engines)";
        }
        return "gpu:pfac per line: " + String.join(", ", parts) + "; whole-text count: " + count;
    }
}
