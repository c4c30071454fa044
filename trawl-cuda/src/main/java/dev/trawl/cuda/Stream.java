package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/**
 * A CUDA stream: work queued on one runs in order; work on two may overlap (a copy on one with a
 * kernel on the other). Created non-blocking, so it never waits for the legacy default stream.
 */
public final class Stream extends GpuResource {
    private final MemorySegment handle;

    public Stream(Gpu gpu) {
        super(gpu);
        this.handle = CudaDriver.streamCreate(CudaDriver.STREAM_NON_BLOCKING);
    }

    MemorySegment handle() {
        return handle;
    }

    /** Queues a copy of {@code bytes} host bytes to device address {@code dst}; the host memory must be pinned or registered to be asynchronous. */
    public void copyToDevice(long dst, MemorySegment src, long bytes) {
        if (bytes > 0) {
            CudaDriver.memcpyHtoDAsync(dst, src, bytes, handle);
        }
    }

    /** Queues a copy of {@code bytes} from device address {@code src} into pinned host memory. */
    public void copyToHost(MemorySegment dst, long src, long bytes) {
        if (bytes > 0) {
            CudaDriver.memcpyDtoHAsync(dst, src, bytes, handle);
        }
    }

    /** Queues a copy of {@code bytes} from device address {@code src} to device address {@code dst}. */
    public void copyOnDevice(long dst, long src, long bytes) {
        if (bytes > 0) {
            CudaDriver.memcpyDtoDAsync(dst, src, bytes, handle);
        }
    }

    /** Queues setting {@code bytes} device bytes to zero. */
    public void clear(long dst, long bytes) {
        if (bytes > 0) {
            CudaDriver.memsetD8Async(dst, (byte) 0, bytes, handle);
        }
    }

    /** Queues setting {@code bytes} device bytes to {@code value}. */
    public void fill(long dst, byte value, long bytes) {
        if (bytes > 0) {
            CudaDriver.memsetD8Async(dst, value, bytes, handle);
        }
    }

    /** Makes later work on this stream wait for {@code event}. */
    public void waitFor(Event event) {
        CudaDriver.streamWaitEvent(handle, event.handle());
    }

    /** Blocks until everything queued so far is done. */
    public void synchronize() {
        gpu.bind();
        CudaDriver.streamSynchronize(handle);
    }

    @Override
    void release() {
        CudaDriver.streamDestroy(handle);
    }
}
