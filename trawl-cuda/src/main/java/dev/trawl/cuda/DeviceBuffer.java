package dev.trawl.cuda;

/**
 * Device memory from {@code cuMemAlloc}, freed by {@link #close()}. Not thread-safe; the owner
 * closes it once, after the streams that use it are done.
 */
public final class DeviceBuffer implements AutoCloseable {
    private final Gpu gpu;
    private final long pointer;
    private final long size;
    private boolean closed;

    public DeviceBuffer(Gpu gpu, long bytes) {
        this.gpu = gpu;
        gpu.bind();
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
    public void close() {
        if (!closed) {
            closed = true;
            gpu.bind();
            CudaDriver.memFree(pointer);
        }
    }
}
