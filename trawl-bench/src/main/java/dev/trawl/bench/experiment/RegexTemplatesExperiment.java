package dev.trawl.bench.experiment;

import dev.trawl.bench.data.Loghub;
import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.data.Texts;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.engine.RegexSyntax;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import dev.trawl.bench.harness.Spec;
import dev.trawl.bench.report.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The all-templates regex benchmark: every loghub template as one regex set over the log column replayed to
 * {@code --size} (default 1 GiB), all rows from one run. The templates are those of every
 * {@code loghub/<System>/*_templates.csv}: the 16 systems' {@code _2k.log_templates.csv} and the full
 * lists of BGL and HDFS, 1,770 templates, 1,734 distinct regexes once converted (identical regexes are
 * kept once, at their first place in system and file order). Conversion as in {@code regex-logs}:
 * {@link RegexSyntax#template} writes the literal parts as escaped bytes ({@code \xHH}) and each
 * {@code <*>} as {@code .*} (greedy: any run of bytes other than a newline), drops {@code <*>} at either
 * end, and leaves the regex unanchored.
 *
 * <p>Rows and reduction as in {@link RegexLogsExperiment} (same {@link RegexLogsExperiment#lineup
 * lineup}): for each row, which templates match in it. Baseline java.util.regex with one {@code Pattern}
 * per template; {@code cpu:dfa}, {@code cpu:pike}; RE2/J one regex at a time; native Hyperscan and
 * hyperscan-java (a set Hyperscan cannot compile gives a failed row saying why, and the run goes on);
 * java.util.regex with one alternation of all templates, which tells one template per line and so is
 * checked on matching lines ({@link dev.trawl.bench.engine.RegexAlternationPeer}).
 *
 * <p>With this many regexes every row but Hyperscan's is slow. Measured on a 2-core Xeon, per thread:
 * java.util.regex 10 to 20 KB/s per template, the alternation 15 to 30 KB/s, RE2/J 50 to 85 KB/s,
 * {@code cpu:pike} about 12 KB/s and {@code cpu:dfa} 2.5 to 7.5 MB/s (both scan on one thread),
 * Hyperscan about 70 MB/s. So the harness times the slow rows on a prefix of the column and says so in
 * the row, and checks rows timed on more than the baseline covered over the baseline's prefix. A
 * prefix for a bench-threaded row holds at least a chunk per thread, so for it to be small the column is
 * cut into {@value #CHUNK_KIB} KiB chunks unless {@code --chunk} says otherwise: 1 MiB on 16 threads,
 * about 7,800 rows (490 of each system), for a few seconds per run of the baseline. Trawl's engines get
 * their whole range at once and are not affected. The defaults {@code --seconds-per-engine 6} and
 * {@code --max-run-seconds 20} keep the whole run at 1 GiB to about 90 s on 2 cores (where most rows run
 * on a prefix of 2 chunks) and to a few minutes on 16.
 */
final class RegexTemplatesExperiment extends BaseExperiment {
    /** Default chunk size, small so that slow rows are timed on about a MiB even on 16 threads. */
    static final int CHUNK_KIB = 64;

    RegexTemplatesExperiment() {
        super("regex-templates",
                "all loghub templates as one regex set over a log column, (row, template) hits;"
                        + " baseline java.util.regex",
                1L << 30);
    }

    @Override
    public double defaultSecondsPerEngine() {
        return 6;
    }

    @Override
    public double defaultMaxRunSeconds() {
        return 20;
    }

    /** Every template of every system, as regexes, distinct, in system then file order. */
    static List<String> regexes(Path dataDir, int[] templatesOut) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        int templates = 0;
        for (String sys : Loghub.systems(dataDir)) {
            for (Path csv : Loghub.templateFiles(dataDir, sys)) {
                for (String t : Loghub.templates(csv)) {
                    templates++;
                    String r = RegexSyntax.template(t, false);
                    if (!r.isEmpty()) {
                        out.add(r);
                    }
                }
            }
        }
        templatesOut[0] = templates;
        return new ArrayList<>(out);
    }

    @Override
    public Outcome run(Context ctx) {
        int threads = ctx.settings().threads();
        long chunk = ctx.chunkBytes() > 0 ? ctx.chunkBytes() : CHUNK_KIB << 10;
        try (Workload w = Texts.logsReplayed(ctx.dataDir(), ctx.sizeOr(defaultSize()), chunk, threads)) {
            int[] templates = new int[1];
            List<String> regexes = regexes(ctx.dataDir(), templates);
            Problem p = Problem.regexes(regexes, regexes.size() + " template regexes");
            Spec spec = new Spec("regex-templates", w, p, new Reduction.LinePatternPairs(p.size()),
                    RegexLogsExperiment.lineup(ctx.filter()), "lines");
            Table t = measure(ctx, spec);
            return outcome("regex-templates (all loghub templates)", t,
                    "input: " + w.description() + String.format(", %,d rows, chunks of %s", w.lines(),
                            Sizes.format(chunk)),
                    String.format("patterns: %,d regexes, the distinct ones among the %,d templates of every"
                            + " `loghub/*/*_templates.csv` (%d systems; BGL and HDFS also with their full lists)",
                            regexes.size(), templates[0], Loghub.systems(ctx.dataDir()).size()),
                    "conversion: literal parts escaped (`\\xHH`), each `<*>` as `.*` (greedy, any run of non-newline"
                            + " bytes), `<*>` at either end dropped, unanchored",
                    "timed: the set of (row, template) pairs where the template matches inside the row (Trawl's"
                            + " engines: `Matcher.matchedPatterns` over the rows, `Records.lines`, made once before timing)");
        }
    }
}
