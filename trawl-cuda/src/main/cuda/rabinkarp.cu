// Rabin-Karp (Karp and Rabin, 1987) for many patterns at once, as the C++ AMP string-search sample runs
// it: the patterns' hashes are compared with the rolling hash of every text window, and every hash hit
// is verified, so that collisions cost time but never a wrong answer. Host side:
// dev.trawl.cuda.engine.RabinKarpLauncher (and RabinKarpPatterns for the layout); keep them in step.
//
// The table (RabinKarpPatterns), as the kernels see it:
//   entries   one per pattern, grouped by window width: a pattern of length n is hashed over its first
//             w bytes, w the largest of 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 not above n, so that a few
//             widths serve every length and a hit is verified over the whole pattern
//   hashes    entry -> the key of its prefix: sum b[k] * B^(w-1-k) mod 2^32, masked by keyMask (all
//             bits, but for tests that force collisions)
//   groups    int4 per width in use, ascending: (w, first entry, end entry, B^w mod 2^32)
//   entryPattern, patStart, patBytes   entry -> pattern id; id -> its bytes (folded to lower case for
//             case-insensitive sets, as the text is when read)
//
// Two kinds of kernels:
//   rk_count, rk_write, rk_records, rk_lines   the tiled passes of tiles.cuh (count, write, per record),
//             so that scans and per-record answers stream as for PFAC and the trie. Hashes and groups
//             are read from global memory (a warp's threads read the same entry at once, one
//             transaction); each start hashes each width's window afresh (at most 108 multiply-adds,
//             against a compare per pattern) so that matches come in start order.
//   rk_first_*  the records x patterns first-occurrence table: a thread per record (rk_first_t*) for
//             records shorter than `split` bytes, a warp per record (rk_first_w*, each lane a
//             contiguous 32nd of it) for the others, each rolling every width over its starts. The
//             batch's groups sit in constant memory (rk_groups; the host uploads one batch at a time).
//             Each window's key is looked up in one of two ways: *h, the batch's hash table
//             (rk::TableLookup: a bitmap filter, then a bucket of entries, O(1) a window and width; in
//             shared memory when it fits), or *c, the C++ AMP sample's loop over every key of the
//             width in constant memory (rk_hashes, up to RK_BATCH entries; read by every thread of a
//             warp at the same index, the constant cache's broadcast; O(patterns) a window). A thread
//             keeps one bit per entry of the batch (in local memory), so each (record, entry) is
//             reported once, at its first hit, as record << 42 | offset in record << 12 | entry in
//             batch, appended to `out` with one atomic per warp's reporting threads (the counter goes
//             on past `capacity`, and the host runs the chunk again with more room). Verified here
//             (*1*: the hit is the pattern's first occurrence in the thread's starts), or not (*0*: the
//             first hit is a candidate, and the host looks from there on).
#include "tiles.cuh"

#define RK_BATCH 4096
#define RK_MAX_GROUPS 10
// Fibonacci-style multipliers that spread a key over the hash table's buckets and its filter's bits
// (RabinKarpPatterns.BUCKET_MUL, FILTER_MUL): the top bits of key * M.
#define RK_BUCKET_MUL 0x9E3779B1u
#define RK_FILTER_MUL 0x85EBCA77u

__constant__ unsigned rk_hashes[RK_BATCH];
__constant__ int4 rk_groups[RK_MAX_GROUPS];

