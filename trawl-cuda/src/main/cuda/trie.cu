// The compressed trie of the GPU log-classification papers (Niewiadomski, Piotrowski and Kaczmarski,
// 2019) over dev.trawl.automaton.CompressedTrie's byte array, unchanged: array nodes where the trie
// branches, suffix strings where it no longer does. Host side: dev.trawl.cuda.engine.TrieLauncher;
// keep the two in step.
//
// Work split: the tiles of tiles.cuh (a block of 256 threads per 4,096 starts, 16 consecutive starts a
// thread), persistent blocks striding over tiles. Per block, shared memory holds the slot of every byte
// (general layout), the whole trie when it fits (SH; otherwise it is read through the read-only
// cache), and the tile's text plus a margin of the longest pattern minus one (capped), staged with
// 16-byte loads. A thread first finds which of its starts have a child of the root, then walks those.
//
// The walk (`walk`), from the root's child of the start byte:
//   node walk    array nodes, one slot load per byte; the patterns ending at a node (prefixes of
//                longer ones) are reported there
//   suffix walk  from a child flagged as a suffix record: text against the stored rest of the branch
//                until the terminator, where the branch's patterns are reported
// The papers' three optimisations are switches (OPT bits), so each can be measured:
//   OPT_SPLIT     two loops, node walk then suffix walk, instead of one loop that tests a flag on every
//                 byte (the papers: 42 -> 47 M lines/s)
//   OPT_ALIGNED   suffix records start 4-byte aligned; read the suffix a word at a time and compare its
//                 four bytes from a register (47 -> 52)
//   OPT_PREFETCH  load the next text byte (and the next suffix word) before the current one is used,
//                 so the load's latency overlaps the trie step (52 -> 60)
// Layouts (LETTERS): the papers' 26 slots a..z, computed from the byte, or one slot per byte class,
// looked up. Under case-insensitive matching the stored suffix bytes are folded and so is the text.
//
// Passes, as pfac.cu's: count (per thread, per tile, or a total), tiles_scan, write (start << 32 | id,
// in start order, ids sorted at one start), and per record (tiles.cuh's reductions): records by their
// bounds (trie_records_*) or as the text's lines (trie_lines_*).
#include "tiles.cuh"

#define TRIE_MAGIC 0x45495254
#define TRIE_SUFFIX_MASK 0x7fffffff
#define TRIE_SLOT_OF 20
#define TRIE_ROOT (TRIE_SLOT_OF + 4 * 256)
#define OPT_SPLIT 1
#define OPT_ALIGNED 2
#define OPT_PREFETCH 4

