package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A block q-gram filter for sets whose patterns are all long: every pattern's first {@code m} bytes
 * ({@code m} = the shortest pattern's length, at most {@value #MAX_WINDOW}) hold
 * {@code step = m - q + 1} grams of {@code q} bytes ({@link #gramFor}: 6, or 5 in windows under 10
 * for small sets), at offsets {@code 0 .. step - 1}. Looking at the gram of every {@code step}-th text position finds every
 * start: a start {@code x} has exactly one look {@code g} in {@code [x, x + step)}, and the gram there
 * is the pattern's gram at offset {@code g - x}. A look whose gram occurs in no pattern (a bit clear
 * in a hashed bitset, {@value #BITS_PER_GRAM} bits per gram) rules out all {@code step} starts
 * under it; a look whose gram does occur names the starts {@code g - k} for the offsets {@code k} at
 * which some pattern has it (a hashed table of offset masks), each checked on a hashed bitset of
 * 8-byte prefixes before it is named. Hash collisions only let starts through, never stop one.
 *
 * <p>Why not {@link WuManber}: its shift depends on the gram just read, so each look waits on the
 * last (load, hash, table load: a chain of memory latency per move). Here the looks are at fixed
 * places, four are loaded and hashed side by side and tested with one branch, and the loop runs at
 * the rate loads issue. Measured on 2 busy cores, one thread, the engine counting over the Iliad
 * repeated: 4.0-4.3 GB/s against Wu-Manber's 2.7 for 2,500 absent words of 15+ letters (3.2-4.2
 * against 2.1-2.2 over log lines; off-heap, where the engine copies the text a block at a time,
 * 2.5-3.4 against 1.9); 2.6 against the 8-bucket shift-or filter's 1.25 for 1,000 dictionary
 * words of 10+ letters, and 1.85 against 1.23 for words of 8+ letters, where a look is made every 4
 * bytes. Gram length: 4-byte grams of English recur in the patterns' grams too often (a
 * candidate every 2 KB of the Iliad against every 12 KB, the filter at 3.0 against 4.4 GB/s). On
 * generated words 6-byte grams cost a look more often for no fewer candidates, but real dictionary
 * words share common English 5-grams ({@code ation}, {@code ously}) with the text: for the 2,500
 * words of 15+ letters of {@code english-100k.txt} absent from the Iliad, 3.2% of looks hit a
 * pattern's 5-gram and 1.25% a 6-gram, and a round of four looks that lets one through costs a
 * mispredicted branch and four table walks. Measured, one thread, engine counting 64 MiB of the
 * Iliad (filter alone in brackets), 5-byte against 6-byte grams: on the 2-core Zen 4, 5.8 (8.4)
 * against 6.2 (8.9) GB/s, and for 1,000 words of 10+ letters 4.40 against 4.38; on the H200
 * machine's 2.1 GHz Xeon host, 2.4 (3.1) against 3.1 (4.1), and 1.5 (1.2) against 1.8 (1.9).
 * 8-byte grams there: 3.2 (4.0) for the long words, 0.7 for the 10+ letters (a look every 3 bytes).
 *
 * <p>Tried and not kept, on the 2,500 absent words of 15+ letters (one thread, 128 MiB of the Iliad,
 * 2-core Zen 4, engine counting, same-run pairs): whole 8-byte grams every 8 bytes, which name a
 * fifth of the candidates (one every 47 KB; a twentieth with two bits per gram), tested 64 looks at
 * a time into a mask with no branch per look: 3.0-3.3 GB/s with one bit per gram (64 bits of set per
 * gram), about 2.5 with two bits in one word, against 3.9-4.1 for this loop. Cutting the
 * passing looks does not pay here: the loop's cost is its looks, and a hashed bit test with variable
 * shifts costs more per look than the rarer branch saves.
 *
 * <p>On Intel CPUs with AVX-512, {@link VectorBlockGrams} makes the same looks eight at a time over
 * these tables ({@link Prefilters#blockGrams}).
 *
 * <p>Tried and not kept (session 30, {@code docs/results/h200-session30}): the round test in a 32 KiB
 * table that stays in the first-level cache (two bits per gram in one word, a blocked Bloom filter),
 * the 256 KiB bitset kept for the looks that pass. Its bare loop ran 8.5-9.1 against 6.1-6.5 GB/s on the
 * Zen 4 but lost on the Xeon (4.1-4.2 against 4.5-4.8: there the loop is bound by its instructions, not
 * by the second-level cache), and it let through more rounds. The filter alone on the Xeon, 256 MiB:
 * 3.17 against 3.8 GB/s over the Iliad and 2.2 against 2.95 over loghub; the engine over loghub on
 * one Zen 4 thread 4.0-4.1 against 4.8. Grams of 7 or 8 bytes with it cut the candidates by a third
 * to a half but cost the looks they add.
 *
 * <p>Case-insensitive sets set bit 5 of every byte on both sides, as {@link WuManber} does.
 */
public final class BlockGrams implements InPlacePrefilter {
    /** Bytes per gram where the window is short (under {@value #LONG_GRAM_WINDOW} bytes) and the set small. */
    static final int GRAM = 5;
    /** Bytes per gram where the window allows it or the set needs it. */
    static final int LONG_GRAM = 6;
    /** Shortest window that always takes {@value #LONG_GRAM}-byte grams (a look every 5 bytes or more). */
    static final int LONG_GRAM_WINDOW = 10;
    /**
     * {@value #GRAM}-byte pattern grams from which a short window takes {@value #LONG_GRAM}-byte grams
     * all the same: the more grams the set holds, the more of the text's common 5-grams are among them
     * ({@code ation}, {@code tions}), and a look that passes costs a mispredicted branch and a table
     * walk, more than the extra look a shorter step costs. Measured on the 2-core Zen 4, one thread,
     * the engine counting 128 MiB, scalar looks (vector looks in brackets), 5-byte against 6-byte
     * grams, the first dictionary words of 8+ letters (a look every 4 bytes against every 3): 1,000
     * words (4,000 grams) over the Iliad 2.98 (3.58) against 2.76 (3.59) GB/s, over loghub lines 2.45
     * (2.56) against 2.34 (2.51); 2,000 words 2.10 (2.76) against 2.62 (2.65), and 2.16 (2.19) against
     * 2.23 (2.34); 3,000 words 1.86 (2.46) against 2.57 (2.75), and 2.00 (2.06) against 2.13 (2.22);
     * 5,000 words 1.44 (1.64) against 2.01 (2.39), and 1.88 (1.87) against 1.82 (1.96). Words of 9+
     * letters (every 5 bytes against every 4): 1,000 words (5,000 grams) over the Iliad 3.72 (4.22)
     * against 3.36 (4.37), 2,000 words 3.22 against 3.21, 3,000 words 2.12 (2.81) against 3.23 (3.33),
     * 5,000 words 1.63 (2.51) against 2.90 (3.07). On the H200 host's Xeon, vector looks, one thread,
     * against native Hyperscan in the same call (session 30, run 14): 3,000 words of 8+ letters over the
     * Iliad 0.63x-0.66x against 0.97x-1.00x.
     */
    static final int DENSE_SHORT_GRAMS = 6_000;
    /** Longest window. */
    static final int MAX_WINDOW = 32;
    /** Shortest pattern length the filter takes: the prefix check reads 8 bytes, a look is made every 4. */
    static final int MIN_LENGTH = 8;
    /**
     * Bits of the gram bitset per pattern gram: about 1.5% of absent grams collide. A look the bitset lets
     * through costs a mispredicted branch and a table walk, and log lines hash onto the bits more than
     * prose does. Measured against 32 bits (3%; the bitset for 2,500 words of 15+ letters 256 KiB against
     * 128), engine counting 128 MiB, one thread, 2-core Zen 4: those 2,500 words over loghub lines 3.95
     * -> 4.99 GB/s, over the Iliad 5.6 -> 5.8; the first 1,000 words of 8+ letters 2.8 -> 3.4 (Iliad)
     * and 2.0 -> 2.5 (logs), 3,000 of them 1.9 -> 2.4 and 1.9 -> 2.0, 2,000 of 12+ letters 4.7 -> 5.0 and
     * 3.5 -> 4.0. 128 bits gained 1-3% more, for twice the cache.
     */
    static final int BITS_PER_GRAM = 64;
    /**
     * Most patterns per byte of a {@value #GRAM}-byte gram's step ({@code window - 4}): more grams stop
     * more looks, and past this the filter loses to the plain walk. Measured, one thread over the
     * Iliad, dictionary words of 8+ letters (5-byte grams, a look every 4 bytes): 1.1 against 0.77
     * GB/s at 3,000 words, 0.8 against 0.65 at 5,000, 0.6 against 0.68 at 10,000; absent words of 15+
     * letters (every 10 bytes with 6-byte grams): 2.5-3.0 against 0.54 at 10,000.
     */
    static final int PATTERNS_PER_STEP = 1_250;

    /** The gram hash's multiplier ({@link VectorBlockGrams} hashes with it too). */
    static final long MIX = 0x9E37_79B9_7F4A_7C15L;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final int window;
    private final int gram;
    private final long gramMask;
    private final int step;
    private final long[] grams;
    private final int gramShift;
    private final int[] offsets;
    private final int offsetShift;
    private final long[] prefixes;
    private final int prefixShift;
    private final long fold;

    private BlockGrams(PatternSet patterns) {
        this.window = Math.min(MAX_WINDOW, patterns.minLength());
        this.gram = gramFor(window, patterns.size());
        this.gramMask = (1L << 8 * gram) - 1;
        this.step = window - gram + 1;
        this.fold = patterns.caseInsensitive() ? 0x2020_2020_2020_2020L : 0;
        int n = patterns.size();
        long count = (long) n * step;
        int gramBits = Math.max(12, Math.min(24, 64 - Long.numberOfLeadingZeros(count * BITS_PER_GRAM)));
        this.grams = new long[1 << (gramBits - 6)];
        this.gramShift = 64 - gramBits;
        int offsetBits = Math.max(10, Math.min(20, 64 - Long.numberOfLeadingZeros(count * 2)));
        this.offsets = new int[1 << offsetBits];
        this.offsetShift = 64 - offsetBits;
        int prefixBits = Math.max(16, Math.min(26, 64 - Long.numberOfLeadingZeros((long) n * 32)));
        this.prefixes = new long[1 << (prefixBits - 6)];
        this.prefixShift = 64 - prefixBits;
        byte[] buf = new byte[MAX_WINDOW + 8];
        for (int id = 0; id < n; id++) {
            System.arraycopy(patterns.bytes(id), 0, buf, 0, window);
            for (int k = 0; k < step; k++) {
                long h = hash((long) LONG.get(buf, k) | fold);
                set(grams, (int) (h >>> gramShift));
                offsets[(int) (h >>> offsetShift)] |= 1 << k;
            }
            set(prefixes, (int) (prefixHash((long) LONG.get(buf, 0) | fold) >>> prefixShift));
        }
    }

    /**
     * The filter for a set of long patterns, or {@code null} when the shortest has under
     * {@value #MIN_LENGTH} bytes or the set has more than {@value #PATTERNS_PER_STEP} patterns per
     * byte of a {@value #GRAM}-byte gram's step (the bound does not shrink where 6-byte grams are
     * taken: they name fewer starts, and 5,000 words of 8+ letters still ran 2.0 GB/s against the
     * plain walk's 1.1 over the Iliad, one Zen 4 thread).
     */
    public static BlockGrams forPatterns(PatternSet patterns) {
        if (patterns.isEmpty() || patterns.minLength() < MIN_LENGTH) {
            return null;
        }
        int window = Math.min(MAX_WINDOW, patterns.minLength());
        return patterns.size() <= (long) PATTERNS_PER_STEP * shortGramSteps(window) ? new BlockGrams(patterns) : null;
    }

    /** The gram length for a window and a set of {@code patterns} patterns. */
    static int gramFor(int window, int patterns) {
        return window >= LONG_GRAM_WINDOW || (long) patterns * shortGramSteps(window) >= DENSE_SHORT_GRAMS
                ? LONG_GRAM
                : GRAM;
    }

    /** Looks per window with {@value #GRAM}-byte grams. */
    private static int shortGramSteps(int window) {
        return window - GRAM + 1;
    }

    /** Bytes between looks. */
    public int step() {
        return step;
    }

    /** Bytes per gram. */
    int gram() {
        return gram;
    }

    /** The bits of a little-endian word that are its gram. */
    long gramMask() {
        return gramMask;
    }

    /** The bits set in every word read (bit 5 of each byte for case-insensitive sets), else 0. */
    long fold() {
        return fold;
    }

    /** The gram bitset: bit {@code hash(gram) >>> gramShift()} is set for every pattern gram. Not to be written. */
    long[] gramBits() {
        return grams;
    }

    int gramShift() {
        return gramShift;
    }

    /** The gram hash of a word read at a look (folded already). */
    long hash(long word) {
        return (word & gramMask) * MIX;
    }

    private static long prefixHash(long prefix) {
        return (prefix ^ prefix >>> 29) * MIX;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    private static boolean get(long[] bits, int i) {
        return (bits[i >>> 6] & 1L << i) != 0;
    }

    /**
     * The looks of {@link #next(MemorySegment, long, long, long)} over an array. Why two copies of the
     * loop: reading heap and native segments through one loop makes its accesses' receiver profile
     * polymorphic in a process that scans both (a heap {@code byte[]} and a mapped file), and C2 then
     * compiles it far slower. 2,500 absent long words, one thread, 128 MiB of the Iliad on the 2-core
     * Zen 4: 6.0-6.3 GB/s over a mapped file alone, 3.0-3.3 once a heap array had been counted in the
     * same process, and about 1.0 with heap, mapped and native text alternating.
     */
    @Override
    public int next(byte[] a, int from, int to, int limit) {
        // Positions are longs, as in the segment loop: near the largest array a look's position plus
        // a few steps would overflow an int.
        int st = step;
        long f = fold;
        long[] bits = grams;
        int shift = gramShift;
        long g = from + st - 1L;
        long end = Math.min(to + st - 1L, limit - gram + 1L);
        long fastEnd = Math.min(end, a.length - 7L) - 3L * st;
        while (g < fastEnd) {
            int i = (int) g;
            int b0 = (int) (hash((long) LONG.get(a, i) | f) >>> shift);
            int b1 = (int) (hash((long) LONG.get(a, i + st) | f) >>> shift);
            int b2 = (int) (hash((long) LONG.get(a, i + 2 * st) | f) >>> shift);
            int b3 = (int) (hash((long) LONG.get(a, i + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6] >>> b0 | bits[b1 >>> 6] >>> b1 | bits[b2 >>> 6] >>> b2 | bits[b3 >>> 6] >>> b3;
            if ((any & 1) == 0) {
                g += 4 * st;
                continue;
            }
            for (int r = 0; r < 4; r++, g += st) {
                long x = startsUnder(a, g, from, to, limit);
                if (x >= 0) {
                    return (int) x;
                }
            }
        }
        for (; g < end; g += st) {
            long x = startsUnder(a, g, from, to, limit);
            if (x >= 0) {
                return (int) x;
            }
        }
        return to;
    }

    /** As {@link #startsUnder(MemorySegment, long, long, long, long)}, over an array. */
    long startsUnder(byte[] a, long g, long from, long to, long limit) {
        long h = hash(word(a, g));
        return get(grams, (int) (h >>> gramShift)) ? passed(a, g, h, from, to, limit) : -1;
    }

    /** As {@link #passed(MemorySegment, long, long, long, long, long)}, over an array. */
    long passed(byte[] a, long g, long h, long from, long to, long limit) {
        long last = Math.min(to - 1, limit - window); // past it a start is out of range: stop
        // The highest offset first: the earliest start.
        for (int m = offsets[(int) (h >>> offsetShift)]; m != 0; m &= ~Integer.highestOneBit(m)) {
            long x = g - (31 - Integer.numberOfLeadingZeros(m));
            if (x < from) {
                continue;
            }
            // One branch for both ways out, taken on every candidate. A test of its own for a start
            // past the last (once a range) is one the JIT can compile as never true; it then traps,
            // and the loop that inlined it runs outside C2 until compiled again (for the vector
            // looks, a count of 8 ms took 60).
            long past = (last - x) >> 63;
            int p = (int) (prefixHash(word(a, x)) >>> prefixShift);
            long pass = -(prefixes[p >>> 6] >>> p & 1);
            if ((past | pass) != 0) {
                return x + ((to - x) & past);
            }
        }
        return -1;
    }

    /** The 8 bytes at {@code s} (those inside the array, zeros past its end), little-endian, folded. */
    long word(byte[] a, long s) {
        if (a.length >= 8) {
            // Near the end, the last 8 bytes shifted: no branch on where s lies (see passed).
            long base = Math.min(s, a.length - 8L);
            return (long) LONG.get(a, (int) base) >>> 8 * (s - base) | fold;
        }
        long w = 0;
        for (int k = 0; s + k < a.length && k < 8; k++) {
            w |= (a[(int) s + k] & 0xFFL) << 8 * k;
        }
        return w | fold;
    }

    /**
     * As {@link #next(byte[], int, int, int)}, reading the text where it lies ({@link InPlacePrefilter}):
     * the same looks and tests over a segment's long offsets, no window copied.
     */
    @Override
    public long next(MemorySegment a, long from, long to, long limit) {
        int st = step;
        long f = fold;
        long[] bits = grams;
        int shift = gramShift;
        // The looks are at from + step - 1 + j step: the first covers starts from .. from + step - 1.
        // A look reads its gram's bytes only (what lies past them is masked off), so it needs
        // g + gram <= limit; starts whose look lies past that would run past the limit anyway.
        long g = from + st - 1;
        long end = Math.min(to + st - 1, limit - gram + 1);
        // Four looks per round, hashed side by side and tested with one branch; the word loads need
        // 8 bytes inside the segment.
        long fastEnd = Math.min(end, a.byteSize() - 7) - 3L * st;
        while (g < fastEnd) {
            int b0 = (int) (hash(a.get(WORD, g) | f) >>> shift);
            int b1 = (int) (hash(a.get(WORD, g + st) | f) >>> shift);
            int b2 = (int) (hash(a.get(WORD, g + 2 * st) | f) >>> shift);
            int b3 = (int) (hash(a.get(WORD, g + 3 * st) | f) >>> shift);
            long any = bits[b0 >>> 6] >>> b0 | bits[b1 >>> 6] >>> b1 | bits[b2 >>> 6] >>> b2 | bits[b3 >>> 6] >>> b3;
            if ((any & 1) == 0) {
                g += 4 * st;
                continue;
            }
            for (int r = 0; r < 4; r++, g += st) {
                long x = startsUnder(a, g, from, to, limit);
                if (x >= 0) {
                    return x;
                }
            }
        }
        for (; g < end; g += st) {
            long x = startsUnder(a, g, from, to, limit);
            if (x >= 0) {
                return x;
            }
        }
        return to;
    }

    /**
     * The first start in {@code [from, to)} under the look at {@code g} whose prefix passes, {@code to}
     * when the first start it would name lies at or past {@code to}, -1 when it names none.
     */
    long startsUnder(MemorySegment a, long g, long from, long to, long limit) {
        long h = hash(word(a, g));
        return get(grams, (int) (h >>> gramShift)) ? passed(a, g, h, from, to, limit) : -1;
    }

    /**
     * As {@link #startsUnder(MemorySegment, long, long, long, long)} for a look whose gram (hashed:
     * {@code h}) passed the bitset already: the starts it names, checked on their prefixes.
     */
    long passed(MemorySegment a, long g, long h, long from, long to, long limit) {
        long last = Math.min(to - 1, limit - window); // past it a start is out of range: stop
        // The highest offset first: the earliest start.
        for (int m = offsets[(int) (h >>> offsetShift)]; m != 0; m &= ~Integer.highestOneBit(m)) {
            long x = g - (31 - Integer.numberOfLeadingZeros(m));
            if (x < from) {
                continue;
            }
            // One branch for both ways out, taken on every candidate. A test of its own for a start
            // past the last (once a range) is one the JIT can compile as never true; it then traps,
            // and the loop that inlined it runs outside C2 until compiled again (for the vector
            // looks, a count of 8 ms took 60).
            long past = (last - x) >> 63;
            int p = (int) (prefixHash(word(a, x)) >>> prefixShift);
            long pass = -(prefixes[p >>> 6] >>> p & 1);
            if ((past | pass) != 0) {
                return x + ((to - x) & past);
            }
        }
        return -1;
    }

    /** The 8 bytes at {@code s} (those inside the segment), little-endian, folded. */
    long word(MemorySegment a, long s) {
        if (a.byteSize() >= 8) {
            long base = Math.min(s, a.byteSize() - 8);
            return a.get(WORD, base) >>> 8 * (s - base) | fold;
        }
        long w = 0;
        for (int k = 0; s + k < a.byteSize() && k < 8; k++) {
            w |= (a.get(ValueLayout.JAVA_BYTE, s + k) & 0xFFL) << 8 * k;
        }
        return w | fold;
    }

    @Override
    public String describe() {
        return "block-grams(window " + window + ", " + gram + "-byte grams every " + step + " bytes, 2^"
                + (64 - gramShift) + "-bit gram set)";
    }
}