namespace rk {

struct Table {
    const unsigned* hashes;
    const int4* groups;
    int groupCount;
    const int* entryPattern;
    const int* patStart;
    const uint8_t* patBytes;
    unsigned base;
    unsigned keyMask;
    bool fold;
};

__device__ __forceinline__ unsigned folded(unsigned b, bool fold) {
    return fold && b - 'A' < 26u ? b | 0x20u : b;
}

__device__ __forceinline__ unsigned textByte(const uint8_t* text, long long p, bool fold) {
    return folded(__ldg(text + p), fold);
}

// The hash of text[p, p + w).
__device__ __forceinline__ unsigned hashAt(const Table& t, const uint8_t* text, long long p, int w) {
    unsigned h = 0;
    for (int k = 0; k < w; k++) {
        h = h * t.base + textByte(text, p + k, t.fold);
    }
    return h;
}

// Whether pattern `id` (of `len` bytes) occurs at text[p].
__device__ __forceinline__ bool occursAt(const Table& t, const uint8_t* text, long long p, int id, int len) {
    const uint8_t* q = t.patBytes + __ldg(t.patStart + id);
    for (int k = 0; k < len; k++) {
        if (textByte(text, p + k, t.fold) != __ldg(q + k)) {
            return false;
        }
    }
    return true;
}

__device__ __forceinline__ int lengthOf(const Table& t, int id) {
    return __ldg(t.patStart + id + 1) - __ldg(t.patStart + id);
}

// Every pattern occurring at `start` (ending by `readable`), group by group: f(id, end) returns
// whether to go on.
template <class F>
__device__ __forceinline__ void matchesAt(const Table& t, const uint8_t* text, long long readable, long long start,
                                          F&& f) {
    for (int g = 0; g < t.groupCount; g++) {
        int4 grp = __ldg(t.groups + g);
        if (start + grp.x > readable) {
            return; // the widths ascend
        }
        unsigned key = hashAt(t, text, start, grp.x) & t.keyMask;
        for (int e = grp.y; e < grp.z; e++) {
            if (__ldg(t.hashes + e) != key) {
                continue;
            }
            int id = __ldg(t.entryPattern + e);
            int len = lengthOf(t, id);
            if (start + len <= readable && occursAt(t, text, start, id, len) && !f(id, start + len)) {
                return;
            }
        }
    }
}

// The thread's starts of a tile, one bit each.
__device__ __forceinline__ unsigned liveStarts(long long first, long long starts) {
    long long left = starts - first;
    return left <= 0 ? 0u : left >= TILE_BPT ? (1u << TILE_BPT) - 1 : (1u << left) - 1;
}

}  // namespace rk

#define RK_PARAMS                                                                                     \
    const uint8_t *text, long long readable, long long starts, const unsigned *hashes, const int4 *groups, \
        int groupCount, const int *entryPattern, const int *patStart, const uint8_t *patBytes, unsigned base, \
        unsigned keyMask, int fold

#define RK_TABLE(t)                                                                                   \
    rk::Table t = {hashes, groups, groupCount, entryPattern, patStart, patBytes, base, keyMask, fold != 0};

extern "C" __global__ void __launch_bounds__(TILE_THREADS) rk_count(RK_PARAMS, unsigned* threadCounts,
                                                                    u64* tileCounts, u64* total) {
    RK_TABLE(t)
    tiles::countTiles(starts, threadCounts, tileCounts, total, [](long long) {}, [&](long long tile) {
        long long first = tile * TILE_STARTS + (long long)threadIdx.x * TILE_BPT;
        unsigned live = rk::liveStarts(first, starts);
        unsigned n = 0;
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            rk::matchesAt(t, text, readable, first + k, [&](int, long long) {
                n++;
                return true;
            });
        }
        return n;
    });
}

extern "C" __global__ void __launch_bounds__(TILE_THREADS) rk_write(RK_PARAMS, const unsigned* threadCounts,
                                                                    const u64* tileCounts, const u64* tileOffsets,
                                                                    long long tileLo, long long tileHi, u64* out) {
    RK_TABLE(t)
    u64 base0 = tileOffsets[tileLo];
    for (long long tile = tileLo + blockIdx.x; tile < tileHi; tile += gridDim.x) {
        if (tileCounts[tile] == 0) {
            continue;
        }
        unsigned n;
        u64 mine = tiles::threadOffset(tile, threadCounts, n);
        if (n == 0) {
            continue;
        }
        long long first = tile * TILE_STARTS + (long long)threadIdx.x * TILE_BPT;
        unsigned live = rk::liveStarts(first, starts);
        u64* o = out + (tileOffsets[tile] - base0) + mine;
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            long long s = first + k;
            u64* from = o;
            rk::matchesAt(t, text, readable, s, [&](int id, long long) {
                *o++ = ((u64)s << 32) | (unsigned)id;
                return true;
            });
            tiles::sortRun(from, o); // the groups report by width, the contract by id
        }
    }
}