namespace trie {

struct Ctx : tiles::Staged {
    const uint8_t* t;                  // the trie: shared memory (SH) or global
    int width;                         // slots per array node
    int idsAt;                         // 4 * (1 + width): where a node's ids start
    unsigned terminator;
    bool fold;                         // case-insensitive: ASCII letters compared in lower case
    const uint8_t* sSlot;              // slot of each byte (general layout)
};

template <bool SH>
__device__ __forceinline__ int intAt(const Ctx& c, int off) {
    return SH ? *(const int*)(c.t + off) : __ldg((const int*)(c.t + off));
}

template <bool SH>
__device__ __forceinline__ unsigned byteOf(const Ctx& c, int off) {
    return SH ? c.t[off] : __ldg(c.t + off);
}

template <bool SH>
__device__ __forceinline__ unsigned wordAt(const Ctx& c, int off) {
    return SH ? *(const unsigned*)(c.t + off) : __ldg((const unsigned*)(c.t + off));
}

// A text byte, from the staged window when it is there. The caller checks `readable`.
__device__ __forceinline__ unsigned textAt(const Ctx& c, long long pos) {
    long long k = pos - c.tileBase;
    return k < TILE_STARTS + c.margin ? c.sText[k] : __ldg(c.text + pos);
}

// The slot of a byte in an array node, or -1 (letters layout: not a letter).
template <bool LETTERS>
__device__ __forceinline__ int slotOf(const Ctx& c, unsigned b) {
    if (LETTERS) {
        unsigned s = (b | 0x20u) - 'a';
        return s < 26u ? (int)s : -1;
    }
    return c.sSlot[b];
}

// A text byte as suffixes store it. Letters layout: suffix bytes are lower-case letters, and
// (b | 0x20) equals one exactly when b is that letter in either case.
template <bool LETTERS>
__device__ __forceinline__ unsigned folded(const Ctx& c, unsigned b) {
    if (LETTERS) {
        return b | 0x20u;
    }
    return c.fold && b - 'A' < 26u ? b | 0x20u : b;
}

// The text byte at j (the caller checks `readable`). With OPT_PREFETCH it was loaded a step before,
// into `next`, and the one after it is loaded now.
template <int OPT>
__device__ __forceinline__ unsigned nextByte(const Ctx& c, long long j, unsigned& next) {
    unsigned b;
    if (OPT & OPT_PREFETCH) {
        b = next;
        if (j + 1 < c.readable) {
            next = textAt(c, j + 1);
        }
    } else {
        b = textAt(c, j);
    }
    return b;
}

// The walk from `start`, whose byte led from the root to `child` (non-zero). Reports each group of
// patterns ending together to sink.found(end, offset of their ids, how many), which returns whether to
// go on.
template <bool LETTERS, bool SH, int OPT, class Sink>
__device__ __forceinline__ void walk(const Ctx& c, int child, long long start, Sink& sink) {
    long long j = start + 1;
    if (OPT & OPT_SPLIT) {
        // Node walk.
        unsigned next = 0;
        if ((OPT & OPT_PREFETCH) && j < c.readable) {
            next = textAt(c, j);
        }
        while (child > 0) {
            int node = child;
            int cnt = intAt<SH>(c, node);
            if (cnt > 0 && !sink.found(j, node + c.idsAt, cnt)) {
                return;
            }
            if (j >= c.readable) {
                return;
            }
            int slot = slotOf<LETTERS>(c, nextByte<OPT>(c, j++, next));
            if (slot < 0) {
                return;
            }
            child = intAt<SH>(c, node + 4 + 4 * slot);
        }
        if (child == 0) {
            return;
        }
        // Suffix walk.
        int p = child & TRIE_SUFFIX_MASK;
        if (OPT & OPT_ALIGNED) {
            unsigned w = wordAt<SH>(c, p);
            for (;;) {
                unsigned ahead = 0;
                if (OPT & OPT_PREFETCH) {
                    ahead = wordAt<SH>(c, p + 4); // in bounds: a terminator is followed by a count
                }
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    unsigned tc = (w >> (8 * k)) & 0xffu;
                    if (tc == c.terminator) {
                        int at = (p + k + 4) & ~3;
                        sink.found(j, at + 4, intAt<SH>(c, at));
                        return;
                    }
                    if (j >= c.readable || folded<LETTERS>(c, textAt(c, j)) != tc) {
                        return;
                    }
                    j++;
                }
                p += 4;
                w = (OPT & OPT_PREFETCH) ? ahead : wordAt<SH>(c, p);
            }
        }
        unsigned tc = byteOf<SH>(c, p);
        for (;;) {
            unsigned ahead = 0;
            if (OPT & OPT_PREFETCH) {
                ahead = byteOf<SH>(c, p + 1); // in bounds, as above
            }
            if (tc == c.terminator) {
                int at = (p + 4) & ~3;
                sink.found(j, at + 4, intAt<SH>(c, at));
                return;
            }
            if (j >= c.readable || folded<LETTERS>(c, textAt(c, j)) != tc) {
                return;
            }
            j++;
            p++;
            tc = (OPT & OPT_PREFETCH) ? ahead : byteOf<SH>(c, p);
        }
    } else {
        // One loop, a flag saying whether the walk is in array nodes or in a suffix.
        bool inNode = child > 0;
        int node = child;
        int p = child & TRIE_SUFFIX_MASK;
        unsigned w = 0;
        if (inNode) {
            int cnt = intAt<SH>(c, node);
            if (cnt > 0 && !sink.found(j, node + c.idsAt, cnt)) {
                return;
            }
        }
        unsigned next = 0;
        if ((OPT & OPT_PREFETCH) && j < c.readable) {
            next = textAt(c, j);
        }
        for (;;) {
            unsigned tc = 0;
            if (!inNode) {
                if (OPT & OPT_ALIGNED) {
                    if ((p & 3) == 0) {
                        w = wordAt<SH>(c, p);
                    }
                    tc = (w >> (8 * (p & 3))) & 0xffu;
                } else {
                    tc = byteOf<SH>(c, p);
                }
                if (tc == c.terminator) {
                    int at = (p + 4) & ~3;
                    sink.found(j, at + 4, intAt<SH>(c, at));
                    return;
                }
            }
            if (j >= c.readable) {
                return;
            }
            unsigned b = nextByte<OPT>(c, j, next);
            j++;
            if (inNode) {
                int slot = slotOf<LETTERS>(c, b);
                if (slot < 0) {
                    return;
                }
                child = intAt<SH>(c, node + 4 + 4 * slot);
                if (child == 0) {
                    return;
                }
                if (child < 0) {
                    inNode = false;
                    p = child & TRIE_SUFFIX_MASK;
                } else {
                    node = child;
                    int cnt = intAt<SH>(c, node);
                    if (cnt > 0 && !sink.found(j, node + c.idsAt, cnt)) {
                        return;
                    }
                }
            } else {
                if (folded<LETTERS>(c, b) != tc) {
                    return;
                }
                p++;
            }
        }
    }
}

