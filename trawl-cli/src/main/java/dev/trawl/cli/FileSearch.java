package dev.trawl.cli;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.Records;
import dev.trawl.engine.cpu.CpuMatcher;
import dev.trawl.input.LineStarts;
import dev.trawl.scan.ChunkedScan;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * Searches one input in the command's mode and writes its output: lines with context
 * ({@link Printer}, grep's format or ripgrep's JSON), the count of {@code -c}, the name of
 * {@code -l}/{@code -L}, or nothing ({@code -q}). Batches of lines go through {@link LineSelector};
 * the count of a literal set ({@code -F -c}, or regexes that are only literals) goes through the
 * engine's line count instead, which leaves each line at its first match and materialises none.
 * Binary inputs are found and treated as grep 3.8 treats them. One instance per command, shared by
 * the threads that search files; each call keeps its state on its own.
 */
final class FileSearch {
    enum Mode { PRINT, JSON, COUNT, LIST_MATCHING, LIST_NON_MATCHING, QUIET }

    /**
     * What searching one input gave: selected lines, bytes searched, matches (-1 when not counted),
     * whether a line was selected ({@link Printer#used}) and a group printed, whether grep would
     * say "binary file matches", the time taken and the bytes of JSON written.
     */
    record Outcome(long selected, long bytes, long matches, boolean used, boolean printedGroup, boolean binaryMatches,
            long nanos, long jsonBytes) {}

    /** A read error after part of the input was searched: the outcome so far, and the error. */
    static final class ReadFailure extends Exception {
        @java.io.Serial
        private static final long serialVersionUID = 1L;
        final transient Outcome partial;

        ReadFailure(IOException cause, Outcome partial) {
            super(cause.getMessage(), cause, false, false);
            this.partial = partial;
        }
    }

    private static final long FIRST_BATCH = 1 << 20;
    private static final long MAX_BATCH = 32L << 20;
    /** Bytes per engine call of a count over a mapped file ({@code -Dtrawl.cli.mappedSlice}, for measuring). */
    private static final long MAPPED_SLICE = Long.getLong("trawl.cli.mappedSlice", 256L << 20);

    private final Mode mode;
    private final Options o;
    private final Format format;
    private final LineSelector selector;
    private final Matcher matcher;
    private final Patterns patterns;
    private final boolean fastCount;
    /** -l, -L and -q ask the engine whether a batch has a line with a match, without a line table. */
    private final boolean fastAny;
    /**
     * A binary input's NULs need not become line ends (grep's way of cutting it into lines): the output
     * only says whether some line matches, and no pattern holds a NUL or an escape that could make one,
     * so a literal match lies inside a NUL-free stretch either way.
     */
    private final boolean nulsCannotMatter;
    private final boolean needMatches;
    /** Matching lines straight from a literal engine's line search, without a line table (grep's own way). */
    private final boolean fastLines;

    FileSearch(Mode mode, Options o, Format format, LineSelector selector, Matcher matcher, Patterns patterns) {
        this.mode = mode;
        this.o = o;
        this.format = format;
        this.selector = selector;
        this.matcher = matcher;
        this.patterns = patterns;
        // The engine counts lines with a match itself, with no line table, for literal sets (or regexes
        // searched as literals) that no -w/-x filter follows.
        boolean engineLines = matcher != null && !selector.filters()
                && (!patterns.set.hasRegex() || matcher.engine().endsWith(dev.trawl.engine.LiteralRegexMatcher.SUFFIX));
        this.fastCount = engineLines && o.maxCount == Long.MAX_VALUE;
        this.fastAny = engineLines && !selector.invert();
        this.needMatches = mode == Mode.JSON || mode == Mode.PRINT && (o.onlyMatching || format.colors != null);
        this.fastLines = mode == Mode.PRINT && !needMatches && matcher instanceof CpuMatcher && !patterns.set.hasRegex()
                && !selector.filters() && !selector.invert();
        this.nulsCannotMatter = fastAny && (mode == Mode.LIST_MATCHING || mode == Mode.LIST_NON_MATCHING
                || mode == Mode.QUIET || fastLines) && patterns.distinct.stream().noneMatch(
                        p -> has(p, (byte) 0) || patterns.set.hasRegex() && has(p, (byte) '\\'));
    }

    private static boolean has(byte[] p, byte b) {
        for (byte x : p) {
            if (x == b) {
                return true;
            }
        }
        return false;
    }

    Mode mode() {
        return mode;
    }

    /** The group separator line, for a file searched apart whose first group needs one. */
    void formatSeparator(Out out) {
        format.separatorLine(out);
    }

