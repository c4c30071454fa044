package dev.trawl.cli;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Records;
import dev.trawl.Trawl;
import dev.trawl.TrawlException;
import dev.trawl.regex.Regexes;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trawl}: grep-like search for many patterns at once. Exit status as grep: 0 when something
 * matched, 1 when nothing did, 2 on an error (one line on stderr, no stack trace).
 */
@Command(name = "trawl", mixinStandardHelpOptions = true, versionProvider = TrawlCommand.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Search FILEs (or standard input) for many patterns at once, on the CPU or the GPU.",
            "Every occurrence of every pattern is found, overlapping ones included."},
        exitCodeOnInvalidInput = 2, exitCodeOnExecutionException = 2)
public final class TrawlCommand implements Callable<Integer> {
    static final int MATCH = 0;
    static final int NO_MATCH = 1;
    static final int ERROR = 2;

    @Option(names = {"-F", "--fixed-strings"}, description = "Patterns are literal strings: every occurrence, overlapping ones too.")
    boolean fixedStrings;

    @Option(names = {"-E", "--regex"}, description = "Patterns are regular expressions (the default; RE2 syntax, see the README).")
    boolean regex;

    @Option(names = {"-w", "--word-regexp"}, description = "Matches must start and end at word boundaries.")
    boolean wordRegexp;

    @Option(names = {"-x", "--line-regexp"}, description = "Matches must be whole lines.")
    boolean lineRegexp;

    @Option(names = {"-e", "--regexp"}, paramLabel = "PATTERN", description = "A pattern; repeatable.")
    List<String> patterns = new ArrayList<>();

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Read patterns from FILE, one per line (UTF-8); repeatable.")
    List<Path> patternFiles = new ArrayList<>();

    @Option(names = {"-i", "--ignore-case"}, description = "ASCII case-insensitive matching.")
    boolean ignoreCase;

    @Option(names = {"-o", "--only-matching"}, description = "Print every match (overlapping ones too), one per line.")
    boolean onlyMatching;

    @Option(names = {"-c", "--count"}, description = "Print the number of matching lines per file.")
    boolean count;

    @Option(names = {"-n", "--line-number"}, description = "Prefix output with the 1-based line number.")
    boolean lineNumber;

    @Option(names = {"-l", "--files-with-matches"}, description = "Print only the names of files with a match.")
    boolean filesWithMatches;

    @Option(names = {"-H", "--with-filename"}, description = "Prefix output with the file name (default with several files).")
    boolean withFilename;

