package dev.trawl.bench.engine;

import dev.trawl.bench.data.Chunk;
import dev.trawl.bench.data.Workload;
import dev.trawl.bench.harness.Digest;
import dev.trawl.bench.harness.Hits;
import dev.trawl.bench.harness.Problem;
import dev.trawl.bench.harness.Reduction;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Optional;

/**
 * {@code peer:hyperscan} answering per line, as a log pipeline filters its lines with it: one
 * {@code hs_scan} per line (block mode, so no match crosses a line's end and anchors hold at its
 * edges), the lines of a chunk looped over in C ({@code hs_count.c}'s {@code trawl_hs_lines_*}) from
 * the workload's line starts, one scratch per bench thread. Two databases, by operation:
 *
 * <ul>
 *   <li>{@link #anyMatch()}: every pattern {@code HS_FLAG_SINGLEMATCH}, and a line's scan stops at
 *       its first match. Answers the matching lines.
 *   <li>{@link #firstMatch()}: every pattern {@code HS_FLAG_SOM_LEFTMOST}, every match of the line
 *       seen, the least (start, pattern id) kept. Single-match mode would not do: the one match it
 *       keeps per pattern is the earliest-ending, which need not start first; the leftmost start of
 *       each end does, since some end's leftmost start is the pattern's earliest start. Answers the
 *       first match per line, and the matching lines.
 * </ul>
 *
 * A set Hyperscan cannot compile with these flags (start of match tracking is refused for some large
 * regexes) gives a failed row saying why.
 */
public final class HyperscanLinesPeer extends HsPeer {
    private final boolean first;

    private HyperscanLinesPeer(boolean first) {
        super(HyperscanNativePeer.NAME);
        this.first = first;
    }

    /** Matching lines: single-match mode, each line's scan stopped at its first match. */
    public static HyperscanLinesPeer anyMatch() {
        return new HyperscanLinesPeer(false);
    }

    /** The first match per line: leftmost starts, the least (start, id) of each line's matches. */
    public static HyperscanLinesPeer firstMatch() {
        return new HyperscanLinesPeer(true);
    }

    @Override
    public String note() {
        return HsNative.get().map(h -> "native libhs " + h.version.split(" ")[0] + ", one hs_scan per line; "
                + (first ? "HS_FLAG_SOM_LEFTMOST, least (start, id) of the line's matches"
                        : "HS_FLAG_SINGLEMATCH, stops at the line's first match")).orElse("");
    }

    @Override
    public Compiled compile(Problem problem, int threads) throws Throwable {
        int flags = first ? HsNative.FLAG_SOM_LEFTMOST : HsNative.FLAG_SINGLEMATCH;
        return HsCompiled.compile(problem, flags, (hs, db, arena) -> new LinesCompiled(hs, db, arena, threads, first));
    }

    /** Per-thread state: a scratch space and the answers of a chunk's lines. */
    private static final class Worker extends HsCompiled.Scratch {
        MemorySegment answers = MemorySegment.NULL;

        Worker(HsNative hs, MemorySegment db) throws Throwable {
            super(hs, db);
        }

        /** Room for {@code bytes} of answers. */
        MemorySegment answers(long bytes) {
            if (answers.byteSize() < bytes) {
                answers = arena.allocate(Math.max(bytes, 2 * answers.byteSize()), 8);
            }
            return answers;
        }
    }

    private static final class LinesCompiled extends HsCompiled<Worker> {
        private final boolean first;

        LinesCompiled(HsNative hs, MemorySegment db, Arena arena, int threads, boolean first) {
            super(hs, db, arena, threads);
            this.first = first;
        }

        @Override
        Worker newScratch() throws Throwable {
            return new Worker(hs, db);
        }

        @Override
        public void prepare(Workload w, List<Chunk> chunks, Reduction r) {
            w.nativeLineStarts();
        }

        @Override
        protected Digest reduce(Worker wk, Workload w, Chunk c, Reduction r) {
            boolean firstMatch = r instanceof Reduction.FirstMatchPerLine;
            if (!firstMatch && !(r instanceof Reduction.MatchingLines) || firstMatch && !first) {
                throw new UnsupportedOperationException("per-line Hyperscan (" + (first ? "firstMatch" : "anyMatch")
                        + ") does not answer " + r.label());
            }
            int n = c.endLine() - c.firstLine();
            MemorySegment starts = w.nativeLineStarts().asSlice(c.firstLine() * 8L, (n + 1) * 8L);
            try {
                if (first) {
                    MemorySegment out = wk.answers(4L * n);
                    check((long) hs.linesFirst.invokeExact(db, wk.scratch, w.text(), starts, n, out));
                    return firstMatch
                            ? Reduction.FirstMatchPerLine.digest(n, c.firstLine(), i -> out.getAtIndex(ValueLayout.JAVA_INT, i))
                            : Reduction.MatchingLines.digest(n, c.firstLine(), i -> out.getAtIndex(ValueLayout.JAVA_INT, i) >= 0);
                }
                MemorySegment out = wk.answers(n);
                check((long) hs.linesAny.invokeExact(db, wk.scratch, w.text(), starts, n, out));
                return Reduction.MatchingLines.digest(n, c.firstLine(), i -> out.get(ValueLayout.JAVA_BYTE, i) != 0);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        @Override
        protected void scan(Worker worker, Workload w, Chunk c, Hits hits) {
            throw new UnsupportedOperationException("per-line Hyperscan answers per line, it reports no matches");
        }
    }
}
