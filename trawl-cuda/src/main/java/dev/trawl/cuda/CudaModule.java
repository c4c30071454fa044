package dev.trawl.cuda;

import dev.trawl.EngineUnavailableException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loaded CUDA module: the fatbin that the Maven build compiles from {@code src/main/cuda/*.cu}
 * ({@value #RESOURCE}), loaded with {@code cuModuleLoadData}. The driver picks the SASS for the GPU
 * (sm_80, sm_90) or JIT-compiles the compute_90 PTX for newer ones. Loaded once per process and never
 * unloaded: kernels are looked up by name and cached.
 */
public final class CudaModule {
    /** Where the build puts the kernels, on the class path. */
    public static final String RESOURCE = "/dev/trawl/cuda/trawl-kernels.fatbin";

    private final MemorySegment module;
    private final Map<String, Kernel> kernels = new ConcurrentHashMap<>();

    private CudaModule(MemorySegment module) {
        this.module = module;
    }

    /** Whether this build carries GPU kernels (it does not when built with {@code -Dtrawl.cuda.skip=true}). */
    public static boolean packaged() {
        return CudaModule.class.getResource(RESOURCE) != null;
    }

    /**
     * Loads the packaged fatbin into the current context.
     *
     * @throws EngineUnavailableException when this build has no kernels or they cannot be read
     * @throws CudaException when the driver refuses them
     */
    static CudaModule loadPackaged() {
        return load(RESOURCE);
    }

    /**
     * Loads a fatbin from the class path into the current context: the packaged kernels, or the
     * self-test kernels that the build puts in the test classes only.
     */
    static CudaModule load(String resource) {
        byte[] image;
        try (InputStream in = CudaModule.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new EngineUnavailableException("this build has no GPU kernels " + resource
                        + " (it was built with -Dtrawl.cuda.skip=true)");
            }
            image = in.readAllBytes();
        } catch (IOException e) {
            throw new EngineUnavailableException("cannot read the GPU kernels " + resource + ": " + e.getMessage(), e);
        }
        // The image must stay valid while the module lives, which is for the whole process.
        MemorySegment native_ = Arena.global().allocate(image.length + 1L, 16);
        native_.copyFrom(MemorySegment.ofArray(image));
        return new CudaModule(CudaDriver.moduleLoadData(native_));
    }

    /** The device address and size in bytes of the module's variable of that name ({@code __constant__} memory, say). */
    public long[] global(String name) {
        return CudaDriver.global(module, name);
    }

    /** The kernel of that {@code extern "C"} name. */
    public Kernel kernel(String name) {
        return kernels.computeIfAbsent(name, n -> new Kernel(n, CudaDriver.function(module, n)));
    }
}
