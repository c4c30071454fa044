// What every kernel family that tests start positions in tiles shares (pfac.cu, trie.cu, rabinkarp.cu):
// block-wide sums for the count -> scan -> write output and the tile loops around them, the in-place
// sort of one start's ids, the staging of a tile's text, and the per-record reductions. Host side: dev.trawl.cuda.engine.TileKernels (tiles.cu's kernels) and RecordPipeline.
//
// A tile is TILE_STARTS consecutive start positions, handled by one block of TILE_THREADS threads, each
// taking TILE_BPT consecutive starts; every family uses this geometry, so that the per-thread and
// per-tile count arrays, the tile scan and the record index mean the same for all of them.
#pragma once
#include <stdint.h>
#include <type_traits>

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

// The bytes of a thread's TILE_BPT starts, from one 16-byte load (Staged::startBytes).
struct StartBytes {
    unsigned words[4];

    __device__ __forceinline__ unsigned operator[](int k) const {
        return (words[k >> 2] >> ((k & 3) * 8)) & 0xffu;
    }
};

// The chunk and its staged tile, for the families that stage the tile's text in shared memory (pfac.cu,
// trie.cu); each family's Ctx extends it.
struct Staged {
    const uint8_t* __restrict__ text;   // the chunk; 16-byte aligned, readable to `readable` + 16
    long long readable;                 // bytes a walk may read (the chunk plus its overlap)
    long long starts;                   // start positions to test: [0, starts)
    int margin;                         // bytes staged after the tile (multiple of 16)
    const uint8_t* sText;               // the staged text, in shared memory
    long long tileBase;

    __device__ __forceinline__ void setChunk(const uint8_t* chunk, long long readableBytes, long long startCount,
                                             int marginBytes) {
        text = chunk;
        readable = readableBytes;
        starts = startCount;
        margin = marginBytes;
    }

    // Copies the tile's text and margin to shared memory, 16 bytes per load. Bytes past `readable` are
    // garbage and never used: every read checks `readable` first.
    __device__ __forceinline__ void stage(long long tile) {
        tileBase = tile * TILE_STARTS;
        long long avail = readable - tileBase;
        int span = TILE_STARTS + margin;
        int n = avail < span ? (int)avail : span;
        int vectors = (n + 15) >> 4;
        const uint4* src = (const uint4*)(text + tileBase);
        uint4* dst = (uint4*)sText;
        for (int v = threadIdx.x; v < vectors; v += blockDim.x) {
            dst[v] = __ldg(src + v);
        }
    }

    // stage(tile) for the count and write passes: after every thread is done with the last tile, and
    // before any reads this one. Every thread of the block calls it.
    __device__ __forceinline__ void stageBetweenBarriers(long long tile) {
        __syncthreads();
        stage(tile);
        __syncthreads();
    }

    // Starts tile `tile` of the per-record pass: stages it and moves `rc` into it (a LinesCursor counts
    // the '\n's of its starts before the second barrier). Every thread of the block calls it.
    template <class Cursor>
    __device__ __forceinline__ void enterRecordTile(long long tile, Cursor& rc, unsigned* warpTotals) {
        __syncthreads();
        stage(tile);
        rc.countLines(text, tileBase, starts - (tileBase + (long long)threadIdx.x * TILE_BPT), warpTotals);
        __syncthreads();
        rc.enterTile(tile, warpTotals);
    }

    // The staged bytes of the thread's starts.
    __device__ __forceinline__ StartBytes startBytes() const {
        uint4 w = ((const uint4*)sText)[threadIdx.x];
        return StartBytes{{w.x, w.y, w.z, w.w}};
    }

    // `live`, a bit per start of the thread (bit k: its start k), less the starts at or past `starts`.
    __device__ __forceinline__ unsigned inChunk(unsigned live) const {
        long long left = starts - (tileBase + (long long)threadIdx.x * TILE_BPT);
        if (left < TILE_BPT) {
            live &= left > 0 ? (1u << left) - 1 : 0u;
        }
        return live;
    }
};


// ---- the passes ----
//
// The tile loops of the count and write passes, the same for every family: `stage(tile)` is the
// family's staging of a tile (with its barriers, or nothing), the other function what one thread does
// in the tile. Every thread of the block runs them.

