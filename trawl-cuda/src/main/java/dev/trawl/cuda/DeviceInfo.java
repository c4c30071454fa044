package dev.trawl.cuda;

/**
 * What the driver says about the device Trawl uses.
 *
 * @param ordinal the device number (Trawl uses device 0)
 * @param name the marketing name, e.g. {@code NVIDIA H100 80GB HBM3}
 * @param major compute capability, major part
 * @param minor compute capability, minor part
 * @param multiprocessors streaming multiprocessors (SMs)
 * @param totalMemory device memory in bytes
 * @param sharedPerBlockOptin the most dynamic shared memory one block may ask for, in bytes
 * @param sharedPerMultiprocessor shared memory of one SM, in bytes
 * @param driverVersion the driver's CUDA version, e.g. 13000
 */
public record DeviceInfo(int ordinal, String name, int major, int minor, int multiprocessors, long totalMemory,
        int sharedPerBlockOptin, int sharedPerMultiprocessor, int driverVersion) {

    /** One line, e.g. {@code NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB, driver CUDA 13.0)}. */
    public String describe() {
        return String.format("%s (sm_%d%d, %d SMs, %.1f GiB, driver CUDA %d.%d)", name, major, minor, multiprocessors,
                totalMemory / (double) (1L << 30), driverVersion / 1000, driverVersion % 1000 / 10);
    }
}
