// Can the staging copy stay in the CPU's caches? ScanPipeline stages a 64 MiB chunk at a time (16
// threads copy their pieces, then one copy of the whole chunk goes to the device), so every staged
// byte goes to DRAM and back: the page cache read, the pinned write (and its read for ownership), the
// device's read. Here each of T threads runs its own small pipeline instead: it copies its next piece
// of S MiB into one of its own two pinned slots and sends that slot to the device on its own stream at
// once, so the device reads the piece while it is likely still in the last-level cache (PCIe reads
// snoop it). Pieces go to the threads in turn (thread k takes pieces k, k + T, ...). Prints GB/s end to
// end (copies only, no kernels), best and median of 7, for several S and T, beside ScanPipeline's
// shape (the barrier pipeline of staging_copy.c, 64 MiB chunks, three slots). From the repository root:
//   nvcc -O2 -o /tmp/cs trawl-cuda/src/experiments/cached_staging.c -lcuda -lpthread && /tmp/cs [GiB]
#define _GNU_SOURCE
#include "probe_common.h"
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

#define MAXT 32
#define SLOTS 2

static uint8_t* map;
static size_t bytes;
static CUcontext ctx;
static CUdeviceptr devText;  // the whole text's room on the device

// ---- per-thread pipelines
typedef struct {
    int k, threads;
    size_t piece;
    uint8_t* pinned[SLOTS];
    CUstream stream;
    CUevent done[SLOTS];
} Lane;

static Lane lanes[MAXT];
static pthread_barrier_t go, finished;
static volatile int quit;

static void* laneMain(void* arg) {
    Lane* l = arg;
    CK(cuCtxSetCurrent(ctx));
    for (;;) {
        pthread_barrier_wait(&go);
        if (quit) return NULL;
        int used[SLOTS] = {0, 0};
        int slot = 0;
        for (size_t off = (size_t) l->k * l->piece; off < bytes; off += (size_t) l->threads * l->piece) {
            size_t len = off + l->piece > bytes ? bytes - off : l->piece;
            if (used[slot]) CK(cuEventSynchronize(l->done[slot]));
            memcpy(l->pinned[slot], map + off, len);
            CK(cuMemcpyHtoDAsync(devText + off, l->pinned[slot], len, l->stream));
            CK(cuEventRecord(l->done[slot], l->stream));
            used[slot] = 1;
            slot ^= 1;
        }
        CK(cuStreamSynchronize(l->stream));
        pthread_barrier_wait(&finished);
    }
}

static double runLanes(int threads, size_t piece) {
    for (int k = 0; k < threads; k++) {
        lanes[k].k = k;
        lanes[k].threads = threads;
        lanes[k].piece = piece;
    }
    double t0 = now();
    pthread_barrier_wait(&go);
    pthread_barrier_wait(&finished);
    return bytes / (now() - t0) / 1e9;
}

// ---- ScanPipeline's shape, for comparison: 64 MiB chunks, every thread a piece of each, three slots
#define PSLOTS 3
static uint8_t* chunkPinned[PSLOTS];
static CUstream chunkStream[PSLOTS];
static CUevent chunkDone[PSLOTS];
static pthread_barrier_t cstart, cdone;
static int cthreads;
static uint8_t* curDst;
static const uint8_t* curSrc;
static size_t curLen;
static volatile int cquit;

static size_t share(size_t n, int threads) {
    return ((n + threads - 1) / threads + 4095) & ~(size_t) 4095;
}

static void* chunkWorker(void* arg) {
    long k = (long) arg;
    for (;;) {
        pthread_barrier_wait(&cstart);
        if (cquit) return NULL;
        size_t per = share(curLen, cthreads), from = k * per;
        if (from < curLen) memcpy(curDst + from, curSrc + from, from + per > curLen ? curLen - from : per);
        pthread_barrier_wait(&cdone);
    }
}

