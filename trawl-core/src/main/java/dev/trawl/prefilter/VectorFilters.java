package dev.trawl.prefilter;

/**
 * The one door to the classes that use {@code jdk.incubator.vector}. {@link Prefilters} calls it only
 * after checking that the module is present, so without the module no class that links against it
 * is ever loaded.
 */
final class VectorFilters {
    private VectorFilters() {}

    /** Positions a vector step covers, or 0 when the platform offers no byte vectors worth using. */
    static int lanes() {
        return Teddy.lanes();
    }

    static Prefilter teddy(Fingerprint fp) {
        return new Teddy(fp);
    }

    /**
     * Teddy with byte tables ({@code bytes}) or nibble tables, whatever this CPU would choose, or
     * {@code null} where byte tables cannot be had: vectors under 64 lanes, or fingerprints with a
     * byte of 0x80 or more.
     */
    static Prefilter teddy(Fingerprint fp, boolean bytes) {
        return !bytes ? new Teddy(fp, false) : lanes() == 64 && Teddy.asciiOnly(fp) ? new Teddy(fp, true) : null;
    }

    /** The block q-gram filter with eight looks a vector ({@link VectorBlockGrams}); its step must allow it. */
    static InPlacePrefilter blockGrams(BlockGrams grams) {
        return new VectorBlockGrams(grams);
    }

    /** The longest step {@link #blockGrams} takes. */
    static int blockGramsMaxStep() {
        return VectorBlockGrams.MAX_STEP;
    }

    static ClassCompaction classCompaction(int[] classOf) {
        return new VectorClassCompaction(classOf);
    }
}
