package dev.trawl;

import dev.trawl.regex.RegexSet;
import dev.trawl.regex.Regexp;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * An ordered list of patterns; a pattern's id is its index. Patterns are held as UTF-8 bytes (or
 * raw bytes, when added as bytes), so sets of millions stay compact. Immutable.
 *
 * <p>A pattern is a {@linkplain Kind#LITERAL literal} (non-empty bytes; every occurrence matches,
 * overlapping ones included) or a {@linkplain Kind#REGEX regex} (see {@link dev.trawl.regex.Parser}
 * for the syntax; its matches are those {@code java.util.regex.Matcher.find()} returns, leftmost-first
 * and non-overlapping). A set may mix both; matches of all patterns arrive ordered by start, then
 * pattern id. Only engines that {@linkplain Engine#supportsRegex() support regexes} take a set
 * holding any.
 *
 * <p>Options: {@linkplain Builder#caseInsensitive(boolean) ASCII case-insensitive} matching, where
 * {@code A-Z} and {@code a-z} are equal and every other byte only equals itself (for regexes, as
 * {@code (?i)}); {@linkplain Builder#multiline(boolean) multiline} and {@linkplain
 * Builder#dotAll(boolean) dot-all} for regexes, as {@code (?m)} and {@code (?s)}.
 *
 * <p>Pattern files hold one pattern per line. {@link Builder#addFile(Path)} reads every line as the
 * builder's {@linkplain Builder#defaultKind(Kind) default kind} (literal unless set).
 * {@link Builder#addPrefixedFile(Path)} lets each line say its kind: a line starting with
 * {@value #REGEX_PREFIX} is a regex, one starting with {@value #LITERAL_PREFIX} a literal (the prefix
 * is not part of the pattern), any other line is of the default kind; so a literal that starts with
 * {@code re:} is written {@code lit:re:...}.
 */
public final class PatternSet {
    /** The kind of a pattern. */
    public enum Kind {
        LITERAL,
        REGEX
    }

    /** In a {@linkplain Builder#addPrefixedFile(Path) prefixed pattern file}, marks a regex line. */
    public static final String REGEX_PREFIX = "re:";
    /** In a {@linkplain Builder#addPrefixedFile(Path) prefixed pattern file}, marks a literal line. */
    public static final String LITERAL_PREFIX = "lit:";

    private final byte[][] patterns;
    private final String[] labels; // null when no pattern has a label
    private final boolean[] regex; // null when every pattern is a literal
    private final boolean caseInsensitive;
    private final boolean multiline;
    private final boolean dotAll;
    private final int regexCount;
    private final int maxLength;
    private final int minLength;
    private final Regexp[] trees; // by pattern id: the regexes as parsed by the builder; null when none
    private final int treeFlags; // the flags those trees were parsed with
    private volatile RegexSet regexSet; // made on first use, for these options

    private PatternSet(byte[][] patterns, String[] labels, boolean[] regex, boolean caseInsensitive,
            boolean multiline, boolean dotAll, Regexp[] trees, int treeFlags) {
        this.patterns = patterns;
        this.trees = trees;
        this.treeFlags = treeFlags;
        this.labels = labels;
        this.regex = regex;
        this.caseInsensitive = caseInsensitive;
        this.multiline = multiline;
        this.dotAll = dotAll;
        int rc = 0;
        if (regex != null) {
            for (boolean b : regex) {
                rc += b ? 1 : 0;
            }
        }
        this.regexCount = rc;
        int max = 0;
        int min = patterns.length == 0 ? 0 : Integer.MAX_VALUE;
        for (byte[] p : patterns) {
            max = Math.max(max, p.length);
            min = Math.min(min, p.length);
        }
        this.maxLength = max;
        this.minLength = min;
    }

    /** A case-sensitive set of the given patterns, in order. */
    public static PatternSet of(String... patterns) {
        return builder().addAll(Arrays.asList(patterns)).build();
    }

    /** A case-sensitive set of the given patterns, in order. */
    public static PatternSet of(Collection<String> patterns) {
        return builder().addAll(patterns).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads one pattern per line (UTF-8; a trailing {@code \r} is dropped, so CRLF files work; a
     * final newline does not make an empty pattern).
     *
     * @throws PatternFileException naming the file and line for a missing or unreadable file, a
     *     directory, an empty line or invalid UTF-8
     */
    public static PatternSet fromFile(Path file) {
        return builder().addFile(file).build();
    }

    public int size() {
        return patterns.length;
    }

    public boolean isEmpty() {
        return patterns.length == 0;
    }

    public boolean caseInsensitive() {
        return caseInsensitive;
    }

    /** Whether regexes are compiled as with {@code (?m)}. */
    public boolean multiline() {
        return multiline;
    }

    /** Whether regexes are compiled as with {@code (?s)}. */
    public boolean dotAll() {
        return dotAll;
    }

    public Kind kind(int id) {
        return isRegex(id) ? Kind.REGEX : Kind.LITERAL;
    }

    public boolean isRegex(int id) {
        Objects.checkIndex(id, patterns.length);
        return regex != null && regex[id];
    }

    /** Whether any pattern is a regex: then only regex engines take the set. */
    public boolean hasRegex() {
        return regexCount > 0;
    }

    public int regexCount() {
        return regexCount;
    }

    /**
     * The set's regexes, parsed and simplified with the set's flags, in id order: every regex engine,
     * the literal routing and the prefilter take them from here, so each regex is parsed once.
     */
    public RegexSet regexes() {
        RegexSet r = regexSet;
        if (r == null) {
            int flags = RegexSet.flags(caseInsensitive, multiline, dotAll);
            int[] ids = new int[regexCount];
            String[] sources = new String[regexCount];
            Regexp[] parsed = new Regexp[regexCount];
            int i = 0;
            for (int id = 0; id < patterns.length; id++) {
                if (isRegex(id)) {
                    boolean parsedAlready = trees != null && trees[id] != null && treeFlags == flags;
                    ids[i] = id;
                    sources[i] = pattern(id);
                    parsed[i] = parsedAlready ? trees[id] : RegexSet.parse(sources[i], flags);
                    i++;
                }
            }
            r = new RegexSet(ids, sources, parsed, flags);
            regexSet = r;
        }
        return r;
    }

    /** The pattern's bytes. The array is shared: do not modify it. */
    public byte[] bytes(int id) {
        return patterns[id];
    }

    /** The pattern as text (invalid UTF-8, possible only for byte patterns, decodes to U+FFFD). */
    public String pattern(int id) {
        return new String(patterns[id], StandardCharsets.UTF_8);
    }

    public int length(int id) {
        return patterns[id].length;
    }

    /** The label given when the pattern was added, or {@code null}. */
    public String label(int id) {
        Objects.checkIndex(id, patterns.length);
        return labels == null ? null : labels[id];
    }

    public int maxLength() {
        return maxLength;
    }

    public int minLength() {
        return minLength;
    }

    /** Total pattern bytes, for sizing tables. */
    public long totalBytes() {
        long t = 0;
        for (byte[] p : patterns) {
            t += p.length;
        }
        return t;
    }

    /** The same patterns with the other case option. */
    public PatternSet withCaseInsensitive(boolean on) {
        return on == caseInsensitive ? this : new PatternSet(patterns, labels, regex, on, multiline, dotAll, trees, treeFlags);
    }

    @Override
    public String toString() {
        return "PatternSet[" + patterns.length + " patterns" + (regexCount > 0 ? ", " + regexCount + " regexes" : "")
                + (caseInsensitive ? ", case-insensitive" : "") + "]";
    }

    /** Builds a {@link PatternSet}; not thread-safe. */
    public static final class Builder {
        private final List<byte[]> patterns = new ArrayList<>();
        private List<String> labels;
        private List<Boolean> regex; // null until the first regex
        private List<Regexp> trees; // parallel to regex: each regex as parsed when added, null for literals
        private List<Integer> treeFlags; // the flags each was parsed with
        private boolean caseInsensitive;
        private boolean multiline;
        private boolean dotAll;
        private Kind defaultKind = Kind.LITERAL;

        private Builder() {}

        /** The kind of patterns added without one ({@link #addPattern}, {@link #addFile}); literal by default. */
        public Builder defaultKind(Kind kind) {
            this.defaultKind = Objects.requireNonNull(kind, "kind");
            return this;
        }

        /** Adds a pattern of the {@linkplain #defaultKind(Kind) default kind}. */
        public Builder addPattern(String pattern) {
            return add(pattern, defaultKind, null);
        }

        /** Adds a pattern of the given kind. */
        public Builder add(String pattern, Kind kind, String label) {
            return kind == Kind.REGEX ? addRegex(pattern, label) : add(pattern, label);
        }

        /**
         * Adds a regex (parsed now: a bad one throws {@link dev.trawl.regex.RegexSyntaxException},
         * naming the construct and its position). The empty regex is allowed: it matches the empty
         * string at every position, as in Java. The parsed form is kept for the engines; set the
         * options ({@link #caseInsensitive}, {@link #multiline}, {@link #dotAll}) first, or a regex
         * added before a change is parsed again with the final options.
         */
        public Builder addRegex(String regex) {
            return addRegex(regex, null);
        }

        public Builder addRegex(String regex, String label) {
            Objects.requireNonNull(regex, "regex");
            int flags = RegexSet.flags(caseInsensitive, multiline, dotAll);
            Regexp tree = RegexSet.parse(regex, flags);
            if (this.regex == null) {
                this.regex = new ArrayList<>(patterns.size() + 16);
                this.trees = new ArrayList<>(patterns.size() + 16);
                this.treeFlags = new ArrayList<>(patterns.size() + 16);
                for (int i = 0; i < patterns.size(); i++) {
                    this.regex.add(false);
                    this.trees.add(null);
                    this.treeFlags.add(0);
                }
            }
            addChecked(regex.getBytes(StandardCharsets.UTF_8), label);
            int last = this.regex.size() - 1;
            this.regex.set(last, true);
            this.trees.set(last, tree);
            this.treeFlags.set(last, flags);
            return this;
        }

        /** Adds regexes, in order. */
        public Builder addAllRegex(Collection<String> all) {
            for (String p : all) {
                addRegex(p);
            }
            return this;
        }

        /**
         * Regexes as with {@code (?m)}: {@code ^} and {@code $} also at line boundaries. Not needed for
         * per-record calls ({@link Records}), where each record is a text of its own and plain {@code ^}
         * and {@code $} are its edges; with it, as in {@code java.util.regex}, {@code ^} never matches
         * at the end of a text, so not in an empty record ({@code ^$} then misses empty lines).
         */
        public Builder multiline(boolean on) {
            this.multiline = on;
            return this;
        }

        /** Regexes as with {@code (?s)}: {@code .} also matches {@code \n}. */
        public Builder dotAll(boolean on) {
            this.dotAll = on;
            return this;
        }

        public Builder add(String pattern) {
            return add(pattern, (String) null);
        }

        public Builder add(String pattern, String label) {
            Objects.requireNonNull(pattern, "pattern");
            if (pattern.isEmpty()) {
                throw new TrawlException("pattern " + patterns.size() + " is empty: every pattern needs at least one byte");
            }
            return addChecked(pattern.getBytes(StandardCharsets.UTF_8), label);
        }

        /** Adds a pattern given as raw bytes (need not be UTF-8); the array is copied. */
        public Builder add(byte[] pattern) {
            Objects.requireNonNull(pattern, "pattern");
            if (pattern.length == 0) {
                throw new TrawlException("pattern " + patterns.size() + " is empty: every pattern needs at least one byte");
            }
            return addChecked(pattern.clone(), null);
        }

        public Builder addAll(Collection<String> all) {
            for (String p : all) {
                add(p);
            }
            return this;
        }

        /**
         * Adds every line of a UTF-8 file as a pattern of the {@linkplain #defaultKind(Kind) default
         * kind}; see {@link PatternSet#fromFile(Path)}.
         */
        public Builder addFile(Path file) {
            return readFile(file, false);
        }

        /**
         * Adds every line of a UTF-8 file, each of the kind its prefix says ({@value
         * PatternSet#REGEX_PREFIX} or {@value PatternSet#LITERAL_PREFIX}), else of the default kind.
         */
        public Builder addPrefixedFile(Path file) {
            return readFile(file, true);
        }

        private Builder readFile(Path file, boolean prefixes) {
            byte[] data;
            if (Files.isDirectory(file)) {
                throw new PatternFileException(file, 0, "is a directory, not a pattern file");
            }
            try {
                data = Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                throw new PatternFileException(file, 0, "no such file");
            } catch (AccessDeniedException e) {
                throw new PatternFileException(file, 0, "permission denied");
            } catch (IOException e) {
                throw new PatternFileException(file, "cannot read: " + e.getMessage(), e);
            }
            CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            int lineStart = 0;
            long line = 1;
            while (lineStart < data.length) {
                int nl = indexOf(data, (byte) '\n', lineStart);
                int lineEnd = nl < 0 ? data.length : nl;
                int end = lineEnd;
                if (end > lineStart && data[end - 1] == '\r') {
                    end--;
                }
                if (end == lineStart) {
                    throw new PatternFileException(file, line, "empty pattern (every line must hold a pattern of at least one byte)");
                }
                byte[] p = Arrays.copyOfRange(data, lineStart, end);
                String text;
                try {
                    text = utf8.decode(ByteBuffer.wrap(p)).toString();
                } catch (CharacterCodingException e) {
                    throw new PatternFileException(file, line, "invalid UTF-8 in pattern");
                }
                Kind kind = defaultKind;
                if (prefixes && text.startsWith(REGEX_PREFIX)) {
                    kind = Kind.REGEX;
                    text = text.substring(REGEX_PREFIX.length());
                } else if (prefixes && text.startsWith(LITERAL_PREFIX)) {
                    kind = Kind.LITERAL;
                    text = text.substring(LITERAL_PREFIX.length());
                }
                if (kind == Kind.REGEX) {
                    try {
                        addRegex(text);
                    } catch (dev.trawl.regex.RegexSyntaxException e) {
                        throw new PatternFileException(file, line, e.getMessage());
                    }
                } else if (text.isEmpty()) {
                    throw new PatternFileException(file, line, "empty literal pattern");
                } else {
                    addChecked(text.getBytes(StandardCharsets.UTF_8), null);
                }
                lineStart = nl < 0 ? data.length : nl + 1;
                line++;
            }
            return this;
        }

        public Builder caseInsensitive(boolean on) {
            this.caseInsensitive = on;
            return this;
        }

        public PatternSet build() {
            String[] l = labels == null ? null : labels.toArray(new String[0]);
            boolean[] r = null;
            Regexp[] t = null;
            int flags = RegexSet.flags(caseInsensitive, multiline, dotAll);
            if (regex != null) {
                r = new boolean[regex.size()];
                t = new Regexp[regex.size()];
                for (int i = 0; i < r.length; i++) {
                    r[i] = regex.get(i);
                    // a regex parsed before the options changed is parsed again by regexes()
                    t[i] = r[i] && treeFlags.get(i) == flags ? trees.get(i) : null;
                }
            }
            return new PatternSet(patterns.toArray(new byte[0][]), l, r, caseInsensitive, multiline, dotAll, t, flags);
        }

        private Builder addChecked(byte[] p, String label) {
            if (regex != null) {
                regex.add(false);
                trees.add(null);
                treeFlags.add(0);
            }
            if (label != null && labels == null) {
                labels = new ArrayList<>(patterns.size() + 16);
                for (int i = 0; i < patterns.size(); i++) {
                    labels.add(null);
                }
            }
            patterns.add(p);
            if (labels != null) {
                labels.add(label);
            }
            return this;
        }

        private static int indexOf(byte[] a, byte b, int from) {
            for (int i = from; i < a.length; i++) {
                if (a[i] == b) {
                    return i;
                }
            }
            return -1;
        }
    }
}
