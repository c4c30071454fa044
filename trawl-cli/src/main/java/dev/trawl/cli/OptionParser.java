package dev.trawl.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the command line the way GNU grep's {@code getopt_long} does, so scripts written for grep
 * parse alike: short options cluster ({@code -inH}) and take their argument attached or as the next
 * word ({@code -A3}, {@code -e -x}: an option's argument is never read as an option); long options
 * take {@code --name=value} or, when the value is required, the next word, and may be shortened to
 * any unambiguous prefix ({@code --inc}); options and operands mix in any order until {@code --};
 * {@code -NUM} is {@code -C NUM}; {@code --color} takes its value only as {@code --color=WHEN}.
 * The messages are getopt's, with "trawl" for the program's name.
 */
final class OptionParser {
    /** A bad command line: the message, and whether grep would add its two usage lines. */
    static final class UsageException extends RuntimeException {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        final boolean usageHint;

        UsageException(String message, boolean usageHint) {
            super(message, null, false, false);
            this.usageHint = usageHint;
        }
    }

    private enum Arg { NONE, REQUIRED, OPTIONAL }

    private record LongOption(String name, Arg arg, String key) {}

    /** grep's long options, then trawl's; the key is the short option or the long name it acts as. */
    private static final LongOption[] LONGS = {
        new LongOption("basic-regexp", Arg.NONE, "G"),
        new LongOption("extended-regexp", Arg.NONE, "E"),
        new LongOption("regex", Arg.NONE, "E"),
        new LongOption("fixed-regexp", Arg.NONE, "F"),
        new LongOption("fixed-strings", Arg.NONE, "F"),
        new LongOption("perl-regexp", Arg.NONE, "P"),
        new LongOption("after-context", Arg.REQUIRED, "A"),
        new LongOption("before-context", Arg.REQUIRED, "B"),
        new LongOption("binary-files", Arg.REQUIRED, "binary-files"),
        new LongOption("byte-offset", Arg.NONE, "b"),
        new LongOption("context", Arg.REQUIRED, "C"),
        new LongOption("color", Arg.OPTIONAL, "color"),
        new LongOption("colour", Arg.OPTIONAL, "color"),
        new LongOption("count", Arg.NONE, "c"),
        new LongOption("devices", Arg.REQUIRED, "D"),
        new LongOption("directories", Arg.REQUIRED, "d"),
        new LongOption("exclude", Arg.REQUIRED, "exclude"),
        new LongOption("exclude-from", Arg.REQUIRED, "exclude-from"),
        new LongOption("exclude-dir", Arg.REQUIRED, "exclude-dir"),
        new LongOption("file", Arg.REQUIRED, "f"),
        new LongOption("files-with-matches", Arg.NONE, "l"),
        new LongOption("files-without-match", Arg.NONE, "L"),
        new LongOption("group-separator", Arg.REQUIRED, "group-separator"),
        new LongOption("help", Arg.NONE, "help"),
        new LongOption("include", Arg.REQUIRED, "include"),
        new LongOption("ignore-case", Arg.NONE, "i"),
        new LongOption("no-ignore-case", Arg.NONE, "no-ignore-case"),
        new LongOption("initial-tab", Arg.NONE, "T"),
        new LongOption("label", Arg.REQUIRED, "label"),
        new LongOption("line-buffered", Arg.NONE, "line-buffered"),
        new LongOption("line-number", Arg.NONE, "n"),
        new LongOption("line-regexp", Arg.NONE, "x"),
        new LongOption("max-count", Arg.REQUIRED, "m"),
        new LongOption("no-filename", Arg.NONE, "h"),
        new LongOption("no-group-separator", Arg.NONE, "no-group-separator"),
        new LongOption("no-messages", Arg.NONE, "s"),
        new LongOption("null", Arg.NONE, "Z"),
        new LongOption("null-data", Arg.NONE, "z"),
        new LongOption("only-matching", Arg.NONE, "o"),
        new LongOption("quiet", Arg.NONE, "q"),
        new LongOption("recursive", Arg.NONE, "r"),
        new LongOption("dereference-recursive", Arg.NONE, "R"),
        new LongOption("regexp", Arg.REQUIRED, "e"),
        new LongOption("invert-match", Arg.NONE, "v"),
        new LongOption("silent", Arg.NONE, "q"),
        new LongOption("text", Arg.NONE, "a"),
        new LongOption("binary", Arg.NONE, "U"),
        new LongOption("version", Arg.NONE, "V"),
        new LongOption("with-filename", Arg.NONE, "H"),
        new LongOption("word-regexp", Arg.NONE, "w"),
        new LongOption("json", Arg.NONE, "json"),
        new LongOption("engine", Arg.REQUIRED, "engine"),
        new LongOption("threads", Arg.REQUIRED, "threads"),
        new LongOption("stats", Arg.NONE, "stats"),
        new LongOption("list-engines", Arg.NONE, "list-engines"),
    };

    /** Short options taking an argument, and those taking none (grep's set). */
    private static final String SHORT_WITH_ARG = "ABCDdefm";
    private static final String SHORT_PLAIN = "EFGHIPTUVZabchiLlnoqRrsuvwxyz";

    private final Options o = new Options();
    private String digits; // -NUM being read
    private int digitsWord = -1;

    private OptionParser() {}

    static Options parse(String[] args) {
        OptionParser p = new OptionParser();
        p.read(args);
        return p.o;
    }

    private void read(String[] args) {
        int i = 0;
        while (i < args.length) {
            String a = args[i++];
            if (a.equals("--")) {
                while (i < args.length) {
                    o.operands.add(args[i++]);
                }
                break;
            }
            if (a.startsWith("--")) {
                i = longOption(a.substring(2), args, i);
            } else if (a.length() > 1 && a.charAt(0) == '-') {
                i = shortOptions(a, args, i);
            } else {
                o.operands.add(a);
            }
        }
        endDigits();
    }

    private int longOption(String body, String[] args, int next) {
        int eq = body.indexOf('=');
        String name = eq < 0 ? body : body.substring(0, eq);
        LongOption opt = find(name, "--" + body);
        String value = eq < 0 ? null : body.substring(eq + 1);
        if (value != null && opt.arg == Arg.NONE) {
            throw usage("option '--" + opt.name + "' doesn't allow an argument");
        }
        if (value == null && opt.arg == Arg.REQUIRED) {
            if (next >= args.length) {
                throw usage("option '--" + opt.name + "' requires an argument");
            }
            value = args[next++];
        }
        endDigits();
        apply(opt.key, value);
        return next;
    }

    /** The long option {@code name} names, exactly or as the prefix of only one. */
    private static LongOption find(String name, String asWritten) {
        List<LongOption> candidates = new ArrayList<>();
        for (LongOption l : LONGS) {
            if (l.name.equals(name)) {
                return l;
            }
            if (l.name.startsWith(name)) {
                candidates.add(l);
            }
        }
        if (candidates.isEmpty()) {
            throw usage("unrecognized option '" + asWritten + "'");
        }
        LongOption first = candidates.get(0);
        boolean same = candidates.stream().allMatch(c -> c.key.equals(first.key) && c.arg == first.arg);
        if (!same) {
            StringBuilder sb = new StringBuilder("option '" + asWritten.split("=", 2)[0] + "' is ambiguous; possibilities:");
            for (LongOption c : candidates) {
                sb.append(" '--").append(c.name).append('\'');
            }
            throw usage(sb.toString());
        }
        return first;
    }

    private int shortOptions(String word, String[] args, int next) {
        for (int k = 1; k < word.length(); k++) {
            char c = word.charAt(k);
            if (c >= '0' && c <= '9') {
                if (digits == null || digitsWord != next) {
                    endDigits();
                    digits = "";
                    digitsWord = next;
                }
                digits += c;
                continue;
            }
            endDigits();
            if (SHORT_WITH_ARG.indexOf(c) >= 0) {
                String value;
                if (k + 1 < word.length()) {
                    value = word.substring(k + 1);
                } else if (next < args.length) {
                    value = args[next++];
                } else {
                    throw usage("option requires an argument -- '" + c + "'");
                }
                apply(String.valueOf(c), value);
                return next;
            }
            if (SHORT_PLAIN.indexOf(c) < 0) {
                throw usage("invalid option -- '" + c + "'");
            }
            apply(String.valueOf(c), null);
        }
        return next;
    }

    private void endDigits() {
        if (digits != null) {
            o.context = contextLength(digits);
            digits = null;
        }
    }

    private void apply(String key, String v) {
        switch (key) {
            case "A" -> o.after = contextLength(v);
            case "B" -> o.before = contextLength(v);
            case "C" -> o.context = contextLength(v);
            case "D" -> o.devices = switch (v) {
                case "read" -> Options.Devices.READ;
                case "skip" -> Options.Devices.SKIP;
                default -> throw new UsageException("unknown devices method", false);
            };
            case "E" -> syntax(Options.Syntax.EXTENDED);
            case "F" -> syntax(Options.Syntax.FIXED);
            case "P" -> syntax(Options.Syntax.PERL);
            case "G" -> throw new UsageException("-G (basic regular expressions) is not supported: patterns are"
                    + " regular expressions in RE2 syntax, as with -E (see trawl --help)", false);
            case "H" -> o.filenameOption = 1;
            case "h" -> o.filenameOption = -1;
            case "I" -> o.binaryFiles = Options.BinaryFiles.WITHOUT_MATCH;
            case "a" -> o.binaryFiles = Options.BinaryFiles.TEXT;
            case "T" -> o.initialTab = true;
            case "z" -> throw new UsageException("-z (--null-data) is not supported: lines end at newlines", false);
            case "U", "u" -> { } // binary I/O on DOS; nothing to do here (and -u is an obsolete no-op)
            case "V" -> o.version = true;
            case "b" -> o.byteOffset = true;
            case "c" -> o.count = true;
            case "d" -> {
                o.directories = switch (v) {
                    case "read" -> Options.Directories.READ;
                    case "recurse" -> Options.Directories.RECURSE;
                    case "skip" -> Options.Directories.SKIP;
                    default -> throw usage("invalid argument '" + v + "' for '--directories'\nValid arguments are:\n"
                            + "  - 'read'\n  - 'recurse'\n  - 'skip'");
                };
                o.recursiveGiven = o.directories == Options.Directories.RECURSE;
            }
            case "e" -> o.patterns.add(new Options.PatternSource(false, v));
            case "f" -> o.patterns.add(new Options.PatternSource(true, v));
            case "i", "y" -> o.ignoreCase = true;
            case "no-ignore-case" -> o.ignoreCase = false;
            case "L" -> o.listFiles = Options.ListFiles.NON_MATCHING;
            case "l" -> o.listFiles = Options.ListFiles.MATCHING;
            case "m" -> o.maxCount = maxCount(v);
            case "n" -> o.lineNumber = true;
            case "o" -> o.onlyMatching = true;
            case "q" -> o.quiet = true;
            case "R" -> {
                o.dereference = true;
                o.directories = Options.Directories.RECURSE;
                o.recursiveGiven = true;
            }
            case "r" -> {
                o.directories = Options.Directories.RECURSE;
                o.recursiveGiven = true;
            }
            case "s" -> o.noMessages = true;
            case "v" -> o.invert = true;
            case "w" -> o.wordRegexp = true;
            case "x" -> o.lineRegexp = true;
            case "Z" -> o.nullAfterName = true;
            case "binary-files" -> o.binaryFiles = switch (v) {
                case "binary" -> Options.BinaryFiles.BINARY;
                case "text" -> Options.BinaryFiles.TEXT;
                case "without-match" -> Options.BinaryFiles.WITHOUT_MATCH;
                default -> throw new UsageException("unknown binary-files type", false);
            };
            case "color" -> o.color = color(v);
            case "exclude" -> o.fileGlobs.add(new Options.FileGlob(v, false));
            case "include" -> o.fileGlobs.add(new Options.FileGlob(v, true));
            case "exclude-from" -> ExcludeFrom.read(v, o.fileGlobs);
            case "exclude-dir" -> o.excludeDirs.add(stripTrailingSlashes(v));
            case "group-separator" -> o.groupSeparator = v;
            case "no-group-separator" -> o.groupSeparator = null;
            case "help" -> o.help = true;
            case "label" -> o.label = v;
            case "line-buffered" -> o.lineBuffered = true;
            case "json" -> o.json = true;
            case "engine" -> o.engine = v;
            case "threads" -> o.threads = threads(v);
            case "stats" -> o.stats = true;
            case "list-engines" -> o.listEngines = true;
            default -> throw new IllegalStateException("unhandled option " + key);
        }
    }

    private void syntax(Options.Syntax s) {
        if (o.syntax != Options.Syntax.DEFAULT && o.syntax != s) {
            throw new UsageException("conflicting matchers specified", false);
        }
        o.syntax = s;
    }

    /** grep's color words: always/yes/force, never/no/none, auto/tty/if-tty; anything else asks for help. */
    private int color(String v) {
        if (v == null) {
            return 2;
        }
        return switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "always", "yes", "force" -> 1;
            case "never", "no", "none" -> 0;
            case "auto", "tty", "if-tty" -> 2;
            default -> {
                o.help = true;
                yield o.color;
            }
        };
    }

    private static long contextLength(String v) {
        long n = parseCount(v);
        if (n < 0) {
            throw new UsageException(v + ": invalid context length argument", false);
        }
        return n;
    }

    private static long maxCount(String v) {
        long n = parseCount(v);
        if (n == Long.MIN_VALUE) {
            throw new UsageException("invalid max count", false);
        }
        return n < 0 ? Long.MAX_VALUE : n; // grep 3.8 takes a negative count as no limit
    }

    /** A decimal integer, saturated at the long range; {@code Long.MIN_VALUE} when not a number. */
    private static long parseCount(String v) {
        String s = v.strip();
        if (s.isEmpty()) {
            return Long.MIN_VALUE;
        }
        boolean negative = s.charAt(0) == '-';
        int i = s.charAt(0) == '-' || s.charAt(0) == '+' ? 1 : 0;
        if (i == s.length()) {
            return Long.MIN_VALUE;
        }
        long n = 0;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return Long.MIN_VALUE;
            }
            n = n > (Long.MAX_VALUE - 9) / 10 ? Long.MAX_VALUE : n * 10 + (c - '0');
        }
        return negative ? -Math.max(n, 1) : n;
    }

    private static Integer threads(String v) {
        long n = parseCount(v);
        if (n < 1 || n > 4096) {
            throw new UsageException("--threads must be a number from 1 to 4096, got '" + v + "'", false);
        }
        return (int) n;
    }

    private static String stripTrailingSlashes(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '/') {
            end--;
        }
        return s.substring(0, end);
    }

    private static UsageException usage(String message) {
        return new UsageException(message, true);
    }
}
