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

    Format(Options o, boolean showName, boolean invert, Colors colors, boolean utf8) {
        this(showName, o.nullAfterName, o.lineNumber, o.byteOffset, o.onlyMatching, invert, colors, o.binaryFiles,
                utf8, o.groupSeparator == null ? null : o.groupSeparator.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    private Format(boolean showName, boolean nullAfterName, boolean lineNumber, boolean byteOffset,
            boolean onlyMatching, boolean invert, Colors colors, Options.BinaryFiles binaryFiles, boolean utf8,
            byte[] groupSeparator, byte[] name) {
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
    }

    /** The same format for the input of that name, with names shown or not ({@code -r PATTERN FILE} shows none). */
    Format forFile(String displayName, boolean show) {
        return new Format(show, nullAfterName, lineNumber, byteOffset, onlyMatching, invert, colors, binaryFiles, utf8,
                groupSeparator, displayName.getBytes(StandardCharsets.UTF_8));
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
