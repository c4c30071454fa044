package dev.trawl.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * What the command line asked for, as {@link OptionParser} read it: grep's options with grep's names
 * and defaults (-1 for "not given" where grep uses it), plus trawl's own ({@code --json},
 * {@code --engine}, {@code --threads}, {@code --stats}, {@code --list-engines}).
 */
final class Options {
    enum Syntax { DEFAULT, EXTENDED, FIXED, PERL }

    enum BinaryFiles { BINARY, TEXT, WITHOUT_MATCH }

    enum Directories { READ, RECURSE, SKIP }

    enum Devices { READ_COMMAND_LINE, READ, SKIP }

    enum ListFiles { NONE, MATCHING, NON_MATCHING }

    /** A pattern source in command-line order: {@code -e TEXT} or {@code -f FILE}. */
    record PatternSource(boolean file, String value) {}

    /** One --include, --exclude or --exclude-from pattern, in command-line order. */
    record FileGlob(String glob, boolean include) {}

    Syntax syntax = Syntax.DEFAULT;
    final List<PatternSource> patterns = new ArrayList<>();
    boolean ignoreCase;
    boolean wordRegexp;
    boolean lineRegexp;

    boolean noMessages;
    boolean invert;
    boolean help;
    boolean version;

    long maxCount = Long.MAX_VALUE;
    boolean byteOffset;
    boolean lineNumber;
    /** -T: a tab before each line's text, line numbers and byte offsets padded to one width a file. */
    boolean initialTab;
    boolean lineBuffered;
    /** -1 for -h, 1 for -H, 0 for neither (the last one given wins). */
    int filenameOption;
    String label;
    boolean onlyMatching;
    boolean quiet;
    BinaryFiles binaryFiles = BinaryFiles.BINARY;
    Directories directories = Directories.READ;
    Devices devices = Devices.READ_COMMAND_LINE;
    /** -R: follow every symbolic link while recursing; -r follows only those named on the command line. */
    boolean dereference;
    /** Whether -r, -R or -d recurse came last among the options that set the directory action. */
    boolean recursiveGiven;
    final List<FileGlob> fileGlobs = new ArrayList<>();
    final List<String> excludeDirs = new ArrayList<>();
    ListFiles listFiles = ListFiles.NONE;
    boolean count;
    boolean nullAfterName;

    long before = -1;
    long after = -1;
    long context = -1;
    /** null: --no-group-separator. */
    String groupSeparator = "--";
    /** 0 never, 1 always, 2 auto (only on a terminal). */
    int color;

    boolean json;
    boolean stats;
    boolean listEngines;
    String engine = "auto";
    Integer threads;

    final List<String> operands = new ArrayList<>();

    /** Lines of leading context, after -C filled in what -B left unset (-1: none asked for). */
    long beforeContext() {
        return before >= 0 ? before : context;
    }

    long afterContext() {
        return after >= 0 ? after : context;
    }

    boolean fixed() {
        return syntax == Syntax.FIXED;
    }
}
