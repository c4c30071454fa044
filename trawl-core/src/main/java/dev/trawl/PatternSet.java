package dev.trawl;

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
 * An ordered list of non-empty literal patterns; a pattern's id is its index. Patterns are held as
 * UTF-8 bytes (or raw bytes, when added as bytes), so sets of millions stay compact. Immutable.
 *
 * <p>Option: {@linkplain Builder#caseInsensitive(boolean) ASCII case-insensitive} matching, where
 * {@code A-Z} and {@code a-z} are equal and every other byte only equals itself.
 */
public final class PatternSet {
    private final byte[][] patterns;
    private final String[] labels; // null when no pattern has a label
    private final boolean caseInsensitive;
    private final int maxLength;
    private final int minLength;

    private PatternSet(byte[][] patterns, String[] labels, boolean caseInsensitive) {
        this.patterns = patterns;
        this.labels = labels;
        this.caseInsensitive = caseInsensitive;
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
        return on == caseInsensitive ? this : new PatternSet(patterns, labels, on);
    }

    @Override
    public String toString() {
        return "PatternSet[" + patterns.length + " patterns" + (caseInsensitive ? ", case-insensitive" : "") + "]";
    }

    /** Builds a {@link PatternSet}; not thread-safe. */
    public static final class Builder {
        private final List<byte[]> patterns = new ArrayList<>();
        private List<String> labels;
        private boolean caseInsensitive;

        private Builder() {}

        public Builder add(String pattern) {
            return add(pattern, null);
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

        /** Adds every line of a UTF-8 file; see {@link PatternSet#fromFile(Path)}. */
        public Builder addFile(Path file) {
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
                try {
                    utf8.decode(ByteBuffer.wrap(p));
                } catch (CharacterCodingException e) {
                    throw new PatternFileException(file, line, "invalid UTF-8 in pattern");
                }
                addChecked(p, null);
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
            return new PatternSet(patterns.toArray(new byte[0][]), l, caseInsensitive);
        }

        private Builder addChecked(byte[] p, String label) {
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
