package dev.trawl.cli;

import dev.trawl.MatchSink;
import dev.trawl.PatternSet;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Turns the ordered match stream of one input into grep-style output. Matches arrive by start, so the
 * line of each match is found by moving a cursor forward; line numbers are only counted when asked
 * for (-n, --json), otherwise a match's line is found by looking around it.
 */
final class LineReporter implements MatchSink {
    enum Mode { LINES, ONLY_MATCHING, COUNT, FILES, JSON }

    private final Mode mode;
    private final MemorySegment text;
    private final long size;
    private final PatternSet patterns;
    private final String name;
    private final boolean showName;
    private final boolean needLineNumbers;
    private final PrintStream out;

    private long lineStart = 0;
    private long lineEnd = -1; // offset of the line's '\n' (or size); -1 before the first line is found
    private long lineNo = 0;
    private long matchedLines;
    private long matches;

    LineReporter(Mode mode, MemorySegment text, PatternSet patterns, String name, boolean showName, boolean lineNumbers,
            PrintStream out) {
        this.mode = mode;
        this.text = text;
        this.size = text.byteSize();
        this.patterns = patterns;
        this.name = name;
        this.showName = showName;
        this.needLineNumbers = lineNumbers || mode == Mode.JSON;
        this.out = out;
    }

    @Override
    public boolean onMatch(int patternId, long start, long end) {
        matches++;
        boolean newLine = start > lineEnd;
        if (newLine) {
            moveTo(start);
            matchedLines++;
        }
        switch (mode) {
            case FILES -> {
                out.println(name);
                return false;
            }
            case COUNT -> { }
            case LINES -> {
                if (newLine) {
                    prefix();
                    out.write(bytes(lineStart, lineEnd), 0, (int) (lineEnd - lineStart));
                    out.write('\n');
                }
            }
            case ONLY_MATCHING -> {
                prefix();
                out.write(bytes(start, end), 0, (int) (end - start));
                out.write('\n');
            }
            case JSON -> json(patternId, start, end);
        }
        return true;
    }

    void finish() {
        if (mode == Mode.COUNT) {
            if (showName) {
                out.print(name + ":");
            }
            out.println(matchedLines);
        }
    }

    long matchedLines() {
        return matchedLines;
    }

    long matches() {
        return matches;
    }

    private void prefix() {
        if (showName) {
            out.print(name);
            out.print(':');
        }
        if (needLineNumbers) {
            out.print(lineNo);
            out.print(':');
        }
    }

    /** Makes the current line the one holding {@code pos}, which lies after the current line. */
    private void moveTo(long pos) {
        if (needLineNumbers) {
            long from = lineEnd < 0 ? 0 : lineEnd + 1;
            if (lineEnd < 0) {
                lineNo = 1;
                lineStart = 0;
                lineEnd = indexOfNewline(0);
            }
            while (pos > lineEnd) {
                lineStart = lineEnd + 1;
                lineEnd = indexOfNewline(lineStart);
                lineNo++;
            }
            assert from <= lineStart;
        } else {
            long s = pos;
            while (s > 0 && text.get(ValueLayout.JAVA_BYTE, s - 1) != '\n') {
                s--;
            }
            lineStart = s;
            lineEnd = indexOfNewline(pos);
        }
    }

    private long indexOfNewline(long from) {
        for (long i = from; i < size; i++) {
            if (text.get(ValueLayout.JAVA_BYTE, i) == '\n') {
                return i;
            }
        }
        return size;
    }

    private byte[] bytes(long from, long to) {
        return text.asSlice(from, to - from).toArray(ValueLayout.JAVA_BYTE);
    }

    private void json(int id, long start, long end) {
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"pattern_id\":").append(id);
        sb.append(",\"pattern\":");
        Json.string(sb, patterns.pattern(id));
        sb.append(",\"file\":");
        Json.string(sb, name);
        sb.append(",\"line\":").append(lineNo);
        sb.append(",\"start_in_line\":").append(start - lineStart);
        sb.append(",\"end_in_line\":").append(end - lineStart);
        sb.append(",\"start\":").append(start);
        sb.append(",\"end\":").append(end);
        sb.append(",\"line_text\":");
        Json.string(sb, new String(bytes(lineStart, lineEnd), StandardCharsets.UTF_8));
        sb.append('}');
        out.println(sb);
    }
}