    /** Searches {@code in}, shown as {@code name}; {@code usedBefore}: whether an earlier input selected a line. */
    Outcome search(LineInput in, String name, boolean showName, Out out, boolean usedBefore) throws ReadFailure {
        return search(in, name, showName, out, usedBefore, null, -1, -1);
    }

    /**
     * As above, drawing {@code progress} (when not null) over an input of {@code size} bytes;
     * {@code statSize} is the input's size when it is a regular file, else -1 (for -T's widths).
     */
    Outcome search(LineInput in, String name, boolean showName, Out out, boolean usedBefore, Progress progress,
            long size, long statSize) throws ReadFailure {
        long t0 = System.nanoTime();
        Format f = format.forFile(name, showName, statSize);
        State st = new State();
        st.progress = progress;
        st.size = size;
        if (progress != null) {
            progress.start(size);
        }
        try {
            boolean binary = false;
            if (o.binaryFiles != Options.BinaryFiles.TEXT && in.startsBinary()) {
                binary = true;
                if (o.binaryFiles == Options.BinaryFiles.WITHOUT_MATCH) {
                    return finish(f, out, st, t0);
                }
                if (!nulsCannotMatter) {
                    in.zapNuls();
                }
            }
            switch (mode) {
                case COUNT -> count(in, st);
                case LIST_MATCHING, LIST_NON_MATCHING, QUIET -> any(in, st);
                case PRINT, JSON -> print(in, f, name, out, usedBefore, binary, st, t0);
            }
        } catch (IOException e) {
            Outcome partial = finish(f, out, st, t0);
            throw new ReadFailure(e, partial);
        }
        return finish(f, out, st, t0);
    }

    /** The output after a whole input ({@code -c}, {@code -l}, {@code -L}) and the outcome. */
    private Outcome finish(Format f, Out out, State st, long t0) {
        switch (mode) {
            case COUNT -> f.countLine(out, st.selected);
            case LIST_MATCHING -> {
                if (st.selected > 0) {
                    f.listLine(out);
                }
            }
            case LIST_NON_MATCHING -> {
                if (st.selected == 0) {
                    f.listLine(out);
                }
            }
            default -> { }
        }
        if (st.progress != null) {
            st.progress.done();
        }
        return new Outcome(st.selected, st.bytes, st.matches, st.used, st.printedGroup, st.binaryMatches,
                System.nanoTime() - t0, st.jsonBytes);
    }

    /** The outcome of an input that could not be read at all: grep still prints {@code -c}'s 0 and {@code -L}'s name. */
    Outcome unreadable(String name, boolean showName, Out out) {
        return finish(format.forFile(name, showName, -1), out, new State(), System.nanoTime());
    }

    private static final class State {
        long selected;
        long bytes;
        long matches = -1;
        boolean used;
        boolean printedGroup;
        boolean binaryMatches;
        long jsonBytes;
        Progress progress;
        long size;

        /** Counts a batch's bytes, and tells the progress bar. */
        void searched(long bytes) {
            this.bytes += bytes;
            if (progress != null) {
                progress.bytesDone(this.bytes, size);
            }
        }
    }

    private void count(LineInput in, State st) throws IOException {
        MemorySegment mapped = fastCount ? in.takeMapped() : null;
        if (mapped != null) {
            countMapped(mapped, st);
            return;
        }
        long outleft = o.maxCount;
        boolean[] sel = new boolean[0];
        // Small first batches only pay when -m may end the count early: a whole count starts with a
        // full batch, which every search thread gets a share of.
        long want = o.maxCount == Long.MAX_VALUE ? MAX_BATCH : FIRST_BATCH;
        while (outleft > 0) {
            Batch b = in.next(want);
            if (b == null) {
                break;
            }
            want = Math.min(want * 4, MAX_BATCH);
            long c;
            if (fastCount) {
                c = matcher.countMatchingRecords(Input.of(b.lines()), (byte) '\n');
                if (selector.invert()) {
                    c = LineStarts.count(b.lines()) - c;
                }
            } else {
                try (Records lines = Records.lines(b.lines(), false)) {
                    sel = room(sel, lines.size());
                    c = selector.select(lines, sel, null, false);
                }
            }
            c = Math.min(c, outleft);
            st.selected += c;
            outleft -= c;
            st.searched(b.bytes());
        }
    }

