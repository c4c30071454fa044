package dev.trawl.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.List;
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
    private boolean used;
    private boolean errorSeen;
    private boolean anySelected;
    /** ripgrep's summary counts only the inputs that printed something: these sums are over those. */
    private final long[] json = new long[6]; // bytes printed, bytes searched, nanos, lines, matches, inputs

    Searches(Options o, FileSearch search, TrawlCommand.Env env, Out out, boolean showNames, Stats stats) {
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

    /** Searches every job; returns the exit status. */
    int run(List<Job> jobs) {
        int threads = o.threads != null ? o.threads : Runtime.getRuntime().availableProcessors();
        boolean parallel = threads > 1 && jobs.size() > 1 && search.mode() != FileSearch.Mode.QUIET
                && jobs.stream().filter(Job::parallel).count() > 1;
        if (!parallel) {
            for (Job j : jobs) {
                if (report(run(j, out, used)) && search.mode() == FileSearch.Mode.QUIET) {
                    return TrawlCommand.MATCH; // grep -q: the first selected line ends it, errors or not
                }
            }
        } else {
            runParallel(jobs, threads);
        }
        return errorSeen ? TrawlCommand.ERROR : anySelected ? TrawlCommand.MATCH : TrawlCommand.NO_MATCH;
    }

    private void runParallel(List<Job> jobs, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "trawl-file");
            t.setDaemon(true);
            return t;
        });
        try {
            int window = threads * 8;
            ArrayDeque<Future<Done>> ahead = new ArrayDeque<>();
            int next = 0;
            for (int i = 0; i < jobs.size(); i++) {
                for (; next < jobs.size() && next < i + window; next++) {
                    Job j = jobs.get(next);
                    ahead.add(j.parallel() ? pool.submit(() -> run(j, Out.memory(), false)) : null);
                }
                Future<Done> f = ahead.poll();
                Done d = f == null ? run(jobs.get(i), out, used) : get(f);
                report(d);
            }
        } finally {
            pool.shutdownNow();
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
        LineInput in;
        try {
            in = open(j);
        } catch (IOException | RuntimeException e) {
            return new Done(name, null, null, name + ": " + Errors.reason(e), false);
        }
        try (in) {
            FileSearch.Outcome r = search.search(in, name, showNames, to, usedBefore);
            return new Done(name, r, buffered ? to : null, null, false);
        } catch (FileSearch.ReadFailure f) {
            return new Done(name, f.partial, buffered ? to : null, name + ": " + Errors.reason(f.getCause()), false);
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
