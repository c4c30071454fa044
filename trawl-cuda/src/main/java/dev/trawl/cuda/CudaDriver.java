package dev.trawl.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The CUDA driver API ({@code libcuda.so.1}) through {@code java.lang.foreign}: no JNI, no CUDA
 * runtime library. Only what Trawl's engines use is bound. Every method checks the {@code CUresult}
 * and throws {@link CudaException} naming it and what was being done.
 *
 * <p>Symbols are the ABI versions that {@code cuda.h} maps the plain names to ({@code cuMemAlloc_v2},
 * {@code cuStreamDestroy_v2}, ...). Handles ({@code CUcontext}, {@code CUstream}, ...) are zero-length
 * {@link MemorySegment}s; device pointers are {@code long}s. The calls need a current context on the
 * calling thread: see {@link Gpu#bind()}.
 *
 * <p>When the library cannot be loaded, the class still initialises; {@link #loadError()} says why and
 * every call throws.
 */
public final class CudaDriver {
    public static final String LIBRARY = "libcuda.so.1";

    public static final int CUDA_SUCCESS = 0;
    public static final int CUDA_ERROR_OUT_OF_MEMORY = 2;
    public static final int CUDA_ERROR_NO_DEVICE = 100;

    public static final int ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8;
    public static final int ATTR_MULTIPROCESSOR_COUNT = 16;
    public static final int ATTR_COMPUTE_CAPABILITY_MAJOR = 75;
    public static final int ATTR_COMPUTE_CAPABILITY_MINOR = 76;
    public static final int ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81;
    public static final int ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

    public static final int MEMHOSTALLOC_PORTABLE = 0x01;
    public static final int MEMHOSTREGISTER_PORTABLE = 0x01;
    public static final int MEMHOSTREGISTER_READ_ONLY = 0x08;
    public static final int STREAM_NON_BLOCKING = 0x1;
    public static final int EVENT_DISABLE_TIMING = 0x2;
    public static final int FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    public static final int POINTER_ATTRIBUTE_CONTEXT = 1;
    public static final int POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
    public static final int POINTER_ATTRIBUTE_RANGE_START_ADDR = 11;
    public static final int POINTER_ATTRIBUTE_RANGE_SIZE = 12;
    public static final int MEMORYTYPE_HOST = 1;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB;
    private static final String LOAD_ERROR;

    static {
        SymbolLookup lib = null;
        String error = null;
        try {
            lib = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
        } catch (IllegalArgumentException e) {
            error = "no CUDA driver: " + LIBRARY + " is not installed (is there an NVIDIA GPU and driver?)";
        } catch (IllegalCallerException e) {
            error = "native access is disabled: run java with --enable-native-access=ALL-UNNAMED";
        }
        LIB = lib;
        LOAD_ERROR = error;
    }

    private static final MethodHandle GET_ERROR_NAME = h("cuGetErrorName", JAVA_INT, ADDRESS);
    private static final MethodHandle INIT = h("cuInit", JAVA_INT);
    private static final MethodHandle DRIVER_GET_VERSION = h("cuDriverGetVersion", ADDRESS);
    private static final MethodHandle DEVICE_GET_COUNT = h("cuDeviceGetCount", ADDRESS);
    private static final MethodHandle DEVICE_GET = h("cuDeviceGet", ADDRESS, JAVA_INT);
    private static final MethodHandle DEVICE_GET_NAME = h("cuDeviceGetName", ADDRESS, JAVA_INT, JAVA_INT);
    private static final MethodHandle DEVICE_GET_ATTRIBUTE = h("cuDeviceGetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    private static final MethodHandle DEVICE_TOTAL_MEM = h("cuDeviceTotalMem_v2", ADDRESS, JAVA_INT);
    private static final MethodHandle PRIMARY_CTX_RETAIN = h("cuDevicePrimaryCtxRetain", ADDRESS, JAVA_INT);
    private static final MethodHandle PRIMARY_CTX_RELEASE = h("cuDevicePrimaryCtxRelease_v2", JAVA_INT);
    private static final MethodHandle CTX_SET_CURRENT = h("cuCtxSetCurrent", ADDRESS);
    private static final MethodHandle CTX_SYNCHRONIZE = h("cuCtxSynchronize");
    private static final MethodHandle MODULE_LOAD_DATA = h("cuModuleLoadData", ADDRESS, ADDRESS);
    private static final MethodHandle MODULE_UNLOAD = h("cuModuleUnload", ADDRESS);
    private static final MethodHandle MODULE_GET_FUNCTION = h("cuModuleGetFunction", ADDRESS, ADDRESS, ADDRESS);
    private static final MethodHandle MODULE_GET_GLOBAL = h("cuModuleGetGlobal_v2", ADDRESS, ADDRESS, ADDRESS, ADDRESS);
    private static final MethodHandle FUNC_SET_ATTRIBUTE = h("cuFuncSetAttribute", ADDRESS, JAVA_INT, JAVA_INT);
    private static final MethodHandle MEM_ALLOC = h("cuMemAlloc_v2", ADDRESS, JAVA_LONG);
    private static final MethodHandle MEM_FREE = h("cuMemFree_v2", JAVA_LONG);
    private static final MethodHandle MEM_GET_INFO = h("cuMemGetInfo_v2", ADDRESS, ADDRESS);
    private static final MethodHandle MEM_HOST_ALLOC = h("cuMemHostAlloc", ADDRESS, JAVA_LONG, JAVA_INT);
    private static final MethodHandle MEM_FREE_HOST = h("cuMemFreeHost", ADDRESS);
    private static final MethodHandle MEM_HOST_REGISTER = h("cuMemHostRegister_v2", ADDRESS, JAVA_LONG, JAVA_INT);
    private static final MethodHandle MEM_HOST_UNREGISTER = h("cuMemHostUnregister", ADDRESS);
    private static final MethodHandle MEMCPY_HTOD = h("cuMemcpyHtoD_v2", JAVA_LONG, ADDRESS, JAVA_LONG);
    private static final MethodHandle MEMCPY_DTOH = h("cuMemcpyDtoH_v2", ADDRESS, JAVA_LONG, JAVA_LONG);
    private static final MethodHandle MEMCPY_HTOD_ASYNC = h("cuMemcpyHtoDAsync_v2", JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS);
    private static final MethodHandle MEMCPY_DTOH_ASYNC = h("cuMemcpyDtoHAsync_v2", ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS);
    private static final MethodHandle MEMCPY_DTOD_ASYNC = h("cuMemcpyDtoDAsync_v2", JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS);
    private static final MethodHandle POINTER_GET_ATTRIBUTE = h("cuPointerGetAttribute", ADDRESS, JAVA_INT, JAVA_LONG);
    private static final MethodHandle MEMSET_D8_ASYNC = h("cuMemsetD8Async", JAVA_LONG, JAVA_BYTE, JAVA_LONG, ADDRESS);
    private static final MethodHandle STREAM_CREATE = h("cuStreamCreate", ADDRESS, JAVA_INT);
    private static final MethodHandle STREAM_DESTROY = h("cuStreamDestroy_v2", ADDRESS);
    private static final MethodHandle STREAM_SYNCHRONIZE = h("cuStreamSynchronize", ADDRESS);
    private static final MethodHandle STREAM_WAIT_EVENT = h("cuStreamWaitEvent", ADDRESS, ADDRESS, JAVA_INT);
    private static final MethodHandle EVENT_CREATE = h("cuEventCreate", ADDRESS, JAVA_INT);
    private static final MethodHandle EVENT_DESTROY = h("cuEventDestroy_v2", ADDRESS);
    private static final MethodHandle EVENT_RECORD = h("cuEventRecord", ADDRESS, ADDRESS);
    private static final MethodHandle EVENT_SYNCHRONIZE = h("cuEventSynchronize", ADDRESS);
    private static final MethodHandle EVENT_ELAPSED_TIME = h(new String[] {"cuEventElapsedTime_v2", "cuEventElapsedTime"},
            ADDRESS, ADDRESS, ADDRESS);
    private static final MethodHandle OCCUPANCY = h("cuOccupancyMaxActiveBlocksPerMultiprocessor", ADDRESS, ADDRESS,
            JAVA_INT, JAVA_LONG);
    private static final MethodHandle LAUNCH_KERNEL = h("cuLaunchKernel", ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT,
            JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    private CudaDriver() {}

    /** Why {@code libcuda.so.1} could not be loaded, or empty when it was. */
    public static Optional<String> loadError() {
        return Optional.ofNullable(LOAD_ERROR);
    }

    private static MethodHandle h(String name, MemoryLayout... args) {
        return h(new String[] {name}, args);
    }

    /** A downcall returning {@code CUresult}; null when the library is missing (calls then fail in {@link #check}). */
    private static MethodHandle h(String[] names, MemoryLayout... args) {
        if (LIB == null) {
            return null;
        }
        for (String name : names) {
            Optional<MemorySegment> sym = LIB.find(name);
            if (sym.isPresent()) {
                return LINKER.downcallHandle(sym.get(), FunctionDescriptor.of(JAVA_INT, args));
            }
        }
        return null; // an old driver without this symbol: the call fails with a clear message
    }

    private static void present(MethodHandle h, String doing) {
        if (h == null) {
            throw new CudaException(-1, LOAD_ERROR != null ? "NO_DRIVER" : "MISSING_SYMBOL",
                    doing + (LOAD_ERROR != null ? " (" + LOAD_ERROR + ")" : " (the driver lacks this function: too old?)"));
        }
    }

    /** Throws unless {@code rc} is {@code CUDA_SUCCESS}. */
    public static void check(int rc, String doing) {
        if (rc != CUDA_SUCCESS) {
            throw new CudaException(rc, errorName(rc), doing);
        }
    }

    /** The {@code CUresult}'s name as the driver spells it, e.g. {@code CUDA_ERROR_INVALID_VALUE}. */
    public static String errorName(int rc) {
        if (GET_ERROR_NAME == null) {
            return "CUresult " + rc;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            int r = (int) GET_ERROR_NAME.invokeExact(rc, p);
            if (r != CUDA_SUCCESS) {
                return "CUresult " + rc;
            }
            return p.get(ADDRESS, 0).reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "CUresult " + rc;
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException re) {
            return re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    // ---- init and devices

    public static void init() {
        present(INIT, "initialising the driver");
        try {
            check((int) INIT.invokeExact(0), "initialising the driver (cuInit)");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The driver's CUDA version, e.g. 13000 for 13.0. */
    public static int driverVersion() {
        return intOut(DRIVER_GET_VERSION, "asking the driver version");
    }

    public static int deviceCount() {
        return intOut(DEVICE_GET_COUNT, "counting devices");
    }

    public static int device(int ordinal) {
        present(DEVICE_GET, "getting device " + ordinal);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_INT);
            check((int) DEVICE_GET.invokeExact(p, ordinal), "getting device " + ordinal);
            return p.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static String deviceName(int device) {
        present(DEVICE_GET_NAME, "asking the device name");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(256);
            check((int) DEVICE_GET_NAME.invokeExact(p, 256, device), "asking the device name");
            return p.getString(0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static int attribute(int device, int attribute) {
        present(DEVICE_GET_ATTRIBUTE, "asking device attribute " + attribute);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_INT);
            check((int) DEVICE_GET_ATTRIBUTE.invokeExact(p, attribute, device), "asking device attribute " + attribute);
            return p.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long totalMemory(int device) {
        present(DEVICE_TOTAL_MEM, "asking the device memory size");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            check((int) DEVICE_TOTAL_MEM.invokeExact(p, device), "asking the device memory size");
            return p.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- contexts

    public static MemorySegment primaryContextRetain(int device) {
        return handleOut(PRIMARY_CTX_RETAIN, device, "retaining the primary context");
    }

    public static void primaryContextRelease(int device) {
        present(PRIMARY_CTX_RELEASE, "releasing the primary context");
        try {
            check((int) PRIMARY_CTX_RELEASE.invokeExact(device), "releasing the primary context");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void setCurrent(MemorySegment context) {
        call1(CTX_SET_CURRENT, context, "making the context current");
    }

    public static void synchronizeContext() {
        present(CTX_SYNCHRONIZE, "synchronising the context");
        try {
            check((int) CTX_SYNCHRONIZE.invokeExact(), "synchronising the context");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- modules and functions

    public static MemorySegment moduleLoadData(MemorySegment image) {
        present(MODULE_LOAD_DATA, "loading the kernel module");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) MODULE_LOAD_DATA.invokeExact(p, image), "loading the kernel module (cuModuleLoadData)");
            return p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void moduleUnload(MemorySegment module) {
        call1(MODULE_UNLOAD, module, "unloading the kernel module");
    }

    public static MemorySegment function(MemorySegment module, String name) {
        present(MODULE_GET_FUNCTION, "finding kernel " + name);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) MODULE_GET_FUNCTION.invokeExact(p, module, a.allocateFrom(name)), "finding kernel " + name);
            return p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The device address and size of the module's global (or {@code __constant__}) variable of that name: {pointer, bytes}. */
    public static long[] global(MemorySegment module, String name) {
        present(MODULE_GET_GLOBAL, "finding device variable " + name);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            MemorySegment size = a.allocate(JAVA_LONG);
            check((int) MODULE_GET_GLOBAL.invokeExact(p, size, module, a.allocateFrom(name)), "finding device variable " + name);
            return new long[] {p.get(JAVA_LONG, 0), size.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void functionAttribute(MemorySegment function, int attribute, int value, String doing) {
        present(FUNC_SET_ATTRIBUTE, doing);
        try {
            check((int) FUNC_SET_ATTRIBUTE.invokeExact(function, attribute, value), doing);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** How many blocks of {@code blockSize} threads and {@code sharedBytes} dynamic shared memory fit on one SM. */
    public static int occupancy(MemorySegment function, int blockSize, long sharedBytes) {
        present(OCCUPANCY, "asking kernel occupancy");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_INT);
            check((int) OCCUPANCY.invokeExact(p, function, blockSize, sharedBytes), "asking kernel occupancy");
            return p.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- memory

    /** Allocates device memory; throws {@link CudaException} with {@code CUDA_ERROR_OUT_OF_MEMORY} when full. */
    public static long memAlloc(long bytes) {
        present(MEM_ALLOC, "allocating device memory");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_LONG);
            check((int) MEM_ALLOC.invokeExact(p, bytes), "allocating " + bytes + " bytes of device memory");
            return p.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memFree(long pointer) {
        present(MEM_FREE, "freeing device memory");
        try {
            check((int) MEM_FREE.invokeExact(pointer), "freeing device memory");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code {free, total}} device memory in bytes, as {@code cuMemGetInfo} sees it. */
    public static long[] memInfo() {
        present(MEM_GET_INFO, "asking free device memory");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment free = a.allocate(JAVA_LONG);
            MemorySegment total = a.allocate(JAVA_LONG);
            check((int) MEM_GET_INFO.invokeExact(free, total), "asking free device memory");
            return new long[] {free.get(JAVA_LONG, 0), total.get(JAVA_LONG, 0)};
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Page-locked host memory, as a segment of {@code bytes} bytes. */
    public static MemorySegment memHostAlloc(long bytes, int flags) {
        present(MEM_HOST_ALLOC, "allocating pinned host memory");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) MEM_HOST_ALLOC.invokeExact(p, bytes, flags), "allocating " + bytes + " bytes of pinned host memory");
            return p.get(ADDRESS, 0).reinterpret(bytes);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memFreeHost(MemorySegment host) {
        call1(MEM_FREE_HOST, host, "freeing pinned host memory");
    }

    /** Page-locks existing host memory (a mapped file, a large segment) so that copies DMA from it. */
    public static void memHostRegister(MemorySegment host, int flags) {
        present(MEM_HOST_REGISTER, "registering host memory");
        try {
            check((int) MEM_HOST_REGISTER.invokeExact(host, host.byteSize(), flags),
                    "registering " + host.byteSize() + " bytes of host memory (cuMemHostRegister)");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memHostUnregister(MemorySegment host) {
        call1(MEM_HOST_UNREGISTER, host, "unregistering host memory");
    }

    /**
     * Copies host memory to the device and returns once the bytes are there. {@code cuMemcpyHtoD} alone
     * does not promise that: from pageable memory it returns once the bytes are staged for DMA, the DMA
     * running later on the legacy default stream, and Trawl's streams are non-blocking, so a kernel
     * queued next could read the old bytes (the likely cause of matches lost, or none found, by the
     * first kernels after a compile, seen on the H200 only while another process kept the GPU busy). So
     * the copy is followed by a synchronize of the default stream.
     */
    public static void memcpyHtoD(long dst, MemorySegment src, long bytes) {
        present(MEMCPY_HTOD, "copying to the device");
        try {
            check((int) MEMCPY_HTOD.invokeExact(dst, src, bytes), "copying " + bytes + " bytes to the device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
        streamSynchronize(MemorySegment.NULL);
    }

    public static void memcpyDtoH(MemorySegment dst, long src, long bytes) {
        present(MEMCPY_DTOH, "copying from the device");
        try {
            check((int) MEMCPY_DTOH.invokeExact(dst, src, bytes), "copying " + bytes + " bytes from the device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memcpyHtoDAsync(long dst, MemorySegment src, long bytes, MemorySegment stream) {
        present(MEMCPY_HTOD_ASYNC, "copying to the device");
        try {
            check((int) MEMCPY_HTOD_ASYNC.invokeExact(dst, src, bytes, stream), "queueing a copy of " + bytes + " bytes to the device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memcpyDtoHAsync(MemorySegment dst, long src, long bytes, MemorySegment stream) {
        present(MEMCPY_DTOH_ASYNC, "copying from the device");
        try {
            check((int) MEMCPY_DTOH_ASYNC.invokeExact(dst, src, bytes, stream), "queueing a copy of " + bytes + " bytes from the device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memcpyDtoDAsync(long dst, long src, long bytes, MemorySegment stream) {
        present(MEMCPY_DTOD_ASYNC, "copying on the device");
        try {
            check((int) MEMCPY_DTOD_ASYNC.invokeExact(dst, src, bytes, stream), "queueing a copy of " + bytes + " bytes on the device");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * One attribute of a device pointer ({@code cuPointerGetAttribute}) as a long (a 4-byte attribute in
     * its low half), or empty when the driver refuses: the pointer is not memory CUDA knows, say.
     */
    public static java.util.OptionalLong pointerAttribute(long pointer, int attribute) {
        present(POINTER_GET_ATTRIBUTE, "asking about a device pointer");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_LONG);
            out.set(JAVA_LONG, 0, 0);
            int rc = (int) POINTER_GET_ATTRIBUTE.invokeExact(out, attribute, pointer);
            return rc == CUDA_SUCCESS ? java.util.OptionalLong.of(out.get(JAVA_LONG, 0)) : java.util.OptionalLong.empty();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void memsetD8Async(long dst, byte value, long bytes, MemorySegment stream) {
        present(MEMSET_D8_ASYNC, "clearing device memory");
        try {
            check((int) MEMSET_D8_ASYNC.invokeExact(dst, value, bytes, stream), "clearing " + bytes + " bytes of device memory");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- streams and events

    public static MemorySegment streamCreate(int flags) {
        return handleOut(STREAM_CREATE, flags, "creating a stream");
    }

    public static void streamDestroy(MemorySegment stream) {
        call1(STREAM_DESTROY, stream, "destroying a stream");
    }

    public static void streamSynchronize(MemorySegment stream) {
        call1(STREAM_SYNCHRONIZE, stream, "waiting for a stream");
    }

    public static void streamWaitEvent(MemorySegment stream, MemorySegment event) {
        present(STREAM_WAIT_EVENT, "making a stream wait for an event");
        try {
            check((int) STREAM_WAIT_EVENT.invokeExact(stream, event, 0), "making a stream wait for an event");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static MemorySegment eventCreate(int flags) {
        return handleOut(EVENT_CREATE, flags, "creating an event");
    }

    public static void eventDestroy(MemorySegment event) {
        call1(EVENT_DESTROY, event, "destroying an event");
    }

    public static void eventRecord(MemorySegment event, MemorySegment stream) {
        present(EVENT_RECORD, "recording an event");
        try {
            check((int) EVENT_RECORD.invokeExact(event, stream), "recording an event");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void eventSynchronize(MemorySegment event) {
        call1(EVENT_SYNCHRONIZE, event, "waiting for an event");
    }

    /** Milliseconds between two recorded, completed events. */
    public static float eventElapsedMillis(MemorySegment start, MemorySegment end) {
        present(EVENT_ELAPSED_TIME, "timing events");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_FLOAT);
            check((int) EVENT_ELAPSED_TIME.invokeExact(p, start, end), "timing events");
            return p.get(JAVA_FLOAT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- launches

    /**
     * Launches a 1-D grid. {@code params} is the array of pointers to each argument's value that
     * {@code cuLaunchKernel} expects (see {@link Kernel.Args}).
     */
    public static void launch(MemorySegment function, int gridX, int blockX, int sharedBytes, MemorySegment stream,
            MemorySegment params, String kernel) {
        present(LAUNCH_KERNEL, "launching " + kernel);
        try {
            check((int) LAUNCH_KERNEL.invokeExact(function, gridX, 1, 1, blockX, 1, 1, sharedBytes, stream, params,
                    MemorySegment.NULL), "launching " + kernel + " (" + gridX + " blocks of " + blockX + ", " + sharedBytes
                    + " B shared)");
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- helpers for the common shapes

    private static int intOut(MethodHandle h, String doing) {
        present(h, doing);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(JAVA_INT);
            check((int) h.invokeExact(p), doing);
            return p.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static MemorySegment handleOut(MethodHandle h, int arg, String doing) {
        present(h, doing);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment p = a.allocate(ADDRESS);
            check((int) h.invokeExact(p, arg), doing);
            return p.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static void call1(MethodHandle h, MemorySegment arg, String doing) {
        present(h, doing);
        try {
            check((int) h.invokeExact(arg), doing);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
