package dev.trawl.cuda.engine;

import dev.trawl.cuda.Stream;

/**
 * Kernels that answer per record only (the NFA and chain kernels of the GPU regex engines): every
 * whole-text pass refuses, naming the kernels, and so does the newline-only record mode unless
 * {@link #takesLines} says otherwise.
 */
interface RecordKernels extends TiledKernels {
    /** What the refusals call these kernels ("the NFA kernels"). */
    String kernelsName();

    /** One line for the matcher's name: what the kernels hold. */
    String describe();

    /**
     * Whether {@link #lines} answers columns of lines (records found from the {@code '\n'}s on the device,
     * so the host sends no bounds); by default the kernels take records by their bounds only.
     */
    default boolean takesLines() {
        return false;
    }

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
