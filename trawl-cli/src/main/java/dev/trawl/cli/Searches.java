package dev.trawl.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the jobs in order and reports them in order: output, then grep's messages for the file
 * (errors, "binary file matches") on stderr after flushing standard output, as grep's
 * {@code error()} does. With several files and more than one thread, small regular files are
 * searched ahead on a pool of threads, each into its own buffer, and written in their turn; the
 * rest (standard input, devices, files over 8 MiB, which the engine threads itself) are searched in
 * their turn on this thread, straight to the output. A file searched apart cannot know whether an
 * earlier one printed, so its first group separator is added when its buffer is written.
 */
final class Searches {
    /** A searched job: its outcome (null when not searched), its buffered output, and its messages. */
    private record Done(String name, FileSearch.Outcome outcome, Out buffer, String error, boolean warningOnly) {}

    private final Options o;
    private final FileSearch search;
    private final TrawlCommand.Env env;
    private final Out out;
    private final boolean showNames;
    private final Stats stats;
    private final Object stdoutKey; // the identity of standard output when it is a regular file, else null
    private final Progress progress; // null unless stderr is a terminal
    private boolean used;
    private boolean errorSeen;
    private boolean anySelected;
    /** ripgrep's summary counts only the inputs that printed something: these sums are over those. */
    private final long[] json = new long[6]; // bytes printed, bytes searched, nanos, lines, matches, inputs

    Searches(Options o, FileSearch search, TrawlCommand.Env env, Out out, boolean showNames, Stats stats,
            Object stdoutKey, Progress progress) {
        this.stdoutKey = stdoutKey;
        this.progress = progress;
        this.o = o;
        this.search = search;
        this.env = env;
        this.out = out;
        this.showNames = showNames;
        this.stats = stats;
    }

    /** Writes ripgrep's closing summary message, over the inputs that printed something. */
    void jsonSummary(long totalNanos) {
        JsonLines.summary(out, totalNanos, json[0], json[1], json[2], json[3], json[4], json[5], json[5]);
    }

    /** Searches every job; returns the exit status. {@code several}: whether more than one job may come. */
    int run(Iterator<Job> jobs, boolean several) {
        int threads = o.threads != null ? o.threads : Runtime.getRuntime().availableProcessors();
        if (threads > 1 && several && search.mode() != FileSearch.Mode.QUIET) {
            runParallel(jobs, threads);
        } else {
            while (jobs.hasNext()) {
                if (report(run(jobs.next(), out, used)) && search.mode() == FileSearch.Mode.QUIET) {
                    return TrawlCommand.MATCH; // grep -q: the first selected line ends it, errors or not
                }
            }
        }
        return errorSeen ? TrawlCommand.ERROR : anySelected ? TrawlCommand.MATCH : TrawlCommand.NO_MATCH;
    }

    /** A job in the window ahead, with its search when it runs on the pool. */
    private record Ahead(Job job, Future<Done> done) {}

