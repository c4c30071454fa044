package dev.trawl.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Which files and directories grep's {@code --include}, {@code --exclude}, {@code --exclude-from}
 * and {@code --exclude-dir} leave out, with gnulib's {@code exclude} rules: the last option whose
 * glob matches decides; when none matches, a file is left out only if the first such option was an
 * {@code --include}. Files met while recursing are matched by their base name; names given on the
 * command line by the whole name and by every part after a {@code /}.
 */
final class FileFilter {
    /** Consecutive globs of one kind, in command-line order. */
    private record Segment(boolean include, List<Glob> globs) {}

    private final List<Segment> files = new ArrayList<>();
    private final List<Glob> dirs = new ArrayList<>();

    FileFilter(List<Options.FileGlob> fileGlobs, List<String> excludeDirs) {
        for (Options.FileGlob g : fileGlobs) {
            if (files.isEmpty() || files.getLast().include != g.include()) {
                files.add(new Segment(g.include(), new ArrayList<>()));
            }
            files.getLast().globs.add(new Glob(g.glob()));
        }
        for (String d : excludeDirs) {
            dirs.add(new Glob(d));
        }
    }

    boolean isEmpty() {
        return files.isEmpty() && dirs.isEmpty();
    }

    /** Whether a file is left out: {@code name} is a base name while recursing, the operand on the command line. */
    boolean skipsFile(String name, boolean commandLine) {
        if (files.isEmpty()) {
            return false;
        }
        for (int s = files.size() - 1; s >= 0; s--) {
            for (Glob g : files.get(s).globs) {
                if (matches(g, name, commandLine)) {
                    return !files.get(s).include;
                }
            }
        }
        return files.getFirst().include;
    }

    boolean skipsDirectory(String name, boolean commandLine) {
        for (Glob g : dirs) {
            if (matches(g, name, commandLine)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(Glob g, String name, boolean commandLine) {
        if (g.matches(name)) {
            return true;
        }
        if (commandLine) {
            for (int i = 0; i < name.length() - 1; i++) {
                if (name.charAt(i) == '/' && name.charAt(i + 1) != '/' && g.matches(name.substring(i + 1))) {
                    return true;
                }
            }
        }
        return false;
    }
}
