package dev.trawl.cli;

import dev.trawl.Records;

/**
 * grep's output logic for one input, line by line, as {@code prtext} and {@code prpending} in grep.c
 * have it: each selected line is preceded by up to {@code -B} lines of leading context (never
 * reaching back over what was already output) and followed by up to {@code -A} lines of trailing
 * context; a group that does not start right after the last output line is preceded by the group
 * separator once anything was output (in this input or an earlier one) and any context option was
 * given, even {@code -A 0}. After {@code -m NUM} selected lines no line is selected any more, but the
 * trailing context of the last one is still output, whatever those lines hold.
 *
 * <p>Positions kept across batches ({@link #lastOut}) are input offsets, so a group may start in
 * one batch and end in the next; a stream keeps the {@code -B} lines before each batch in its
 * buffer for that.
 *
 * <p>A binary input ({@link #goQuiet}) outputs nothing from then on and ends at its next selected
 * line, after which grep says "binary file matches".
 */
final class Printer {
    private final LineSink sink;
    private final long before;
    private final long after;
    private final boolean contextGiven;
    private final boolean separator;

    private Batch batch;
    private Records lines;
    private long firstLine;
    private long outleft;
    private long pending;
    private long lastOut = -1; // input offset just past the last output line; -1: none yet
    private long lastOutLine; // the number (0-based) of the line starting at lastOut
    private boolean used;
    private boolean quiet;
    private boolean doneOnMatch;
    private long selected;
    private long selectedBeforeQuiet = -1; // grep's nlines_first_null
    private boolean startedGroup;

    /**
     * @param before lines of leading context, -1 when not asked for
     * @param after lines of trailing context, -1 when not asked for
     * @param separator whether a group separator is printed at all ({@code --no-group-separator})
     */
    Printer(LineSink sink, long before, long after, boolean separator, long maxCount, boolean usedBefore) {
        this.sink = sink;
        this.before = Math.max(0, before);
        this.after = Math.max(0, after);
        this.contextGiven = before >= 0 || after >= 0;
        this.separator = separator;
        this.outleft = maxCount;
        this.used = usedBefore;
    }

    /** Whether more lines of the input can change the output. */
    boolean wantsMore() {
        if (quiet) {
            return !(doneOnMatch && selected > Math.max(0, selectedBeforeQuiet));
        }
        return outleft > 0 || pending > 0;
    }

    /** Whether a line can still be selected (not after {@code -m NUM} lines, nor after a binary input's first). */
    boolean selecting() {
        return outleft > 0 && !(doneOnMatch && selected > Math.max(0, selectedBeforeQuiet));
    }

    long selected() {
        return selected;
    }

    /** Whether any line was selected (grep's "used": the next input's first group gets a separator). */
    boolean used() {
        return used;
    }

    /** Whether a group was printed in this input (a file searched apart needs the separator it would have got before it). */
    boolean printedGroup() {
        return startedGroup;
    }

    /** Whether grep would say "binary file matches": lines were selected after the input went quiet. */
    boolean matchedWhileQuiet() {
        return selectedBeforeQuiet >= 0 && selectedBeforeQuiet < selected;
    }

    /** From now on nothing is output, and the input ends at its next selected line (grep's binary files). */
    void goQuiet() {
        if (!quiet) {
            quiet = true;
            doneOnMatch = true;
            selectedBeforeQuiet = selected;
            pending = 0;
        }
    }

    /** Outputs the batch's selected lines ({@code sel[r]}) with their context; the lines' first has number {@code firstLine}. */
    void batch(Batch b, Records lines, long firstLine, boolean[] sel, Matches matches) {
        this.batch = b;
        this.lines = lines;
        this.firstLine = firstLine;
        sink.batch(b, lines, firstLine, matches);
        int n = lines.size();
        for (int r = 0; r < n && outleft > 0; r++) {
            if (sel[r]) {
                prtext(b.from() + lines.start(r), b.from() + lines.end(r), firstLine + r, r);
                if (doneOnMatch && selected > Math.max(0, selectedBeforeQuiet)) {
                    return;
                }
            }
        }
        if (pending > 0 && !quiet) {
            prpending(b.to());
        }
    }

    /**
     * As {@link #batch}, for selected lines given as {@code [start, end)} pairs of offsets in the
     * batch's buffer (the engine's matching lines, without a line table). Line numbers are counted
     * between them only when {@code numbered} (for {@code -n}); else they are not kept.
     *
     * @return the number of the line after the batch (when numbered)
     */
    long batchRanges(Batch b, long firstLine, long[] ranges, int count, boolean numbered) {
        this.batch = b;
        this.lines = null;
        this.firstLine = firstLine;
        sink.batch(b, null, firstLine, null);
        long at = b.from();
        long number = firstLine;
        for (int k = 0; k < count && outleft > 0; k += 2) {
            long start = ranges[k];
            if (numbered) {
                number += Bytes.countNewlines(b.buf(), at, start);
                at = start;
            }
            prtext(start, ranges[k + 1], number, -1);
            if (doneOnMatch && selected > Math.max(0, selectedBeforeQuiet)) {
                return number;
            }
        }
        if (pending > 0 && !quiet) {
            prpending(b.to());
        }
        return numbered ? number + Bytes.countNewlines(b.buf(), at, b.to()) : number;
    }

    private void prtext(long start, long end, long number, int r) {
        if (!quiet && pending > 0) {
            prpending(start);
        }
        if (!quiet) {
            long p = start;
            long pNumber = number;
            long bound = lastOut >= 0 ? Math.max(0, lastOut - batch.bufOffset()) : 0;
            for (long i = 0; i < before && p > bound; i++) {
                p = batch.previousLineStart(p);
                pNumber--;
            }
            if (contextGiven && used && separator && (lastOut < 0 || p + batch.bufOffset() != lastOut)) {
                sink.groupSeparator();
            }
            startedGroup = true;
            while (p < start && !quiet) {
                long e = batch.lineEnd(p);
                contextLine(p, e, pNumber);
                p = e + 1;
                pNumber++;
            }
            if (!quiet && sink.line(start, end, number, true, r)) {
                advance(end, number);
            }
        }
        pending = quiet ? 0 : after;
        used = true;
        outleft--;
        selected++;
    }

    /** Prints pending trailing context up to {@code limit} (an offset in the batch's buffer). */
    private void prpending(long limit) {
        if (lastOut < 0) {
            return;
        }
        while (pending > 0 && !quiet && lastOut - batch.bufOffset() < limit) {
            long p = lastOut - batch.bufOffset();
            contextLine(p, batch.lineEnd(p), lastOutLine);
            pending--; // a line held back is not passed: grep spends the count on it again
        }
    }

    private void contextLine(long start, long end, long number) {
        long r = number - firstLine;
        int record = lines != null && r >= 0 && r < lines.size() ? (int) r : -1;
        if (sink.line(start, end, number, false, record)) {
            advance(end, number);
        }
    }

    private void advance(long end, long number) {
        lastOut = batch.bufOffset() + end + 1;
        lastOutLine = number + 1;
    }
}
