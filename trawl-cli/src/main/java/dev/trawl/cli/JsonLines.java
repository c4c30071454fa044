package dev.trawl.cli;

import dev.trawl.Records;
import java.lang.foreign.MemorySegment;

/**
 * ripgrep's {@code --json} output (JSON Lines) for one input: {@code begin} before its first line,
 * a {@code match} message per selected line and a {@code context} message per context line, each
 * with {@code path}, {@code lines} (the line with its newline), {@code line_number},
 * {@code absolute_offset} and {@code submatches}, then {@code end} with the input's
 * {@code stats}; nothing for an input without output. Each submatch carries, beside ripgrep's
 * {@code match}, {@code start} and {@code end}, the {@code pattern_id} (the pattern's index among
 * the distinct patterns given); they are every match the engine reports, overlapping literal
 * occurrences included. {@link #summary} writes the {@code summary} message that ends the output.
 */
final class JsonLines implements LineSink {
    private final Out out;
    private final String path;
    private final LineMatches lineMatches;
    private final int[] sourceIds;
    private final boolean invert;

    private Batch b;
    private MemorySegment buf;
    private boolean begun;
    private long printed;
    private long submatches;

    JsonLines(Out out, String path, LineSelector selector, int[] sourceIds, boolean invert) {
        this.out = out;
        this.path = path;
        this.lineMatches = new LineMatches(selector);
        this.sourceIds = sourceIds;
        this.invert = invert;
    }

    @Override
    public void batch(Batch batch, Records lines, long firstLine, Matches matches) {
        this.b = batch;
        this.buf = batch.buf();
        this.lineMatches.batch(buf, matches);
    }

    @Override
    public boolean line(long start, long end, long number, boolean selected, int record) {
        if (!begun) {
            begun = true;
            StringBuilder sb = new StringBuilder(64);
            sb.append("{\"type\":\"begin\",\"data\":{\"path\":");
            path(sb);
            sb.append("}}");
            emit(sb);
        }
        StringBuilder sb = new StringBuilder(256);
        sb.append("{\"type\":\"").append(selected ? "match" : "context").append("\",\"data\":{\"path\":");
        path(sb);
        sb.append(",\"lines\":");
        long lineTo = end < b.to() ? end + 1 : end; // with its newline, as ripgrep gives it
        Json.data(sb, buf, start, lineTo);
        sb.append(",\"line_number\":").append(number + 1);
        sb.append(",\"absolute_offset\":").append(b.bufOffset() + start);
        sb.append(",\"submatches\":[");
        if (selected && !invert) {
            submatches(sb, start, end, record);
        }
        sb.append("]}}");
        emit(sb);
        return true;
    }

    private void submatches(StringBuilder sb, long start, long end, int record) {
        LineMatches.Range line = lineMatches.find(start, end, record);
        Matches m = line.matches();
        int i = line.first();
        int last = line.last();
        for (int k = i; k < last; k++) {
            if (k > i) {
                sb.append(',');
            }
            sb.append("{\"match\":");
            Json.data(sb, buf, start + m.start(k), start + m.end(k));
            sb.append(",\"start\":").append(m.start(k)).append(",\"end\":").append(m.end(k));
            sb.append(",\"pattern_id\":").append(sourceIds[m.pattern(k)]).append('}');
            submatches++;
        }
    }

    @Override
    public void groupSeparator() {
        // ripgrep's JSON has no separators: line numbers show the gaps
    }

    /** The {@code end} message, when the input had output. */
    void end(long nanos, long bytesSearched, long matchedLines, Long binaryOffset) {
        if (!begun) {
            return;
        }
        StringBuilder sb = new StringBuilder(256);
        sb.append("{\"type\":\"end\",\"data\":{\"path\":");
        path(sb);
        sb.append(",\"binary_offset\":").append(binaryOffset == null ? "null" : binaryOffset.toString());
        sb.append(",\"stats\":{\"elapsed\":");
        Json.duration(sb, nanos, false);
        sb.append(",\"searches\":1,\"searches_with_match\":").append(matchedLines > 0 ? 1 : 0);
        sb.append(",\"bytes_searched\":").append(bytesSearched);
        sb.append(",\"bytes_printed\":").append(printed);
        sb.append(",\"matched_lines\":").append(matchedLines);
        sb.append(",\"matches\":").append(submatches).append("}}}");
        sb.append('\n');
        out.print(sb.toString());
        out.endLine();
    }

    /**
     * ripgrep's closing {@code summary} message (its keys sorted, as ripgrep writes this one); like
     * ripgrep's, its stats add up the inputs that printed something.
     */
    static void summary(Out out, long totalNanos, long printed, long searched, long searchNanos, long matchedLines,
            long matches, long searches, long searchesWithMatch) {
        StringBuilder sb = new StringBuilder(256);
        sb.append("{\"data\":{\"elapsed_total\":");
        Json.duration(sb, totalNanos, true);
        sb.append(",\"stats\":{\"bytes_printed\":").append(printed);
        sb.append(",\"bytes_searched\":").append(searched);
        sb.append(",\"elapsed\":");
        Json.duration(sb, searchNanos, true);
        sb.append(",\"matched_lines\":").append(matchedLines);
        sb.append(",\"matches\":").append(matches);
        sb.append(",\"searches\":").append(searches);
        sb.append(",\"searches_with_match\":").append(searchesWithMatch);
        sb.append("}},\"type\":\"summary\"}\n");
        out.print(sb.toString());
    }

    long printed() {
        return printed;
    }

    long submatches() {
        return submatches;
    }

    private void path(StringBuilder sb) {
        sb.append("{\"text\":");
        Json.string(sb, path);
        sb.append('}');
    }

    private void emit(StringBuilder sb) {
        sb.append('\n');
        String s = sb.toString();
        long before = out.written();
        out.print(s);
        printed += out.written() - before;
        out.endLine();
    }
}
