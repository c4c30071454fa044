// What the staging copy could reach on the GPU machine's host, outside the JVM: a page-cached, mapped
// file copied into pinned buffers on T threads (a chunk at a time, a piece per thread, as HostCopier
// does) and from them to the device on their own streams (three slots, as ScanPipeline does). The copy
// loop is glibc's memcpy (ordinary stores at these piece sizes: its non-temporal threshold is 151 MiB
// there), an AVX2 loop with ordinary stores, or one with non-temporal stores (no read of the pinned
// lines before they are written: two passes through memory instead of three). Prints, per loop and
// thread count, the copy alone and the whole pipeline in GB/s. From the repository root:
//   nvcc -O2 -Xcompiler -mavx2 -o /tmp/sc trawl-cuda/src/experiments/staging_copy.c -lcuda -lpthread && /tmp/sc [GiB] [chunk MiB]
#define _GNU_SOURCE
#include "probe_common.h"
#include <cuda.h>
#include <fcntl.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 3
#define MAXT 32

static uint8_t* map;
static size_t bytes, chunk;
static uint8_t* pinned[SLOTS];
static int loop;  // 0 memcpy, 1 AVX2 stores, 2 AVX2 non-temporal stores

static void copy(uint8_t* dst, const uint8_t* src, size_t n) {
    if (loop == 0) {
        memcpy(dst, src, n);
        return;
    }
    size_t i = 0;
    if (loop == 1) {
        for (; i + 128 <= n; i += 128) {
            __m256i a = _mm256_loadu_si256((const __m256i*) (src + i)), b = _mm256_loadu_si256((const __m256i*) (src + i + 32));
            __m256i c = _mm256_loadu_si256((const __m256i*) (src + i + 64)), d = _mm256_loadu_si256((const __m256i*) (src + i + 96));
            _mm256_storeu_si256((__m256i*) (dst + i), a);
            _mm256_storeu_si256((__m256i*) (dst + i + 32), b);
            _mm256_storeu_si256((__m256i*) (dst + i + 64), c);
            _mm256_storeu_si256((__m256i*) (dst + i + 96), d);
        }
    } else {
        for (; i + 128 <= n; i += 128) {  // dst is 4 KiB aligned and pieces are whole MiB
            __m256i a = _mm256_loadu_si256((const __m256i*) (src + i)), b = _mm256_loadu_si256((const __m256i*) (src + i + 32));
            __m256i c = _mm256_loadu_si256((const __m256i*) (src + i + 64)), d = _mm256_loadu_si256((const __m256i*) (src + i + 96));
            _mm256_stream_si256((__m256i*) (dst + i), a);
            _mm256_stream_si256((__m256i*) (dst + i + 32), b);
            _mm256_stream_si256((__m256i*) (dst + i + 64), c);
            _mm256_stream_si256((__m256i*) (dst + i + 96), d);
        }
        _mm_sfence();
    }
    memcpy(dst + i, src + i, n - i);
}

// A thread's piece of n bytes: whole pages, so that the non-temporal stores stay aligned.
static size_t piece(size_t n, int threads) {
    return ((n + threads - 1) / threads + 4095) & ~(size_t) 4095;
}

// A barrier-driven pool: every thread copies its piece of the current chunk.
static pthread_barrier_t start, done;
static int nthreads, quit;
static uint8_t* curDst;
static const uint8_t* curSrc;
static size_t curLen;

static void* worker(void* arg) {
    long k = (long) arg;
    for (;;) {
        pthread_barrier_wait(&start);
        if (quit) return NULL;
        size_t per = piece(curLen, nthreads);
        size_t from = k * per;
        if (from < curLen) copy(curDst + from, curSrc + from, from + per > curLen ? curLen - from : per);
        pthread_barrier_wait(&done);
    }
}

static void copyChunk(uint8_t* dst, const uint8_t* src, size_t n) {
    curDst = dst;
    curSrc = src;
    curLen = n;
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&done);
}

static double measure(int threads, int withDevice, CUstream* streams, CUevent* events, CUdeviceptr* dev) {
    nthreads = threads;
    quit = 0;
    pthread_barrier_init(&start, NULL, threads);
    pthread_barrier_init(&done, NULL, threads);
    pthread_t t[MAXT];
    for (long k = 1; k < threads; k++) pthread_create(&t[k], NULL, worker, (void*) k);
    // The calling thread is worker 0: it runs piece 0 between the barriers itself.
    double best = 0;
    for (int r = 0; r < 5; r++) {
        double t0 = now();
        size_t chunks = (bytes + chunk - 1) / chunk;
        for (size_t c = 0; c < chunks; c++) {
            int s = c % SLOTS;
            if (withDevice && c >= SLOTS) CK(cuEventSynchronize(events[s]));
            size_t off = c * chunk, len = off + chunk > bytes ? bytes - off : chunk;
            curDst = pinned[s];
            curSrc = map + off;
            curLen = len;
            pthread_barrier_wait(&start);
            size_t per = piece(len, threads);
            copy(pinned[s], map + off, per < len ? per : len);
            pthread_barrier_wait(&done);
            if (withDevice) {
                CK(cuMemcpyHtoDAsync(dev[s], pinned[s], len, streams[s]));
                CK(cuEventRecord(events[s], streams[s]));
            }
        }
        if (withDevice) for (int s = 0; s < SLOTS; s++) CK(cuEventSynchronize(events[s]));
        double g = bytes / (now() - t0) / 1e9;
        if (g > best) best = g;
    }
    quit = 1;
    pthread_barrier_wait(&start);
    for (int k = 1; k < threads; k++) pthread_join(t[k], NULL);
    pthread_barrier_destroy(&start);
    pthread_barrier_destroy(&done);
    return best;
}

int main(int argc, char** argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    bytes = (size_t) ((argc > 1 ? atof(argv[1]) : 2) * (1UL << 30));
    chunk = (size_t) (argc > 2 ? atoi(argv[2]) : 64) << 20;
    const char* path = "/tmp/trawl-staging-probe.bin";
    map = map_probe_file(path, bytes);
    CUcontext ctx = start_cuda();
    CUstream streams[SLOTS];
    CUevent events[SLOTS];
    CUdeviceptr dev[SLOTS];
    for (int s = 0; s < SLOTS; s++) {
        CK(cuMemHostAlloc((void**) &pinned[s], chunk, 0));
        memset(pinned[s], 0, chunk);
        CK(cuStreamCreate(&streams[s], CU_STREAM_NON_BLOCKING));
        CK(cuEventCreate(&events[s], CU_EVENT_DISABLE_TIMING));
        CK(cuMemAlloc(&dev[s], chunk));
    }
    printf("file %.1f GiB page-cached and mapped, chunks of %zu MiB, %d slots\n", bytes / (double) (1UL << 30),
           chunk >> 20, SLOTS);
    const char* names[] = {"memcpy", "AVX2 stores", "AVX2 non-temporal stores"};
    int counts[] = {8, 12, 16};
    for (loop = 0; loop < 3; loop++) {
        for (int i = 0; i < 3; i++) {
            double alone = measure(counts[i], 0, streams, events, dev);
            double whole = measure(counts[i], 1, streams, events, dev);
            printf("%-26s threads %2d: copy alone %5.1f GB/s, copy + to device %5.1f GB/s\n", names[loop], counts[i],
                   alone, whole);
        }
    }
    unlink(path);
    return 0;
}
