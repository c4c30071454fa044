package dev.trawl.cli;

import dev.trawl.Engine;
import dev.trawl.Engines;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.TrawlException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code trawl}: grep's command line over Trawl's engines. Options, output and exit status are GNU
 * grep 3.x's wherever grep defines them (the README lists the deliberate differences): 0 when a
 * line was selected, 1 when none was, 2 after an error (one line on stderr with the system's reason,
 * never a stack trace; the search goes on over the other files), and with {@code -q} 0 at the first
 * selected line whatever went wrong before.
 *
 * <p>The parts: {@link OptionParser} reads the command line into {@link Options}; {@link Patterns}
 * gathers the patterns; {@link Walker} turns operands into {@link Job}s; {@link Searches} runs them
 * (small files of {@code -r} on a pool, in output order) through {@link FileSearch}, which reads
 * each input as batches of lines ({@link LineInput}), selects lines ({@link LineSelector}) and prints
 * ({@link Printer} with {@link GrepLines} or {@link JsonLines}) into an {@link Out}.
 */
public final class TrawlCommand {
    static final int MATCH = 0;
    static final int NO_MATCH = 1;
    static final int ERROR = 2;

    /**
     * What the command talks to: its streams, environment variables, whether standard output is a
     * terminal, and whether {@code stdin} is the process's own standard input (which may then be
     * mapped when it is a regular file).
     */
    record Env(OutputStream stdout, PrintStream stderr, InputStream stdin, Map<String, String> vars,
            boolean stdoutTerminal, boolean processStdin) {}

    /**
     * Inputs known to total less than this (regular files named on the command line) are searched
     * without asking for the GPU: its probe (loading the CUDA driver, creating a context) costs more
     * than such a search, and {@code auto} prefers the CPU below a few megabytes anyway.
     */
    static final long GPU_WORTHWHILE = 32L << 20;

    private final Env env;

    TrawlCommand(Env env) {
        this.env = env;
    }

    public static void main(String[] args) {
        long launch = launchNanos();
        Env env = new Env(new FileOutputStream(FileDescriptor.out), System.err, new FileInputStream(FileDescriptor.in),
                System.getenv(), stdoutIsTerminal(), true);
        int code;
        try {
            code = new TrawlCommand(env).run(args, launch);
        } catch (OutOfMemoryError e) {
            System.err.println("trawl: memory exhausted");
            code = ERROR;
        } catch (RuntimeException e) {
            System.err.println("trawl: " + Errors.reason(e)); // a failure with no better place: one line, still
            code = ERROR;
        }
        System.err.flush();
        System.exit(code);
    }

