package dev.trawl.cuda.engine;

import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;

/**
 * The bytes a GPU scan streams, as it stages them into pinned buffers: a segment in memory (copied
 * on several threads), or a file read with positional reads (no mapping to fault in and unmap).
 */
interface HostText {
    long size();

    /** Copies {@code bytes} from {@code from} to the start of {@code dst}. */
    void stage(long from, MemorySegment dst, long bytes);

    /** The bytes in memory, which may be page-locked in place; null for a file. */
    MemorySegment segment();

    static HostText of(MemorySegment text) {
        return new HostText() {
            @Override
            public long size() {
                return text.byteSize();
            }

            @Override
            public void stage(long from, MemorySegment dst, long bytes) {
                HostCopier.copy(text, from, dst, bytes);
            }

            @Override
            public MemorySegment segment() {
                return text;
            }
        };
    }

    static HostText of(FileChannel file, long size) {
        return new HostText() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public void stage(long from, MemorySegment dst, long bytes) {
                HostCopier.read(file, from, dst, bytes);
            }

            @Override
            public MemorySegment segment() {
                return null;
            }
        };
    }
}