static double runChunks(size_t chunk) {
    double t0 = now();
    size_t chunks = (bytes + chunk - 1) / chunk;
    for (size_t c = 0; c < chunks; c++) {
        int s = c % PSLOTS;
        if (c >= PSLOTS) CK(cuEventSynchronize(chunkDone[s]));
        size_t off = c * chunk, len = off + chunk > bytes ? bytes - off : chunk;
        curDst = chunkPinned[s];
        curSrc = map + off;
        curLen = len;
        pthread_barrier_wait(&cstart);
        size_t per = share(len, cthreads);
        memcpy(chunkPinned[s], map + off, per < len ? per : len);
        pthread_barrier_wait(&cdone);
        CK(cuMemcpyHtoDAsync(devText + off, chunkPinned[s], len, chunkStream[s]));
        CK(cuEventRecord(chunkDone[s], chunkStream[s]));
    }
    for (int s = 0; s < PSLOTS; s++) CK(cuEventSynchronize(chunkDone[s]));
    return bytes / (now() - t0) / 1e9;
}

static int cmp(const void* a, const void* b) {
    double x = *(const double*) a, y = *(const double*) b;
    return x < y ? -1 : x > y;
}

static void report(const char* what, double* g) {
    qsort(g, 7, sizeof g[0], cmp);
    printf("%-44s end to end best %5.1f GB/s, median %5.1f\n", what, g[6], g[3]);
}

int main(int argc, char** argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    bytes = (size_t) ((argc > 1 ? atof(argv[1]) : 2) * (1UL << 30));
    const char* path = "/tmp/trawl-cached-staging.bin";
    map = map_probe_file(path, bytes);
    ctx = start_cuda();
    CK(cuMemAlloc(&devText, bytes));
    printf("file %.1f GiB page-cached and mapped\n", bytes / (double) (1UL << 30));

    // ScanPipeline's shape, 16 threads.
    size_t chunk = 64UL << 20;
    cthreads = 16;
    pthread_barrier_init(&cstart, NULL, cthreads);
    pthread_barrier_init(&cdone, NULL, cthreads);
    pthread_t ct[MAXT];
    for (long k = 1; k < cthreads; k++) pthread_create(&ct[k], NULL, chunkWorker, (void*) k);
    for (int s = 0; s < PSLOTS; s++) {
        CK(cuMemHostAlloc((void**) &chunkPinned[s], chunk, 0));
        memset(chunkPinned[s], 0, chunk);
        CK(cuStreamCreate(&chunkStream[s], CU_STREAM_NON_BLOCKING));
        CK(cuEventCreate(&chunkDone[s], CU_EVENT_DISABLE_TIMING));
    }

    // Lanes: up to MAXT threads, two slots of up to 16 MiB each.
    size_t maxPiece = 16UL << 20;
    for (int k = 0; k < MAXT; k++) {
        for (int s = 0; s < SLOTS; s++) {
            CK(cuMemHostAlloc((void**) &lanes[k].pinned[s], maxPiece, 0));
            memset(lanes[k].pinned[s], 0, maxPiece);
            CK(cuEventCreate(&lanes[k].done[s], CU_EVENT_DISABLE_TIMING));
        }
        CK(cuStreamCreate(&lanes[k].stream, CU_STREAM_NON_BLOCKING));
    }
    int threadCounts[] = {8, 12, 16};
    size_t pieces[] = {1UL << 20, 2UL << 20, 4UL << 20, 8UL << 20};
    for (int rep = 0; rep < 2; rep++) {
        double g[7];
        for (int r = 0; r < 7; r++) g[r] = runChunks(chunk);
        report("ScanPipeline's shape (64 MiB chunks, 16 thr)", g);
        for (int ti = 0; ti < 3; ti++) {
            int threads = threadCounts[ti];
            quit = 0;
            pthread_barrier_init(&go, NULL, threads + 1);
            pthread_barrier_init(&finished, NULL, threads + 1);
            pthread_t lt[MAXT];
            for (int k = 0; k < threads; k++) pthread_create(&lt[k], NULL, laneMain, &lanes[k]);
            for (int pi = 0; pi < 4; pi++) {
                for (int r = 0; r < 7; r++) g[r] = runLanes(threads, pieces[pi]);
                char what[64];
                snprintf(what, sizeof what, "lanes: %2d threads, pieces of %zu MiB", threads, pieces[pi] >> 20);
                report(what, g);
            }
            quit = 1;
            pthread_barrier_wait(&go);
            for (int k = 0; k < threads; k++) pthread_join(lt[k], NULL);
            pthread_barrier_destroy(&go);
            pthread_barrier_destroy(&finished);
        }
    }
    cquit = 1;
    pthread_barrier_wait(&cstart);
    for (int k = 1; k < cthreads; k++) pthread_join(ct[k], NULL);
    unlink(path);
    return 0;
}
