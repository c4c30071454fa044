package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/**
 * Page-locked host memory from {@code cuMemHostAlloc}: copies between it and the device run at the
 * bus's full speed and can be asynchronous. Pinning is slow and pinned memory is scarce, so owners
 * keep these for reuse. Freed by {@link #close()}; the segment must not be used afterwards.
 */
public final class PinnedBuffer extends GpuResource {
    private final MemorySegment segment;

    public PinnedBuffer(Gpu gpu, long bytes) {
        super(gpu);
        this.segment = CudaDriver.memHostAlloc(Math.max(bytes, 1), CudaDriver.MEMHOSTALLOC_PORTABLE);
    }

    public MemorySegment segment() {
        return segment;
    }

    public long byteSize() {
        return segment.byteSize();
    }

    @Override
    void release() {
        CudaDriver.memFreeHost(segment);
    }
}
