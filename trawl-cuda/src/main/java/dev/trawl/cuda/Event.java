package dev.trawl.cuda;

import java.lang.foreign.MemorySegment;

/** A CUDA event: a mark in a stream to wait for, or (when timing) to measure between. */
public final class Event extends GpuResource {
    private final MemorySegment handle;

    /** @param timing whether {@link #millisSince} may be used (timing events cost a little more) */
    public Event(Gpu gpu, boolean timing) {
        super(gpu);
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
    void release() {
        CudaDriver.eventDestroy(handle);
    }
}
