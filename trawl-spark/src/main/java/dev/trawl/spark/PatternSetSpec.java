package dev.trawl.spark;

import dev.trawl.PatternSet;
import java.io.Serial;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A {@link PatternSet} in a form that travels to executors (PatternSet itself is not
 * {@link Serializable}): each pattern's bytes, kind and label, and the set's options. Executors
 * rebuild the set from it once ({@link #toPatternSet}) and compile that.
 *
 * <p>{@link #version()} is a SHA-256 of everything here, so a name registered again with other
 * patterns gets another entry in the executors' cache of compiled sets rather than a stale one.
 */
final class PatternSetSpec implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final byte[][] patterns;
    private final boolean[] regex;
    private final String[] labels; // a label per pattern, null where it has none
    private final boolean caseInsensitive;
    private final boolean multiline;
    private final boolean dotAll;
    private final String version;

    private PatternSetSpec(byte[][] patterns, boolean[] regex, String[] labels, boolean caseInsensitive,
            boolean multiline, boolean dotAll) {
        this.patterns = patterns;
        this.regex = regex;
        this.labels = labels;
        this.caseInsensitive = caseInsensitive;
        this.multiline = multiline;
        this.dotAll = dotAll;
        this.version = digest();
    }

    static PatternSetSpec of(PatternSet set) {
        int n = set.size();
        byte[][] patterns = new byte[n][];
        boolean[] regex = new boolean[n];
        String[] labels = new String[n];
        for (int id = 0; id < n; id++) {
            patterns[id] = set.bytes(id).clone();
            regex[id] = set.isRegex(id);
            labels[id] = set.label(id);
        }
        return new PatternSetSpec(patterns, regex, labels, set.caseInsensitive(), set.multiline(), set.dotAll());
    }

    int size() {
        return patterns.length;
    }

    /** What the functions report for pattern {@code id}: its label, or its id in decimal when it has none. */
    String name(int id) {
        return labels[id] != null ? labels[id] : Integer.toString(id);
    }

    String version() {
        return version;
    }

    /**
     * The set again. Labels are left out: the functions report {@link #name}, and a literal given as
     * bytes that are not UTF-8 could not carry one through the builder anyway.
     */
    PatternSet toPatternSet() {
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(caseInsensitive).multiline(multiline).dotAll(dotAll);
        for (int id = 0; id < patterns.length; id++) {
            if (regex[id]) {
                b.addRegex(new String(patterns[id], StandardCharsets.UTF_8));
            } else {
                b.add(patterns[id]);
            }
        }
        return b.build();
    }

    private String digest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((byte) ((caseInsensitive ? 1 : 0) | (multiline ? 2 : 0) | (dotAll ? 4 : 0)));
            for (int id = 0; id < patterns.length; id++) {
                update(sha, patterns[id]);
                sha.update((byte) (regex[id] ? 1 : 0));
                update(sha, labels[id] == null ? null : labels[id].getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    private static void update(MessageDigest sha, byte[] bytes) {
        int n = bytes == null ? -1 : bytes.length; // length first, so that ("ab","c") and ("a","bc") differ
        sha.update(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n});
        if (bytes != null) {
            sha.update(bytes);
        }
    }
}