// What the passes do with a group of patterns found: count them, write them, or reduce them per record.
struct CountSink {
    unsigned n;
    __device__ __forceinline__ bool found(long long, int, int cnt) {
        n += cnt;
        return true;
    }
};

template <bool SH>
struct WriteSink {
    const Ctx* c;
    long long start;
    u64* out;
    __device__ __forceinline__ bool found(long long, int ids, int cnt) {
        for (int k = 0; k < cnt; k++) {
            *out++ = ((u64)start << 32) | (unsigned)intAt<SH>(*c, ids + 4 * k);
        }
        return true;
    }
};

template <bool SH, class Cursor>
struct RecordSink {
    const Ctx* c;
    long long start;
    Cursor* rc;
    __device__ __forceinline__ bool found(long long end, int ids, int cnt) {
        const Ctx& cc = *c;
        if (!rc->accept(start, end, [&](long long q) { return textAt(cc, q); })) {
            return false;
        }
        if (rc->op == RECORD_COUNT) {
            rc->add(cnt);
            return true;
        }
        bool more = true;
        for (int k = 0; k < cnt; k++) {
            more &= rc->report(start, intAt<SH>(*c, ids + 4 * k));
        }
        return more;
    }
};

// The shared-memory layout: byte slots (256), the trie when SH (its size rounded up to 16), the text.
template <bool SH>
__device__ __forceinline__ void setUp(Ctx& c, uint8_t* smem, const uint8_t* trie, int trieBytes) {
    uint8_t* sSlot = smem;
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        sSlot[i] = (uint8_t)__ldg((const int*)(trie + TRIE_SLOT_OF) + i);
    }
    int off = 256;
    if (SH) {
        int vectors = (trieBytes + 15) >> 4;
        const uint4* src = (const uint4*)trie;
        uint4* dst = (uint4*)(smem + off);
        for (int v = threadIdx.x; v < vectors; v += blockDim.x) {
            dst[v] = __ldg(src + v);
        }
        c.t = smem + off;
        off += vectors << 4;
    } else {
        c.t = trie;
    }
    c.sSlot = sSlot;
    c.sText = smem + off;
}

