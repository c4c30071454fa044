// Parallel Failureless Aho-Corasick (PFAC) over dev.trawl.automaton.PfacTable.
// Host side: dev.trawl.cuda.engine.PfacLauncher, which describes the pipeline; keep the two in step.
//
// Work split: a tile is PFAC_TILE consecutive start positions, handled by one block of PFAC_THREADS
// threads, each taking PFAC_BPT consecutive starts. Blocks are persistent (grid-stride over tiles), so
// the per-block set-up (byte classes, root row and the hot rows of the table copied to shared memory)
// is paid once per block, not once per tile. The tile's text plus a margin of up to `margin` bytes
// (the longest pattern minus one, capped) is staged in shared memory with 16-byte loads; a walk that
// runs past the staged window reads global memory through the read-only cache.
//
// Output: count (per thread, per tile) -> exclusive scan over tiles -> write. Because a thread's starts
// are consecutive and threads and tiles are in text order, the scan puts matches in start order with
// no global sort; the few patterns found at one start come out by length, and the writing thread
// sorts them by id in place, so the host hands them on as they are.
// A match is one 64-bit word: (start offset in the chunk) << 32 | pattern id.
//
// Per record (pfac_records): the same walk, each match put in its record and reduced there (tiles.cuh).
#include "pfac.cuh"

