package dev.trawl.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** One {@code __global__} function of the {@link CudaModule}, launched on 1-D grids. */
public final class Kernel {
    private final String name;
    private final MemorySegment function;

    Kernel(String name, MemorySegment function) {
        this.name = name;
        this.function = function;
    }

    public String name() {
        return name;
    }

    /** Blocks of {@code blockSize} threads with {@code sharedBytes} of dynamic shared memory that fit on one SM. */
    public int blocksPerMultiprocessor(int blockSize, long sharedBytes) {
        return CudaDriver.occupancy(function, blockSize, sharedBytes);
    }

    /** Lets launches ask for more than the default 48 KiB of dynamic shared memory. */
    public void allowSharedBytes(int bytes) {
        CudaDriver.functionAttribute(function, CudaDriver.FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes,
                "allowing " + bytes + " B of shared memory for " + name);
    }

    /** Queues the kernel on {@code stream}. The arguments are copied at launch, so they may be reused at once. */
    public void launch(int grid, int block, int sharedBytes, Stream stream, Args args) {
        if (grid <= 0) {
            return;
        }
        CudaDriver.launch(function, grid, block, sharedBytes, stream.handle(), args.pointers(), name);
    }

    /**
     * A kernel's argument list in the form {@code cuLaunchKernel} takes: one slot per argument holding
     * its value, and an array of pointers to the slots. Add arguments in the order of the kernel's
     * parameters; the Java type must have the C parameter's size (a pointer or {@code long long} is a
     * {@code long}, an {@code int} an {@code int}).
     */
    public static final class Args {
        private final MemorySegment values;
        private final MemorySegment pointers;
        private int count;

        public Args(Arena arena, int capacity) {
            this.values = arena.allocate(8L * capacity, 8);
            this.pointers = arena.allocate(ValueLayout.ADDRESS, capacity);
        }

        /** A device pointer, a {@code long long} or a {@code size_t}. */
        public Args i64(long v) {
            values.set(ValueLayout.JAVA_LONG, 8L * count, v);
            return next();
        }

        public Args i32(int v) {
            values.set(ValueLayout.JAVA_INT, 8L * count, v);
            return next();
        }

        private Args next() {
            pointers.setAtIndex(ValueLayout.ADDRESS, count, values.asSlice(8L * count, 8));
            count++;
            return this;
        }

        MemorySegment pointers() {
            return pointers;
        }
    }
}
