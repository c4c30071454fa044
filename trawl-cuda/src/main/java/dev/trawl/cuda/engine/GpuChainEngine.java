package dev.trawl.cuda.engine;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.automaton.PfacTable;
import dev.trawl.cuda.Gpu;
import java.util.Optional;

/**
 * {@code gpu:chains}: regex sets whose every regex is a literal chain, {@code L1 .*? L2 .*? ... Lk}
 * (greedy, lazy or mixed gaps, gaps at either end too): what log templates become once each
 * {@code <*>} is {@code .*?}. Per record the GPU walks PFAC over the chains' anchors (each chain's
 * longest literal) from every start, and verifies the chains of each anchor it finds around it with
 * plain literal searches ({@link ChainTable} says why that is exact, {@link ChainLauncher} and
 * {@code chains.cu} how it runs). Records holding a byte of 0x80 or more are "unknown" to the kernels
 * and searched on the CPU.
 *
 * <p>What runs where: {@code anyMatch} on the GPU; {@code firstMatch}, {@code countPerRecord},
 * {@code matchedPatterns}, {@code firstOccurrence} and {@code scanRecords} verify the records the GPU
 * says match on {@code cpu:dfa}, and whole-text scans are {@code cpu:dfa}'s
 * ({@link GpuVerifiedMatcher}, as {@code gpu:regex}). {@code auto} pairs it with {@code cpu:dfa} for per-record
 * calls on sets it takes, each call going where the measured costs say it ends first.
 *
 * <p>{@link #rejects} a set with a regex of another shape, literal patterns, or a literal holding a
 * newline joined to another; {@link #compile} then runs the set on the CPU matcher and the matcher's
 * {@link Matcher#engine()} says why.
 */
public final class GpuChainEngine extends GpuVerifiedEngine<ChainTable> {
    public static final String NAME = "gpu:chains";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "regex sets of literal chains (log templates, L1.*?L2...) on the GPU: each chain's rarest few bytes found"
                + " by an index or PFAC, the rest verified around them per record; matches verified on the CPU";
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        return planRefusal(patterns);
    }

    /** The anchoring, which the table is built by. */
    @Override
    String planSettings() {
        return String.valueOf(System.getProperty(ChainTable.ANCHOR_PROPERTY));
    }

    @Override
    ChainTable planOf(PatternSet patterns) {
        return ChainTable.of(patterns);
    }

    @Override
    String refusal(ChainTable table) {
        return table.refusal;
    }

    @Override
    RecordKernels launcher(Gpu gpu, ChainTable table) {
        return new ChainLauncher(gpu, table);
    }

    @Override
    GpuVerifiedMatcher matcher(String name, PatternSet patterns, MatcherOptions options, Gpu gpu, RecordKernels launcher,
            GpuVerifiedMatcher.Cpu cpu) {
        return new GpuChainMatcher(name, patterns, options, gpu, (ChainLauncher) launcher, cpu);
    }

    /** The anchors' PFAC table and the chains must fit in half the free device memory. */
    @Override
    Optional<String> memoryLimit(ChainTable table, Gpu gpu) {
        if (table.always) {
            return Optional.empty();
        }
        PatternSet anchors = table.anchorSet();
        if (PfacTable.entriesFor(anchors) > PfacTable.MAX_ENTRIES) {
            return Optional.of("the anchors' PFAC table would need more than " + PfacTable.MAX_ENTRIES + " entries");
        }
        long bytes = 4 * PfacTable.entriesFor(anchors) + 4L * table.words().length + table.bytes.length;
        return GpuEngine.halfFreeMemory("the chains' tables", bytes, gpu).map(Throwable::getMessage);
    }
}
