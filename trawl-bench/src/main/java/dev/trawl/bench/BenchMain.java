package dev.trawl.bench;

import dev.trawl.bench.data.DataDir;
import dev.trawl.bench.data.Sizes;
import dev.trawl.bench.experiment.Context;
import dev.trawl.bench.experiment.EngineFilter;
import dev.trawl.bench.experiment.Experiment;
import dev.trawl.bench.experiment.Outcome;
import dev.trawl.bench.gpu.PfacBench;
import dev.trawl.bench.harness.RunSettings;
import dev.trawl.bench.jmh.JmhMain;
import dev.trawl.bench.report.ReportWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trawl bench EXPERIMENT}: reruns one of the write-ups' measurements (or {@code all}) on Trawl's
 * engines and the peers, prints the markdown table, and writes {@code EXPERIMENT.md}, {@code .csv} and
 * {@code .png} into {@code --out}. Exit status 1 when any engine's output differs from the baseline's.
 * {@code trawl bench jmh [JMH options]} runs the JMH benchmarks instead, where JMH is on the class path
 * ({@code benchmarks.jar}; {@code trawl-bench.jar}, which travels to the GPU machine, leaves it out), and
 * {@code trawl bench pfac-gpu [options]} takes {@code gpu:pfac}'s kernels apart on a GPU ({@link PfacBench}).
 */
@Command(name = "trawl bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reruns an experiment of the write-ups Trawl started from on Trawl's engines and on peer"
            + " libraries, side by side.",
            "Experiments: iliad, logs, records, regex-logs, regex-templates, dictionary, lines, all.",
            "Also: list (the experiments); chart --out DIR (draw PNGs from the CSVs there); jmh [JMH options];",
            "pfac-gpu [--data DIR] [--bytes N] [--reps N] [--threads N] [--dir DIR] (gpu:pfac's kernels, on a GPU)."})