    @Option(names = "--json", description = "One JSON object per match, per line: pattern, file, line, offsets, line text.")
    boolean json;

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = Engines.AUTO,
            description = "Engine to use (default ${DEFAULT-VALUE}); see --list-engines.")
    String engine;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all processors).")
    Integer threads;

    @Option(names = "--stats", description = "Print bytes, time and throughput on stderr.")
    boolean stats;

    @Option(names = "--list-engines", description = "List the engines with a one-line description each, then exit.")
    boolean listEngines;

    @Parameters(paramLabel = "PATTERN FILE", description = "The pattern (unless -e or -f is given), then files; none or '-' reads standard input.")
    List<String> positional = new ArrayList<>();

    private final PrintStream out;
    private final PrintStream err;
    private final InputStream stdin;

    TrawlCommand(PrintStream out, PrintStream err, InputStream stdin) {
        this.out = out;
        this.err = err;
        this.stdin = stdin;
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false);
        int code = run(args, out, System.err, System.in);
        out.flush();
        System.exit(code);
    }

    /** Runs the command as {@code main} would, without exiting; for tests and embedding. */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in) {
        TrawlCommand cmd = new TrawlCommand(out, err, in);
        CommandLine cl = new CommandLine(cmd);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("trawl: " + ex.getMessage() + " (see trawl --help)");
            return ERROR;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            err.println("trawl: " + oneLine(ex));
            return ERROR;
        });
        try {
            return cl.execute(args);
        } finally {
            out.flush();
        }
    }

    static String oneLine(Throwable ex) {
        String m = ex instanceof TrawlException ? ex.getMessage() : ex.toString();
        return m == null ? ex.getClass().getSimpleName() : m.replace('\n', ' ');
    }

    @Override
    public Integer call() {
        if (listEngines) {
            return listEngines();
        }
        if (threads != null && threads < 1) {
            throw new TrawlException("--threads must be at least 1, got " + threads);
        }
        List<String> files = new ArrayList<>(positional);
        if (patterns.isEmpty() && patternFiles.isEmpty()) {
            if (files.isEmpty()) {
                throw new TrawlException("no pattern given: trawl PATTERN [FILE...], or -e PATTERN, or -f FILE (see trawl --help)");
            }
            patterns.add(files.remove(0));
        }
        if (fixedStrings && regex) {
            throw new TrawlException("-F and -E contradict each other: give one of them");
        }
        PatternSet set = patternSet();
        if (set.isEmpty()) {
            return NO_MATCH;
        }
        MatcherOptions options = MatcherOptions.defaults().withEngine(engine);
        if (threads != null) {
            options = options.withThreads(threads);
        }
        Progress progress = Progress.forStderr(err);
        if (progress != null) {
            options = options.withProgress(progress);
        }
        Matcher matcher = Trawl.compile(set, options);
        if (files.isEmpty()) {
            files.add("-");
        }
        boolean showNames = withFilename || files.size() > 1;
        LineReporter.Mode mode = json ? LineReporter.Mode.JSON
                : filesWithMatches ? LineReporter.Mode.FILES
                : count ? LineReporter.Mode.COUNT
                : onlyMatching ? LineReporter.Mode.ONLY_MATCHING : LineReporter.Mode.LINES;
        boolean anyMatch = false;
        boolean anyError = false;
        long bytes = 0;
        long matches = 0;
        long t0 = System.nanoTime();
        for (String f : files) {
            String name = f.equals("-") ? "(standard input)" : f;
            try (Input in = open(f)) {
                if (progress != null) {
                    progress.start(in.byteSize());
                }
                if (mode == LineReporter.Mode.COUNT && !set.hasRegex()) {
                    // -c on literals: a literal match never depends on the text around it, so counting
                    // lines that hold one over the whole text is exact, and engines do it without
                    // materialising matches. Regexes go through the lines one by one, below.
                    long lines = matcher.countMatchingRecords(in, (byte) '\n');
                    out.println(showNames ? name + ":" + lines : Long.toString(lines));
                    anyMatch |= lines > 0;
                    bytes += in.byteSize();
                    if (progress != null) {
                        progress.done();
                    }
                    continue;
                }
                LineReporter r;
                try (Records lines = Records.lines(in.segment(), false)) {
                    r = new LineReporter(mode, lines, set, name, showNames, lineNumber || mode == LineReporter.Mode.JSON, out);
                    matcher.scanRecords(lines, r);
                }
                r.finish();
                if (progress != null) {
                    progress.done();
                }
                anyMatch |= r.matchedLines() > 0;
                bytes += in.byteSize();
                matches += r.matches();
            } catch (TrawlException e) {
                out.flush();
                err.println("trawl: " + oneLine(e));
                anyError = true;
            }
        }
        out.flush();
        if (stats) {
            double secs = (System.nanoTime() - t0) / 1e9;
            err.printf("trawl: %d bytes, %d patterns, %d matches reported, %.3f s, %.1f MB/s, engine %s%n", bytes,
                    set.size(), matches, secs, bytes / 1e6 / Math.max(secs, 1e-9), matcher.engine());
        }
        return anyError ? ERROR : anyMatch ? MATCH : NO_MATCH;
    }

    /**
     * Patterns are regexes unless -F; -w and -x wrap each one (a literal is quoted first), so they
     * turn literals into regexes. Regex {@code ^} and {@code $} match at line boundaries, as in grep.
     */
    private PatternSet patternSet() {
        boolean wrap = wordRegexp || lineRegexp;
        PatternSet.Kind kind = fixedStrings && !wrap ? PatternSet.Kind.LITERAL : PatternSet.Kind.REGEX;
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(ignoreCase).multiline(true).defaultKind(kind);
        List<String> all = new ArrayList<>();
        for (String p : patterns) {
            // As grep: a pattern with newlines is several patterns.
            for (String line : p.split("\n", -1)) {
                if (line.isEmpty()) {
                    throw new TrawlException("empty pattern given with -e: every pattern needs at least one byte");
                }
                all.add(line);
            }
        }
        if (!wrap) {
            all.forEach(b::addPattern);
            for (Path f : patternFiles) {
                b.addFile(f);
            }
            return b.build();
        }
        for (Path f : patternFiles) {
            PatternSet fromFile = PatternSet.builder().addFile(f).build();
            for (int id = 0; id < fromFile.size(); id++) {
                all.add(fromFile.pattern(id));
            }
        }
        for (String p : all) {
            String re = fixedStrings ? Regexes.quote(p) : p;
            b.addRegex(lineRegexp ? Regexes.line(re) : Regexes.word(re));
        }
        return b.build();
    }

    private Input open(String f) {
        if (f.equals("-")) {
            try {
                return Input.of(stdin.readAllBytes());
            } catch (IOException e) {
                throw new TrawlException("(standard input): cannot read: " + e.getMessage(), e);
            }
        }
        Path p = Path.of(f);
        if (!Files.exists(p)) {
            throw new TrawlException(f + ": no such file");
        }
        return Input.map(p);
    }

    private int listEngines() {
        int width = 0;
        for (Engine e : Engines.all()) {
            width = Math.max(width, e.name().length());
        }
        out.printf("%-" + width + "s  %s%n", Engines.AUTO, "picks the fastest available engine for the pattern set (now: "
                + autoNow() + ")");
        for (Engine e : Engines.all()) {
            String status = e.unavailableReason().map(r -> " [unavailable: " + r + "]").orElse("");
            out.printf("%-" + width + "s  %s%s%n", e.name(), e.description(), status);
        }
        return MATCH;
    }

    private static String autoNow() {
        try {
            return Engines.auto(PatternSet.of("x")).name();
        } catch (TrawlException e) {
            return "none";
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = TrawlCommand.class.getPackage().getImplementationVersion();
            return new String[] {"trawl " + (v == null ? "development build" : v)};
        }
    }
}