// Per record (tiles.cuh's cursors): matches at one start come by width, not by length, so a match that
// runs past its record is skipped rather than ending the start's walk.
template <bool LINES>
__device__ __forceinline__ void rkRecords(const rk::Table& t, const uint8_t* text, long long readable, long long starts,
                                          const tiles::RecordArgs& args) {
    __shared__ unsigned warpTotals[TILE_THREADS / 32];
    tiles::Cursor<LINES> rc;
    rc.begin(args);
    long long tileCount = (starts + TILE_STARTS - 1) / TILE_STARTS;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        long long tileBase = tile * TILE_STARTS;
        long long first = tileBase + (long long)threadIdx.x * TILE_BPT;
        __syncthreads();
        rc.countLines(text, tileBase, starts - first, warpTotals);
        __syncthreads();
        rc.enterTile(tile, warpTotals);
        unsigned live = rk::liveStarts(first, starts) & ~rc.separators();
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            long long s = first + k;
            if (!rc.worthWalking(s)) {
                continue;
            }
            rk::matchesAt(t, text, readable, s, [&](int id, long long end) {
                if (!rc.accept(s, end, [&](long long q) { return (unsigned)__ldg(text + q); })) {
                    return true;
                }
                if (rc.op == RECORD_COUNT) {
                    rc.add(1);
                    return true;
                }
                return rc.report(s, id);
            });
        }
    }
    rc.flush();
}

extern "C" __global__ void __launch_bounds__(TILE_THREADS) rk_records(RK_PARAMS, const int* recordStarts,
                                                                      const int* recordEnds, const int* tileFirst,
                                                                      int op, void* out) {
    RK_TABLE(t)
    tiles::RecordArgs args = {recordStarts, recordEnds, tileFirst, nullptr, op, out};
    rkRecords<false>(t, text, readable, starts, args);
}

extern "C" __global__ void __launch_bounds__(TILE_THREADS) rk_lines(RK_PARAMS, const u64* tileLines, int op,
                                                                    void* out) {
    RK_TABLE(t)
    tiles::RecordArgs args = {nullptr, nullptr, nullptr, tileLines, op, out};
    rkRecords<true>(t, text, readable, starts, args);
}

// ---- the first-occurrence table ----

namespace rk {

// The constant-memory lookup: every entry of the window's width compared with its key in turn (the
// C++ AMP sample's loop, O(patterns of the width) per window). group(g, grp).each(key, f): f(e) for
// each entry of group g whose key is `key`.
struct ConstantLookup {
    struct Group {
        int lo, hi;

        template <class F>
        __device__ __forceinline__ void each(unsigned key, F&& f) const {
            for (int e = lo; e < hi; e++) {
                if (rk_hashes[e] == key) {
                    f(e);
                }
            }
        }
    };

    __device__ __forceinline__ Group group(int, int4 grp) const {
        return Group{grp.y, grp.z};
    }
};

// The hash-table lookup (RabinKarpPatterns#lookupTable, one per batch): per group a bitmap filter of
// the keys, then buckets of entries sorted by bucket, O(1) per window and width. The table sits in
// shared memory when it fits the launch's dynamic shared memory (the block copies it there first),
// else it is read from global memory through the read-only cache. Words: per group g, at 4g,
// (bucket bits, first bucket word, filter bits, first filter word); the batch's keys from
// 4 * groupCount; a filter of 2^bits bits, buckets of 2^bits + 1 entry bounds.
struct TableWords {
    const int* words;
    int keysAt;
    bool shared;

    __device__ __forceinline__ int word(int i) const {
        return shared ? words[i] : __ldg(words + i);
    }
};

struct TableLookup : TableWords {
    // A group's header, read once per group rather than once per window.
    struct Group {
        TableWords table;
        int bucketShift, bucketAt, filterShift, filterAt;