// The count pass's outputs for one tile, `n` the thread's matches in it (see countTiles); `sums` as
// blockExclusiveSum's. Every thread of the block calls it.
__device__ __forceinline__ void countTile(unsigned n, long long tile, unsigned* threadCounts, u64* tileCounts,
                                          u64* sums) {
    if (threadCounts != nullptr) {
        threadCounts[tile * TILE_THREADS + threadIdx.x] = n;
    }
    if (tileCounts != nullptr) {
        u64 sum;
        blockExclusiveSum(n, sums, &sum);
        if (threadIdx.x == 0) {
            tileCounts[tile] = sum;
        }
    }
}

// *total += the block's `mine`, when total is not null: one atomic per warp, not per thread.
__device__ __forceinline__ void addTotal(u64 mine, u64* total) {
    if (total != nullptr) {
        for (int d = 16; d > 0; d >>= 1) {
            mine += __shfl_down_sync(0xffffffffu, mine, d);
        }
        if ((threadIdx.x & 31) == 0 && mine != 0) {
            atomicAdd(total, mine);
        }
    }
}

// The write pass's start in a tile (see writeTiles): sets `n` to the thread's matches in tile `tile`
// and returns how many of the tile's come before them. Every thread of the block calls it.
__device__ __forceinline__ u64 threadOffset(long long tile, const unsigned* threadCounts, unsigned& n) {
    __shared__ u64 sums[33];
    n = threadCounts[tile * TILE_THREADS + threadIdx.x];
    u64 sum;
    return blockExclusiveSum(n, sums, &sum);
}

// Pass 1: `count(tile)` is the thread's matches in the tile. Any of the outputs may be null:
//   threadCounts[tile * TILE_THREADS + thread]  (for the write pass)
//   tileCounts[tile]                            (for tiles_scan)
//   *total += all                               (for count-only scans; the host clears it first)
template <class Stage, class Count>
__device__ __forceinline__ void countTiles(long long starts, unsigned* threadCounts, u64* tileCounts, u64* total,
                                           Stage&& stage, Count&& count) {
    __shared__ u64 sums[33];
    long long tileCount = (starts + TILE_STARTS - 1) / TILE_STARTS;
    u64 mine = 0;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        stage(tile);
        unsigned n = count(tile);
        countTile(n, tile, threadCounts, tileCounts, sums);
        mine += n;
    }
    addTotal(mine, total);
}

// Pass 2 is tiles_scan (tiles.cu).

// Pass 3: writes the matches of tiles [tileLo, tileHi) to out[tileOffsets[tile] - tileOffsets[tileLo] ...],
// `write(tile, o)` the thread's from o on. Tiles without matches are skipped before staging; threads
// without matches do not walk again.
template <class Stage, class Write>
__device__ __forceinline__ void writeTiles(const unsigned* threadCounts, const u64* tileCounts, const u64* tileOffsets,
                                           long long tileLo, long long tileHi, u64* out, Stage&& stage,
                                           Write&& write) {
    u64 base = tileOffsets[tileLo];
    for (long long tile = tileLo + blockIdx.x; tile < tileHi; tile += gridDim.x) {
        if (tileCounts[tile] == 0) {
            continue;
        }
        stage(tile);
        unsigned n;
        u64 mine = threadOffset(tile, threadCounts, n);
        if (n != 0) {
            write(tile, out + (tileOffsets[tile] - base) + mine);
        }
    }
}

// ---- per record ----
//
// A chunk of whole records, described one of two ways:
//   bounds  starts[r] and ends[r], record r's bounds relative to the chunk's text (starts ascending; a
//           record is [starts[r], ends[r]); bytes between records belong to none), sent by the host.
//           tileFirst[t] is the last record whose start is at or before tile t's first position
//           (tiles + 1 entries), so a match starting in tile t lies in a record of
//           [tileFirst[t], tileFirst[t + 1]]: a handful, bisected only when a match is found (matches
//           are rare next to positions).
//   lines   records are the text's lines: separated by '\n', which belongs to none. Nothing comes
//           from the host: tileLines[t] is the number of '\n' before tile t (tiles_line_counts, then
//           tiles_scan), and each thread counts the ones among its own bytes, so a start's record is
//           a popcount away. Used only for sets without '\r' (the host checks), so that a dropped
//           '\r' before the '\n' can be in no match and a record ends at its '\n'.
// A match's record is the one holding its start; a match that runs past that record's end (in lines,
// one holding a '\n') is dropped.
//
// Answers, one slot per record, reduced here on the device:
//   RECORD_ANY    uint8_t  1 when the record holds a match (the host clears the slots to 0)
//   RECORD_FIRST  u64      min over its matches of (start) << 32 | pattern id (cleared to ~0); the
//                          start in the record (bounds) or in the chunk (lines): the order is the same
//   RECORD_COUNT  u64      its matches (cleared to 0)
#define RECORD_ANY 0
#define RECORD_FIRST 1
#define RECORD_COUNT 2

