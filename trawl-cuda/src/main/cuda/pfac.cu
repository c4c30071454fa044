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
