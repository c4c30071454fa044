// The PFAC walk over dev.trawl.automaton.PfacTable, shared by pfac.cu (its kernels and the pipeline they
// run in are described there) and chains.cu (the walk over a literal-chain set's anchors).
#pragma once
#include "tiles.cuh"

#define PFAC_THREADS TILE_THREADS
#define PFAC_BPT TILE_BPT
#define PFAC_TILE TILE_STARTS

namespace pfac {

// The table and the chunk, as every PFAC kernel sees them. Pointers are device addresses.
struct Ctx : tiles::Staged {
    const unsigned* __restrict__ next;  // stateCount * classCount entries
    const int* __restrict__ outStart;   // stateCount + 1
    const int* __restrict__ outIds;
    int classCount;
    int hot;                            // rows [0, hot) are in shared memory
    int gramWords;                      // words of the class-trigram filter; 0: none (see classStarts)
    // shared memory
    const unsigned short* sClass;
    const unsigned* sRoot;
    const uint8_t* sClassB;             // classOf as bytes (the class-staging kernels)
    const unsigned* sRootC;             // the root row by class
    const unsigned* sGrams;             // the class-trigram filter's bits
    const unsigned* sHot;
};

__device__ __forceinline__ int hotBytes(int hot, int classCount) {
    return (hot * classCount * 4 + 15) & ~15;
}

// Dynamic shared memory, in order: classOf as shorts (512 B) and as bytes (256 B), the root row by byte
// (1 KiB) and by class (1 KiB), the trigram filter (gramWords words, a multiple of 4), the hot rows, the
// staged text. PfacLauncher sizes it; keep the two in step.
#define PFAC_SHARED_FIXED 2816

// Lays out dynamic shared memory and fills the parts that do not change between tiles.
__device__ __forceinline__ void setUp(Ctx& c, uint8_t* smem, const unsigned* classOf, const unsigned* rootRow,
                                      const unsigned* grams) {
    unsigned short* sClass = (unsigned short*)smem;
    uint8_t* sClassB = smem + 512;
    unsigned* sRoot = (unsigned*)(smem + 768);
    unsigned* sRootC = (unsigned*)(smem + 1792);
    unsigned* sGrams = (unsigned*)(smem + PFAC_SHARED_FIXED);
    unsigned* sHot = sGrams + c.gramWords;
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        unsigned k = classOf[i];
        sClass[i] = (unsigned short)k;
        sClassB[i] = (uint8_t)k;
        sRoot[i] = rootRow[i];
        sRootC[k] = rootRow[i];  // every byte of a class has the same edge: racing writes agree
    }
    for (int i = threadIdx.x; i < c.gramWords; i += blockDim.x) {
        sGrams[i] = __ldg(grams + i);
    }
    int hotEntries = c.hot * c.classCount;
    for (int i = threadIdx.x; i < hotEntries; i += blockDim.x) {
        sHot[i] = __ldg(c.next + i);
    }
    c.sClass = sClass;
    c.sClassB = sClassB;
    c.sRoot = sRoot;
    c.sRootC = sRootC;
    c.sGrams = sGrams;
    c.sHot = sHot;
    c.sText = (const uint8_t*)sHot + hotBytes(c.hot, c.classCount);
}

// Four bytes to their four classes.
__device__ __forceinline__ unsigned classes4(const Ctx& c, unsigned w) {
    return (unsigned)c.sClassB[w & 0xffu] | (unsigned)c.sClassB[(w >> 8) & 0xffu] << 8 |
           (unsigned)c.sClassB[(w >> 16) & 0xffu] << 16 | (unsigned)c.sClassB[w >> 24] << 24;
}

// Staged::stage for the class-staging kernels: the tile's bytes are staged as their classes, so a walk
// step reads its class with one shared load instead of two. Every thread of the block calls it.
__device__ __forceinline__ void stageClassesBetweenBarriers(Ctx& c, long long tile) {
    __syncthreads();
    c.tileBase = tile * PFAC_TILE;
    long long avail = c.readable - c.tileBase;
    int span = PFAC_TILE + c.margin;
    int n = avail < span ? (int)avail : span;
    int vectors = (n + 15) >> 4;
    const uint4* src = (const uint4*)(c.text + c.tileBase);
    uint4* dst = (uint4*)c.sText;
    for (int v = threadIdx.x; v < vectors; v += blockDim.x) {
        uint4 w = __ldg(src + v);
        dst[v] = make_uint4(classes4(c, w.x), classes4(c, w.y), classes4(c, w.z), classes4(c, w.w));
    }
    __syncthreads();
}