// Which of this thread's TILE_BPT starts have a child of the root: one bit each. (The children are
// looked up again when walked: 16 of them kept in registers took the count kernel from 39 to 45
// registers and the per-record kernels to 48.)
template <bool LETTERS, bool SH>
__device__ __forceinline__ unsigned rootChildren(const Ctx& c) {
    tiles::StartBytes bytes = c.startBytes();
    unsigned live = 0;
#pragma unroll
    for (int k = 0; k < TILE_BPT; k++) {
        int slot = slotOf<LETTERS>(c, bytes[k]);
        int child = slot < 0 ? 0 : intAt<SH>(c, TRIE_ROOT + 4 + 4 * slot);
        live |= (child != 0 ? 1u : 0u) << k;
    }
    return c.inChunk(live);
}

// The root's child on the byte at `start` (staged).
template <bool LETTERS, bool SH>
__device__ __forceinline__ int rootChild(const Ctx& c, long long start) {
    int slot = slotOf<LETTERS>(c, c.sText[start - c.tileBase]);
    return slot < 0 ? 0 : intAt<SH>(c, TRIE_ROOT + 4 + 4 * slot);
}

}  // namespace trie

#define TRIE_PARAMS                                                                                   \
    const uint8_t *text, long long readable, long long starts, const uint8_t *trieData, int trieBytes,  \
        int width, int terminator, int fold, int margin

#define TRIE_CTX(c)                                                                                   \
    trie::Ctx c;                                                                                      \
    c.setChunk(text, readable, starts, margin);                                                       \
    c.width = width;                                                                                  \
    c.idsAt = 4 * (1 + width);                                                                        \
    c.terminator = (unsigned)terminator;                                                              \
    c.fold = fold != 0;                                                                               \
    extern __shared__ __align__(16) uint8_t smem[];                                                   \
    trie::setUp<SH>(c, smem, trieData, trieBytes);

template <bool LETTERS, bool SH, int OPT>
__device__ __forceinline__ void trieCount(TRIE_PARAMS, unsigned* threadCounts, u64* tileCounts, u64* total) {
    TRIE_CTX(c)
    __shared__ u64 sums[33];
    long long tileCount = (starts + TILE_STARTS - 1) / TILE_STARTS;
    u64 mine = 0;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        c.stageBetweenBarriers(tile);
        unsigned live = trie::rootChildren<LETTERS, SH>(c);
        long long first = c.tileBase + (long long)threadIdx.x * TILE_BPT;
        trie::CountSink sink = {0};
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            int child = trie::rootChild<LETTERS, SH>(c, first + k);
            trie::walk<LETTERS, SH, OPT>(c, child, first + k, sink);
        }
        tiles::countTile(sink.n, tile, threadCounts, tileCounts, sums);
        mine += sink.n;
    }
    tiles::addTotal(mine, total);
}

template <bool LETTERS, bool SH, int OPT>
__device__ __forceinline__ void trieWrite(TRIE_PARAMS, const unsigned* threadCounts, const u64* tileCounts,
                                          const u64* tileOffsets, long long tileLo, long long tileHi, u64* out) {
    TRIE_CTX(c)
    u64 base = tileOffsets[tileLo];
    for (long long tile = tileLo + blockIdx.x; tile < tileHi; tile += gridDim.x) {
        if (tileCounts[tile] == 0) {
            continue;
        }
        c.stageBetweenBarriers(tile);
        unsigned n;
        u64 mine = tiles::threadOffset(tile, threadCounts, n);
        if (n == 0) {
            continue;
        }
        unsigned live = trie::rootChildren<LETTERS, SH>(c);
        long long first = c.tileBase + (long long)threadIdx.x * TILE_BPT;
        trie::WriteSink<SH> sink = {&c, 0, out + (tileOffsets[tile] - base) + mine};
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            int child = trie::rootChild<LETTERS, SH>(c, first + k);
            u64* from = sink.out;
            sink.start = first + k;
            trie::walk<LETTERS, SH, OPT>(c, child, first + k, sink);
            tiles::sortRun(from, sink.out);
        }
    }
}

