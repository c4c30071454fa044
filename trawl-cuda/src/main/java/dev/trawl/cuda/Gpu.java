package dev.trawl.cuda;

import dev.trawl.EngineUnavailableException;
import dev.trawl.TrawlException;
import java.lang.foreign.MemorySegment;
import java.util.Locale;
import java.util.Optional;

/**
 * The GPU Trawl runs on (device 0), or why there is none. The first question probes once per process:
 * load {@code libcuda.so.1}, {@code cuInit}, find a device of compute capability 8.0 or newer, retain
 * its primary context and load the packaged kernels. Whatever fails becomes a one-line reason, so
 * that {@code auto} can fall back to the CPU and an explicit {@code gpu:*} engine can say why not.
 *
 * <p>Set {@code -Dtrawl.gpu=off} (or the environment variable {@code TRAWL_GPU=off}) to act as if
 * there were no GPU. {@code bin/trawl} sets {@code -Dtrawl.gpu=absent} on a machine without an NVIDIA
 * device node, which skips the probe and says so.
 *
 * <p>CUDA calls need the context current on the calling thread; code that calls the driver first
 * calls {@link #bind()} on its thread (cheap: one {@code cuCtxSetCurrent}).
 */
public final class Gpu {
    /** The oldest compute capability the packaged SASS runs on (sm_80: A100 and newer). */
    public static final int MIN_MAJOR = 8;

    private static volatile Object state; // a Gpu, or the String reason there is none

    private final DeviceInfo info;
    private final MemorySegment context;
    private final CudaModule module;

    private Gpu(DeviceInfo info, MemorySegment context, CudaModule module) {
        this.info = info;
        this.context = context;
        this.module = module;
    }

    /** True when a usable GPU is here. */
    public static boolean available() {
        return state() instanceof Gpu;
    }

    /** True when a usable GPU has already been set up in this process; never probes or starts one. */
    public static boolean started() {
        return state instanceof Gpu;
    }

    /**
     * False when there is surely no usable GPU (switched off, no NVIDIA device node or driver library,
     * or already probed and found unusable), without starting CUDA. On Linux the device node alone
     * decides: loading the driver library and binding its calls takes a tenth of a second in a fresh
     * JVM, which a command that stays on the CPU should not pay.
     */
    public static boolean mayBeAvailable() {
        Object s = state;
        if (s != null) {
            return s instanceof Gpu;
        }
        if (switchedOff().isPresent()) {
            return false;
        }
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            return java.nio.file.Files.exists(java.nio.file.Path.of("/dev/nvidiactl"));
        }
        return CudaDriver.loadError().isEmpty();
    }

    /** Empty when a GPU is usable, else one line saying why not. */
    public static Optional<String> unavailableReason() {
        return state() instanceof String why ? Optional.of(why) : Optional.empty();
    }

    /**
     * The GPU, bound to the calling thread.
     *
     * @throws EngineUnavailableException with the reason when there is none
     */
    public static Gpu get() {
        Object s = state();
        if (s instanceof Gpu g) {
            g.bind();
            return g;
        }
        throw new EngineUnavailableException("no usable GPU: " + s);
    }

    public DeviceInfo info() {
        return info;
    }

    /** The primary context's handle, to compare with a pointer's ({@link DeviceInput}). */
    MemorySegment context() {
        return context;
    }

    /** Makes this GPU's primary context current on the calling thread. */
    public void bind() {
        CudaDriver.setCurrent(context);
    }

    public Kernel kernel(String name) {
        return module.kernel(name);
    }

    /** The device address and size in bytes of a variable of the packaged kernels ({@link CudaModule#global}). */
    public long[] global(String name) {
        return module.global(name);
    }

    /** Device memory in use, by every process, in bytes ({@code total - free} of {@code cuMemGetInfo}). */
    public long memoryInUse() {
        bind();
        long[] m = CudaDriver.memInfo();
        return m[1] - m[0];
    }

    public long memoryFree() {
        bind();
        return CudaDriver.memInfo()[0];
    }

    private static Object state() {
        Object s = state;
        if (s == null) {
            synchronized (Gpu.class) {
                s = state;
                if (s == null) {
                    s = probe();
                    state = s;
                }
            }
        }
        return s;
    }

    private static Optional<String> switchedOff() {
        String off = System.getProperty("trawl.gpu", System.getenv("TRAWL_GPU"));
        if ("absent".equals(off)) {
            // bin/trawl's finding, to skip the probe: not the user's choice, so not called "switched off"
            return Optional.of("no NVIDIA GPU on this machine (no /dev/nvidiactl)");
        }
        if (off != null && switch (off.toLowerCase(Locale.ROOT)) {
            case "off", "false", "0", "no" -> true;
            default -> false;
        }) {
            return Optional.of("the GPU is switched off (-Dtrawl.gpu=off or TRAWL_GPU=off)");
        }
        return Optional.empty();
    }

    private static Object probe() {
        Optional<String> off = switchedOff();
        if (off.isPresent()) {
            return off.get();
        }
        Optional<String> load = CudaDriver.loadError();
        if (load.isPresent()) {
            return load.get();
        }
        try {
            try {
                CudaDriver.init();
            } catch (CudaException e) {
                if (e.result() == CudaDriver.CUDA_ERROR_NO_DEVICE) {
                    return "no CUDA device found (the driver is installed, but sees no GPU)";
                }
                return "the CUDA driver did not start: " + e.resultName();
            }
            if (CudaDriver.deviceCount() == 0) {
                return "no CUDA device found (the driver is installed, but sees no GPU)";
            }
            int dev = CudaDriver.device(0);
            DeviceInfo info = new DeviceInfo(0, CudaDriver.deviceName(dev),
                    CudaDriver.attribute(dev, CudaDriver.ATTR_COMPUTE_CAPABILITY_MAJOR),
                    CudaDriver.attribute(dev, CudaDriver.ATTR_COMPUTE_CAPABILITY_MINOR),
                    CudaDriver.attribute(dev, CudaDriver.ATTR_MULTIPROCESSOR_COUNT), CudaDriver.totalMemory(dev),
                    CudaDriver.attribute(dev, CudaDriver.ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
                    CudaDriver.attribute(dev, CudaDriver.ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
                    CudaDriver.driverVersion());
            if (info.major() < MIN_MAJOR) {
                return "the GPU " + info.name() + " has compute capability " + info.major() + "." + info.minor()
                        + "; Trawl's kernels need " + MIN_MAJOR + ".0 or newer";
            }
            if (!CudaModule.packaged()) {
                return "this build has no GPU kernels (it was built with -Dtrawl.cuda.skip=true)";
            }
            MemorySegment ctx = CudaDriver.primaryContextRetain(dev);
            CudaDriver.setCurrent(ctx);
            CudaModule module;
            try {
                module = CudaModule.loadPackaged();
            } catch (CudaException e) {
                return "cannot load Trawl's GPU kernels on " + info.name() + ": " + e.resultName();
            }
            return new Gpu(info, ctx, module);
        } catch (TrawlException e) { // CudaException, or EngineUnavailableException for missing kernels
            return e.getMessage();
        } catch (RuntimeException | LinkageError e) {
            return "the CUDA driver could not be used: " + String.valueOf(e).replace('\n', ' ');
        }
    }
}
