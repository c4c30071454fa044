// Can a mix of the two ways into the device beat either alone? Staging (T threads copy a page-cached
// mapping into pinned buffers, the device reads those) moves each byte through host memory three times
// and is bound by the host's memory (session 18: 37-53 GB/s end to end). Registering the mapping in
// place (cuMemHostRegister, read-only) moves it once, but the driver registers at 15-32 GB/s on one
// thread and no faster on more. Run side by side, registration costs little memory bandwidth and
// staging little of the driver: with a share f of the chunks staged, the bounds are about
// 135 / (1 + 2f) GB/s (memory) and R / (1 - f) (registration), which meet near the link's 53 GB/s for f
// around 0.6-0.7 if they do not get in each other's way. This measures it: every K-th chunk (K = 2, 3,
// 4; 0: none) is registered ahead by its own thread, copied to the device straight from the mapping and
// unregistered by that thread once its copy is done; the rest are staged as ScanPipeline stages them
// (three slots). Prints GB/s end to end (copies only, no kernels), best and median of 7. From the
// repository root:
//   nvcc -O2 -o /tmp/hs trawl-cuda/src/experiments/hybrid_source.c -lcuda -lpthread && /tmp/hs [GiB] [chunk MiB] [threads]
#define _GNU_SOURCE
#include "probe_common.h"
#include <cuda.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 3
#define MAXT 64
#define MAXCHUNKS 4096
#define AHEAD 4  // registered chunks the register thread may hold ahead of the copies

static uint8_t* map;
static size_t bytes, chunk, chunks;
static uint8_t* pinned[SLOTS];
static CUcontext ctx;
static int every;  // K: chunk c is registered when every > 0 and c % every == every - 1

static int registered(size_t c) {
    return every > 0 && c % every == (size_t) every - 1;
}

static size_t lenOf(size_t c) {
    size_t off = c * chunk;
    return off + chunk > bytes ? bytes - off : chunk;
}

// ---- staging pool: every thread copies its piece of the current chunk (as staging_copy.c)
static pthread_barrier_t start, done;
static int nthreads, quit;
static uint8_t* curDst;
static const uint8_t* curSrc;
static size_t curLen;

static size_t piece(size_t n, int threads) {
    return ((n + threads - 1) / threads + 4095) & ~(size_t) 4095;
}

static void* worker(void* arg) {
    long k = (long) arg;
    for (;;) {
        pthread_barrier_wait(&start);
        if (quit) return NULL;
        size_t per = piece(curLen, nthreads);
        size_t from = k * per;
        if (from < curLen) memcpy(curDst + from, curSrc + from, from + per > curLen ? curLen - from : per);
        pthread_barrier_wait(&done);
    }
}

// ---- register thread: registers registered chunks in order (at most AHEAD past the copies), and
// unregisters each once the main loop marks its copy done.
static atomic_int regState[MAXCHUNKS];  // 0 nothing, 1 registered, 2 copy done (to unregister), 3 unregistered
static atomic_long copiedUpTo;          // chunks whose copies were queued
static atomic_int regQuit;

static void* registrar(void* arg) {
    (void) arg;
    CK(cuCtxSetCurrent(ctx));
    size_t next = 0, oldest = 0;
    while (!atomic_load(&regQuit)) {
        int worked = 0;
        while (oldest < next) {  // unregister in order
            if (!registered(oldest)) { oldest++; continue; }
            if (atomic_load(&regState[oldest]) != 2) break;
            CK(cuMemHostUnregister(map + oldest * chunk));
            atomic_store(&regState[oldest], 3);
            oldest++;
            worked = 1;
        }
        while (next < chunks && !registered(next)) next++;
        if (next < chunks && (long) next < atomic_load(&copiedUpTo) + AHEAD * every) {
            CK(cuMemHostRegister(map + next * chunk, lenOf(next), CU_MEMHOSTREGISTER_READ_ONLY));
            atomic_store(&regState[next], 1);
            next++;
            worked = 1;
        }
        if (!worked) {
            if (next >= chunks && oldest >= next) break;
            usleep(20);
        }
    }
    return NULL;
}

