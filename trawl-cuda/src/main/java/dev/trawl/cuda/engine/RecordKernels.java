package dev.trawl.cuda.engine;

import dev.trawl.cuda.Stream;

/**
 * Kernels that answer per record only, taking records by their bounds (the NFA and chain kernels of the
 * GPU regex engines): every whole-text pass and the newline-only record mode refuse, naming the kernels.
 */
interface RecordKernels extends TiledKernels {
    /** What the refusals call these kernels ("the NFA kernels"). */
    String kernelsName();

    /** One line for the matcher's name: what the kernels hold. */
    String describe();

    @Override
    default void count(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts,
            long total) {
        throw new UnsupportedOperationException(kernelsName() + " have no whole-text pass");
    }

    @Override
    default void write(Stream stream, long text, long readable, long starts, long threadCounts, long tileCounts,
            long tileOffsets, long tileLo, long tileHi, long out) {
        throw new UnsupportedOperationException(kernelsName() + " have no whole-text pass");
    }

    @Override
    default void lines(Stream stream, long text, long readable, long tileLines, RecordOp op, long out) {
        throw new UnsupportedOperationException(kernelsName() + " take records by their bounds");
    }
}
