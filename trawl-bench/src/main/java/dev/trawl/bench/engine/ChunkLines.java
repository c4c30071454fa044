package dev.trawl.bench.engine;

/** Line arithmetic over a chunk decoded to a string, for the peers that answer per line. */
final class ChunkLines {
    private ChunkLines() {}

    /** Where the line after the one holding {@code pos} starts, or the string's length after the last. */
    static int nextLine(String s, int pos) {
        int nl = s.indexOf('\n', pos);
        return nl < 0 ? s.length() : nl + 1;
    }
}