        template <class F>
        __device__ __forceinline__ void each(unsigned key, F&& f) const {
            unsigned bit = (key * RK_FILTER_MUL) >> filterShift;
            if (!(((unsigned)table.word(filterAt + (int)(bit >> 5)) >> (bit & 31)) & 1u)) {
                return;
            }
            int at = bucketAt + (int)((key * RK_BUCKET_MUL) >> bucketShift);
            int end = table.word(at + 1);
            for (int e = table.word(at); e < end; e++) {
                if ((unsigned)table.word(table.keysAt + e) == key) {
                    f(e);
                }
            }
        }
    };

    __device__ __forceinline__ Group group(int g, int4) const {
        return Group{*this, 32 - word(4 * g), word(4 * g + 1), 32 - word(4 * g + 2), word(4 * g + 3)};
    }
};

// Appends a report to out with one atomic per warp's worth of reporting threads (the threads that
// report at once are counted by the first of them), not one per report: dense tables report tens
// of millions of pairs.
__device__ __forceinline__ void append(u64 v, u64* out, u64 capacity, u64* counter) {
    unsigned active = __activemask();
    int lane = threadIdx.x & 31;
    int leader = __ffs(active) - 1;
    u64 base = 0;
    if (lane == leader) {
        base = atomicAdd(counter, (u64)__popc(active));
    }
    u64 slot = __shfl_sync(active, base, leader) + __popc(active & ((1u << lane) - 1));
    if (slot < capacity) {
        out[slot] = v;
    }
}

}  // namespace rk

// Rolls every width of the batch over starts [lo, hi) of record [rs, re) (record `r` of the chunk) and
// reports each entry's first hit there (VERIFY: first occurrence), the entries of a key found by `lookup`.
template <bool VERIFY, class Lookup>
__device__ __forceinline__ void firstHits(const rk::Table& t, const Lookup& lookup, const uint8_t* text, int r, int rs,
                                          int re, int lo, int hi, int batchBase, int batchEntries, u64* out,
                                          u64 capacity, u64* counter) {
    unsigned seen[RK_BATCH / 32];
    int words = (batchEntries + 31) >> 5;
    for (int i = 0; i < words; i++) {
        seen[i] = 0;
    }
    for (int g = 0; g < t.groupCount; g++) {
        int4 grp = rk_groups[g];
        int w = grp.x;
        int last = min(hi - 1, re - w); // the last start whose window fits the record
        if (lo > last) {
            continue;
        }
        typename Lookup::Group candidates = lookup.group(g, grp);
        unsigned h = rk::hashAt(t, text, lo, w);
        for (int j = lo;; j++) {
            candidates.each(h & t.keyMask, [&](int e) {
                if ((seen[e >> 5] >> (e & 31)) & 1u) {
                    return;
                }
                int id = __ldg(t.entryPattern + batchBase + e);
                int len = rk::lengthOf(t, id);
                if (j + len > re || (VERIFY && !rk::occursAt(t, text, j, id, len))) {
                    return;
                }
                seen[e >> 5] |= 1u << (e & 31);
                rk::append(((u64)(unsigned)r << 42) | ((u64)(unsigned)(j - rs) << 12) | (unsigned)e, out, capacity,
                           counter);
            });
            if (j >= last) {
                break;
            }
            // H(j + 1) = H(j) * B - text[j] * B^w + text[j + w]
            h = h * t.base + (rk::textByte(text, j + w, t.fold) - rk::textByte(text, j, t.fold) * (unsigned)grp.w);
        }
    }
}

#define RK_FIRST_PARAMS                                                                               \
    const uint8_t *text, const int *recordStarts, const int *recordEnds, int records, int split,        \
        const int *entryPattern, const int *patStart, const uint8_t *patBytes, unsigned base, unsigned keyMask, \
        int fold, int groupCount, int batchBase, int batchEntries, u64 *out, u64 capacity, u64 *counter,      \
        const int *lookupWords, int lookupCount, int lookupShared

#define RK_FIRST_TABLE(t)                                                                             \
    rk::Table t = {nullptr, nullptr, groupCount, entryPattern, patStart, patBytes, base, keyMask, fold != 0};

