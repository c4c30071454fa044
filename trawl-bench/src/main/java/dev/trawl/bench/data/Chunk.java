package dev.trawl.bench.data;

/**
 * One unit of parallel work: the bytes {@code [from, to)} of a workload, cut at line ends, so no line
 * (and so no match, since bench patterns never hold a newline) crosses two chunks. Lines
 * {@code [firstLine, endLine)} are the chunk's.
 */
public record Chunk(int index, long from, long to, int firstLine, int endLine) {
    public long length() {
        return to - from;
    }
}