// Follows goto edges from the state reached on the start byte (`v`, non-zero) until one is missing.
// Counts the matches; with WRITE also stores them at `out`.
template <bool WRITE>
__device__ __forceinline__ unsigned walk(const Ctx& c, unsigned v, long long start, u64*& out) {
    unsigned found = 0;
    long long pos = start + 1;
    const long long stagedEnd = c.tileBase + PFAC_TILE + c.margin;
    for (;;) {
        unsigned s = v & 0x7fffffffu;
        if ((int)v < 0) {
            int a = __ldg(c.outStart + s);
            int b = __ldg(c.outStart + s + 1);
            if (WRITE) {
                for (int i = a; i < b; i++) {
                    *out++ = ((u64)start << 32) | (unsigned)__ldg(c.outIds + i);
                }
            }
            found += b - a;
        }
        if (pos >= c.readable) {
            break;
        }
        unsigned byte = pos < stagedEnd ? c.sText[pos - c.tileBase] : __ldg(c.text + pos);
        unsigned cls = c.sClass[byte];
        pos++;
        v = (int)s < c.hot ? c.sHot[s * c.classCount + cls] : __ldg(c.next + (size_t)s * c.classCount + cls);
        if (v == 0) {
            break;
        }
    }
    return found;
}

// Which of the thread's starts have an edge out of the root.
__device__ __forceinline__ unsigned rootEdges(const Ctx& c) {
    tiles::StartBytes bytes = c.startBytes();
    unsigned live = 0;
#pragma unroll
    for (int k = 0; k < PFAC_BPT; k++) {
        live |= (c.sRoot[bytes[k]] != 0 ? 1u : 0u) << k;
    }
    return c.inChunk(live);
}

// How a thread walks its starts (see `thread`).
enum Walks { WALKS_UNROLLED, WALKS_MASK, WALKS_FLAT, WALKS_CLASSES };

// The bytes a walk may read from the staged tile's first position on, as an int.
__device__ __forceinline__ int readableInTile(const Ctx& c) {
    const long long left = c.readable - c.tileBase;
    return left < 0x7fffffffll ? (int)left : 0x7fffffff;
}

// All of a thread's walks as one loop of steps: a lane whose walk ends starts its next live start in the
// same iteration. A warp then runs for its busiest lane's total steps; with a loop per start it runs,
// start by start, for the longest walk among its lanes, and most lanes idle while one walks on.
// Positions are tile-relative ints, so the loop does no 64-bit arithmetic.
// CLASSES: the tile is staged as classes (stageClassesBetweenBarriers); `live` says which starts to walk.
template <bool WRITE, bool CLASSES>
__device__ __forceinline__ unsigned flatWalks(const Ctx& c, u64* out, unsigned live) {
    const int firstAt = threadIdx.x * PFAC_BPT;
    const int readableInTile = pfac::readableInTile(c);
    const int stagedEnd = PFAC_TILE + c.margin;
    const uint8_t* global = c.text + c.tileBase;
    unsigned found = 0;
    unsigned v = 0;
    int start = 0;
    int pos = 0;
    u64* from = out;
    for (;;) {
        if (v == 0) {
            if (live == 0) {
                break;
            }
            int k = __ffs(live) - 1;
            live &= live - 1;
            start = firstAt + k;
            pos = start + 1;
            v = CLASSES ? c.sRootC[c.sText[start]] : c.sRoot[c.sText[start]];
            from = out;
        }
        unsigned s = v & 0x7fffffffu;
        if ((int)v < 0) {
            int a = __ldg(c.outStart + s);
            int b = __ldg(c.outStart + s + 1);
            if (WRITE) {
                u64 key = (u64)(c.tileBase + start) << 32;
                for (int i = a; i < b; i++) {
                    *out++ = key | (unsigned)__ldg(c.outIds + i);
                }
            }
            found += b - a;
        }
        if (pos >= readableInTile) {
            v = 0;
        } else {
            unsigned cls;
            if (CLASSES) {
                cls = pos < stagedEnd ? c.sText[pos] : c.sClassB[__ldg(global + pos)];
            } else {
                cls = c.sClass[pos < stagedEnd ? c.sText[pos] : __ldg(global + pos)];
            }
            pos++;
            v = (int)s < c.hot ? c.sHot[s * c.classCount + cls] : __ldg(c.next + (size_t)s * c.classCount + cls);
        }
        if (WRITE && v == 0) {
            tiles::sortRun(from, out);
        }
    }
    return found;
}

