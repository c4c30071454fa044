package dev.trawl.cli;

import dev.trawl.PatternSet;
import dev.trawl.RecordMatchSink;
import dev.trawl.Records;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * Turns the per-line match stream of one input ({@link dev.trawl.Matcher#scanRecords} over its lines)
 * into grep-style output. Each line is searched on its own, so no match crosses a line and every mode
 * (lines, {@code -o}, {@code -n}, {@code -l}, {@code -c}, {@code --json}) sees the same matches: the
 * line is the record, its number the record index plus one.
 */
final class LineReporter implements RecordMatchSink {
    enum Mode { LINES, ONLY_MATCHING, COUNT, FILES, JSON }

    private final Mode mode;
    private final Records lines;
    private final MemorySegment text;
    private final PatternSet patterns;
    private final String name;
    private final boolean showName;
    private final boolean lineNumbers;
    private final PrintStream out;

    private int lastLine = -1;
    private long matchedLines;
    private long matches;

    LineReporter(Mode mode, Records lines, PatternSet patterns, String name, boolean showName, boolean lineNumbers,
            PrintStream out) {
        this.mode = mode;
        this.lines = lines;
        this.text = lines.data();
        this.patterns = patterns;
        this.name = name;
        this.showName = showName;
        this.lineNumbers = lineNumbers;
        this.out = out;
    }

    @Override
    public boolean onMatch(int line, int patternId, long start, long end) {
        matches++;
        boolean newLine = line != lastLine;
        if (newLine) {
            lastLine = line;
            matchedLines++;
        }
        long lineStart = lines.start(line);
        switch (mode) {
            case FILES -> {
                out.println(name);
                return false;
            }
            case COUNT -> { }
            case LINES -> {
                if (newLine) {
                    prefix(line);
                    write(lineStart, lines.end(line));
                    out.write('\n');
                }
            }
            case ONLY_MATCHING -> {
                prefix(line);
                write(lineStart + start, lineStart + end);
                out.write('\n');
            }
            case JSON -> json(line, patternId, start, end);
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

    private void prefix(int line) {
        if (showName) {
            out.print(name);
            out.print(':');
        }
        if (lineNumbers) {
            out.print(line + 1L);
            out.print(':');
        }
    }

    private void write(long from, long to) {
        out.write(bytes(from, to), 0, (int) (to - from));
    }

    private byte[] bytes(long from, long to) {
        return text.asSlice(from, to - from).toArray(ValueLayout.JAVA_BYTE);
    }

    private void json(int line, int id, long start, long end) {
        long lineStart = lines.start(line);
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"pattern_id\":").append(id);
        sb.append(",\"pattern\":");
        Json.string(sb, patterns.pattern(id));
        sb.append(",\"file\":");
        Json.string(sb, name);
        sb.append(",\"line\":").append(line + 1L);
        sb.append(",\"start_in_line\":").append(start);
        sb.append(",\"end_in_line\":").append(end);
        sb.append(",\"start\":").append(lineStart + start);
        sb.append(",\"end\":").append(lineStart + end);
        sb.append(",\"line_text\":");
        Json.string(sb, new String(bytes(lineStart, lines.end(line)), StandardCharsets.UTF_8));
        sb.append('}');
        out.println(sb);
    }
}
