package dev.trawl.cli;

import dev.trawl.Records;
import java.lang.foreign.MemorySegment;

/**
 * grep's output format for one input, byte for byte as grep.c's {@code prline},
 * {@code print_line_head}, {@code print_line_middle} and {@code print_line_tail} write it:
 * {@code NAME SEP LINE SEP OFFSET SEP} before each line (file name with {@code -H}, line number
 * with {@code -n}, byte offset with {@code -b}; {@code ':'} for selected lines, {@code '-'} for
 * context; {@code -Z} puts a NUL after the name instead), every line ending in a newline.
 *
 * <p>Colour and {@code -o} walk the line's matches as grep does: from the left, the leftmost match
 * at or after the position reached, the longest among those starting there, then on from its end
 * (an empty match moves one byte). The matches come from the engine, every overlapping literal
 * occurrence and each regex's leftmost-first matches, already filtered by {@code -w}/{@code -x}.
 *
 * <p>In a UTF-8 locale, a line (or, with {@code -o}, a match) that is not valid UTF-8 is held back
 * and the input reported as a binary file that matches, as grep 3.8 does; a line holding a NUL byte
 * (one past grep's first 96 KiB) makes the rest of the input binary ({@link Printer#goQuiet}).
 */
final class GrepLines implements LineSink {
    private final Out out;
    private final Format f;
    private final LineMatches lineMatches;
    private final boolean checkBinary;
    private final boolean checkEncoding;
    private Printer printer;

    private Batch b;
    private MemorySegment buf;
    private Records lines;
    private boolean encodingError;

    GrepLines(Out out, Format f, LineSelector selector) {
        this.out = out;
        this.f = f;
        this.lineMatches = new LineMatches(selector);
        this.checkBinary = f.binaryFiles != Options.BinaryFiles.TEXT;
        this.checkEncoding = checkBinary && f.utf8;
    }

    void printer(Printer p) {
        this.printer = p;
    }

    /** Whether a line was held back for an encoding error (grep then says the file is binary). */
    boolean encodingError() {
        return encodingError;
    }

    @Override
    public void batch(Batch batch, Records lines, long firstLine, Matches matches) {
        this.b = batch;
        this.buf = batch.buf();
        this.lines = lines;
        this.lineMatches.batch(buf, matches);
    }

    @Override
    public boolean line(long start, long end, long number, boolean selected, int record) {
        if (checkBinary && Bytes.hasNul(buf, start, end)) {
            printer.goQuiet();
            return false;
        }
        char sep = selected ? ':' : '-';
        if (!f.onlyMatching && !head(start, end - start, number, sep)) {
            return false;
        }
        boolean matching = selected != f.invert;
        Colors c = f.colors;
        String lineColor = "";
        String matchColor = "";
        if (c != null) {
            lineColor = selected != (f.invert && c.reverse) ? c.selectedLine : c.contextLine;
            matchColor = selected ? c.selectedMatch : c.contextMatch;
        }
        long beg = start;
        if (f.onlyMatching && matching || c != null && (!lineColor.isEmpty() || !matchColor.isEmpty())) {
            if (matching && (f.onlyMatching || !matchColor.isEmpty())) {
                beg = middle(start, end, number, record, lineColor, matchColor);
                if (beg < 0) {
                    return false;
                }
            }
            if (!f.onlyMatching && !lineColor.isEmpty()) {
                beg = tail(beg, end, lineColor);
            }
        }
        if (!f.onlyMatching && beg <= end) {
            out.write(buf, beg, end);
            out.write('\n');
        }
        out.endLine();
        return true;
    }

    @Override
    public void groupSeparator() {
        f.separatorLine(out);
    }

    /** grep's print_line_middle: returns where the unprinted rest of the line starts, or -1 when a match was held back. */
    private long middle(long start, long end, long number, int record, String lineColor, String matchColor) {
        LineMatches.Range line = lineMatches.find(start, end, record);
        Matches m = line.matches();
        int i = line.first();
        int last = line.last();
        Colors c = f.colors;
        long limit = end + 1;
        long cur = start;
        long mid = -1;
        while (cur < limit) {
            while (i < last && start + m.start(i) < cur) {
                i++;
            }
            if (i == last) {
                break;
            }
            long ms = start + m.start(i);
            long me = start + m.end(i);
            for (int j = i + 1; j < last && start + m.start(j) == ms; j++) {
                me = Math.max(me, start + m.end(j));
            }
            long size = me - ms;
            if (size == 0) {
                size = 1; // grep moves one byte past an empty match; there may be further non-empty ones
                if (mid < 0) {
                    mid = cur;
                }
            } else {
                if (f.onlyMatching) {
                    if (!head(ms, size, number, f.invert ? '-' : ':')) {
                        return -1;
                    }
                } else {
                    c.start(out, lineColor);
                    if (mid >= 0) {
                        cur = mid;
                        mid = -1;
                    }
                    out.write(buf, cur, ms);
                }
                if (c != null) {
                    c.start(out, matchColor);
                }
                out.write(buf, ms, me);
                if (c != null) {
                    c.end(out, matchColor);
                }
                if (f.onlyMatching) {
                    out.write('\n');
                }
            }
            cur = ms + size;
        }
        if (f.onlyMatching) {
            return limit;
        }
        return mid >= 0 ? mid : cur;
    }

    /** grep's print_line_tail: the rest of the line in the line colour, up to its newline (and a '\r' before it). */
    private long tail(long beg, long end, String lineColor) {
        long eol = end > beg && buf.get(java.lang.foreign.ValueLayout.JAVA_BYTE, end - 1) == '\r' ? 1 : 0;
        long size = end - eol - beg;
        if (size > 0) {
            f.colors.start(out, lineColor);
            out.write(buf, beg, beg + size);
            beg += size;
            f.colors.end(out, lineColor);
        }
        return beg;
    }

    /** grep's print_line_head for {@code len} bytes at {@code at}; false when they are held back for an encoding error. */
    private boolean head(long at, long len, long number, char sep) {
        if (checkEncoding && !Bytes.validUtf8(buf, at, at + len)) {
            encodingError = true;
            return false;
        }
        if (f.showName) {
            f.name(out);
            if (f.nullAfterName) {
                out.write(0);
            } else {
                f.sep(out, sep);
            }
        }
        if (f.lineNumber) {
            f.number(out, number + 1, f.colors == null ? null : f.colors.lineNumber);
            f.sep(out, sep);
        }
        if (f.byteOffset) {
            f.number(out, b.bufOffset() + at, f.colors == null ? null : f.colors.byteOffset);
            f.sep(out, sep);
        }
        if (f.tabAfterHead(len)) {
            out.write('\t');
        }
        return true;
    }
}