// The class-staging kernels' starts: those with an edge out of the root whose first three classes
// begin some pattern (or a pattern shorter than three bytes): a bit per class triple, set on the host
// from the trie's first three levels (PfacLauncher), tested from registers before any walk. Over English
// text most positions leave the root for a dictionary, few begin one of its words' first three letters,
// and a walk costs several shared and global loads a step. Starts whose three bytes run past the
// readable end are kept (their walks check it).
__device__ __forceinline__ unsigned classStarts(const Ctx& c) {
    const int firstAt = threadIdx.x * PFAC_BPT;
    tiles::StartBytes k16 = c.startBytes();
    unsigned live = 0;
#pragma unroll
    for (int k = 0; k < PFAC_BPT; k++) {
        live |= (c.sRootC[k16[k]] != 0 ? 1u : 0u) << k;
    }
    live = c.inChunk(live);
    if (c.gramWords == 0 || live == 0) {
        return live;
    }
    // the classes after the thread's 16: staged, as the filter is used only with a margin of 16 or more
    unsigned after = ((const unsigned*)c.sText)[(firstAt + PFAC_BPT) >> 2];
    auto at = [&](int j) -> unsigned { return j < PFAC_BPT ? k16[j] : (after >> ((j - PFAC_BPT) * 8)) & 0xffu; };
    const unsigned nc = (unsigned)c.classCount;
    unsigned keep = 0;
#pragma unroll
    for (int k = 0; k < PFAC_BPT; k++) {
        unsigned g = (at(k) * nc + at(k + 1)) * nc + at(k + 2);
        keep |= ((c.sGrams[g >> 5] >> (g & 31u)) & 1u) << k;
    }
    int past = readableInTile(c) - firstAt - 2;  // starts k >= past lack two readable bytes after them
    if (past < PFAC_BPT) {
        keep |= past <= 0 ? 0xffffu : 0xffffu & ~((1u << past) - 1u);
    }
    return live & keep;
}

// This thread's PFAC_BPT starts of the staged tile. The start bytes come from one 16-byte shared load.
// WALKS_MASK: first find, for all starts at once, which have an edge out of the root (a bit mask), then
// walk only those, with one copy of the walk loop; WALKS_FLAT: the same starts, all walks in one loop
// (flatWalks); WALKS_CLASSES: as WALKS_FLAT over a tile staged as classes, starts filtered first
// (classStarts); WALKS_UNROLLED: the walk unrolled into every start.
template <bool WRITE, int WALKS>
__device__ __forceinline__ unsigned thread(const Ctx& c, u64* out) {
    if (WALKS == WALKS_FLAT) {
        return flatWalks<WRITE, false>(c, out, rootEdges(c));
    }
    if (WALKS == WALKS_CLASSES) {
        return flatWalks<WRITE, true>(c, out, classStarts(c));
    }
    long long first = c.tileBase + (long long)threadIdx.x * PFAC_BPT;
    unsigned found = 0;
    if (WALKS == WALKS_MASK) {
        unsigned live = rootEdges(c);
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            unsigned byte = c.sText[threadIdx.x * PFAC_BPT + k];
            u64* from = out;
            found += walk<WRITE>(c, c.sRoot[byte], first + k, out);
            if (WRITE) {
                tiles::sortRun(from, out);
            }
        }
    } else {
        uint4 w = ((const uint4*)c.sText)[threadIdx.x];
        unsigned words[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
        for (int k = 0; k < PFAC_BPT; k++) {
            unsigned byte = (words[k >> 2] >> ((k & 3) * 8)) & 0xffu;
            unsigned v = c.sRoot[byte];
            if (v != 0 && first + k < c.starts) {
                u64* from = out;
                found += walk<WRITE>(c, v, first + k, out);
                if (WRITE) {
                    tiles::sortRun(from, out);
                }
            }
        }
    }
    return found;
}

