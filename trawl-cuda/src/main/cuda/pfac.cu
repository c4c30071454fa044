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
// pfac_first_segments: a warp per region of 32 * `seg` consecutive starts of the chunk, lane l taking the
// region's starts l, l + 32, l + 64, ... (its segment), so that the warp's loads of the text are
// coalesced as the count kernels' are. A thread per record left 16 MiB of 544-byte records to 121 blocks
// (1.29 ms a chunk on an H200); a thread per run of 64 consecutive starts read the text 64 bytes apart
// across the warp, and 89% of the sectors it fetched were excess (260 us a chunk, Nsight Compute). The
// lane walks its starts in order, each walk stopping at its record's end, and keeps each pattern new to
// the record in its segment with its start (local memory, a linear search). It appends them as
// (pattern << 32 | start in the chunk), the warp's writers with one atomic, and says where in
// segAt/segLen; segLen -1 says the segment had more than ROWS_MAX, and its records go to the host. A
// region may cover the end of one record and the start of the next; a segment's entries are then in
// record order, and within a record in the order of their starts.
//
// pfac_first_merge: a thread per record reads the segments of the regions over its bytes, keeps each
// pattern's least start (its first occurrence: the lanes' segments interleave), sorts the row by pattern
// and appends it to `out` as (pattern << 32 | offset in record), with rowAt[r] and rowLen[r] saying
// where; rowLen -1 leaves the record to the host (longer than `longest`, a segment over it overflowed,
// or more than ROWS_MAX patterns).
//
// Both counters go on past `capacity` (nothing past it is written); the merge reads no entry past it,
// and the host runs the chunk again with room for the entries when they did not fit.
#define ROWS_MAX 64

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

// Where id is among ids[from, n), or -1.
__device__ __forceinline__ int indexIn(const unsigned* ids, int from, int n, unsigned id) {
    int at = -1;
    for (int k = from; k < n; k++) {
        at = ids[k] == id ? k : at;
    }
    return at;
}

// Eight blocks a multiprocessor (32 registers, 12 bytes spilled): ptxas' 38 registers left six (75%
// occupancy, 1.35 of 9.16 warps eligible). Alone it gained nothing (amp's 16 MiB chunk on an H200: 265
// against 260 us, Nsight Compute): the excess sectors of lanes 64 bytes apart bound it. With the lanes
// interleaved, 165 us.
#define ROWS_MIN_BLOCKS 8

extern "C" __global__ void __launch_bounds__(PFAC_THREADS, ROWS_MIN_BLOCKS) pfac_first_segments(PFAC_PARAMS, const int* recordStarts,
        const int* recordEnds, int records, int longest, int seg, int segments, int* segAt, int* segLen, u64* entries,
        u64 capacity, u64* counter) {
    PFAC_CTX(c)
    __syncthreads(); // the shared tables are filled
    unsigned ids[ROWS_MAX];
    int offs[ROWS_MAX];
    // segments is a multiple of 32 and so is the stride: a warp's lanes share a region
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < segments; k += gridDim.x * blockDim.x) {
        const long long region = (long long)(k >> 5) * seg * 32;
        const int p0 = (int)(region + (k & 31));
        const int p1 = (int)min(region + (long long)seg * 32, (long long)starts);
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
        for (int j = p0; j < p1 && !overflow; j += 32) {
            while (j >= re && r + 1 < records) {
                r++;
                rs = __ldg(recordStarts + r);
                re = __ldg(recordEnds + r);
                rowFrom = n;
            }
            if (j < rs || j >= re || re - rs > longest) {
                continue; // between records, or past the last, or a record left to the host
            }
            unsigned v = c.sRoot[__ldg(text + j)];
            int pos = j + 1;
            while (v != 0) {
                unsigned s = v & 0x7fffffffu;
                if ((int)v < 0) {
                    int a = __ldg(c.outStart + s);
                    int b = __ldg(c.outStart + s + 1);
                    for (int i = a; i < b; i++) {
                        unsigned id = (unsigned)__ldg(c.outIds + i);
                        if (indexIn(ids, rowFrom, n, id) < 0) {
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
        const int regionBytes = seg * 32;
        for (int k = rs / regionBytes * 32; re > rs && k < ((re - 1) / regionBytes + 1) * 32 && !overflow; k++) {
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
                int seen = indexIn(ids, 0, n, id);
                if (seen >= 0) {
                    offs[seen] = min(offs[seen], j - rs);
                } else if (n == ROWS_MAX) {
                    overflow = true;
                    break;
                } else {
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
    // One block, tiles of SCAN_TILE lengths read and written coalesced through shared memory, each
    // thread summing SCAN_PER consecutive ones: reading them straight, a thread its own run of
    // records / 1024, took 49 us a 16 MiB chunk of amp's records on an H200 (15% of the chunk's kernels).
    constexpr int SCAN_PER = 8;
    constexpr int SCAN_TILE = 1024 * SCAN_PER;
    __shared__ int lens[SCAN_TILE];
    __shared__ u64 sums[33];
    u64 carry = 0;
    for (int base = 0; base < records; base += SCAN_TILE) {
        int n = min(SCAN_TILE, records - base);
        for (int i = threadIdx.x; i < n; i += blockDim.x) {
            lens[i] = max(rowLen[base + i], 0);
        }
        __syncthreads();
        int lo = threadIdx.x * SCAN_PER;
        u64 run = 0;
        for (int i = lo; i < lo + SCAN_PER && i < n; i++) {
            run += lens[i];
        }
        u64 total;
        u64 offset = carry + tiles::blockExclusiveSum(run, sums, &total); // syncs: lens is read by all
        for (int i = lo; i < lo + SCAN_PER && i < n; i++) {
            int len = lens[i];
            lens[i] = (int)offset;
            offset += len;
        }
        __syncthreads();
        for (int i = threadIdx.x; i < n; i += blockDim.x) {
            rowStart[base + i] = lens[i];
        }
        __syncthreads();
        carry += total;
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
