package dev.trawl.cuda.engine;

import dev.trawl.automaton.CompressedTrie;
import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Kernel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The host side of {@code src/main/cuda/trie.cu}: one {@link CompressedTrie} on the device, its byte
 * array copied unchanged (padded to 16 bytes), and the kernels over it ({@link TiledKernels}).
 *
 * <p>Kernels come in one set per node layout ({@link CompressedTrie.Layout}: the papers' 26 letter
 * slots, computed from the byte, or a slot per byte class, looked up), per placement of the trie
 * ({@link Placement}) and per combination of the papers' three optimisations ({@link Optimization}),
 * named {@code trie_<pass>_<l|b><s|g><bits>} (passes: count, write, records, lines): all 32 sets are
 * compiled, so each switch can be measured and tested on its own.
 *
 * <p>Shared memory per block: the slot of each byte (256 B), the trie when it is placed there, and
 * the tile's text ({@value TiledKernels#TILE} bytes) with a margin of the longest pattern minus one,
 * at most {@value #MAX_MARGIN} (a walk past it reads global memory). A trie of up to
 * {@value #MAX_SHARED_TRIE} bytes keeps a block under the 48 KiB that needs no opt-in; the five log
 * patterns of the papers' experiment take about 1.3 KB, 100,000 words about 6 MB (global memory).
 * The grid is persistent, as many blocks as fit at once, each striding over tiles.
 */
public final class TrieLauncher extends TiledLauncher {
    /**
     * The optimisations to use: a comma-separated list of {@code split}, {@code aligned},
     * {@code prefetch}, or {@code none}, or {@code all}; unset, {@link #DEFAULT_OPTIMIZATIONS}
     * (split and aligned).
     */
    public static final String OPTIMIZATIONS_PROPERTY = "trawl.gpu.trie.optimizations";
    /** Where the trie lies: {@code auto} (default: shared memory when it fits), {@code shared} or {@code global}. */
    public static final String MEMORY_PROPERTY = "trawl.gpu.trie.memory";
    public static final int MAX_SHARED_TRIE = 32 << 10;
    public static final int MAX_MARGIN = 256;

    /** The papers' optimisations of the trie walk, each a switch of the kernels. */
    public enum Optimization {
        /** Two loops, node walk then suffix walk, instead of one that tests a flag on every byte. */
        SPLIT(1),
        /** Suffix strings read a 4-byte word at a time (suffix records are 4-byte aligned). */
        ALIGNED(2),
        /** The next text byte (and suffix word) loaded before the current one is used. */
        PREFETCH(4);

        final int bit;

        Optimization(int bit) {
            this.bit = bit;
        }
    }

    /** Where the kernels read the trie. */
    public enum Placement {
        /** Shared memory when the trie is at most {@link #MAX_SHARED_TRIE} bytes, else global. */
        AUTO,
        SHARED,
        /** Global memory, through the read-only cache. */
        GLOBAL
    }

    /**
     * Loop splitting and aligned suffix reads: the fastest found. On an H200 (50 million loghub lines,
     * five patterns, firstMatch per line with the lines on the device;
     * {@code docs/results/h200-records}) the split loop took the kernel from 1,555 to 1,843 M lines/s
     * and the aligned reads to 1,910, while prefetching brought it back to 1,755 (five words in the
     * letters layout: 1,387, 1,742, 1,736, 1,514): the text the walk reads is already in shared
     * memory, so loading the next byte early only adds instructions.
     */
    public static final Set<Optimization> DEFAULT_OPTIMIZATIONS = EnumSet.of(Optimization.SPLIT, Optimization.ALIGNED);

    private final CompressedTrie trie;
    private final Set<Optimization> optimizations;
    private final boolean shared;
    private final DeviceBuffer device;
    private final int trieBytes;
    private final int margin;
    private final int fold;

    /** With the optimisations and placement of the system properties. */
    public TrieLauncher(Gpu gpu, CompressedTrie trie) {
        this(gpu, trie, optimizations(System.getProperty(OPTIMIZATIONS_PROPERTY)), placement(System.getProperty(MEMORY_PROPERTY)));
    }

    public TrieLauncher(Gpu gpu, CompressedTrie trie, Set<Optimization> optimizations, Placement placement) {
        this.trie = trie;
        Set<Optimization> used = optimizations.isEmpty() ? EnumSet.noneOf(Optimization.class) : EnumSet.copyOf(optimizations);
        this.optimizations = used;
        byte[] bytes = trie.bytes();
        int trieBytes = bytes.length;
        this.trieBytes = trieBytes;
        boolean shared = placement == Placement.SHARED || placement == Placement.AUTO && trieBytes <= MAX_SHARED_TRIE;
        this.shared = shared;
        int bits = 0;
        for (Optimization o : used) {
            bits |= o.bit;
        }
        String suffix = "_" + (trie.layout() == CompressedTrie.Layout.LETTERS ? "l" : "b") + (shared ? "s" : "g") + bits;
        Kernel count = gpu.kernel("trie_count" + suffix);
        Kernel write = gpu.kernel("trie_write" + suffix);
        Kernel records = gpu.kernel("trie_records" + suffix);
        Kernel lines = gpu.kernel("trie_lines" + suffix);
        this.fold = (trie.flags() & CompressedTrie.FLAG_CASE_INSENSITIVE) != 0 ? 1 : 0;
        int margin = align(Math.min(Math.max(trie.maxLength() - 1, 0), MAX_MARGIN), 16);
        this.margin = margin;
        int padded = align(trieBytes, 16);
        int sharedBytes = 256 + (shared ? padded : 0) + TILE + margin;
        if (sharedBytes > 48 << 10) {
            int limit = gpu.info().sharedPerBlockOptin();
            if (sharedBytes > limit) {
                throw new IllegalArgumentException("a trie of " + trieBytes + " bytes does not fit in shared memory ("
                        + limit + " bytes a block)");
            }
            for (Kernel k : new Kernel[] {count, write, records, lines}) {
                k.allowSharedBytes(sharedBytes);
            }
        }
        super(gpu, count, write, records, lines, sharedBytes);
        this.device = new DeviceBuffer(gpu, padded);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(padded, 16);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, host, 0, trieBytes);
            gpu.bind();
            CudaDriver.memcpyHtoD(device.pointer(), host, padded);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }

    /** Parses {@link #OPTIMIZATIONS_PROPERTY}'s value; null or empty gives the default. */
    public static Set<Optimization> optimizations(String spec) {
        if (spec == null || spec.isBlank()) {
            return DEFAULT_OPTIMIZATIONS;
        }
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("none")) {
            return EnumSet.noneOf(Optimization.class);
        }
        if (s.equals("all")) {
            return EnumSet.allOf(Optimization.class);
        }
        EnumSet<Optimization> out = EnumSet.noneOf(Optimization.class);
        for (String part : s.split("[,+ ]+")) {
            try {
                out.add(Optimization.valueOf(part.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(OPTIMIZATIONS_PROPERTY + ": unknown optimisation '" + part
                        + "' (split, aligned, prefetch, none or all)");
            }
        }
        return out;
    }

    /** Parses {@link #MEMORY_PROPERTY}'s value; null or empty gives {@link Placement#AUTO}. */
    public static Placement placement(String spec) {
        if (spec == null || spec.isBlank()) {
            return Placement.AUTO;
        }
        try {
            return Placement.valueOf(spec.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(MEMORY_PROPERTY + ": unknown placement '" + spec
                    + "' (auto, shared or global)");
        }
    }

    private static int align(int v, int to) {
        return (v + to - 1) / to * to;
    }

    public CompressedTrie trie() {
        return trie;
    }

    public Set<Optimization> optimizationsUsed() {
        return EnumSet.copyOf(optimizations.isEmpty() ? EnumSet.noneOf(Optimization.class) : optimizations);
    }

    /** Whether the kernels read the trie from shared memory. */
    public boolean sharedTrie() {
        return shared;
    }

    @Override
    Kernel.Args tableArgs(Arena a, int extra, long text, long readable, long starts) {
        return new Kernel.Args(a, 9 + extra).i64(text).i64(readable).i64(starts).i64(device.pointer()).i32(trieBytes)
                .i32(trie.width()).i32(trie.terminator() & 0xFF).i32(fold).i32(margin);
    }

    /** Frees the device trie. */
    @Override
    public void close() {
        device.close();
    }
}
