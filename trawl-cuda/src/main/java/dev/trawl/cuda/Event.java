package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/** A CUDA event: a mark in a stream to wait for, or (when timing) to measure between. */
public final class Event implements AutoCloseable {
    private final Gpu gpu;
    private final MemorySegment handle;
    private boolean closed;

    /** @param timing whether {@link #millisSince} may be used (timing events cost a little more) */
    public Event(Gpu gpu, boolean timing) {
        this.gpu = gpu;
        gpu.bind();
        this.handle = CudaDriver.eventCreate(timing ? 0 : CudaDriver.EVENT_DISABLE_TIMING);
    }

    MemorySegment handle() {
        return handle;
    }

    /** Marks the point in {@code stream} reached by the work queued so far. */
    public void record(Stream stream) {
        CudaDriver.eventRecord(handle, stream.handle());
    }

    /** Blocks until the marked work is done. */
    public void synchronize() {
        gpu.bind();
        CudaDriver.eventSynchronize(handle);
    }

    /** Milliseconds of device time from {@code start} to this event; both recorded, both done. */
    public float millisSince(Event start) {
        return CudaDriver.eventElapsedMillis(start.handle, handle);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            gpu.bind();
            CudaDriver.eventDestroy(handle);
        }
    }
}
