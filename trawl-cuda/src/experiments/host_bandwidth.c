// Host memory bandwidth on the GPU machine's host, for issue 23's "unless host memory bandwidth bounds
// it" (a shared CPU+GPU count reads the text once on the CPU side, and the GPU side reads it, writes it
// to pinned memory and the device reads that back). Standalone, no CUDA:
//   cc -O3 -march=native -pthread host_bandwidth.c -o hb && ./hb [GiB] [threads...]
// Prints, for each thread count, the rate of reading a buffer (sum of 64-bit words) and of copying it
// into another (memcpy), in GB/s of buffer bytes (a copy moves twice that through memory).
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint8_t *src, *dst;
static size_t bytes;
static int nthreads, mode;
static volatile uint64_t sink;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *work(void *arg) {
    long k = (long) arg;
    size_t part = bytes / nthreads / 64 * 64;
    size_t from = k * part, to = k == nthreads - 1 ? bytes : from + part;
    if (mode == 0) {
        uint64_t s = 0;
        const uint64_t *p = (const uint64_t *) (src + from);
        for (size_t i = 0; i < (to - from) / 8; i += 4) s += p[i] + p[i + 1] + p[i + 2] + p[i + 3];
        sink += s;
    } else {
        memcpy(dst + from, src + from, to - from);
    }
    return NULL;
}

static double run(int threads, int m) {
    nthreads = threads;
    mode = m;
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        pthread_t t[256];
        double t0 = now();
        for (long k = 0; k < threads; k++) pthread_create(&t[k], NULL, work, (void *) k);
        for (int k = 0; k < threads; k++) pthread_join(t[k], NULL);
        double d = now() - t0;
        if (d < best) best = d;
    }
    return bytes / best / 1e9;
}

int main(int argc, char **argv) {
    bytes = (size_t) (argc > 1 ? atof(argv[1]) : 2) * (1UL << 30);
    src = aligned_alloc(4096, bytes);
    dst = aligned_alloc(4096, bytes);
    memset(src, 1, bytes);
    memset(dst, 2, bytes);
    int counts[] = {1, 2, 4, 8, 12, 16};
    printf("buffer %.1f GiB\n", bytes / (double) (1UL << 30));
    for (int i = 0; i < 6; i++) {
        printf("threads %2d: read %6.1f GB/s, copy %6.1f GB/s (%.1f GB/s through memory)\n", counts[i],
               run(counts[i], 0), run(counts[i], 1), 2 * run(counts[i], 1));
    }
    return 0;
}
