package dev.trawl.cli;

import dev.trawl.PatternSet;
import dev.trawl.regex.Parser;
import dev.trawl.regex.Regexes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The patterns as grep gathers them: every {@code -e} and {@code -f} in command-line order (or the
 * first operand when neither is given), each split at newlines, duplicates dropped (the first
 * stays). What the engines cannot take is kept aside:
 *
 * <ul>
 *   <li>The empty pattern matches every line, so it never reaches an engine: {@link #empty} says it
 *       was given (with {@code -x} it matches empty lines, with {@code -w} lines with an empty word
 *       gap; {@link LineSelector} applies that). No patterns at all ({@code -f /dev/null}) is grep's
 *       "match nothing": the empty pattern with {@code -v} flipped ({@link #invertFlipped}).
 *   <li>{@code -w} and {@code -F -x} are filters on the engine's matches ({@link #wordFilter},
 *       {@link #spanFilter}), so a literal set stays literal and every occurrence on a line is tried;
 *       a regex under {@code -x} is anchored ({@code ^(?:re)$}) instead, since its leftmost-first
 *       match need not be the one that spans the line.
 *   <li>{@code -i} folds letters beyond ASCII as grep does in a UTF-8 locale: a regex holding one gets
 *       {@code (?u)}, and a fixed string holding one goes to the literal engine (which folds ASCII
 *       only) as each of its spellings, all reported as that pattern.
 * </ul>
 */
final class Patterns {
    /** The engine's patterns, or null when only the empty pattern was given. */
    final PatternSet set;
    /** For each pattern of {@link #set}, its index among the distinct patterns as given. */
    final int[] sourceIds;
    /** The distinct patterns as given, in order (the empty one included). */
    final List<byte[]> distinct;
    final boolean empty;
    /** grep's {@code keycc == 0}: exactly one pattern, and it is empty. */
    final boolean onlyEmpty;
    final boolean invertFlipped;
    final boolean wordFilter;
    final boolean spanFilter;
    final boolean lineRegexp;

    private Patterns(PatternSet set, int[] sourceIds, List<byte[]> distinct, boolean empty, boolean invertFlipped,
            boolean wordFilter, boolean spanFilter, boolean lineRegexp) {
        this.set = set;
        this.sourceIds = sourceIds;
        this.distinct = distinct;
        this.empty = empty;
        this.onlyEmpty = empty && distinct.size() == 1;
        this.invertFlipped = invertFlipped;
        this.wordFilter = wordFilter;
        this.spanFilter = spanFilter;
        this.lineRegexp = lineRegexp;
    }

    /** Reads the patterns {@code o} names; the first operand is taken (removed) when no -e or -f was given. */
    static Patterns read(Options o, InputStream stdin) {
        List<byte[]> all = new ArrayList<>();
        if (o.patterns.isEmpty()) {
            if (o.operands.isEmpty()) {
                throw new OptionParser.UsageException(null, true);
            }
            splitLines(o.operands.removeFirst().getBytes(StandardCharsets.UTF_8), all, false);
        }
        for (Options.PatternSource s : o.patterns) {
            if (s.file()) {
                splitLines(readFile(s.value(), stdin), all, true);
            } else {
                splitLines(s.value().getBytes(StandardCharsets.UTF_8), all, false);
            }
        }
        List<byte[]> distinct = distinct(all);
        boolean invertFlipped = distinct.isEmpty();
        boolean lineRegexp = o.lineRegexp && !invertFlipped;
        boolean word = o.wordRegexp && !lineRegexp && !invertFlipped;
        if (invertFlipped) {
            distinct.add(new byte[0]); // grep: no pattern matches nothing, i.e. the empty one under -v
        }
        boolean empty = false;
        boolean fixed = o.fixed();
        // Every regex runs on each line as a text of its own (Records), so plain ^ and $ are the line's
        // edges. (?m) would add nothing there but Java's rule that (?m)^ never matches at the end of a
        // text, which made ^$ miss every empty line.
        PatternSet.Builder b = PatternSet.builder().caseInsensitive(o.ignoreCase).multiline(false)
                .defaultKind(fixed ? PatternSet.Kind.LITERAL : PatternSet.Kind.REGEX);
        int[] ids = new int[distinct.size()];
        int n = 0;
        for (int i = 0; i < distinct.size(); i++) {
            byte[] p = distinct.get(i);
            if (p.length == 0) {
                empty = true;
                continue;
            }
            String foldedLiteral = fixed && o.ignoreCase ? foldsBeyondAscii(p) : null;
            List<String> spellings = foldedLiteral == null ? List.of() : Regexes.caseSpellings(foldedLiteral, MAX_SPELLINGS);
            int added = 1; // engine patterns for this one
            if (fixed && foldedLiteral == null) {
                b.add(p);
            } else if (fixed && !spellings.isEmpty()) {
                // A literal engine folds ASCII only, where grep's -i folds all of Unicode in a UTF-8 locale:
                // it gets every spelling of the other letters, all reported as this pattern.
                for (String s : spellings) {
                    b.add(s.getBytes(StandardCharsets.UTF_8));
                }
                added = spellings.size();
            } else if (fixed) {
                b.addRegex(UNICODE_CASE + Regexes.quote(foldedLiteral)); // too many spellings: a regex folds them
            } else {
                String re = utf8(p, i);
                String ours = GnuEscapes.rewrite(re);
                if (lineRegexp) {
                    ours = Regexes.wholeRecord(ours);
                }
                if (o.ignoreCase && (Regexes.hasOtherCasesBeyondAscii(re) || CODE_POINT_ESCAPE.matcher(re).find())) {
                    ours = UNICODE_CASE + ours;
                }
                if (!ours.equals(re)) {
                    // Parsed as given first: the rewrites shift an error's position, and -x's group
                    // would close a stray ')' (grep -x 'a)(b' is an error, not "(a)(b" on a line).
                    Parser.parse(re, o.ignoreCase ? Parser.CASE_INSENSITIVE : 0);
                }
                b.addRegex(ours);
            }
            for (int k = 0; k < added; k++) {
                ids = grow(ids, n);
                ids[n++] = i;
            }
        }
        PatternSet set = n == 0 ? null : b.build();
        return new Patterns(set, java.util.Arrays.copyOf(ids, n), distinct, empty, invertFlipped, word,
                fixed && lineRegexp, lineRegexp);
    }

    /**
     * Prefixed to a pattern under {@code -i} that holds a letter outside ASCII (or an escape that can
     * name one): its letters then fold as grep's do in a UTF-8 locale ({@code é} matches {@code É}).
     * Patterns of ASCII alone keep ASCII folding, which lets a literal engine take them.
     */
    private static final String UNICODE_CASE = "(?u)";
    /**
     * Most spellings an {@code -F -i} literal is given to the literal engine as ({@link Regexes#caseSpellings}):
     * a word of six Greek letters has 64 or more. Past it the literal becomes a regex, and its set goes to a
     * regex engine.
     */
    private static final int MAX_SPELLINGS = 64;
    private static final java.util.regex.Pattern CODE_POINT_ESCAPE = java.util.regex.Pattern.compile("\\\\[xpPu0-7]");

    /** {@code ids}, or a copy twice as long when it has no room past {@code used}. */
    private static int[] grow(int[] ids, int used) {
        return used < ids.length ? ids : java.util.Arrays.copyOf(ids, Math.max(8, ids.length * 2));
    }

    /** The patterns without repeats, in order of first appearance. */
    private static List<byte[]> distinct(List<byte[]> all) {
        // Keys hash with Arrays.hashCode, a plain loop over the array: ByteBuffer keys (get(i) per
        // byte) took a third of reading 100,000 patterns in a fresh JVM.
        record Key(byte[] bytes, int hash) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && k.hash == hash && java.util.Arrays.equals(k.bytes, bytes);
            }

            @Override
            public int hashCode() {
                return hash;
            }
        }
        java.util.HashSet<Key> seen = java.util.HashSet.newHashSet(all.size()); // sized: no rehash of 100K patterns
        List<byte[]> distinct = new ArrayList<>(all.size());
        for (byte[] p : all) {
            if (seen.add(new Key(p, java.util.Arrays.hashCode(p)))) {
                distinct.add(p);
            }
        }
        return distinct;
    }

    /** Splits at '\n' as grep does: a final newline ends the last pattern; every other one separates two. */
    private static void splitLines(byte[] text, List<byte[]> into, boolean fromFile) {
        if (fromFile && text.length == 0) {
            return;
        }
        int end = fromFile && text[text.length - 1] == '\n' ? text.length - 1 : text.length;
        int start = 0;
        for (int i = 0; i <= end; i++) {
            if (i == end || text[i] == '\n') {
                into.add(java.util.Arrays.copyOfRange(text, start, i));
                start = i + 1;
            }
        }
    }

    private static byte[] readFile(String name, InputStream stdin) {
        try {
            return name.equals("-") ? stdin.readAllBytes() : Files.readAllBytes(Path.of(name));
        } catch (IOException e) {
            throw new CommandException(name + ": " + Errors.reason(e));
        } catch (OutOfMemoryError e) {
            throw new CommandException(name + ": memory exhausted");
        }
    }

    /**
     * A literal as text when it is valid UTF-8 and holds a letter outside ASCII with other cases; null
     * otherwise (ASCII alone, the common case, is answered without decoding).
     */
    private static String foldsBeyondAscii(byte[] p) {
        boolean ascii = true;
        for (byte x : p) {
            ascii &= x >= 0;
        }
        if (ascii) {
            return null;
        }
        try {
            String s = strictUtf8(p);
            return Regexes.hasOtherCasesBeyondAscii(s) ? s : null;
        } catch (CharacterCodingException e) {
            return null; // not text: matched as the bytes given
        }
    }

    private static String strictUtf8(byte[] p) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(p)).toString();
    }

    private static String utf8(byte[] p, int index) {
        try {
            return strictUtf8(p);
        } catch (CharacterCodingException e) {
            throw new CommandException("pattern " + (index + 1) + " is not valid UTF-8: regular expressions are"
                    + " read as UTF-8 (-F takes any bytes)");
        }
    }
}