    private void runParallel(Iterator<Job> jobs, int threads) {
        ExecutorService pool = null;
        try {
            int window = threads * 8;
            ArrayDeque<Ahead> ahead = new ArrayDeque<>();
            while (true) {
                while (ahead.size() < window && jobs.hasNext()) {
                    Job j = jobs.next();
                    Future<Done> f = null;
                    if (j.parallel()) {
                        if (pool == null) {
                            pool = Executors.newFixedThreadPool(threads, r -> {
                                Thread t = new Thread(r, "trawl-file");
                                t.setDaemon(true);
                                return t;
                            });
                        }
                        f = pool.submit(() -> run(j, Out.memory(), false));
                    }
                    ahead.add(new Ahead(j, f));
                }
                Ahead a = ahead.poll();
                if (a == null) {
                    return;
                }
                report(a.done == null ? run(a.job, out, used) : get(a.done));
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private static Done get(Future<Done> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Writes a job's output and messages; returns whether it selected a line. */
    private boolean report(Done d) {
        FileSearch.Outcome r = d.outcome;
        // grep reports a read error when it happens: after the lines printed so far, before -c's
        // count or -L's name, which come once the file is done
        boolean errorFirst = search.mode() != FileSearch.Mode.PRINT && search.mode() != FileSearch.Mode.JSON;
        if (d.error != null && errorFirst) {
            reportError(d);
        }
        if (d.buffer != null) {
            if (r != null && r.printedGroup() && used && o.groupSeparator != null && search.mode() == FileSearch.Mode.PRINT
                    && (o.beforeContext() >= 0 || o.afterContext() >= 0)) {
                search.formatSeparator(out);
            }
            d.buffer.drainTo(out);
        }
        if (r != null) {
            used |= r.used();
            stats.add(r);
            if (r.jsonBytes() > 0) {
                json[0] += r.jsonBytes();
                json[1] += r.bytes();
                json[2] += r.nanos();
                json[3] += r.selected();
                json[4] += Math.max(0, r.matches());
                json[5]++;
            }
            anySelected |= r.selected() > 0;
        }
        if (d.error != null && !errorFirst) {
            reportError(d);
        }
        if (r != null && r.binaryMatches()) {
            message(d.name + ": binary file matches"); // grep 3.8's wording, on stderr, whatever -s says
        }
        return r != null && r.selected() > 0;
    }

    private void reportError(Done d) {
        errorSeen |= !d.warningOnly;
        if (!o.noMessages) {
            message(d.error);
        }
    }

    private void message(String text) {
        out.flush();
        env.stderr().println("trawl: " + text);
    }

    /** Searches one job into {@code to}. */
    private Done run(Job j, Out to, boolean usedBefore) {
        if (j.error() != null) {
            return new Done(j.display(), null, null, j.error(), j.error().contains(": warning: "));
        }
        if (to == out && search.mode() != FileSearch.Mode.PRINT && search.mode() != FileSearch.Mode.JSON) {
            to = Out.memory(); // one line at most, written after any error message, as grep orders them
        }
        boolean buffered = to != out;
        String name = j.display();
        switch (j.kind()) {
            case DIRECTORY -> {
                if (o.directories == Options.Directories.SKIP) {
                    return new Done(name, null, null, null, false);
                }
                // grep reads a directory as a file; the read fails, and -c and -L still report it
                FileSearch.Outcome r = search.unreadable(name, showNames, to);
                return new Done(name, r, buffered ? to : null, name + ": Is a directory", false);
            }
            case OTHER -> {
                if (o.devices == Options.Devices.SKIP || o.devices == Options.Devices.READ_COMMAND_LINE && !j.commandLine()) {
                    return new Done(name, null, null, null, false);
                }
            }
            default -> { }
        }
        if (isTheOutput(j)) {
            return new Done(name, null, null, name + ": input file is also the output", false);
        }
        LineInput in;
        try {
            in = open(j);
        } catch (IOException | RuntimeException e) {
            return new Done(name, null, null, name + ": " + Errors.reason(e), false);
        }
        Progress bar = buffered || j.size() < Progress.THRESHOLD ? null : progress;
        try (in) {
            FileSearch.Outcome r = search.search(in, name, showNames, to, usedBefore, bar, j.size(), statSize(j));
            return new Done(name, r, buffered ? to : null, null, false);
        } catch (FileSearch.ReadFailure f) {
            return new Done(name, f.partial, buffered ? to : null, name + ": " + Errors.reason(f.getCause()), false);
        } catch (dev.trawl.TrawlException e) {
            return new Done(name, null, null, name + ": " + Errors.reason(e), false);
        }
    }

    /**
     * grep's guard against reading what it writes ({@code trawl x f >> f} would never end): a regular
     * input that is standard output is skipped with a message, unless nothing is printed or at most
     * one line.
     */
    private boolean isTheOutput(Job j) {
        if (stdoutKey == null || o.maxCount <= 1
                || search.mode() != FileSearch.Mode.PRINT && search.mode() != FileSearch.Mode.JSON) {
            return false;
        }
        Object key = j.fileKey();
        if (j.kind() == Job.Kind.STDIN && env.processStdin()) {
            try {
                key = Files.readAttributes(Path.of("/proc/self/fd/0"), BasicFileAttributes.class).fileKey();
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }
        return stdoutKey.equals(key);
    }

    /** The size of the job's input when it is a regular file (standard input too), else -1: grep's st_size for -T. */
    private long statSize(Job j) {
        if (!o.initialTab || j.kind() == Job.Kind.REGULAR) {
            return j.size();
        }
        Path p = j.kind() == Job.Kind.STDIN ? (env.processStdin() ? Path.of("/proc/self/fd/0") : null) : j.path();
        try {
            BasicFileAttributes a = p == null ? null : Files.readAttributes(p, BasicFileAttributes.class);
            return a != null && a.isRegularFile() ? a.size() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private LineInput open(Job j) throws IOException {
        boolean eager = o.lineBuffered || env.stdoutTerminal();
        long keep = Math.max(0, o.beforeContext());
        return switch (j.kind()) {
            case STDIN -> stdin(eager, keep);
            case REGULAR -> LineInput.open(j.path(), eager, keep);
            default -> {
                BasicFileAttributes a = Files.readAttributes(j.path(), BasicFileAttributes.class);
                if (a.isRegularFile()) {
                    yield LineInput.open(j.path(), eager, keep);
                }
                yield LineInput.stream(new FileInputStream(j.path().toFile()), eager, keep);
            }
        };
    }

    /** Standard input: mapped from its current offset when it is a regular file, else streamed. */
    private LineInput stdin(boolean eager, long keep) throws IOException {
        InputStream in = env.stdin();
        if (env.processStdin() && in instanceof FileInputStream fin) {
            try {
                BasicFileAttributes a = Files.readAttributes(Path.of("/proc/self/fd/0"), BasicFileAttributes.class);
                if (a.isRegularFile()) {
                    FileChannel ch = fin.getChannel();
                    long pos = ch.position();
                    long size = ch.size() - pos;
                    if (size <= 0) {
                        return LineInput.stream(InputStream.nullInputStream(), eager, keep);
                    }
                    return size <= LineInput.READ_LIMIT ? LineInput.stream(in, eager, keep)
                            : LineInput.map(ch, pos, size, keep);
                }
            } catch (IOException | UnsupportedOperationException e) {
                // not a file we can map: stream it
            }
        }
        return LineInput.stream(in, eager, keep);
    }
}
