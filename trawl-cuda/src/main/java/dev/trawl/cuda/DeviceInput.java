package dev.trawl.cuda;

import dev.trawl.Input;
import dev.trawl.input.DeviceBytes;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Text that is already in GPU memory, as an {@link Input}: a CUDA device pointer and a length, as cuDF
 * (a string column's chars buffer) or any CUDA library hands them over. The GPU engines
 * ({@code gpu:pfac}, {@code gpu:trie}, {@code gpu:rabin-karp}) run their kernels straight over it for
 * {@code count} and {@code scan} (per match and batched): nothing crosses the bus but the answers.
 * Offsets are byte offsets from {@code pointer}.
 *
 * <pre>{@code
 * Matcher m = Trawl.compile(patterns, MatcherOptions.defaults().withEngine("gpu:pfac"));
 * try (Input in = DeviceInput.of(Gpu.get(), charsPointer, charsBytes)) {
 *     long n = m.count(in);
 * }
 * }</pre>
 *
 * <p>The memory must be:
 * <ul>
 *   <li>owned by the caller, valid and unchanged until the call that scans it returns (Trawl never
 *       frees it, and keeps no reference to it after the call);
 *   <li>in this process's {@linkplain Gpu GPU} (device 0) and its <em>primary</em> context, which is the
 *       one Trawl's {@link Gpu} uses and the one the CUDA runtime ({@code cudaMalloc}, RMM, cuDF) uses:
 *       memory of a context made with {@code cuCtxCreate} is refused here;
 *   <li>ready: work that writes it must be finished (synchronised) before the call; Trawl's kernels run
 *       on their own streams and do not wait for the caller's.
 * </ul>
 *
 * <p>Kernels read it in place where they can: a chunk whose start is 16-byte aligned and whose reads
 * (its bytes, its overlap and the kernels' 32 bytes of padding) stay inside the pointer's allocation.
 * Any other chunk (the last one, usually, and every chunk of an unaligned pointer) is first copied on
 * the device into a padded buffer of Trawl's, at device-memory speed (a 128 MiB chunk in well under a
 * millisecond on an H200), never through the host.
 *
 * <p>Other engines see the input through {@link Input#segment()}, which copies it to the host once (the
 * whole input over the bus, held until the input is closed): CPU engines work on device inputs, at that
 * cost. {@code auto} sends a device input to its GPU engine whatever its size.
 */
public final class DeviceInput implements DeviceBytes {
    private final Gpu gpu;
    private final long pointer;
    private final long length;
    private final long allocationEnd;

    private DeviceInput(Gpu gpu, long pointer, long length, long allocationEnd) {
        this.gpu = gpu;
        this.pointer = pointer;
        this.length = length;
        this.allocationEnd = allocationEnd;
    }

    /**
     * The {@code length} bytes at device address {@code pointer} as an input. Closing it frees only a
     * host copy, if one was made; the device memory stays the caller's.
     *
     * @throws IllegalArgumentException when CUDA does not know the pointer, it belongs to another
     *     context, or the length runs past its allocation
     */
    public static Input of(Gpu gpu, long pointer, long length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        if (length == 0) {
            return Input.ofDevice(new DeviceInput(gpu, pointer, 0, pointer));
        }
        gpu.bind();
        String at = hex(pointer);
        OptionalLong type = CudaDriver.pointerAttribute(pointer, CudaDriver.POINTER_ATTRIBUTE_MEMORY_TYPE);
        if (type.isEmpty()) {
            throw new IllegalArgumentException(at + " is not memory CUDA knows (not a device pointer?)");
        }
        if ((int) type.getAsLong() == CudaDriver.MEMORYTYPE_HOST) {
            throw new IllegalArgumentException(at + " is host memory: scan it as Input.of(MemorySegment)");
        }
        OptionalLong context = CudaDriver.pointerAttribute(pointer, CudaDriver.POINTER_ATTRIBUTE_CONTEXT);
        if (context.isPresent() && context.getAsLong() != 0 && context.getAsLong() != gpu.context().address()) {
            throw new IllegalArgumentException(at + " belongs to another CUDA context than the device's primary"
                    + " context, which Trawl uses");
        }
        long end = pointer + length;
        OptionalLong start = CudaDriver.pointerAttribute(pointer, CudaDriver.POINTER_ATTRIBUTE_RANGE_START_ADDR);
        OptionalLong size = CudaDriver.pointerAttribute(pointer, CudaDriver.POINTER_ATTRIBUTE_RANGE_SIZE);
        if (start.isPresent() && size.isPresent() && size.getAsLong() > 0) {
            long allocationEnd = start.getAsLong() + size.getAsLong();
            if (Long.compareUnsigned(end, allocationEnd) > 0) {
                throw new IllegalArgumentException(at + " + " + length + " bytes runs past its allocation ("
                        + size.getAsLong() + " bytes from " + hex(start.getAsLong()) + ")");
            }
            end = allocationEnd;
        }
        return Input.ofDevice(new DeviceInput(gpu, pointer, length, end));
    }

    /** {@link #of(Gpu, long, long)} on {@link Gpu#get()}. */
    public static Input of(long pointer, long length) {
        return of(Gpu.get(), pointer, length);
    }

    /** The device input behind {@code input}, if it is one of these. */
    public static Optional<DeviceInput> in(Input input) {
        return input.device().filter(DeviceInput.class::isInstance).map(DeviceInput.class::cast);
    }

    public Gpu gpu() {
        return gpu;
    }

    /** The device address of the first byte. */
    public long pointer() {
        return pointer;
    }

    @Override
    public long byteSize() {
        return length;
    }

    /**
     * Whether kernels may read {@code bytes} bytes from offset {@code from} in place: the address is
     * 16-byte aligned (the kernels' vector loads) and the bytes stay inside the pointer's allocation.
     */
    public boolean readableInPlace(long from, long bytes) {
        long at = pointer + from;
        return (at & 15) == 0 && Long.compareUnsigned(at + bytes, allocationEnd) <= 0;
    }

    @Override
    public void copyToHost(MemorySegment host) {
        if (length > 0) {
            gpu.bind();
            CudaDriver.memcpyDtoH(host, pointer, length);
        }
    }

    @Override
    public String describe() {
        return "device memory at " + hex(pointer) + " (" + length + " bytes) on " + gpu.info().name();
    }

    private static String hex(long address) {
        return "0x" + Long.toHexString(address).toLowerCase(Locale.ROOT);
    }
}
