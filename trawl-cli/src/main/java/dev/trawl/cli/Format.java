package dev.trawl.cli;

import java.nio.charset.StandardCharsets;

/**
 * How output looks, for one input: what the line heads hold, colours (null without colour), and
 * the pieces grep writes outside lines: the count of {@code -c}, the name of {@code -l}/{@code -L},
 * the group separator.
 */
final class Format {
    final boolean showName;
    final boolean nullAfterName;
    final boolean lineNumber;
    final boolean byteOffset;
    final boolean onlyMatching;
    final boolean invert;
    final Colors colors;
    final Options.BinaryFiles binaryFiles;
    final boolean utf8;
    final byte[] groupSeparator; // null: none
    final byte[] name;
    final boolean initialTab;
    /** The least width of line numbers and byte offsets (-T), 0 for none. */
    final int offsetWidth;

    Format(Options o, boolean showName, boolean invert, Colors colors, boolean utf8) {
        this(showName, o.nullAfterName, o.lineNumber, o.byteOffset, o.onlyMatching, invert, colors, o.binaryFiles,
                utf8, o.groupSeparator == null ? null : o.groupSeparator.getBytes(StandardCharsets.UTF_8), new byte[0],
                o.initialTab, 0);
    }

    private Format(boolean showName, boolean nullAfterName, boolean lineNumber, boolean byteOffset,
            boolean onlyMatching, boolean invert, Colors colors, Options.BinaryFiles binaryFiles, boolean utf8,
            byte[] groupSeparator, byte[] name, boolean initialTab, int offsetWidth) {
        this.showName = showName;
        this.nullAfterName = nullAfterName;
        this.lineNumber = lineNumber;
        this.byteOffset = byteOffset;
        this.onlyMatching = onlyMatching;
        this.invert = invert;
        this.colors = colors;
        this.binaryFiles = binaryFiles;
        this.utf8 = utf8;
        this.groupSeparator = groupSeparator;
        this.name = name;
        this.initialTab = initialTab;
        this.offsetWidth = offsetWidth;
    }

    /**
     * The same format for the input of that name, with names shown or not ({@code -r PATTERN FILE} shows
     * none). {@code statSize} is the size of a regular file, else -1: under -T, as in grep, numbers take
     * as many digits as that size (plus one for line numbers) has, or as the largest {@code long} has.
     */
    Format forFile(String displayName, boolean show, long statSize) {
        int width = 0;
        if (initialTab) {
            long most = statSize < 0 ? Long.MAX_VALUE : statSize + (lineNumber ? 1 : 0);
            width = Long.toString(most).length();
        }
        return new Format(show, nullAfterName, lineNumber, byteOffset, onlyMatching, invert, colors, binaryFiles, utf8,
                groupSeparator, displayName.getBytes(StandardCharsets.UTF_8), initialTab, width);
    }

    /** Whether a line head of {@code len} bytes of text ends in -T's tab: only after a name or number, before text. */
    boolean tabAfterHead(long len) {
        return initialTab && (showName || lineNumber || byteOffset) && len != 0;
    }

    void name(Out out) {
        colored(out, colors == null ? null : colors.fileName, name);
    }

    void sep(Out out, char sep) {
        if (colors != null) {
            colors.start(out, colors.separator);
        }
        out.write(sep);
        if (colors != null) {
            colors.end(out, colors.separator);
        }
    }

    void number(Out out, long n, String color) {
        if (color != null) {
            colors.start(out, color);
        }
        if (offsetWidth > 0) {
            for (int pad = offsetWidth - Long.toString(n).length(); pad > 0; pad--) {
                out.write(' ');
            }
        }
        out.print(n);
        if (color != null) {
            colors.end(out, color);
        }
    }

    void separatorLine(Out out) {
        colored(out, colors == null ? null : colors.separator, groupSeparator);
        out.write('\n');
    }

    /** Writes {@code bytes} in {@code color} ({@code null}: uncoloured). */
    private void colored(Out out, String color, byte[] bytes) {
        if (color != null) {
            colors.start(out, color);
        }
        out.write(bytes);
        if (color != null) {
            colors.end(out, color);
        }
    }

    /** {@code -c}: {@code [NAME:]COUNT}. */
    void countLine(Out out, long count) {
        if (showName) {
            name(out);
            if (nullAfterName) {
                out.write(0);
            } else {
                sep(out, ':');
            }
        }
        out.print(count);
        out.write('\n');
        out.endLine();
    }

    /** {@code -l}/{@code -L}: the name, then a newline (a NUL with {@code -Z}). */
    void listLine(Out out) {
        name(out);
        out.write(nullAfterName ? 0 : '\n');
        out.endLine();
    }
}
