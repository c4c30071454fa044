package dev.trawl.cuda;

/**
 * Device memory from {@code cuMemAlloc}, freed by {@link #close()}. Not thread-safe; the owner
 * closes it once, after the streams that use it are done.
 */
public final class DeviceBuffer extends GpuResource {
    private final long pointer;
    private final long size;

    public DeviceBuffer(Gpu gpu, long bytes) {
        super(gpu);
        this.size = Math.max(bytes, 1);
        this.pointer = CudaDriver.memAlloc(size);
    }

    /** The device address, for kernel arguments and copies. */
    public long pointer() {
        return pointer;
    }

    public long byteSize() {
        return size;
    }

    @Override
    void release() {
        CudaDriver.memFree(pointer);
    }
}