    /**
     * A whole count over a mapped file, in slices of whole lines so that the progress bar moves: the
     * engine reads the mapping in place, on all its threads, with no batch copied to the heap
     * (measured on the 16-core GPU host, the whole {@code trawl -F -c} of ten names over the 512 MiB
     * Iliad: 0.49-0.53 s with heap batches, 0.26-0.29 s with this and the automaton's own line count).
     */
    private void countMapped(MemorySegment text, State st) {
        long n = text.byteSize();
        for (long pos = 0; pos < n;) {
            long end = pos + MAPPED_SLICE >= n ? n : ChunkedScan.alignToRecord(text, pos + MAPPED_SLICE, (byte) '\n');
            MemorySegment part = text.asSlice(pos, end - pos);
            long c = matcher.countMatchingRecords(Input.of(part), (byte) '\n');
            if (selector.invert()) {
                c = LineStarts.count(part) - c;
            }
            st.selected += c;
            st.searched(end - pos);
            pos = end;
        }
    }

    private void any(LineInput in, State st) throws IOException {
        boolean[] sel = new boolean[0];
        long want = FIRST_BATCH / 4;
        while (true) {
            Batch b = in.next(want);
            if (b == null) {
                return;
            }
            want = Math.min(want * 4, MAX_BATCH);
            st.searched(b.bytes());
            if (fastAny) {
                if (matcher.countMatchingRecords(Input.of(b.lines()), (byte) '\n') > 0) {
                    st.selected = 1;
                    return;
                }
                continue;
            }
            try (Records lines = Records.lines(b.lines(), false)) {
                sel = room(sel, lines.size());
                if (selector.select(lines, sel, null, true) > 0) {
                    st.selected = 1;
                    return;
                }
            }
        }
    }

    private void print(LineInput in, Format f, String name, Out out, boolean usedBefore, boolean binary, State st,
            long t0) throws IOException {
        LineSink sink;
        GrepLines grep = null;
        JsonLines json = null;
        if (mode == Mode.JSON) {
            json = new JsonLines(out, name, selector, patterns.sourceIds, selector.invert());
            sink = json;
        } else {
            grep = new GrepLines(out, f, selector);
            sink = grep;
        }
        Printer p = new Printer(sink, o.beforeContext(), o.afterContext(), o.groupSeparator != null, o.maxCount,
                usedBefore);
        if (grep != null) {
            grep.printer(p);
        }
        if (binary) {
            p.goQuiet();
        }
        Matches matches = needMatches ? new Matches() : null;
        boolean[] sel = new boolean[0];
        long line = 0;
        long found = 0;
        long want = FIRST_BATCH;
        long maxWant = needMatches ? 4L << 20 : 16L << 20;
        try {
            while (p.wantsMore()) {
                Batch b = in.next(want);
                if (b == null) {
                    break;
                }
                want = Math.min(want * 4, maxWant);
                if (fastLines) {
                    line = matchingLines(b, p, line);
                    st.searched(b.bytes());
                    continue;
                }
                try (Records lines = Records.lines(b.lines(), false)) {
                    sel = room(sel, lines.size());
                    if (matches != null) {
                        matches.clear();
                    }
                    if (p.selecting()) {
                        selector.select(lines, sel, matches, false);
                        found += matches == null ? 0 : matches.size();
                    } else {
                        java.util.Arrays.fill(sel, 0, lines.size(), false);
                    }
                    p.batch(b, lines, line, sel, matches);
                    line += lines.size();
                }
                st.searched(b.bytes());
            }
        } finally {
            st.selected = p.selected();
            st.used = p.used();
            st.printedGroup = p.printedGroup();
            st.matches = matches == null ? -1 : found;
            st.binaryMatches = grep != null && o.binaryFiles == Options.BinaryFiles.BINARY
                    && (grep.encodingError() || p.matchedWhileQuiet());
            if (json != null) {
                json.end(System.nanoTime() - t0, st.bytes, st.selected, null);
                st.matches = json.submatches();
                st.jsonBytes = json.printed();
            }
        }
    }

    /** The batch's matching lines as the engine finds them (each left at its first match), then printed. */
    private long matchingLines(Batch b, Printer p, long line) {
        if (!p.selecting()) {
            return p.batchRanges(b, line, new long[0], 0, o.lineNumber);
        }
        long[][] ranges = {new long[256]};
        int[] n = {0};
        long base = b.from();
        ((CpuMatcher) matcher).scanMatchingRecords(Input.of(b.lines()), (byte) '\n', (s, e) -> {
            if (n[0] + 2 > ranges[0].length) {
                ranges[0] = java.util.Arrays.copyOf(ranges[0], ranges[0].length * 2);
            }
            ranges[0][n[0]++] = base + s;
            ranges[0][n[0]++] = base + e;
            return true;
        });
        return p.batchRanges(b, line, ranges[0], n[0], o.lineNumber);
    }

    private static boolean[] room(boolean[] sel, int n) {
        return sel.length >= n ? sel : new boolean[Math.max(n, sel.length * 2)];
    }
}
