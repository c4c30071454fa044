// What every kernel family that tests start positions in tiles shares (pfac.cu, trie.cu): block-wide
// sums for the count -> scan -> write output, the in-place sort of one start's ids, and the per-record
// reductions. Host side: dev.trawl.cuda.engine.TileKernels (tiles.cu's kernels) and RecordPipeline.
//
// A tile is TILE_STARTS consecutive start positions, handled by one block of TILE_THREADS threads, each
// taking TILE_BPT consecutive starts; every family uses this geometry, so that the per-thread and
// per-tile count arrays, the tile scan and the record index mean the same for all of them.
#pragma once
#include <stdint.h>

#define TILE_THREADS 256
#define TILE_BPT 16
#define TILE_STARTS (TILE_THREADS * TILE_BPT)

typedef unsigned long long u64;

namespace tiles {

__device__ __forceinline__ u64 warpInclusiveSum(u64 v) {
    int lane = threadIdx.x & 31;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        u64 n = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) {
            v += n;
        }
    }
    return v;
}

// Exclusive prefix sum of one value per thread over the block; `sums` is 33 words of shared memory.
// Every thread of the block must call it.
__device__ __forceinline__ u64 blockExclusiveSum(u64 v, u64* sums, u64* total) {
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    int warps = blockDim.x >> 5;
    u64 inclusive = warpInclusiveSum(v);
    if (lane == 31) {
        sums[warp] = inclusive;
    }
    __syncthreads();
    if (warp == 0) {
        u64 w = lane < warps ? sums[lane] : 0;
        u64 wi = warpInclusiveSum(w);
        if (lane < warps) {
            sums[lane] = wi - w;
        }
        if (lane == warps - 1) {
            sums[32] = wi;
        }
    }
    __syncthreads();
    u64 r = sums[warp] + inclusive - v;
    *total = sums[32];
    __syncthreads();
    return r;
}

// Sorts the matches of one start (same high word) by pattern id: insertion sort, as there are few.
__device__ __forceinline__ void sortRun(u64* from, u64* to) {
    for (u64* i = from + 1; i < to; i++) {
        u64 v = *i;
        u64* j = i;
        while (j > from && j[-1] > v) {
            *j = j[-1];
            j--;
        }
        *j = v;
    }
}

// ---- per record ----
//
// A chunk of whole records: starts[r] and ends[r] are record r's bounds relative to the chunk's text
// (starts ascending; a record is [starts[r], ends[r]); bytes between records, such as line
// separators, belong to none). tileFirst[t] is the last record whose start is at or before tile t's
// first position (tiles + 1 entries), so a match starting in tile t lies in a record of
// [tileFirst[t], tileFirst[t + 1]]: a handful, searched by bisection only when a match is found
// (matches are rare next to positions). A match's record is the one holding its start; a match that
// runs past that record's end is dropped.
//
// Answers, one slot per record, reduced here on the device:
//   RECORD_ANY    uint8_t  1 when the record holds a match (the host clears the slots to 0)
//   RECORD_FIRST  u64      min over its matches of (start in record) << 32 | pattern id (cleared to ~0)
//   RECORD_COUNT  u64      its matches (cleared to 0)
#define RECORD_ANY 0
#define RECORD_FIRST 1
#define RECORD_COUNT 2

struct RecordArgs {
    const int* starts;
    const int* ends;
    const int* tileFirst;
    int op;
    void* out;
};

// One thread's view of the records its starts fall in. A thread's starts only ascend (its starts in a
// tile, and its tiles of a persistent grid, come in text order), so the record found last stays valid
// until a start passes its end, and what the thread found for it is kept in registers and written once
// (an atomic per thread and record, not per match).
struct RecordCursor {
    RecordArgs a;
    long long tile;
    int lo;           // candidate records of the tile, found when first needed
    int hi;
    int r;            // the record located last, or -1
    long long rs;     // its bounds
    long long re;
    bool answered;    // ANY and FIRST: this thread found a match in record r ...
    long long at;     // ... starting here
    u64 best;         // FIRST: the smallest key found for record r
    u64 pending;      // COUNT: matches of record r not yet added

    __device__ __forceinline__ void begin(const RecordArgs& args) {
        a = args;
        r = -1;
        lo = -1;
        answered = false;
        pending = 0;
    }

    __device__ __forceinline__ void enterTile(long long t) {
        tile = t;
        lo = -1;
    }

    __device__ __forceinline__ void flush() {
        if (r < 0) {
            return;
        }
        if (a.op == RECORD_COUNT && pending != 0) {
            atomicAdd((u64*)a.out + r, pending);
        } else if (a.op == RECORD_FIRST && answered) {
            atomicMin((u64*)a.out + r, best);
        }
        pending = 0;
        answered = false;
    }

    __device__ __forceinline__ void locate(long long start) {
        if (lo < 0) {
            lo = __ldg(a.tileFirst + tile);
            hi = __ldg(a.tileFirst + tile + 1);
        }
        int l = lo;
        int h = hi;
        while (l < h) { // the last record of [l, h] starting at or before `start`
            int m = (l + h + 1) >> 1;
            if (__ldg(a.starts + m) <= start) {
                l = m;
            } else {
                h = m - 1;
            }
        }
        if (l != r) {
            flush();
            r = l;
            rs = __ldg(a.starts + l);
            re = __ldg(a.ends + l);
        }
    }

    // Whether walking from `start` can still change an answer: not for a later start of a record this
    // thread already answered (ANY and FIRST), as its matches start later than the one found.
    __device__ __forceinline__ bool worthWalking(long long start) const {
        return a.op == RECORD_COUNT || !answered || start >= re;
    }

    // Whether matches from `start` to `end` count for their record. False also means that no longer
    // match from `start` does, so the walk can stop.
    __device__ __forceinline__ bool accept(long long start, long long end) {
        if (r < 0 || start >= re) {
            locate(start);
        }
        return end <= re && (a.op == RECORD_COUNT || !answered || start == at);
    }

    // Records `n` accepted matches (COUNT).
    __device__ __forceinline__ void add(unsigned n) {
        pending += n;
    }

    // Records one accepted match; returns whether the walk from `start` should go on.
    __device__ __forceinline__ bool report(long long start, int id) {
        if (a.op == RECORD_ANY) {
            ((uint8_t*)a.out)[r] = 1;
            answered = true;
            at = start;
            return false;
        }
        if (a.op == RECORD_COUNT) {
            pending++;
            return true;
        }
        u64 key = ((u64)(start - rs) << 32) | (unsigned)id;
        if (!answered || key < best) {
            best = key;
        }
        answered = true;
        at = start;
        return true;
    }
};

}  // namespace tiles
