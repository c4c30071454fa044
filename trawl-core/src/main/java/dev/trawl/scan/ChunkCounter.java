package dev.trawl.scan;

import dev.trawl.Input;
import dev.trawl.Matcher;
import java.lang.foreign.MemorySegment;

/** Counts the matches that start in one chunk of a {@link ChunkQueue} (and may end in its overlap). */
@FunctionalInterface
public interface ChunkCounter {
    long count(MemorySegment text, ChunkQueue.Chunk chunk);

    /**
     * Any literal matcher as a chunk counter, through its public {@code count}: the matches inside
     * {@code [from, readEnd)} less those inside {@code [to, readEnd)} are exactly those starting in
     * {@code [from, to)}, since no match is longer than the overlap plus one and a literal's match
     * depends on its own bytes only. The second count reads the overlap alone (the longest pattern's
     * worth of bytes). Not for regexes, whose anchors and look-arounds see past a match.
     */
    static ChunkCounter of(Matcher m) {
        return (text, c) -> {
            long all = m.count(Input.of(text.asSlice(c.from(), c.readEnd() - c.from())));
            long tail = c.readEnd() > c.to() ? m.count(Input.of(text.asSlice(c.to(), c.readEnd() - c.to()))) : 0;
            return all - tail;
        };
    }
}
