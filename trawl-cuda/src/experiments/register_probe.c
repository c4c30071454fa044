// Can page-locking a mapped, page-cached file in place (cuMemHostRegister) feed the device faster than
// staging it into pinned memory? Staging moves each byte through host memory three times (read from the
// page cache, written to pinned memory, read by the device's copy); a registered mapping once. One thread
// registered at about 16 GB/s (HostRegistration's javadoc); this measures registration on several
// threads at once, and a pipeline where each thread registers a chunk, copies it to the device and
// unregisters it, and plain pageable copies (the driver stages them) on several threads. Standalone
// (CUDA driver API only), from the repository root on the GPU machine:
//   nvcc -O2 -o /tmp/rp trawl-cuda/src/experiments/register_probe.c -lcuda -lpthread && /tmp/rp [GiB] [chunk MiB]
#define _GNU_SOURCE
#include <cuda.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char* s_; cuGetErrorString(r_, &s_); \
    fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, s_); exit(1); } } while (0)

static CUcontext ctx;
static uint8_t* map;
static size_t bytes, chunk;
static int nthreads, mode;  // 0: register only, 1: unregister only, 2: register + copy + unregister, 3: pageable copy
static CUdeviceptr dev;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void* work(void* arg) {
    long k = (long) arg;
    CK(cuCtxSetCurrent(ctx));
    CUstream s;
    CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    size_t chunks = (bytes + chunk - 1) / chunk;
    for (size_t c = k; c < chunks; c += nthreads) {
        size_t off = c * chunk, len = off + chunk > bytes ? bytes - off : chunk;
        if (mode == 3) {
            CK(cuMemcpyHtoDAsync(dev + off, map + off, len, s));  // pageable: the driver stages it
            CK(cuStreamSynchronize(s));
            continue;
        }
        if (mode == 0 || mode == 2) CK(cuMemHostRegister(map + off, len, CU_MEMHOSTREGISTER_READ_ONLY));
        if (mode == 2) {
            CK(cuMemcpyHtoDAsync(dev + off, map + off, len, s));
            CK(cuStreamSynchronize(s));
        }
        if (mode == 1 || mode == 2) CK(cuMemHostUnregister(map + off));
    }
    CK(cuStreamDestroy(s));
    return NULL;
}

static double run(int threads, int m) {
    nthreads = threads;
    mode = m;
    pthread_t t[64];
    double t0 = now();
    for (long k = 0; k < threads; k++) pthread_create(&t[k], NULL, work, (void*) k);
    for (int k = 0; k < threads; k++) pthread_join(t[k], NULL);
    return bytes / (now() - t0) / 1e9;
}

int main(int argc, char** argv) {
    bytes = (size_t) ((argc > 1 ? atof(argv[1]) : 2) * (1UL << 30));
    chunk = (size_t) (argc > 2 ? atoi(argv[2]) : 64) << 20;
    const char* path = "/tmp/trawl-register-probe.bin";
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    uint8_t* buf = malloc(1 << 20);
    for (int i = 0; i < 1 << 20; i++) buf[i] = (uint8_t) (i * 31 + 7);
    for (size_t w = 0; w < bytes; w += 1 << 20) write(fd, buf, 1 << 20);
    map = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
    volatile uint64_t sum = 0;
    for (size_t p = 0; p < bytes; p += 4096) sum += map[p];  // fault in once, as a reused mapping is
    CK(cuInit(0));
    CUdevice d;
    CK(cuDeviceGet(&d, 0));
    CK(cuDevicePrimaryCtxRetain(&ctx, d));
    CK(cuCtxSetCurrent(ctx));
    CK(cuMemAlloc(&dev, bytes));
    int pageable = 0, hostTables = 0;
    CK(cuDeviceGetAttribute(&pageable, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, d));
    CK(cuDeviceGetAttribute(&hostTables, CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES, d));
    printf("pageable memory access %d, through the host's page tables %d\n", pageable, hostTables);
    for (int i = 0; i < 5; i++) {
        int threads = 1 << i;
        double best = 0;
        for (int r = 0; r < 3; r++) {
            double g = run(threads, 3);
            if (g > best) best = g;
        }
        printf("threads %2d: pageable copies from the mapping %6.1f GB/s\n", threads, best);
    }
    printf("file %.1f GiB page-cached and mapped, chunks of %zu MiB\n", bytes / (double) (1UL << 30), chunk >> 20);
    int counts[] = {1, 2, 4, 8, 16};
    for (int i = 0; i < 5; i++) {
        double best = 0, bestU = 0, bestP = 0;
        for (int r = 0; r < 3; r++) {
            double reg = run(counts[i], 0), unreg = run(counts[i], 1), pipe = run(counts[i], 2);
            if (reg > best) best = reg;
            if (unreg > bestU) bestU = unreg;
            if (pipe > bestP) bestP = pipe;
        }
        printf("threads %2d: register %6.1f GB/s, unregister %6.1f GB/s, register+copy+unregister %6.1f GB/s\n",
               counts[i], best, bestU, bestP);
    }
    // The whole mapping registered once (the pipeline's "registered" mode) then copied by 4 streams.
    double t0 = now();
    CK(cuMemHostRegister(map, bytes, CU_MEMHOSTREGISTER_READ_ONLY));
    double reg = now() - t0;
    t0 = now();
    CK(cuMemcpyHtoD(dev, map, bytes));
    double copy = now() - t0;
    CK(cuMemHostUnregister(map));
    printf("whole mapping: register %.1f GB/s, then copy %.1f GB/s\n", bytes / reg / 1e9, bytes / copy / 1e9);
    unlink(path);
    return 0;
}
