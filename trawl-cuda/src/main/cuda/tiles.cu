// The kernels every tiled family shares (see tiles.cuh): the scan of per-tile match counts between a
// count pass and a write pass, and the two small passes around a per-record kernel.
// Host side: dev.trawl.cuda.engine.TileKernels.
#include "tiles.cuh"

// Exclusive scan of tileCounts into tileOffsets, and the sum into *total. One block of 1024 threads;
// each thread sums a run of consecutive tiles, the block scans the runs, and each thread writes its
// run's offsets.
extern "C" __global__ void __launch_bounds__(1024) tiles_scan(const u64* tileCounts, u64* tileOffsets,
                                                              long long tiles, u64* total) {
    __shared__ u64 sums[33];
    long long per = (tiles + blockDim.x - 1) / blockDim.x;
    long long lo = threadIdx.x * per;
    long long hi = lo + per < tiles ? lo + per : tiles;
    u64 run = 0;
    for (long long i = lo; i < hi; i++) {
        run += tileCounts[i];
    }
    u64 sum;
    u64 offset = tiles::blockExclusiveSum(run, sums, &sum);
    for (long long i = lo; i < hi; i++) {
        tileOffsets[i] = offset;
        offset += tileCounts[i];
    }
    if (threadIdx.x == 0) {
        *total = sum;
    }
}

// tileFirst[t] for t in [0, entries): the last of `records` records (starts ascending, starts[0] == 0)
// whose start is at or before t * TILE_STARTS. A bisection per tile: a few microseconds per chunk.
extern "C" __global__ void __launch_bounds__(256) tiles_record_index(const int* starts, int records,
                                                                     long long entries, int* tileFirst) {
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < entries;
         t += (long long)gridDim.x * blockDim.x) {
        long long p = t * TILE_STARTS;
        int l = 0;
        int h = records - 1;
        while (l < h) {
            int m = (l + h + 1) >> 1;
            if (__ldg(starts + m) <= p) {
                l = m;
            } else {
                h = m - 1;
            }
        }
        tileFirst[t] = l;
    }
}

// RECORD_FIRST's keys to pattern ids: the low word, or -1 where the key is still ~0 (no match), so
// that half the bytes go back to the host.
extern "C" __global__ void __launch_bounds__(256) tiles_first_ids(const u64* keys, int* ids, int records) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < records; i += gridDim.x * blockDim.x) {
        u64 k = keys[i];
        ids[i] = k == ~0ull ? -1 : (int)(unsigned)k;
    }
}

// counts[t] for each of `tiles` tiles: the '\n' bytes among its TILE_STARTS (those before `readable`).
// With tiles_scan, the record of each tile's first position when the records are the text's lines.
extern "C" __global__ void __launch_bounds__(TILE_THREADS) tiles_line_counts(const uint8_t* text, long long readable,
                                                                             long long tiles, u64* counts) {
    __shared__ unsigned warpSums[TILE_THREADS / 32];
    for (long long t = blockIdx.x; t < tiles; t += gridDim.x) {
        long long first = t * TILE_STARTS + (long long)threadIdx.x * TILE_BPT;
        unsigned n = 0;
        if (first < readable) {
            uint4 w = __ldg((const uint4*)(text + first));
            unsigned words[4] = {w.x, w.y, w.z, w.w};
            long long left = readable - first;
#pragma unroll
            for (int k = 0; k < TILE_BPT; k++) {
                n += ((words[k >> 2] >> ((k & 3) * 8)) & 0xffu) == '\n' && k < left ? 1u : 0u;
            }
        }
        for (int d = 16; d > 0; d >>= 1) {
            n += __shfl_down_sync(0xffffffffu, n, d);
        }
        if ((threadIdx.x & 31) == 0) {
            warpSums[threadIdx.x >> 5] = n;
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned sum = 0;
            for (int i = 0; i < TILE_THREADS / 32; i++) {
                sum += warpSums[i];
            }
            counts[t] = sum;
        }
        __syncthreads();
    }
}
