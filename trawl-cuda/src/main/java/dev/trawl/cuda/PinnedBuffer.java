package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/**
 * Page-locked host memory from {@code cuMemHostAlloc}: copies between it and the device run at the
 * bus's full speed and can be asynchronous. Pinning is slow and pinned memory is scarce, so owners
 * keep these for reuse. Freed by {@link #close()}; the segment must not be used afterwards.
 */
public final class PinnedBuffer implements AutoCloseable {
    private final Gpu gpu;
    private final MemorySegment segment;
    private boolean closed;

    public PinnedBuffer(Gpu gpu, long bytes) {
        this.gpu = gpu;
        gpu.bind();
        this.segment = CudaDriver.memHostAlloc(Math.max(bytes, 1), CudaDriver.MEMHOSTALLOC_PORTABLE);
    }

    public MemorySegment segment() {
        return segment;
    }

    public long byteSize() {
        return segment.byteSize();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            gpu.bind();
            CudaDriver.memFreeHost(segment);
        }
    }
}