// Pass 1 (tiles::countTiles): threadCounts, tileCounts, total.
template <int WALKS>
__device__ __forceinline__ void countBody(PFAC_PARAMS, unsigned* threadCounts, u64* tileCounts, u64* total) {
    PFAC_CTX(c)
    auto stage = [&](long long tile) {
        if (WALKS == pfac::WALKS_CLASSES) {
            pfac::stageClassesBetweenBarriers(c, tile);
        } else {
            c.stageBetweenBarriers(tile);
        }
    };
    tiles::countTiles(starts, threadCounts, tileCounts, total, stage, [&](long long) {
        u64* none = nullptr;
        return pfac::thread<false, WALKS>(c, none);
    });
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_count(PFAC_PARAMS, unsigned* threadCounts,
                                                                      u64* tileCounts, u64* total) {
    countBody<pfac::WALKS_MASK>(PFAC_ARGS,
                    threadCounts, tileCounts, total);
}

// The same with the walk unrolled per start (kept to compare; see PfacLauncher.KERNEL_PROPERTY).
extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_count_unrolled(PFAC_PARAMS, unsigned* threadCounts,
                                                                               u64* tileCounts, u64* total) {
    countBody<pfac::WALKS_UNROLLED>(PFAC_ARGS,
                     threadCounts, tileCounts, total);
}

// All of a thread's walks in one loop (pfac::flatWalks).
extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_count_flat(PFAC_PARAMS, unsigned* threadCounts,
                                                                           u64* tileCounts, u64* total) {
    countBody<pfac::WALKS_FLAT>(PFAC_ARGS, threadCounts, tileCounts, total);
}

// The tile staged as classes, starts filtered by their first three classes (pfac::classStarts).
extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_count_classes(PFAC_PARAMS, unsigned* threadCounts,
                                                                              u64* tileCounts, u64* total) {
    countBody<pfac::WALKS_CLASSES>(PFAC_ARGS, threadCounts, tileCounts, total);
}

// Pass 2 is tiles_scan (tiles.cu), shared with the other families.

// Pass 3 (tiles::writeTiles).
template <int WALKS>
__device__ __forceinline__ void writeBody(PFAC_PARAMS, const unsigned* threadCounts, const u64* tileCounts,
                                          const u64* tileOffsets, long long tileLo, long long tileHi, u64* out) {
    PFAC_CTX(c)
    auto stage = [&](long long tile) {
        if (WALKS == pfac::WALKS_CLASSES) {
            pfac::stageClassesBetweenBarriers(c, tile);
        } else {
            c.stageBetweenBarriers(tile);
        }
    };
    tiles::writeTiles(threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out, stage,
                      [&](long long, u64* o) { pfac::thread<true, WALKS>(c, o); });
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS, 4) pfac_write(PFAC_PARAMS, const unsigned* threadCounts,
                                                                      const u64* tileCounts, const u64* tileOffsets,
                                                                      long long tileLo, long long tileHi, u64* out) {
    writeBody<pfac::WALKS_MASK>(PFAC_ARGS,
                    threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out);
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS, 4) pfac_write_unrolled(PFAC_PARAMS,
        const unsigned* threadCounts, const u64* tileCounts, const u64* tileOffsets, long long tileLo,
        long long tileHi, u64* out) {
    writeBody<pfac::WALKS_UNROLLED>(PFAC_ARGS,
                     threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out);
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS, 4) pfac_write_flat(PFAC_PARAMS,
        const unsigned* threadCounts, const u64* tileCounts, const u64* tileOffsets, long long tileLo,
        long long tileHi, u64* out) {
    writeBody<pfac::WALKS_FLAT>(PFAC_ARGS, threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out);
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS, 4) pfac_write_classes(PFAC_PARAMS,
        const unsigned* threadCounts, const u64* tileCounts, const u64* tileOffsets, long long tileLo,
        long long tileHi, u64* out) {
    writeBody<pfac::WALKS_CLASSES>(PFAC_ARGS, threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out);
}

// Per record: every start of the chunk (a run of whole records, see tiles.cuh) walked as in pfac_count,
// each match reduced into its record's slot of `out` by `op` (RECORD_ANY, RECORD_FIRST, RECORD_COUNT).
template <bool LINES>
__device__ __forceinline__ void recordsBody(PFAC_PARAMS, const tiles::RecordArgs& args) {
    tiles::Cursor<LINES> rc = tiles::cursor<LINES>(args);
    pfac::recordsWalk(PFAC_ARGS, rc);
}

// Records by their bounds (recordStarts, recordEnds, tileFirst).
extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_records(PFAC_PARAMS, const int* recordStarts,
        const int* recordEnds, const int* tileFirst, int op, void* out) {
    tiles::RecordArgs args = {recordStarts, recordEnds, tileFirst, nullptr, op, out};
    recordsBody<false>(PFAC_ARGS, args);
}

// Records as the text's lines (tileLines).
extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_records_lines(PFAC_PARAMS, const u64* tileLines, int op,
        void* out) {
    tiles::RecordArgs args = {nullptr, nullptr, nullptr, tileLines, op, out};
    recordsBody<true>(PFAC_ARGS, args);
}

// ---- the first-occurrence table's rows (PfacFirstRows) ----
//
// Two kernels make each record's row of first occurrences, sorted by pattern; the host asks for the
// rows only of records of at most `longest` bytes.
//
// pfac_first_segments: a thread per segment of `seg` consecutive starts of the chunk (so a chunk of a
// few long records keeps every SM busy: a thread per record left 16 MiB of 544-byte records to 121
// blocks, two warps per scheduler, 1.29 ms a chunk on an H200). The thread walks its starts in order,
// each walk stopping at its record's end, and keeps each pattern new to the record in this segment with
// its start (local memory, a linear search). It appends them as (pattern << 32 | start in the chunk),
// the warp's writers with one atomic, and says where in segAt/segLen; segLen -1 says the segment had
// more than ROWS_MAX, and its records go to the host. A segment may cover the end of one record and the
// start of the next; its entries are then in record order.
//
// pfac_first_merge: a thread per record reads the segments over its bytes in order, keeps each pattern's
// first entry (the first occurrence), sorts the row by pattern and appends it to `out` as
// (pattern << 32 | offset in record), with rowAt[r] and rowLen[r] saying where; rowLen -1 leaves the
// record to the host (longer than `longest`, a segment over it overflowed, or more than ROWS_MAX
// patterns).
//
// Both counters go on past `capacity` (nothing past it is written); the merge reads no entry past it,
// and the host runs the chunk again with room for the entries when they did not fit. The text is read
// 16 aligned bytes at a time (the chunk buffer is 16-byte aligned and padded).
#define ROWS_MAX 64

__device__ __forceinline__ unsigned rowsByte(const uint8_t* text, int j, uint4& w, int& wAt) {
    int at = j & ~15;
    if (at != wAt) {
        w = __ldg((const uint4*)(text + at));
        wAt = at;
    }
    unsigned word = (j & 8) ? ((j & 4) ? w.w : w.z) : ((j & 4) ? w.y : w.x);
    return (word >> ((j & 3) * 8)) & 0xffu;
}

// Appends this thread's n pairs ((u64)ids[k] << 32 | vals[k]) to out with one atomic for the warp's
// active threads; returns where they went.
__device__ __forceinline__ u64 appendPairs(const unsigned* ids, const int* vals, int n, u64* out, u64 capacity,
                                           u64* counter) {
    unsigned active = __activemask();
    int lane = threadIdx.x & 31;
    int leader = __ffs(active) - 1;
    unsigned total = __reduce_add_sync(active, (unsigned)n);
    unsigned below = 0;
    for (int i = 0; i < 32; i++) {
        unsigned other = __shfl_sync(active, (unsigned)n, i);
        if (((active >> i) & 1u) && i < lane) {
            below += other;
        }
    }
    u64 base = 0;
    if (lane == leader) {
        base = atomicAdd(counter, (u64)total);
    }
    base = __shfl_sync(active, base, leader) + below;
    if (base + n <= capacity) {
        for (int k = 0; k < n; k++) {
            out[base + k] = ((u64)ids[k] << 32) | (unsigned)vals[k];
        }
    }
    return base;
}

// Whether id is among ids[from, n).
__device__ __forceinline__ bool seenIn(const unsigned* ids, int from, int n, unsigned id) {
    bool seen = false;
    for (int k = from; k < n; k++) {
        seen |= ids[k] == id;
    }
    return seen;
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_first_segments(PFAC_PARAMS, const int* recordStarts,
        const int* recordEnds, int records, int longest, int seg, int segments, int* segAt, int* segLen, u64* entries,
        u64 capacity, u64* counter) {
    PFAC_CTX(c)
    __syncthreads(); // the shared tables are filled
    unsigned ids[ROWS_MAX];
    int offs[ROWS_MAX];
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < segments; k += gridDim.x * blockDim.x) {
        const int p0 = k * seg;
        const int p1 = min(p0 + seg, (int)starts);
        int lo = 0;
        int hi = records - 1;
        while (lo < hi) { // the last record starting at or before p0 (the first starts at 0)
            int m = (lo + hi + 1) >> 1;
            if (__ldg(recordStarts + m) <= p0) {
                lo = m;
            } else {
                hi = m - 1;
            }
        }
        int r = lo;
        int rs = __ldg(recordStarts + r);
        int re = __ldg(recordEnds + r);
        int n = 0;
        int rowFrom = 0; // this record's entries are ids[rowFrom, n)
        bool overflow = false;
        uint4 w = make_uint4(0, 0, 0, 0);
        int wAt = -16;
        for (int j = p0; j < p1 && !overflow; j++) {
            while (j >= re && r + 1 < records) {
                r++;
                rs = __ldg(recordStarts + r);
                re = __ldg(recordEnds + r);
                rowFrom = n;
            }
            if (j < rs || j >= re || re - rs > longest) {
                continue; // between records, or past the last, or a record left to the host
            }
            unsigned v = c.sRoot[rowsByte(text, j, w, wAt)];
            int pos = j + 1;
            while (v != 0) {
                unsigned s = v & 0x7fffffffu;
                if ((int)v < 0) {
                    int a = __ldg(c.outStart + s);
                    int b = __ldg(c.outStart + s + 1);
                    for (int i = a; i < b; i++) {
                        unsigned id = (unsigned)__ldg(c.outIds + i);
                        if (!seenIn(ids, rowFrom, n, id)) {
                            if (n == ROWS_MAX) {
                                overflow = true;
                                break;
                            }
                            ids[n] = id;
                            offs[n] = j;
                            n++;
                        }
                    }
                }
                if (pos >= re || overflow) {
                    break;
                }
                unsigned cls = c.sClass[__ldg(text + pos)];
                pos++;
                v = (int)s < c.hot ? c.sHot[s * c.classCount + cls] : __ldg(c.next + (size_t)s * c.classCount + cls);
            }
        }
        if (overflow) {
            n = 0;
        }
        u64 base = appendPairs(ids, offs, n, entries, capacity, counter);
        segAt[k] = (int)min(base, capacity);
        segLen[k] = overflow ? -1 : n;
    }
}

extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_first_merge(const int* recordStarts,
        const int* recordEnds, int records, int longest, int seg, const int* segAt, const int* segLen,
        const u64* entries, int* rowAt, int* rowLen, u64* out, u64 capacity, u64* counter) {
    unsigned ids[ROWS_MAX];
    int offs[ROWS_MAX];
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        const int rs = __ldg(recordStarts + r);
        const int re = __ldg(recordEnds + r);
        int n = 0;
        bool overflow = re - rs > longest;
        for (int k = rs / seg; re > rs && k <= (re - 1) / seg && !overflow; k++) {
            int len = segLen[k];
            int at = segAt[k];
            if (len < 0 || at + (u64)len > capacity) {
                overflow = true; // the host walks it (or, past capacity, runs the chunk again)
                break;
            }
            for (int i = at; i < at + len; i++) {
                u64 e = entries[i];
                int j = (int)(unsigned)e;
                if (j < rs) {
                    continue;
                }
                if (j >= re) {
                    break;
                }
                unsigned id = (unsigned)(e >> 32);
                if (!seenIn(ids, 0, n, id)) {
                    if (n == ROWS_MAX) {
                        overflow = true;
                        break;
                    }
                    ids[n] = id;
                    offs[n] = j - rs;
                    n++;
                }
            }
        }
        if (overflow) {
            n = 0;
        }
        for (int i = 1; i < n; i++) { // by pattern
            unsigned id = ids[i];
            int off = offs[i];
            int k = i;
            while (k > 0 && ids[k - 1] > id) {
                ids[k] = ids[k - 1];
                offs[k] = offs[k - 1];
                k--;
            }
            ids[k] = id;
            offs[k] = off;
        }
        rowAt[r] = (int)appendPairs(ids, offs, n, out, capacity, counter);
        rowLen[r] = overflow ? -1 : n;
    }
}

