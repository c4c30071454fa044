package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/**
 * Page-locked host memory from {@code cuMemHostAlloc}: copies between it and the device run at the
 * bus's full speed and can be asynchronous. Pinning is slow and pinned memory is scarce, so owners
 * keep these for reuse. Freed by {@link #close()}; the segment must not be used afterwards.
 *
 * <p>A caller may also hold its own data here: a {@link dev.trawl.Records} column built in a pinned
 * buffer's segment ({@link PinnedRecords} makes one) is copied to the device straight from it, with no
 * staging copy ({@link #isPageLocked}), which on an H200 host took a 128 MiB first-occurrence call from
 * the host's staging speed to the link's.
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

    /**
     * Whether the driver knows all of {@code segment} as page-locked host memory (a pinned buffer's, or
     * registered with {@code cuMemHostRegister}), so that it can be copied to the device as it is. Its
     * first and last bytes must both be, and lie in one allocation where the driver says which. Needs
     * the device's context bound ({@link Gpu#bind()}).
     */
    public static boolean isPageLocked(MemorySegment segment) {
        if (!segment.isNative() || segment.byteSize() == 0) {
            return false;
        }
        long first = segment.address();
        long last = first + segment.byteSize() - 1;
        if (!isHost(first) || !isHost(last)) {
            return false;
        }
        java.util.OptionalLong start = CudaDriver.pointerAttribute(first, CudaDriver.POINTER_ATTRIBUTE_RANGE_START_ADDR);
        java.util.OptionalLong size = CudaDriver.pointerAttribute(first, CudaDriver.POINTER_ATTRIBUTE_RANGE_SIZE);
        return start.isEmpty() || size.isEmpty() || size.getAsLong() <= 0
                || Long.compareUnsigned(last, start.getAsLong() + size.getAsLong()) < 0;
    }

    private static boolean isHost(long pointer) {
        java.util.OptionalLong type = CudaDriver.pointerAttribute(pointer, CudaDriver.POINTER_ATTRIBUTE_MEMORY_TYPE);
        return type.isPresent() && (int) type.getAsLong() == CudaDriver.MEMORYTYPE_HOST;
    }

    @Override
    void release() {
        CudaDriver.memFreeHost(segment);
    }
}
