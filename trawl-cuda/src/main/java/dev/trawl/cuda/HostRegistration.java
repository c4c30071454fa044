package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/**
 * Existing host memory (a memory-mapped file, a large native segment) page-locked with
 * {@code cuMemHostRegister}, so the device copies straight from it with no staging copy. It works on
 * file-backed read-only mappings, but costs time proportional to the size (every page is pinned):
 * about 16 GB/s on the H100 host measured, well below a 12-thread staging copy into pinned memory
 * (47 GB/s), so the PFAC pipeline stages by default. {@link #close()} unregisters.
 */
public final class HostRegistration extends GpuResource {
    private final MemorySegment segment;

    /**
     * Registers {@code segment} read-only (the device only reads it).
     *
     * @throws CudaException when the driver refuses (some file systems cannot pin mapped pages)
     */
    public HostRegistration(Gpu gpu, MemorySegment segment) {
        if (!segment.isNative()) {
            throw new IllegalArgumentException("only native memory can be registered");
        }
        super(gpu);
        this.segment = segment;
        CudaDriver.memHostRegister(segment, CudaDriver.MEMHOSTREGISTER_READ_ONLY | CudaDriver.MEMHOSTREGISTER_PORTABLE);
    }

    public MemorySegment segment() {
        return segment;
    }

    @Override
    void release() {
        CudaDriver.memHostUnregister(segment);
    }
}