extern "C" __global__ void __launch_bounds__(1024) pfac_rows_scan(const int* rowLen, int* rowStart, int records) {
    __shared__ u64 sums[33];
    int per = (records + blockDim.x - 1) / blockDim.x;
    int lo = threadIdx.x * per;
    int hi = lo + per < records ? lo + per : records;
    u64 run = 0;
    for (int i = lo; i < hi; i++) {
        run += max(rowLen[i], 0);
    }
    u64 total;
    u64 offset = tiles::blockExclusiveSum(run, sums, &total);
    for (int i = lo; i < hi; i++) {
        rowStart[i] = (int)offset;
        offset += max(rowLen[i], 0);
    }
}

// Each record's row copied from where pfac_first_merge appended it to its place in record order: as it is
// (8 bytes a pair), or, when `shift` is not 0, as 4 bytes, pattern << shift | offset (the host asks for
// this when every id fits above `shift` bits and every offset below: half the bytes to copy back and
// to keep).
extern "C" __global__ void __launch_bounds__(256) pfac_rows_order(const u64* rows, const int* rowAt, const int* rowLen,
                                                                  const int* rowStart, void* ordered, int records,
                                                                  int shift) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        int n = rowLen[r];
        const u64* from = rows + rowAt[r];
        if (shift == 0) {
            u64* to = (u64*)ordered + rowStart[r];
            for (int k = 0; k < n; k++) {
                to[k] = from[k];
            }
        } else {
            unsigned* to = (unsigned*)ordered + rowStart[r];
            for (int k = 0; k < n; k++) {
                u64 v = from[k];
                to[k] = (unsigned)(v >> 32) << shift | (unsigned)v;
            }
        }
    }
}
