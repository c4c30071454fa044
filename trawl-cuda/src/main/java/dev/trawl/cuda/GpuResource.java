package dev.trawl.cuda;

/**
 * A driver object owned on one GPU: the constructor makes the GPU's context current (so the
 * subclass can create the object), and {@link #close()} releases it once, with that context
 * current again. Not thread-safe; the owner closes it after the streams that use it are done.
 */
abstract class GpuResource implements AutoCloseable {
    final Gpu gpu;
    private boolean closed;

    GpuResource(Gpu gpu) {
        this.gpu = gpu;
        gpu.bind();
    }

    /** Frees the driver object; called once, with the GPU's context current. */
    abstract void release();

    @Override
    public final void close() {
        if (!closed) {
            closed = true;
            gpu.bind();
            release();
        }
    }
}
