package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Loghub;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.HyperscanJavaPeer;
import dev.trawl.bench.engine.HyperscanNativePeer;
import dev.trawl.bench.engine.RegexAlternationPeer;
import dev.trawl.bench.engine.RegexSetPeer;
import dev.trawl.bench.engine.RegexSyntax;
import dev.trawl.bench.engine.TrawlEngine;
import dev.trawl.bench.harness.BenchEngine;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The string-per-block GPU regex write-up's experiment: a log column (loghub lines replayed to
 * {@code --size}, default 128 MiB, about a million rows as in the write-up) tested against regexes made from
 * loghub event templates ({@code <*>} becomes {@code .*}): for each row, which templates match in it.
 * Baseline java.util.regex, one regex at a time, as cuDF's {@code contains_re} (the write-up's reference)
 * does it. Trawl's rows are its engines that {@linkplain dev.trawl.Engine#supportsRegex() take regexes}, each
 * over the whole column at once; the peers are RE2/J (one regex at a time, like the baseline), Hyperscan
 * (native and through its Java wrapper) and java.util.regex with one alternation of all the regexes (checked
 * on matching lines: see {@link RegexAlternationPeer}). {@code regex-templates}
 * ({@link RegexTemplatesExperiment}) is the same measurement with every loghub template.
 */
final class RegexLogsExperiment extends BaseExperiment {
    /** Whose templates: five systems with few enough templates for the one-at-a-time baseline. */
    static final List<String> SYSTEMS = List.of("HDFS", "OpenSSH", "Apache", "Proxifier", "Zookeeper");

    RegexLogsExperiment() {
        super("regex-logs",
                "GPU regex write-up: loghub templates as regexes over a log column, (row, template) hits;"
                        + " baseline java.util.regex",
                128L << 20);
    }

    static List<String> regexes(Context ctx) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String sys : SYSTEMS) {
            for (String t : Loghub.templates(ctx.dataDir(), sys)) {
                String r = RegexSyntax.template(t, false);
                if (!r.isEmpty()) {
                    out.add(r);
                }
            }
        }
        return new ArrayList<>(out);
    }

    static List<BenchEngine> lineup(EngineFilter f) {
        List<BenchEngine> out = new ArrayList<>();
        out.add(RegexSetPeer.jdk());
        for (dev.trawl.Engine e : dev.trawl.Engines.all()) {
            if (e.supportsRegex() && f.accepts(e.name())) {
                out.add(new TrawlEngine(e));
            }
        }
        for (BenchEngine e : List.of(RegexSetPeer.re2j(), new HyperscanNativePeer(), new HyperscanJavaPeer(),
                new RegexAlternationPeer())) {
            if (f.accepts(e.name())) {
                out.add(e);
            }
        }
        return out;
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        try (Workload w = Texts.logsReplayed(ctx.dataDir(), ctx.sizeOr(defaultSize()), ctx.chunkBytes(), threads)) {
            List<String> regexes = regexes(ctx);
            Problem p = Problem.regexes(regexes, regexes.size() + " template regexes");
            Spec spec = new Spec("regex-logs", w, p, new Reduction.LinePatternPairs(p.size()), lineup(ctx.filter()), "lines");
            Table t = measure(ctx, spec);
            return outcome("regex-logs (the GPU regex write-up's experiment)", t,
                    "input: " + w.description() + String.format(", %,d rows", w.lines()),
                    "patterns: " + regexes.size() + " regexes from the event templates of " + String.join(", ", SYSTEMS)
                            + " (`<*>` as `.*`, literal parts escaped, unanchored)",
                    "timed: the set of (row, template) pairs where the template matches inside the row (Trawl's"
                            + " engines: `Matcher.matchedPatterns` over the rows, `Records.lines`, made once before timing)");
        }
    }
}
