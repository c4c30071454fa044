package dev.trawl.cuda.engine;

import dev.trawl.Engine;
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
 * ({@link GpuVerifiedMatcher}, as {@code gpu:regex}). Not picked by {@code auto}.
 *
 * <p>{@link #rejects} a set with a regex of another shape, literal patterns, or a literal holding a
 * newline joined to another; {@link #compile} then runs the set on the CPU matcher and the matcher's
 * {@link Matcher#engine()} says why.
 */
public final class GpuChainEngine implements Engine {
    public static final String NAME = "gpu:chains";
    /** The last set planned, so that {@code rejects} and the compile after it build the table once. */
    private volatile Plan last;

    private record Plan(PatternSet patterns, ChainTable table) {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "regex sets of literal chains (log templates, L1.*?L2...) on the GPU: PFAC over each chain's longest"
                + " literal, the rest verified around it per record; matches verified on the CPU";
    }

    @Override
    public Optional<String> unavailableReason() {
        return Gpu.unavailableReason();
    }

    @Override
    public boolean supportsRegex() {
        return true;
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        String why = table(patterns).refusal;
        if (why != null || !Gpu.available()) {
            return Optional.ofNullable(why);
        }
        return memoryLimit(table(patterns), Gpu.get());
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        GpuVerifiedMatcher.Cpu cpu = GpuVerifiedMatcher.Cpu.of(patterns, options);
        ChainTable table = table(patterns);
        String refusal = table.refusal;
        Gpu gpu = null;
        if (refusal == null) {
            gpu = Gpu.get(); // throws when there is no usable GPU
            refusal = memoryLimit(table, gpu).orElse(null);
        }
        if (refusal != null) {
            return new GpuChainMatcher(NAME + " (on " + cpu.name() + ": " + refusal + ")", patterns, options, null, null,
                    cpu);
        }
        gpu.bind();
        ChainLauncher launcher = new ChainLauncher(gpu, table);
        return new GpuChainMatcher(NAME + " (" + launcher.describe() + "; matches verified on " + cpu.name() + ")",
                patterns, options, gpu, launcher, cpu);
    }

    private ChainTable table(PatternSet patterns) {
        Plan p = last;
        if (p == null || p.patterns() != patterns) {
            p = new Plan(patterns, ChainTable.of(patterns));
            last = p;
        }
        return p.table();
    }

    /** The anchors' PFAC table and the chains must fit in half the free device memory. */
    private static Optional<String> memoryLimit(ChainTable table, Gpu gpu) {
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