public final class BenchMain implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "iliad, logs, records, regex-logs, regex-templates, dictionary, lines, all, list, chart")
    String experiment;

    @Option(names = "--size", paramLabel = "SIZE", description = "Input size (64MiB, 1GiB, 256k); default per experiment.")
    String size;

    @Option(names = "--lines", paramLabel = "N", description = "lines: input lines (50M, 2M, 100K); default 50M unless --size is given.")
    String lines;

    @Option(names = "--engines", paramLabel = "LIST", description = "Comma-separated engine names or globs (cpu:*,peer:hyperscan); default all. The baseline always runs.")
    String engines;

    @Option(names = "--threads", paramLabel = "N", description = "Threads per engine; default all cores (${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--out", paramLabel = "DIR", description = "Where the .md, .csv and .png go (default ${DEFAULT-VALUE}).")
    Path out = Path.of("bench-results");

    @Option(names = "--reps", paramLabel = "N", description = "Timed runs per engine (default ${DEFAULT-VALUE}).")
    int reps = 5;

    @Option(names = "--warmup", paramLabel = "N", description = "Untimed runs first (default ${DEFAULT-VALUE}); when above 0, more until they have taken a tenth of --seconds-per-engine (at most 100), so that JIT-compiled engines are measured compiled.")
    int warmup = 2;

    @Option(names = "--seconds-per-engine", paramLabel = "S", description = "Stop timed runs of an engine once they took this long (at least one runs); slower engines are timed on a prefix sized for about four runs in it. Default per experiment: 10, regex-templates 6.")
    Double secondsPerEngine;

    @Option(names = "--max-run-seconds", paramLabel = "S", description = "Skip an engine whose trial run projects past this per run. Default per experiment: 60, regex-templates 20.")
    Double maxRunSeconds;

    @Option(names = "--words", paramLabel = "FILE", description = "dictionary: a word list (one per line) instead of generated words.")
    Path words;

    @Option(names = "--dictionary-sizes", paramLabel = "LIST", split = ",", description = "dictionary: sizes to run (10,1K,1M,long,log-words); default 10,100,1K,10K,100K,1M,long.")
    List<String> dictionarySizes = new ArrayList<>();

    @Option(names = "--text", paramLabel = "NAME", description = "dictionary: the text searched, iliad (the Iliad repeated) or loghub (loghub's lines replayed); default ${DEFAULT-VALUE}.")
    String text = "iliad";

    @Option(names = "--data", paramLabel = "DIR", description = "The shared data (iliad.txt, loghub/); default: found from the working directory.")
    Path data;

    @Option(names = "--chunk", paramLabel = "SIZE", description = "Bytes per unit of bench-side parallel work; default from the size.")
    String chunk;

    @Option(names = "--quiet", description = "No progress lines on stderr.")
    boolean quiet;

    private String[] args = new String[0];
    private PrintStream stdout = System.out;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs with the given streams; returns the exit status. */
    public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
        if (args.length > 0 && args[0].equals("jmh")) {
            try {
                return JmhMain.run(Arrays.copyOfRange(args, 1, args.length));
            } catch (NoClassDefFoundError e) {
                stderr.println("trawl bench jmh: JMH is not in this jar; run java -jar trawl-bench/target/benchmarks.jar");
                return 2;
            }
        }
        if (args.length > 0 && args[0].equals("pfac-gpu")) {
            try {
                return PfacBench.run(Arrays.copyOfRange(args, 1, args.length));
            } catch (IOException | RuntimeException e) {
                stderr.println("trawl bench pfac-gpu: " + e.getMessage());
                return 2;
            }
        }
        BenchMain m = new BenchMain();
        m.args = args;
        m.stdout = stdout;
        CommandLine cl = new CommandLine(m);
        cl.setOut(new java.io.PrintWriter(stdout, true));
        cl.setErr(new java.io.PrintWriter(stderr, true));
        cl.setExecutionExceptionHandler((e, c, p) -> {
            stderr.println("trawl bench: " + e.getMessage());
            return 2;
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws Exception {
        if (experiment.equals("chart")) {
            try (var files = java.nio.file.Files.list(out)) {
                for (Path csv : files.filter(f -> f.toString().endsWith(".csv")).sorted().toList()) {
                    stdout.println("drew " + dev.trawl.bench.report.Charts.fromCsv(csv));
                }
            }
            return 0;
        }
        if (experiment.equals("list")) {
            for (Experiment e : Experiment.all()) {
                stdout.printf("%-15s %s (%s)%n", e.name(), e.summary(), e.defaultInput());
            }
            return 0;
        }
        List<Experiment> todo = experiment.equals("all") ? Experiment.all() : List.of(Experiment.named(experiment));
        PrintStream log = quiet ? new PrintStream(PrintStream.nullOutputStream()) : System.err;
        Path dataDir = DataDir.find(data);
        String command = "trawl bench " + String.join(" ", args);
        boolean passed = true;
        for (Experiment e : todo) {
            RunSettings settings = new RunSettings(threads, warmup, reps,
                    secondsPerEngine != null ? secondsPerEngine : e.defaultSecondsPerEngine(),
                    maxRunSeconds != null ? maxRunSeconds : e.defaultMaxRunSeconds(), log);
            Context ctx = new Context(dataDir, size == null ? 0 : Sizes.parse(size), settings,
                    EngineFilter.parse(engines), words, dictionarySizes, text, chunk == null ? 0 : Sizes.parse(chunk),
                    lines == null ? 0 : Sizes.parseCount(lines));
            settings.log().println("trawl bench " + e.name() + ": " + e.summary());
            Outcome o = e.run(ctx);
            stdout.println(ReportWriter.markdown(o, command, settings));
            String note = ReportWriter.write(o, out, command, settings);
            if (note != null) {
                settings.log().println(note);
            }
            passed &= o.passed();
        }
        log.println("wrote " + out.toAbsolutePath());
        return passed ? 0 : 1;
    }
}