template <bool LETTERS, bool SH, int OPT, bool LINES>
__device__ __forceinline__ void trieRecords(TRIE_PARAMS, const tiles::RecordArgs& args) {
    TRIE_CTX(c)
    __shared__ unsigned warpTotals[TILE_THREADS / 32];
    typedef tiles::Cursor<LINES> Cursor;
    Cursor rc = tiles::cursor<LINES>(args);
    long long tileCount = (starts + TILE_STARTS - 1) / TILE_STARTS;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        c.enterRecordTile(tile, rc, warpTotals);
        unsigned live = trie::rootChildren<LETTERS, SH>(c) & ~rc.separators();
        long long first = c.tileBase + (long long)threadIdx.x * TILE_BPT;
        trie::RecordSink<SH, Cursor> sink = {&c, 0, &rc};
        while (live != 0) {
            int k = __ffs(live) - 1;
            live &= live - 1;
            if (!rc.worthWalking(first + k)) {
                continue;
            }
            int child = trie::rootChild<LETTERS, SH>(c, first + k);
            sink.start = first + k;
            trie::walk<LETTERS, SH, OPT>(c, child, first + k, sink);
        }
    }
    rc.flush();
}

// One set of kernels per layout (l: letters, b: bytes), placement (s: shared, g: global) and
// optimisation bits, named e.g. trie_count_ls7; TrieLauncher builds the names.
#define TRIE_KERNELS(L, S, OPT, NAME)                                                                 \
    extern "C" __global__ void __launch_bounds__(TILE_THREADS) trie_count_##NAME(TRIE_PARAMS,          \
            unsigned* threadCounts, u64* tileCounts, u64* total) {                                    \
        trieCount<L, S, OPT>(text, readable, starts, trieData, trieBytes, width, terminator, fold,    \
                             margin, threadCounts, tileCounts, total);                                 \
    }                                                                                                 \
    extern "C" __global__ void __launch_bounds__(TILE_THREADS) trie_write_##NAME(TRIE_PARAMS,          \
            const unsigned* threadCounts, const u64* tileCounts, const u64* tileOffsets,              \
            long long tileLo, long long tileHi, u64* out) {                                           \
        trieWrite<L, S, OPT>(text, readable, starts, trieData, trieBytes, width, terminator, fold,    \
                             margin, threadCounts, tileCounts, tileOffsets, tileLo, tileHi, out);      \
    }                                                                                                 \
    extern "C" __global__ void __launch_bounds__(TILE_THREADS) trie_records_##NAME(TRIE_PARAMS,        \
            const int* recordStarts, const int* recordEnds, const int* tileFirst, int op, void* out) { \
        tiles::RecordArgs args = {recordStarts, recordEnds, tileFirst, nullptr, op, out};             \
        trieRecords<L, S, OPT, false>(text, readable, starts, trieData, trieBytes, width, terminator, \
                                      fold, margin, args);                                            \
    }                                                                                                 \
    extern "C" __global__ void __launch_bounds__(TILE_THREADS, 8) trie_lines_##NAME(TRIE_PARAMS,       \
            const u64* tileLines, int op, void* out) {                                                \
        tiles::RecordArgs args = {nullptr, nullptr, nullptr, tileLines, op, out};                     \
        trieRecords<L, S, OPT, true>(text, readable, starts, trieData, trieBytes, width, terminator,  \
                                     fold, margin, args);                                             \
    }

#define TRIE_OPTS(L, S, P)                                                                            \
    TRIE_KERNELS(L, S, 0, P##0)                                                                       \
    TRIE_KERNELS(L, S, 1, P##1)                                                                       \
    TRIE_KERNELS(L, S, 2, P##2)                                                                       \
    TRIE_KERNELS(L, S, 3, P##3)                                                                       \
    TRIE_KERNELS(L, S, 4, P##4)                                                                       \
    TRIE_KERNELS(L, S, 5, P##5)                                                                       \
    TRIE_KERNELS(L, S, 6, P##6)                                                                       \
    TRIE_KERNELS(L, S, 7, P##7)

TRIE_OPTS(true, true, ls)
TRIE_OPTS(true, false, lg)
TRIE_OPTS(false, true, bs)
TRIE_OPTS(false, false, bg)