    /** Runs the command as {@code main} would, without exiting; for tests and embedding. */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in) {
        return run(args, out, err, in, System.getenv());
    }

    /** As {@link #run(String[], PrintStream, PrintStream, InputStream)}, with the given environment variables. */
    public static int run(String[] args, PrintStream out, PrintStream err, InputStream in, Map<String, String> vars) {
        try {
            return new TrawlCommand(new Env(out, err, in, vars, false, false)).run(args, -1);
        } catch (OutOfMemoryError e) {
            err.println("trawl: memory exhausted");
            return ERROR;
        } catch (RuntimeException e) {
            err.println("trawl: " + Errors.reason(e));
            return ERROR;
        } finally {
            out.flush();
        }
    }

    int run(String[] args, long startupNanos) {
        long mainStart = System.nanoTime();
        Options o;
        try {
            o = OptionParser.parse(args);
        } catch (OptionParser.UsageException e) {
            return usageError(e);
        }
        PrintStream err = env.stderr();
        if (o.help) {
            PrintStream ps = new PrintStream(env.stdout(), true);
            ps.print(Help.text());
            ps.flush();
            return MATCH;
        }
        if (o.version) {
            PrintStream ps = new PrintStream(env.stdout(), true);
            String v = TrawlCommand.class.getPackage().getImplementationVersion();
            ps.println("trawl " + (v == null ? "(development build)" : v));
            ps.flush();
            return MATCH;
        }
        if (o.listEngines) {
            return listEngines();
        }
        long t0 = System.nanoTime();
        Patterns patterns;
        try {
            patterns = Patterns.read(o, env.stdin());
        } catch (OptionParser.UsageException e) {
            return usageError(e);
        } catch (CommandException | TrawlException e) {
            err.println("trawl: " + Errors.reason(e));
            return ERROR;
        }
        boolean invert = o.invert != patterns.invertFlipped;
        FileSearch.Mode mode = o.quiet ? FileSearch.Mode.QUIET
                : o.listFiles == Options.ListFiles.MATCHING ? FileSearch.Mode.LIST_MATCHING
                : o.listFiles == Options.ListFiles.NON_MATCHING ? FileSearch.Mode.LIST_NON_MATCHING
                : o.json ? FileSearch.Mode.JSON
                : o.count ? FileSearch.Mode.COUNT : FileSearch.Mode.PRINT;
        if (o.json && (o.count && !o.quiet && o.listFiles == Options.ListFiles.NONE)) {
            err.println("trawl: --json cannot be combined with -c (--count)");
            return ERROR;
        }
        boolean matchWords = o.wordRegexp && !patterns.invertFlipped;
        if ((o.maxCount == 0 || patterns.onlyEmpty && invert && !patterns.lineRegexp && !matchWords)
                && mode != FileSearch.Mode.LIST_NON_MATCHING) {
            return NO_MATCH; // grep: nothing can be selected, so no input is read
        }
        Stats stats = new Stats();
        stats.startupNanos = startupNanos;
        Matcher matcher = null;
        if (env.processStdin() && o.engine.equals("auto") && smallKnownInputs(o)
                && System.getProperty("trawl.gpu") == null && System.getenv("TRAWL_GPU") == null) {
            System.setProperty("trawl.gpu", "off"); // the process's own setting (never in tests or embedding)
        }
        if (patterns.set != null) {
            try {
                MatcherOptions mo = MatcherOptions.defaults().withEngine(o.engine);
                if (o.threads != null) {
                    mo = mo.withThreads(o.threads);
                }
                matcher = Trawl.compile(patterns.set, mo.withCompileCache(compileCache(env.vars())));
            } catch (TrawlException e) {
                err.println("trawl: " + Errors.reason(e));
                return ERROR;
            }
            stats.engine = matcher.engine();
            stats.patterns = patterns.set.size();
        }
        stats.compileNanos = System.nanoTime() - t0;

        boolean lineBuffered = o.lineBuffered || env.stdoutTerminal();
        Colors colors = Colors.wanted(o.color, env.stdoutTerminal(), env.vars()) ? Colors.from(env.vars()) : null;
        if (colors != null && colors.warning != null) {
            err.println("trawl: " + colors.warning);
        }
        boolean utf8 = utf8Locale(env.vars());
        Format format = new Format(o, false, invert, colors, utf8);
        LineSelector selector = new LineSelector(patterns, matcher, new WordRule(utf8), invert);
        FileSearch search = new FileSearch(mode, o, format, selector, matcher, patterns);

        boolean implicitDot = o.operands.isEmpty() && o.directories == Options.Directories.RECURSE && o.recursiveGiven;
        List<String> operands = !o.operands.isEmpty() ? o.operands : List.of(implicitDot ? "." : "-");
        String stdinName = o.label != null ? o.label : mode == FileSearch.Mode.JSON ? "<stdin>" : "(standard input)";
        FileFilter filter = new FileFilter(o.fileGlobs, o.excludeDirs);
        boolean recurse = o.directories == Options.Directories.RECURSE;
        Walker walker = new Walker(o, filter, stdinName);
        java.util.Iterator<Job> jobs = recurse ? walker.jobsInBackground(operands, implicitDot)
                : walker.jobs(operands, implicitDot).iterator();
        // grep: names with -H, or with several operands, or under -r when the one operand is a directory
        int showNames = o.filenameOption != 0 ? (o.filenameOption > 0 ? 1 : 0)
                : o.operands.size() > 1 ? 1
                : o.directories == Options.Directories.RECURSE ? (implicitDot || isDirectory(operands.getFirst()) ? 1 : 0)
                : 0;

        Out out = Out.of(env.stdout(), lineBuffered);
        Searches searches = new Searches(o, search, env, out, showNames == 1, stats, stdoutKey(),
                Progress.forStderr(err));
        long scan0 = System.nanoTime();
        int code;
        try {
            code = searches.run(jobs, recurse || operands.size() > 1);
            if (mode == FileSearch.Mode.JSON) {
                searches.jsonSummary(System.nanoTime() - mainStart + Math.max(0, startupNanos));
            }
            out.flush();
        } catch (BrokenPipe e) {
            return MATCH; // the reader went away: something was selected, or there was nothing to write
        }
        stats.scanNanos = System.nanoTime() - scan0;
        if (o.stats) {
            stats.print(err, mode);
        }
        return code;
    }

    private int usageError(OptionParser.UsageException e) {
        PrintStream err = env.stderr();
        if (e.getMessage() != null) {
            err.println("trawl: " + e.getMessage());
        }
        if (e.usageHint) {
            err.println(Help.USAGE);
            err.println("Try 'trawl --help' for more information.");
        }
        return ERROR;
    }

    private int listEngines() {
        PrintStream ps = new PrintStream(env.stdout(), true);
        int width = Engines.AUTO.length();
        for (Engine e : Engines.all()) {
            width = Math.max(width, e.name().length());
        }
        ps.printf("%-" + width + "s  %s%n", Engines.AUTO, "picks the fastest available engine for the pattern set (now: "
                + autoNow() + ")");
        for (Engine e : Engines.all()) {
            String status = e.unavailableReason().map(r -> " [unavailable: " + r + "]").orElse("");
            ps.printf("%-" + width + "s  %s%s%n", e.name(), e.description(), status);
        }
        ps.flush();
        return MATCH;
    }

    private static String autoNow() {
        try {
            return Engines.auto(PatternSet.of("x")).name();
        } catch (TrawlException e) {
            return "none";
        }
    }

    /** The identity of standard output when this process's is a regular file (grep skips reading it); else null. */
    private Object stdoutKey() {
        if (!env.processStdin()) {
            return null;
        }
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(Path.of("/proc/self/fd/1"),
                    java.nio.file.attribute.BasicFileAttributes.class);
            return a.isRegularFile() ? a.fileKey() : null;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether every operand is a regular file and together they hold less than {@link #GPU_WORTHWHILE} bytes. */
    private static boolean smallKnownInputs(Options o) {
        if (o.operands.isEmpty() || o.directories == Options.Directories.RECURSE) {
            return false;
        }
        long total = 0;
        for (String op : o.operands) {
            try {
                java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(Path.of(op),
                        java.nio.file.attribute.BasicFileAttributes.class);
                if (!a.isRegularFile()) {
                    return false;
                }
                total += a.size();
            } catch (java.io.IOException | RuntimeException e) {
                // a missing file is reported later; it holds nothing to search
            }
        }
        return total < GPU_WORTHWHILE;
    }

    private static boolean isDirectory(String operand) {
        return !operand.equals("-") && Files.isDirectory(Path.of(operand));
    }

    /**
     * Where large literal sets keep their compiled tables between runs: {@code $TRAWL_CACHE_DIR}
     * ({@code off} or empty: nowhere), else {@code $XDG_CACHE_HOME/trawl}, else
     * {@code ~/.cache/trawl}; null without a home.
     */
    static Path compileCache(Map<String, String> vars) {
        String dir = vars.get("TRAWL_CACHE_DIR");
        if (dir != null) {
            return dir.isEmpty() || dir.equals("off") ? null : Path.of(dir);
        }
        String xdg = vars.get("XDG_CACHE_HOME");
        if (xdg != null && xdg.startsWith("/")) {
            return Path.of(xdg, "trawl");
        }
        String home = vars.get("HOME");
        return home == null || home.isEmpty() ? null : Path.of(home, ".cache", "trawl");
    }

    /** Whether the locale's character set is UTF-8 (LC_ALL, else LC_CTYPE, else LANG; unset is the C locale). */
    static boolean utf8Locale(Map<String, String> vars) {
        for (String name : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String v = vars.get(name);
            if (v != null && !v.isEmpty()) {
                String l = v.toLowerCase(Locale.ROOT);
                return l.contains("utf-8") || l.contains("utf8");
            }
        }
        return false;
    }

    /** The launcher's start, from {@code -Dtrawl.launch=$EPOCHREALTIME}, as nanoseconds before now; else -1. */
    private static long launchNanos() {
        String launch = System.getProperty("trawl.launch");
        if (launch == null || launch.isEmpty()) {
            return -1;
        }
        try {
            java.time.Instant now = java.time.Instant.now();
            double at = Double.parseDouble(launch.replace(',', '.'));
            double nowSeconds = now.getEpochSecond() + now.getNano() / 1e9;
            return (long) ((nowSeconds - at) * 1e9);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Told by the launcher ({@code -Dtrawl.stdout.tty}), else asked of /proc. */
    private static boolean stdoutIsTerminal() {
        String told = System.getProperty("trawl.stdout.tty");
        if (told != null) {
            return Boolean.parseBoolean(told);
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }
}