struct RecordArgs {
    const int* starts;
    const int* ends;
    const int* tileFirst;
    const u64* tileLines;
    int op;
    void* out;
};

// What one thread found for the record it is in. A thread's starts only ascend (its starts in a tile,
// and its tiles of a persistent grid, come in text order), so the record found last stays valid until
// a start passes its end, and what the thread found for it is kept in registers and written once (an
// atomic per thread and record, not per match).
struct Answer {
    static constexpr bool SETTLES = false;  // see pfac::threadRecords
    static constexpr bool FILTERS = false;
    int op;
    void* out;
    // Records and positions are ints: a chunk holds at most 2^22 records and 2^30 bytes.
    int r;            // the record the thread is in, or -1
    bool answered;    // ANY and FIRST: this thread found a match in record r ...
    int at;           // ... starting here
    u64 best;         // FIRST: the smallest key found for record r
    u64 pending;      // COUNT: matches of record r not yet added

    __device__ __forceinline__ void begin(const RecordArgs& args) {
        op = args.op;
        out = args.out;
        r = -1;
        answered = false;
        pending = 0;
    }

    __device__ __forceinline__ void flush() {
        if (r < 0) {
            return;
        }
        if (op == RECORD_COUNT && pending != 0) {
            atomicAdd((u64*)out + r, pending);
        } else if (op == RECORD_FIRST && answered) {
            atomicMin((u64*)out + r, best);
        }
        pending = 0;
        answered = false;
    }

    __device__ __forceinline__ void moveTo(int record) {
        if (record != r) {
            flush();
            r = record;
        }
    }

    // Whether accepted matches from `start` still matter: not for a later start of a record this
    // thread already answered (ANY and FIRST).
    __device__ __forceinline__ bool open(int start) const {
        return op == RECORD_COUNT || !answered || start == at;
    }

    // Records `n` accepted matches (COUNT).
    __device__ __forceinline__ void add(unsigned n) {
        pending += n;
    }

    // Records one accepted match, `where` its start in the record's order; returns whether the walk
    // from `start` should go on.
    __device__ __forceinline__ bool report(int start, int where, int id) {
        if (op == RECORD_ANY) {
            ((uint8_t*)out)[r] = 1;
            answered = true;
            at = start;
            return false;
        }
        if (op == RECORD_COUNT) {
            pending++;
            return true;
        }
        u64 key = ((u64)(unsigned)where << 32) | (unsigned)id;
        if (!answered || key < best) {
            best = key;
        }
        answered = true;
        at = start;
        return true;
    }
};

// Records by their bounds.
struct BoundsCursor : Answer {
    const int* starts;
    const int* ends;
    const int* tileFirst;
    long long tile;
    int lo;           // candidate records of the tile, found when first needed
    int hi;
    int rs;           // record r's bounds
    int re;

    __device__ __forceinline__ void begin(const RecordArgs& args) {
        Answer::begin(args);
        starts = args.starts;
        ends = args.ends;
        tileFirst = args.tileFirst;
        lo = -1;
    }

    __device__ __forceinline__ void enterTile(long long t) {
        tile = t;
        lo = -1;
    }

    // LinesCursor's calls, nothing to do here: a kernel calls them for either cursor.
    __device__ __forceinline__ void countLines(const uint8_t*, long long, long long, unsigned*) {}

    __device__ __forceinline__ void enterTile(long long t, const unsigned*) {
        enterTile(t);
    }

    __device__ __forceinline__ void locate(int start) {
        if (lo < 0) {
            lo = __ldg(tileFirst + tile);
            hi = __ldg(tileFirst + tile + 1);
        }
        int l = lo;
        int h = hi;
        while (l < h) { // the last record of [l, h] starting at or before `start`
            int m = (l + h + 1) >> 1;
            if (__ldg(starts + m) <= start) {
                l = m;
            } else {
                h = m - 1;
            }
        }
        if (l != r) {
            moveTo(l);
            rs = __ldg(starts + l);
            re = __ldg(ends + l);
        }
    }

    __device__ __forceinline__ unsigned separators() const {
        return 0;
    }

    // Whether walking from `start` can still change an answer.
    __device__ __forceinline__ bool worthWalking(long long start) const {
        return op == RECORD_COUNT || !answered || (int)start >= re;
    }