// The per-record pass of one thread: the walks of `walk` from its starts that leave the root (and that
// the cursor still wants), each match handed to its record (tiles.cuh's cursors) instead of counted or
// written. A cursor with SETTLES (chains.cu's) has its settle(idle) called by every lane of the
// warp at every step, until all of them are idle. A walk stops once a match runs past the record's end (longer ones would too) or the record
// is answered. As in flatWalks, all of the thread's walks run as one loop of steps, in the same order
// (a thread's starts ascend, which the cursors rely on): a lane whose walk ends takes its next start in
// the same iteration instead of waiting for the warp's longest walk.
template <class Cursor>
__device__ __forceinline__ void threadRecords(const Ctx& c, Cursor& rc) {
    const long long first = c.tileBase + (long long)threadIdx.x * PFAC_BPT;
    const long long stagedEnd = c.tileBase + PFAC_TILE + c.margin;
    auto text = [&](long long q) -> unsigned { return q < stagedEnd ? c.sText[q - c.tileBase] : __ldg(c.text + q); };
    unsigned live = rootEdges(c) & ~rc.separators();
    if constexpr (Cursor::FILTERS) { // the cursor's own test of the starts (chains.cu's)
        live = rc.filter(c, live);
    }
    unsigned v = 0;
    long long start = 0;
    long long pos = 0;
    for (;;) {
        while (v == 0 && live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            if (rc.worthWalking(first + k)) {
                start = first + k;
                pos = start + 1;
                v = c.sRoot[c.sText[threadIdx.x * PFAC_BPT + k]];
            }
        }
        if constexpr (Cursor::SETTLES) { // the warp steps together, for the cursor's warp-wide work
            if (rc.settle(v == 0)) {
                break;
            }
            if (v == 0) {
                continue;
            }
        } else if (v == 0) {
            break;
        }
        unsigned s = v & 0x7fffffffu;
        bool more = true;
        if ((int)v < 0) {
            more = rc.accept(start, pos, text);
            if (more) {
                int a = __ldg(c.outStart + s);
                int b = __ldg(c.outStart + s + 1);
                if (rc.op == RECORD_COUNT) {
                    rc.add(b - a);
                } else {
                    for (int i = a; i < b; i++) {
                        more &= rc.report(start, __ldg(c.outIds + i));
                    }
                }
            }
        }
        if (!more || pos >= c.readable) {
            v = 0;
            continue;
        }
        unsigned cls = c.sClass[text(pos)];
        pos++;
        v = (int)s < c.hot ? c.sHot[s * c.classCount + cls] : __ldg(c.next + (size_t)s * c.classCount + cls);
    }
}

}  // namespace pfac

#define PFAC_PARAMS                                                                                   \
    const uint8_t *text, long long readable, long long starts, const unsigned *next,                  \
        const unsigned *classOf, const unsigned *rootRow, const int *outStart, const int *outIds,      \
        int classCount, int hot, int margin, const unsigned *grams, int gramWords

// PFAC_PARAMS' names, to pass them on.
#define PFAC_ARGS text, readable, starts, next, classOf, rootRow, outStart, outIds, classCount, hot, margin, grams, gramWords

#define PFAC_CTX(c)                                                                                   \
    pfac::Ctx c;                                                                                      \
    c.setChunk(text, readable, starts, margin);                                                       \
    c.next = next;                                                                                    \
    c.outStart = outStart;                                                                            \
    c.outIds = outIds;                                                                                \
    c.classCount = classCount;                                                                        \
    c.hot = hot;                                                                                      \
    c.gramWords = gramWords;                                                                          \
    extern __shared__ __align__(16) uint8_t smem[];                                                   \
    pfac::setUp(c, smem, classOf, rootRow, grams);

// The per-record pass over every start of the chunk with any cursor (tiles.cuh's, or a family's own
// built on them, such as chains.cu's): each match is handed to `rc`, which reduces it into its record.
// (A template, like the other bodies, so that the kernels share one declaration of `smem`.)
// `thread(c)`, when given, does a thread's part of each tile instead of threadRecords (chains.cu's
// anchor index).
namespace pfac {
template <class Cursor, class Thread>
__device__ __forceinline__ void recordsWalk(PFAC_PARAMS, Cursor& rc, const Thread& thread) {
    PFAC_CTX(c)
    __shared__ unsigned warpTotals[PFAC_THREADS / 32];
    long long tileCount = (starts + PFAC_TILE - 1) / PFAC_TILE;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        c.enterRecordTile(tile, rc, warpTotals);
        thread(c);
    }
    rc.flush();
}

template <class Cursor>
__device__ __forceinline__ void recordsWalk(PFAC_PARAMS, Cursor& rc) {
    recordsWalk(PFAC_ARGS, rc, [&](const Ctx& c) { threadRecords(c, rc); });
}
}  // namespace pfac
