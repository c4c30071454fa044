package dev.trawl.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * Turns the operands into {@link Job}s in output order, as grep walks them: {@code -} is standard
 * input; a directory is recursed into with {@code -r}/{@code -R} (else reported or skipped in its
 * turn); {@code --include}/{@code --exclude} apply to command-line files too, by their whole name.
 * While recursing, entries come in name order (grep takes the directory's own order), symbolic links
 * are followed only with {@code -R}, devices, FIFOs and sockets are skipped unless {@code -D read},
 * and {@code --exclude-dir} and the globs match base names.
 */
final class Walker {
    private final Options o;
    private final FileFilter filter;
    private final String stdinName;
    private Consumer<Job> jobs;

    Walker(Options o, FileFilter filter, String stdinName) {
        this.o = o;
        this.filter = filter;
        this.stdinName = stdinName;
    }

    /** The jobs for {@code operands}; {@code implicitDot}: the operand "." was not given but implied by -r. */
    List<Job> jobs(List<String> operands, boolean implicitDot) {
        List<Job> all = new ArrayList<>();
        walk(operands, implicitDot, all::add);
        return all;
    }

    /**
     * The jobs for {@code operands}, made on a thread of their own while the caller searches the
     * first ones (listing 10,000 files takes a quarter of a second before the JIT has warmed up).
     */
    Iterator<Job> jobsInBackground(List<String> operands, boolean implicitDot) {
        BlockingQueue<Object> queue = new LinkedBlockingQueue<>(4096);
        Object end = new Object();
        Thread t = new Thread(() -> {
            try {
                walk(operands, implicitDot, j -> put(queue, j));
            } finally {
                put(queue, end);
            }
        }, "trawl-walk");
        t.setDaemon(true);
        t.start();
        return new Iterator<>() {
            private Object next;

            @Override
            public boolean hasNext() {
                if (next == null) {
                    try {
                        next = queue.take();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        next = end;
                    }
                }
                return next != end;
            }

            @Override
            public Job next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Job j = (Job) next;
                next = null;
                return j;
            }
        };
    }

    private static void put(BlockingQueue<Object> queue, Object o) {
        try {
            queue.put(o);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void walk(List<String> operands, boolean implicitDot, Consumer<Job> to) {
        this.jobs = to;
        for (String op : operands) {
            operand(op, implicitDot);
        }
    }

    private void operand(String op, boolean implicitDot) {
        if (op.equals("-")) {
            jobs.accept(new Job(stdinName, null, Job.Kind.STDIN, -1, true, null, null));
            return;
        }
        Path p = Path.of(op);
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            jobs.accept(new Job(op, p, Job.Kind.MISSING, -1, true, op + ": " + Errors.reason(e), null));
            return;
        } catch (RuntimeException e) {
            jobs.accept(new Job(op, p, Job.Kind.MISSING, -1, true, op + ": " + Errors.reason(e), null));
            return;
        }
        if (a.isDirectory()) {
            if (o.directories == Options.Directories.SKIP) {
                return;
            }
            if (!(implicitDot && o.directories == Options.Directories.RECURSE) && filter.skipsDirectory(op, true)) {
                return;
            }
            if (o.directories == Options.Directories.RECURSE) {
                Set<Object> ancestors = new HashSet<>();
                ancestors.add(a.fileKey());
                walk(p, implicitDot ? null : trimSlashes(op), ancestors);
            } else {
                jobs.accept(new Job(op, p, Job.Kind.DIRECTORY, -1, true, null, null));
            }
            return;
        }
        if (filter.skipsFile(op, true)) {
            return;
        }
        if (a.isRegularFile()) {
            jobs.accept(new Job(op, p, Job.Kind.REGULAR, a.size(), true, null, a.fileKey()));
        } else if (o.devices != Options.Devices.SKIP) {
            jobs.accept(new Job(op, p, Job.Kind.OTHER, -1, true, null, null));
        }
    }

    /** Adds the jobs under directory {@code dir}, shown under {@code prefix} (null: no prefix, for the implied "."). */
    private void walk(Path dir, String prefix, Set<Object> ancestors) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path e : ds) {
                entries.add(e);
            }
        } catch (IOException | RuntimeException e) {
            String name = prefix == null ? "." : prefix;
            jobs.accept(new Job(name, dir, Job.Kind.MISSING, -1, false, name + ": " + Errors.reason(e), null));
            return;
        }
        entries.sort((x, y) -> x.getFileName().toString().compareTo(y.getFileName().toString()));
        for (Path e : entries) {
            String base = e.getFileName().toString();
            String display = prefix == null ? base : prefix.equals("/") ? "/" + base : prefix + "/" + base;
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(e, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isSymbolicLink()) {
                    if (!o.dereference) {
                        continue;
                    }
                    a = Files.readAttributes(e, BasicFileAttributes.class);
                }
            } catch (IOException | RuntimeException ex) {
                jobs.accept(new Job(display, e, Job.Kind.MISSING, -1, false, display + ": " + Errors.reason(ex), null));
                continue;
            }
            if (a.isDirectory()) {
                if (filter.skipsDirectory(base, false)) {
                    continue;
                }
                Object key = a.fileKey();
                if (key != null && !ancestors.add(key)) {
                    jobs.accept(new Job(display, e, Job.Kind.MISSING, -1, false,
                            display + ": warning: recursive directory loop", null));
                    continue;
                }
                walk(e, display, ancestors);
                if (key != null) {
                    ancestors.remove(key);
                }
            } else if (filter.skipsFile(base, false)) {
                continue;
            } else if (a.isRegularFile()) {
                jobs.accept(new Job(display, e, Job.Kind.REGULAR, a.size(), false, null, a.fileKey()));
            } else if (o.devices == Options.Devices.READ) {
                jobs.accept(new Job(display, e, Job.Kind.OTHER, -1, false, null, null));
            }
        }
    }

    private static String trimSlashes(String op) {
        int end = op.length();
        while (end > 1 && op.charAt(end - 1) == '/') {
            end--;
        }
        return op.substring(0, end);
    }
}
