package dev.trawl.bench.experiment;

import dev.trawl.bench.harness.RunSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@code trawl bench} invocation asked for.
 *
 * @param size input bytes, or 0 for the experiment's default
 * @param words a word list (one per line) for {@code dictionary}, or null for generated words
 * @param dictionaryCases dictionary sizes ("10", "1K", "long", "log-words"), or empty for the default set
 * @param text the text {@code dictionary} searches: {@code iliad} (the default) or {@code loghub}
 * @param chunkBytes bytes per unit of bench-side parallel work, or 0 to choose from the size
 * @param lines input lines for experiments sized in lines ({@code lines}), or 0: {@code size} if given,
 *     else the experiment's default
 */
public record Context(Path dataDir, long size, RunSettings settings, EngineFilter filter, Path words,
        List<String> dictionaryCases, String text, long chunkBytes, long lines) {

    public long sizeOr(long defaultSize) {
        return size > 0 ? size : defaultSize;
    }
}