static double run(int threads, CUstream* streams, CUevent* events, CUdeviceptr* dev) {
    for (size_t c = 0; c < chunks; c++) atomic_store(&regState[c], 0);
    atomic_store(&copiedUpTo, 0);
    atomic_store(&regQuit, 0);
    pthread_t reg;
    pthread_create(&reg, NULL, registrar, NULL);
    long slotChunk[SLOTS] = {-1, -1, -1};
    double t0 = now();
    for (size_t c = 0; c < chunks; c++) {
        int s = c % SLOTS;
        if (slotChunk[s] >= 0) {
            CK(cuEventSynchronize(events[s]));
            if (registered(slotChunk[s])) atomic_store(&regState[slotChunk[s]], 2);
        }
        size_t off = c * chunk, len = lenOf(c);
        if (registered(c)) {
            while (atomic_load(&regState[c]) != 1) { }  // spin: the registrar is ahead or catching up
            CK(cuMemcpyHtoDAsync(dev[s], map + off, len, streams[s]));
        } else {
            curDst = pinned[s];
            curSrc = map + off;
            curLen = len;
            pthread_barrier_wait(&start);
            size_t per = piece(len, threads);
            memcpy(pinned[s], map + off, per < len ? per : len);
            pthread_barrier_wait(&done);
            CK(cuMemcpyHtoDAsync(dev[s], pinned[s], len, streams[s]));
        }
        CK(cuEventRecord(events[s], streams[s]));
        slotChunk[s] = c;
        atomic_store(&copiedUpTo, (long) c + 1);
    }
    for (int s = 0; s < SLOTS; s++) {
        if (slotChunk[s] >= 0) {
            CK(cuEventSynchronize(events[s]));
            if (registered(slotChunk[s])) atomic_store(&regState[slotChunk[s]], 2);
        }
    }
    double g = bytes / (now() - t0) / 1e9;  // registrations still being undone do not count...
    pthread_join(reg, NULL);                // ...but they must be done before the next run
    return g;
}

static int cmp(const void* a, const void* b) {
    double x = *(const double*) a, y = *(const double*) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    bytes = (size_t) ((argc > 1 ? atof(argv[1]) : 2) * (1UL << 30));
    chunk = (size_t) (argc > 2 ? atoi(argv[2]) : 64) << 20;
    int threads = argc > 3 ? atoi(argv[3]) : 15;
    chunks = (bytes + chunk - 1) / chunk;
    if (chunks > MAXCHUNKS) return 1;
    const char* path = "/tmp/trawl-hybrid-probe.bin";
    map = map_probe_file(path, bytes);
    ctx = start_cuda();
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
    nthreads = threads;
    pthread_barrier_init(&start, NULL, threads);
    pthread_barrier_init(&done, NULL, threads);
    pthread_t t[MAXT];
    for (long k = 1; k < threads; k++) pthread_create(&t[k], NULL, worker, (void*) k);
    printf("file %.1f GiB page-cached and mapped, chunks of %zu MiB, %d slots, %d staging threads\n",
           bytes / (double) (1UL << 30), chunk >> 20, SLOTS, threads);
    int ks[] = {0, 4, 3, 2, 0, 4, 3, 2};  // alternated, twice
    for (int i = 0; i < 8; i++) {
        every = ks[i];
        double g[7];
        for (int r = 0; r < 7; r++) g[r] = run(threads, streams, events, dev);
        qsort(g, 7, sizeof g[0], cmp);
        printf("registered %-9s: end to end best %5.1f GB/s, median %5.1f\n",
               every == 0 ? "none" : every == 2 ? "1 in 2" : every == 3 ? "1 in 3" : "1 in 4", g[6], g[3]);
    }
    quit = 1;
    pthread_barrier_wait(&start);
    for (int k = 1; k < threads; k++) pthread_join(t[k], NULL);
    unlink(path);
    return 0;
}
