// What the host-to-device probes here share (staging_copy.c, hybrid_source.c, cached_staging.c): the error
// check, a clock, a page-cached file mapped and faulted in, and the device's primary context made current.
// Header-only, so each probe still builds from its one nvcc line.
#ifndef TRAWL_PROBE_COMMON_H
#define TRAWL_PROBE_COMMON_H

#include <cuda.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char* s_; cuGetErrorString(r_, &s_); \
    fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, s_); exit(1); } } while (0)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// Writes `bytes` of a fixed pattern to `path` (the page cache keeps it), maps it read-only and touches
// every page once, as a mapping that is reused has been. Exits on a failed write.
static uint8_t* map_probe_file(const char* path, size_t bytes) {
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    uint8_t* buf = malloc(1 << 20);
    for (int i = 0; i < 1 << 20; i++) buf[i] = (uint8_t) (i * 31 + 7);
    for (size_t w = 0; w < bytes; w += 1 << 20) {
        if (write(fd, buf, 1 << 20) != 1 << 20) exit(1);
    }
    free(buf);
    uint8_t* map = mmap(NULL, bytes, PROT_READ, MAP_SHARED, fd, 0);
    volatile uint64_t sum = 0;
    for (size_t p = 0; p < bytes; p += 4096) sum += map[p];
    return map;
}

// Device 0's primary context, made current on the calling thread.
static CUcontext start_cuda(void) {
    CUdevice d;
    CUcontext ctx;
    CK(cuInit(0));
    CK(cuDeviceGet(&d, 0));
    CK(cuDevicePrimaryCtxRetain(&ctx, d));
    CK(cuCtxSetCurrent(ctx));
    return ctx;
}

#endif