// The batch's lookup: for TABLE, its hash table, copied to shared memory first when the launch gave
// room for it (lookupShared; every thread of the block reaches the barrier).
template <bool TABLE>
struct LookupOf {
    typedef rk::ConstantLookup type;
    __device__ static type make(const int*, int, int, int) { return type(); }
};

template <>
struct LookupOf<true> {
    typedef rk::TableLookup type;
    __device__ static type make(const int* lookupWords, int lookupCount, int lookupShared, int groupCount) {
        extern __shared__ int rkShared[];
        if (!lookupShared) {
            return type{{lookupWords, 4 * groupCount, false}};
        }
        for (int i = threadIdx.x; i < lookupCount; i += blockDim.x) {
            rkShared[i] = __ldg(lookupWords + i);
        }
        __syncthreads();
        return type{{rkShared, 4 * groupCount, true}};
    }
};

// A thread per record shorter than `split` bytes.
template <bool VERIFY, bool TABLE>
__device__ __forceinline__ void firstPerThread(RK_FIRST_PARAMS) {
    RK_FIRST_TABLE(t)
    typename LookupOf<TABLE>::type lookup = LookupOf<TABLE>::make(lookupWords, lookupCount, lookupShared, groupCount);
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        int rs = __ldg(recordStarts + r);
        int re = __ldg(recordEnds + r);
        if (re - rs < split) {
            firstHits<VERIFY>(t, lookup, text, r, rs, re, rs, re, batchBase, batchEntries, out, capacity, counter);
        }
    }
}

// A warp per record of `split` bytes or more, each lane a contiguous 32nd of its starts (windows read
// on past the lane's share, to the record's end); the host keeps each pair's smallest offset.
template <bool VERIFY, bool TABLE>
__device__ __forceinline__ void firstPerWarp(RK_FIRST_PARAMS) {
    RK_FIRST_TABLE(t)
    typename LookupOf<TABLE>::type lookup = LookupOf<TABLE>::make(lookupWords, lookupCount, lookupShared, groupCount);
    int lane = threadIdx.x & 31;
    int warps = (gridDim.x * blockDim.x) >> 5;
    for (int r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; r < records; r += warps) {
        int rs = __ldg(recordStarts + r);
        int re = __ldg(recordEnds + r);
        if (re - rs < split) {
            continue;
        }
        int share = (re - rs + 31) >> 5;
        int lo = min(re, rs + lane * share);
        int hi = min(re, lo + share);
        firstHits<VERIFY>(t, lookup, text, r, rs, re, lo, hi, batchBase, batchEntries, out, capacity, counter);
    }
}

#define RK_FIRST_ARGS                                                                                 \
    text, recordStarts, recordEnds, records, split, entryPattern, patStart, patBytes, base, keyMask, fold, \
        groupCount, batchBase, batchEntries, out, capacity, counter, lookupWords, lookupCount, lookupShared

// Kernels rk_first_{t,w}{0,1}{c,h}: thread or warp per record, unverified or verified, the
// constant-memory scan or the hash table.
#define RK_FIRST_KERNEL(name, per, verify, table)                                                     \
    extern "C" __global__ void __launch_bounds__(256) name(RK_FIRST_PARAMS) {                          \
        per<verify, table>(RK_FIRST_ARGS);                                                            \
    }

RK_FIRST_KERNEL(rk_first_t0c, firstPerThread, false, false)
RK_FIRST_KERNEL(rk_first_t1c, firstPerThread, true, false)
RK_FIRST_KERNEL(rk_first_w0c, firstPerWarp, false, false)
RK_FIRST_KERNEL(rk_first_w1c, firstPerWarp, true, false)
RK_FIRST_KERNEL(rk_first_t0h, firstPerThread, false, true)
RK_FIRST_KERNEL(rk_first_t1h, firstPerThread, true, true)
RK_FIRST_KERNEL(rk_first_w0h, firstPerWarp, false, true)
RK_FIRST_KERNEL(rk_first_w1h, firstPerWarp, true, true)
