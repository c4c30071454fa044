package dev.trawl.cuda.engine;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternLimitException;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/**
 * {@code gpu:pfac}: Parallel Failureless Aho-Corasick on an NVIDIA GPU. Every start position gets a
 * walker that follows the trie's goto edges until one is missing (no failure links), so all
 * overlapping matches fall out with no sequential dependency; see {@link PfacTable} for the table and
 * {@link PfacLauncher} and {@code pfac.cu} for the kernels (root row, hot rows and text tiles in
 * shared memory; count, scan, write with no slot per byte). Inputs of any size stream through
 * {@link ScanPipeline} in overlapping chunks, several in flight; per-record answers are reduced on
 * the device ({@link RecordPipeline}).
 *
 * <p>Cost: a walk per byte, most ending at the root row; device memory of {@code 4 * states * classes}
 * bytes for the table plus, per concurrent scan, about three chunks of text, counts and matches. Limits:
 * {@link PfacTable#MAX_ENTRIES} table entries, and the table must fit in half the free device memory;
 * {@link #rejects} says so, and {@link #compile} throws it as a {@link PatternLimitException}.
 * Needs a GPU of compute capability 8.0 or newer; {@code auto} prefers it (200) when one is here.
 */
public final class GpuPfacEngine extends GpuEngine {
    public static final String NAME = "gpu:pfac";
    /**
     * How input reaches the GPU: {@code staged} (default: through small pinned buffers, copied on
     * several threads that each send their pieces on), {@code chunks} (each whole chunk staged into one
     * pinned buffer, then sent) or {@code registered} (native inputs page-locked in place with
     * cuMemHostRegister); the last two are slower on the machines measured and kept for comparison.
     */
    public static final String INPUT_PROPERTY = "trawl.gpu.input";

    public GpuPfacEngine() {
        super(NAME, "Parallel Failureless Aho-Corasick on the GPU: a walker per start position, input streamed in overlapping chunks");
    }

    /** Whether the driver library loads, without starting CUDA ({@code auto} starts it only when worth it). */
    @Override
    public boolean mayBeAvailable() {
        return Gpu.mayBeAvailable();
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        Optional<PatternLimitException> tableLimit = tableLimit(patterns);
        if (tableLimit.isPresent() || !Gpu.available()) {
            return tableLimit.map(Throwable::getMessage);
        }
        return memoryLimit(patterns, Gpu.get()).map(Throwable::getMessage);
    }

    /**
     * @throws PatternLimitException with {@link #rejects}'s reason when the set is beyond a limit (the
     *     table's size is checked before the GPU is looked for, so it is reported even where there is none)
     * @throws dev.trawl.EngineUnavailableException when there is no usable GPU
     */
    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        Optional<PatternLimitException> tableLimit = tableLimit(patterns);
        if (tableLimit.isPresent()) {
            throw tableLimit.get();
        }
        Gpu gpu = Gpu.get();
        Optional<PatternLimitException> memoryLimit = memoryLimit(patterns, gpu);
        if (memoryLimit.isPresent()) {
            throw memoryLimit.get();
        }
        return new GpuPfacMatcher(NAME, patterns, options, gpu);
    }

    /** The table's entry count, by {@link PfacTable#entriesFor}'s upper bound. */
    private static Optional<PatternLimitException> tableLimit(PatternSet patterns) {
        long entries = PfacTable.entriesFor(patterns);
        if (entries <= PfacTable.MAX_ENTRIES) {
            return Optional.empty();
        }
        return Optional.of(new PatternLimitException("the GPU PFAC table would need up to " + entries
                + " entries; the limit is " + PfacTable.MAX_ENTRIES, entries, PfacTable.MAX_ENTRIES));
    }

    /** The table must fit in half the free device memory, leaving the rest to the scans' buffers. */
    private static Optional<PatternLimitException> memoryLimit(PatternSet patterns, Gpu gpu) {
        return halfFreeMemory("the GPU PFAC table", 4 * PfacTable.entriesFor(patterns), gpu);
    }
}