    // Whether matches from `start` to `end` count for their record. False also means that no longer
    // match from `start` does, so the walk can stop. (`text` is for LinesCursor.)
    template <class Text>
    __device__ __forceinline__ bool accept(long long start, long long end, const Text&) {
        if (r < 0 || (int)start >= re) {
            locate((int)start);
        }
        return (int)end <= re && open((int)start);
    }

    __device__ __forceinline__ bool report(long long start, int id) {
        return Answer::report((int)start, (int)start - rs, id);
    }
};

// Records as the text's lines.
struct LinesCursor : Answer {
    const u64* tileLines;
    int first;        // the thread's first start in the tile
    unsigned nl;      // bit k: byte first + k is '\n'
    int line;         // the record of `first`
    int cleanFrom;    // bytes [cleanFrom, clean) hold no '\n': what accept has looked at
    int clean;

    __device__ __forceinline__ void begin(const RecordArgs& args) {
        Answer::begin(args);
        tileLines = args.tileLines;
        cleanFrom = -1;
    }

    // Called by every thread of the block for each tile, with the chunk's text (the thread's 16 bytes
    // at tileBase + threadIdx.x * TILE_BPT are read again, from the cache, rather than waiting for the
    // staging) before the barrier that ends the staging: finds the thread's '\n's and their count
    // before it in its warp, and leaves each warp's total in `warpTotals` (TILE_THREADS / 32 words of
    // shared memory). `left` is how many of the thread's starts are in the chunk. (A block-wide scan
    // after the staging instead, three more barriers a tile, made the kernel slower than sending the
    // bounds.)
    __device__ __forceinline__ void countLines(const uint8_t* text, long long tileBase, long long left,
                                               unsigned* warpTotals) {
        first = (int)tileBase + threadIdx.x * TILE_BPT;
        unsigned mask = 0;
        if (left > 0) {
            uint4 w = __ldg((const uint4*)(text + first));
            unsigned words[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
            for (int k = 0; k < TILE_BPT; k++) {
                mask |= (((words[k >> 2] >> ((k & 3) * 8)) & 0xffu) == '\n' ? 1u : 0u) << k;
            }
            if (left < TILE_BPT) {
                mask &= (1u << left) - 1;
            }
        }
        nl = mask;
        int lane = threadIdx.x & 31;
        unsigned n = __popc(mask);
        unsigned inclusive = n;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            unsigned v = __shfl_up_sync(0xffffffffu, inclusive, d);
            if (lane >= d) {
                inclusive += v;
            }
        }
        line = (int)(inclusive - n);
        if (lane == 31) {
            warpTotals[threadIdx.x >> 5] = inclusive;
        }
    }

    // After that barrier: the record of the thread's first start.
    __device__ __forceinline__ void enterTile(long long t, const unsigned* warpTotals) {
        int before = 0;
        for (int w = 0; w < (int)(threadIdx.x >> 5); w++) {
            before += warpTotals[w];
        }
        line += before + (int)__ldg(tileLines + t);
    }

    __device__ __forceinline__ int lineOf(long long start) const {
        return line + __popc(nl & ((1u << (unsigned)((int)start - first)) - 1u));
    }

    // Starts that are no record's: the '\n's.
    __device__ __forceinline__ unsigned separators() const {
        return nl;
    }

    __device__ __forceinline__ bool worthWalking(long long start) const {
        return op == RECORD_COUNT || !answered || lineOf(start) != r;
    }

    // As BoundsCursor's; `text(q)` is the chunk's byte q, to look for a '\n' inside the match.
    template <class Text>
    __device__ __forceinline__ bool accept(long long start, long long end, const Text& text) {
        moveTo(lineOf(start));
        int q = (int)start;
        if (cleanFrom == q) {
            q = clean;
        } else {
            cleanFrom = q;
        }
        for (; q < (int)end; q++) {
            if (text(q) == '\n') {
                clean = q;
                return false;
            }
        }
        clean = (int)end;
        return open((int)start);
    }

    // The key's start is the chunk's, not the record's: the same order within a record.
    __device__ __forceinline__ bool report(long long start, int id) {
        return Answer::report((int)start, (int)start, id);
    }
};

// The cursor of a per-record kernel (LINES: records as lines), begun.
template <bool LINES>
using Cursor = typename std::conditional<LINES, LinesCursor, BoundsCursor>::type;

template <bool LINES>
__device__ __forceinline__ Cursor<LINES> cursor(const RecordArgs& args) {
    Cursor<LINES> rc;
    rc.begin(args);
    return rc;
}

}  // namespace tiles
