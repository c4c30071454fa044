package dev.trawl.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
    private final List<Job> jobs = new ArrayList<>();

    Walker(Options o, FileFilter filter, String stdinName) {
        this.o = o;
        this.filter = filter;
        this.stdinName = stdinName;
    }

    /** The jobs for {@code operands}; {@code implicitDot}: the operand "." was not given but implied by -r. */
    List<Job> jobs(List<String> operands, boolean implicitDot) {
        for (String op : operands) {
            operand(op, implicitDot);
        }
        return jobs;
    }

    private void operand(String op, boolean implicitDot) {
        if (op.equals("-")) {
            jobs.add(new Job(stdinName, null, Job.Kind.STDIN, -1, true, null));
            return;
        }
        Path p = Path.of(op);
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            jobs.add(new Job(op, p, Job.Kind.MISSING, -1, true, op + ": " + Errors.reason(e)));
            return;
        } catch (RuntimeException e) {
            jobs.add(new Job(op, p, Job.Kind.MISSING, -1, true, op + ": " + Errors.reason(e)));
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
                jobs.add(new Job(op, p, Job.Kind.DIRECTORY, -1, true, null));
            }
            return;
        }
        if (filter.skipsFile(op, true)) {
            return;
        }
        if (a.isRegularFile()) {
            jobs.add(new Job(op, p, Job.Kind.REGULAR, a.size(), true, null));
        } else if (o.devices != Options.Devices.SKIP) {
            jobs.add(new Job(op, p, Job.Kind.OTHER, -1, true, null));
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
            jobs.add(new Job(name, dir, Job.Kind.MISSING, -1, false, name + ": " + Errors.reason(e)));
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
                jobs.add(new Job(display, e, Job.Kind.MISSING, -1, false, display + ": " + Errors.reason(ex)));
                continue;
            }
            if (a.isDirectory()) {
                if (filter.skipsDirectory(base, false)) {
                    continue;
                }
                Object key = a.fileKey();
                if (key != null && !ancestors.add(key)) {
                    jobs.add(new Job(display, e, Job.Kind.MISSING, -1, false, display + ": warning: recursive directory loop"));
                    continue;
                }
                walk(e, display, ancestors);
                if (key != null) {
                    ancestors.remove(key);
                }
            } else if (filter.skipsFile(base, false)) {
                continue;
            } else if (a.isRegularFile()) {
                jobs.add(new Job(display, e, Job.Kind.REGULAR, a.size(), false, null));
            } else if (o.devices == Options.Devices.READ) {
                jobs.add(new Job(display, e, Job.Kind.OTHER, -1, false, null));
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
