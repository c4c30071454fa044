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
// A thread per record of the chunk (records by their bounds) walks every start of its record in order,
// each walk stopping at the record's end, so the first match of a pattern is its first occurrence. The
// thread keeps each new pattern and its offset in local memory (a linear search: rows are short, about
// seven pairs a log line against a thousand patterns), sorts them by pattern, and appends the row to
// `out` as (pattern << 32 | offset in record), the warp's writers with one atomic. rowAt[r] and
// rowLen[r] say where record r's row went; rowLen -1 says the thread left it to the host: a record of
// more than `longest` bytes (one thread would hold its warp too long) or with more than ROWS_MAX
// patterns. The counter goes on past `capacity` (rows past it are not written), and the host runs the
// chunk again with room for them all. The text is read 16 aligned bytes at a time (the chunk buffer is
// 16-byte aligned and padded), since the lanes of a warp read 32 different records.
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

extern "C" __global__ void __launch_bounds__(PFAC_THREADS) pfac_first_rows(PFAC_PARAMS, const int* recordStarts,
        const int* recordEnds, int records, int longest, int* rowAt, int* rowLen, u64* out, u64 capacity,
        u64* counter) {
    PFAC_CTX(c)
    __syncthreads(); // the shared tables are filled
    unsigned ids[ROWS_MAX];
    int offs[ROWS_MAX];
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        const int rs = __ldg(recordStarts + r);
        const int re = __ldg(recordEnds + r);
        int n = 0;
        bool overflow = re - rs > longest;
        uint4 w = make_uint4(0, 0, 0, 0);
        int wAt = -16;
        for (int j = rs; j < re && !overflow; j++) {
            unsigned v = c.sRoot[rowsByte(text, j, w, wAt)];
            int pos = j + 1;
            while (v != 0) {
                unsigned s = v & 0x7fffffffu;
                if ((int)v < 0) {
                    int a = __ldg(c.outStart + s);
                    int b = __ldg(c.outStart + s + 1);
                    for (int i = a; i < b; i++) {
                        unsigned id = (unsigned)__ldg(c.outIds + i);
                        bool seen = false;
                        for (int k = 0; k < n; k++) {
                            seen |= ids[k] == id;
                        }
                        if (!seen) {
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
                out[base + k] = ((u64)ids[k] << 32) | (unsigned)offs[k];
            }
        }
        rowAt[r] = (int)base;
        rowLen[r] = overflow ? -1 : n;
    }
}

// The rows in record order, so the host takes a run of records' rows with one copy: rowStart[k], the
// exclusive sum of rowLen over the chunk's records (a row left to the host counts 0). One block of 1024
// threads, each summing a run of records, as tiles_scan.
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

// Each record's row copied from where pfac_first_rows appended it to its place in record order: as it is
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
