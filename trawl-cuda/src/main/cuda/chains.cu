// Literal-chain regex sets (L1 .*? L2 .*? ... Lk, greedy, lazy or mixed) per record, anyMatch only.
// Host side: dev.trawl.cuda.engine.ChainLauncher; the table is dev.trawl.cuda.engine.ChainTable, whose
// comment says why the verification is exact; ChainWalk (tests) is this file in Java: keep them in step.
//
// The per-record kernels (CHAINS_KERNELS: records by their bounds or as lines) find the set's distinct
// anchors (each chain's rarest few bytes, inside its anchor literal; ChainTable.Anchors) from every
// start that passes a four-byte filter (AnchorGrams): by an anchor index, the warp's passing starts
// shared among its lanes (warpIndexStarts; chains_records, chains_lines), or by pfac.cuh's per-record
// PFAC walk (the _pfac and _lane kernels); ChainLauncher picks. For an anchor found at p inside record
// r, a cursor verifies the chains anchored on it around p (the anchor literal where p puts it, the
// literals after it from its end on, the ones before it from the start of its line on, each at its
// first occurrence, no gap across a '\n') and sets r's slot to 1 when one holds. A record answered
// (seen before verifying) is not looked at again. The warp verifies the anchors its lanes found
// (Cursor<true>); the _lane kernels, where each lane verifies its own, are kept to measure against.
// chains_ascii, queued after it on the same stream: sets the slot of every record holding a byte of
// 0x80 or more to 2 ("unknown": the host asks the CPU), overwriting a 1 of the walk. The walk treats
// bytes as ASCII, where '.' is any byte but '\n'; over UTF-8 it is a code point, which a stray byte is not.
#include "pfac.cuh"

namespace chains {

struct Table {
    const int* __restrict__ anchorChains;  // chains of anchor a: chainIds[anchorChains[a] .. anchorChains[a + 1])
    const int* __restrict__ chainIds;
    const int* __restrict__ chainLits;     // literals of chain c: [chainLits[c], chainLits[c + 1])
    const int* __restrict__ chainAnchor;   // chain c's anchor literal, a literal index
    const int* __restrict__ litBytes;      // literal l: bytes[litBytes[l] .. litBytes[l + 1])
    const int* __restrict__ chainShift;    // where chain c's anchor starts inside its anchor literal
    const uint8_t* __restrict__ bytes;
};

#define CHAINS_FULL 0xffffffffu

// The end of literal l's first occurrence in text[at, limit) with no '\n' before it, or -1.
// WARP: the warp's 32 lanes call it together with the same arguments and test 32 positions a step
// (lane j position q0 + j); the answer is the lane-by-lane scan's, found from two ballots: the first
// '\n' and the first occurrence, whichever comes first. Alone, a lane scans position by position.
template <bool WARP>
__device__ __forceinline__ int place(const Table& t, const uint8_t* text, int at, int limit, int l) {
    int from = __ldg(t.litBytes + l);
    int len = __ldg(t.litBytes + l + 1) - from;
    const uint8_t* lit = t.bytes + from;
    // a lane whose byte is the literal's first tests the second before the byte-by-byte loop: on the
    // first alone, a common head (a space) sent lanes one at a time into the loop (Nsight Compute: 11%
    // of the kernel's instructions, 1.2 lanes active, over the loghub templates)
    const uint8_t head = __ldg(lit);
    const uint8_t second = len > 1 ? __ldg(lit + 1) : 0;
    const int step = WARP ? 32 : 1;
    const int lane = WARP ? (threadIdx.x & 31) : 0;
    for (int q0 = at; q0 + len <= limit; q0 += step) {
        int q = q0 + lane;
        bool inside = q + len <= limit;
        uint8_t b = inside ? __ldg(text + q) : 0;
        bool hit = false;
        if (inside && b == head && (len == 1 || __ldg(text + q + 1) == second)) {
            int k = len == 1 ? 1 : 2;
            while (k < len && __ldg(text + q + k) == __ldg(lit + k)) {
                k++;
            }
            hit = k == len;
        }
        bool newline = inside && b == '\n';
        unsigned nl = WARP ? __ballot_sync(CHAINS_FULL, newline) : (unsigned)newline;
        unsigned found = WARP ? __ballot_sync(CHAINS_FULL, hit) : (unsigned)hit;
        unsigned any = nl | found;
        if (any != 0) {
            int j = __ffs(any) - 1;
            return (nl >> j) & 1u ? -1 : q0 + j + len;
        }
    }
    return -1;
}

// The start of the line holding p, no earlier than rs. WARP: as in place, 32 bytes a step.
template <bool WARP>
__device__ __forceinline__ int lineStart(const uint8_t* text, int rs, int p) {
    const int step = WARP ? 32 : 1;
    const int lane = WARP ? (threadIdx.x & 31) : 0;
    int b = p;
    while (b > rs) {
        int q = b - 1 - lane;
        bool newline = q >= rs && __ldg(text + q) == '\n';
        unsigned nl = WARP ? __ballot_sync(CHAINS_FULL, newline) : (unsigned)newline;
        if (nl != 0) {
            return b - (__ffs(nl) - 1);
        }
        b = b - step < rs ? rs : b - step;
    }
    return b;
}

// Whether literal l lies at text[q ..), inside [rs, re). WARP: the 32 lanes compare 32 bytes a step.
template <bool WARP>
__device__ __forceinline__ bool lies(const Table& t, const uint8_t* text, int rs, int re, int q, int l) {
    int from = __ldg(t.litBytes + l);
    int len = __ldg(t.litBytes + l + 1) - from;
    if (q < rs || q + len > re) {
        return false;
    }
    const int step = WARP ? 32 : 1;
    const int lane = WARP ? (threadIdx.x & 31) : 0;
    for (int k0 = 0; k0 < len; k0 += step) {
        int k = k0 + lane;
        bool differs = k < len && __ldg(text + q + k) != __ldg(t.bytes + from + k);
        if (WARP ? __any_sync(CHAINS_FULL, differs) : differs) {
            return false;
        }
    }
    return true;
}

// Whether chain c holds with its anchor at [p, end) inside the record [rs, re). WARP: as in place.
template <bool WARP>
__device__ __forceinline__ bool verify(const Table& t, const uint8_t* text, int rs, int re, int c, int p, int end) {
    int first = __ldg(t.chainLits + c);
    int last = __ldg(t.chainLits + c + 1);
    int anchor = __ldg(t.chainAnchor + c);
    int literalLength = __ldg(t.litBytes + anchor + 1) - __ldg(t.litBytes + anchor);
    if (end - p != literalLength) { // the anchor is part of its literal: the literal must lie around it
        p -= __ldg(t.chainShift + c);
        end = p + literalLength;
        if (!lies<WARP>(t, text, rs, re, p, anchor)) {
            return false;
        }
    }
    int at = end;
    for (int l = anchor + 1; l < last && at >= 0; l++) {
        at = place<WARP>(t, text, at, re, l);
    }
    if (at < 0) {
        return false;
    }
    if (anchor > first) {
        at = lineStart<WARP>(text, rs, p);
        for (int l = first; l < anchor && at >= 0; l++) {
            at = place<WARP>(t, text, at, p, l);
        }
    }
    return at >= 0;
}

// A warp's anchors found and not yet verified, in shared memory: start, anchor, record, end.
#define CHAINS_QUEUE 32

// tiles.cuh's record cursor (op RECORD_ANY; LINES: records as lines, else by their bounds), a found
// anchor counting only once a chain on it is verified.
// WARP (the default kernels): a lane that finds an anchor queues it in its warp's queue and walks on;
// pfac::threadRecords calls settle() with the whole warp at every step, and the warp verifies the
// queued anchors one at a time, all 32 lanes scanning together. Verified by the lane that found it,
// as without WARP, an anchor's chains keep the other 31 lanes idle while it scans the line byte by
// byte (Nsight Compute: 3.8 of 32 lanes active over the loghub templates).
// AnchorGrams.java's layout: a 2^CHAINS_GRAM_BITS-bit hash set of the first four bytes of the anchors
// of four bytes or more, then a direct 64K-bit table of byte pairs (bit b0 | b1 << 8) for the shorter
// ones: a position passes on either bit, two shared-memory loads whatever the anchors' lengths.
#define CHAINS_GRAM_BITS 16
#define CHAINS_HASH_WORDS (1 << (CHAINS_GRAM_BITS - 5))
#define CHAINS_PAIRS_AT CHAINS_HASH_WORDS
#define CHAINS_GRAM_WORDS (CHAINS_PAIRS_AT + (1 << 16) / 32)

// AnchorGrams.hash4: multiplicative hashing of the bytes as a little-endian word, the top
// CHAINS_GRAM_BITS bits.
__device__ __forceinline__ unsigned gramHash4(unsigned word) {
    return (word * 0x9E3779B1u) >> (32 - CHAINS_GRAM_BITS);
}

// Byte j of a thread's 16 staged bytes and the 4 after them.
__device__ __forceinline__ unsigned byteAfter(const tiles::StartBytes& k16, unsigned after, int j) {
    return j < PFAC_BPT ? k16[j] : (after >> ((j - PFAC_BPT) * 8)) & 0xffu;
}

template <bool WARP, bool LINES>
struct Cursor : tiles::Cursor<LINES> {
    using Base = tiles::Cursor<LINES>;
    static constexpr bool SETTLES = WARP;
    static constexpr bool FILTERS = true;
    static constexpr bool LINES_ = LINES;
    Table table;
    const unsigned* grams;  // AnchorGrams in shared memory, or null: no filter
    const uint8_t* text;
    int limit;        // the chunk's readable bytes
    int end;          // the end of the anchor occurrence being reported
    int4* queue;      // WARP: this warp's CHAINS_QUEUE slots ...
    int* queued;      // ... and how many were taken (past CHAINS_QUEUE: those lanes verified alone)

    // The bytes verification may look at for `record`. Lines: the whole chunk, as verification stops
    // at a '\n' either way (a chunk starts at a line's start).
    __device__ __forceinline__ int2 bounds(int record) const {
        if constexpr (LINES) {
            return make_int2(0, limit);
        } else {
            return make_int2(__ldg(this->starts + record), __ldg(this->ends + record));
        }
    }

    // pfac::threadRecords asks this before reporting what ends at `stop`: as the base's, noting the end.
    // Lines: no anchor holds a '\n' (ChainLauncher.takesLines), so none spans two lines, and the base's
    // look for one inside the match is skipped.
    template <class Text>
    __device__ __forceinline__ bool accept(long long start, long long stop, const Text& staged) {
        end = (int)stop;
        if constexpr (LINES) {
            this->moveTo(this->lineOf(start));
            return this->open((int)start);
        } else {
            return Base::accept(start, stop, staged);
        }
    }

    // pfac::threadRecords' starts `live` (bit k: the thread's start k), less those whose four bytes
    // begin no anchor (AnchorGrams.passes; keep the two in step). Starts whose four bytes run past the
    // readable end are kept. The three bytes after the thread's 16 are staged: the host sends the
    // filter only with a margin.
    __device__ __forceinline__ unsigned filter(const pfac::Ctx& c, unsigned live) const {
        if (grams == nullptr || live == 0) {
            return live;
        }
        const int firstAt = threadIdx.x * PFAC_BPT;
        tiles::StartBytes k16 = c.startBytes();
        unsigned after = ((const unsigned*)c.sText)[(firstAt + PFAC_BPT) >> 2];
        unsigned keep = 0;
        // the four bytes from start k, little-endian, rolled on a byte a start
        unsigned word = k16.words[0];
#pragma unroll
        for (int k = 0; k < PFAC_BPT; k++) {
            word = k == 0 ? word : word >> 8 | byteAfter(k16, after, k + 3) << 24;
            unsigned h = gramHash4(word);
            unsigned pair = word & 0xffffu;
            unsigned pass = (grams[h >> 5] >> (h & 31)) | (grams[CHAINS_PAIRS_AT + (pair >> 5)] >> (pair & 31));
            keep |= (pass & 1u) << k;
        }
        int past = pfac::readableInTile(c) - firstAt - 3;  // starts k >= past lack three readable bytes after them
        if (past < PFAC_BPT) {
            keep |= past <= 0 ? 0xffffu : 0xffffu & ~((1u << past) - 1u);
        }
        return live & keep;
    }

    __device__ __forceinline__ bool answeredElsewhere(int record) const {
        return ((volatile const uint8_t*)this->out)[record] != 0;
    }

    // pfac::threadRecords calls this for each anchor `anchor` ending at `end`, after accept() has put
    // `start` in record r and checked the anchor ends inside it. Returns whether the walk from `start`
    // should go on (to longer anchors).
    __device__ __forceinline__ bool report(long long start, int anchor) {
        if (answeredElsewhere(this->r)) { // another thread answered the record
            this->answered = true;
            this->at = (int)start;
            return false;
        }
        int p = (int)start;
        if (WARP) {
            int slot = atomicAdd(queued, 1);
            if (slot < CHAINS_QUEUE) {
                queue[slot] = make_int4(p, anchor, this->r, end);
                return true;
            }
        }
        int2 b = bounds(this->r);
        for (int k = __ldg(table.anchorChains + anchor); k < __ldg(table.anchorChains + anchor + 1); k++) {
            if (verify<false>(table, text, b.x, b.y, __ldg(table.chainIds + k), p, end)) {
                return Base::report(start, anchor);
            }
        }
        return true;
    }

    // An anchor found at [p, end) in `record` verified by this lane alone (the warp's queue is full):
    // sets the record's slot when a chain on it holds.
    __device__ __forceinline__ void verifyAlone(int p, int anchor, int record, int end) {
        int2 b = bounds(record);
        for (int k = __ldg(table.anchorChains + anchor); k < __ldg(table.anchorChains + anchor + 1); k++) {
            if (verify<false>(table, text, b.x, b.y, __ldg(table.chainIds + k), p, end)) {
                ((uint8_t*)this->out)[record] = 1;
                return;
            }
        }
    }

    // Records by their bounds: the record holding [start, end) in the current tile, or -1 (the bytes
    // between records are none's). Stateless, for a start of any lane (warpIndexStarts).
    __device__ __forceinline__ int recordHolding(int start, int end) const {
        int l = __ldg(this->tileFirst + this->tile);
        int h = __ldg(this->tileFirst + this->tile + 1);
        while (l < h) { // the last record of [l, h] starting at or before `start`
            int m = (l + h + 1) >> 1;
            if (__ldg(this->starts + m) <= start) {
                l = m;
            } else {
                h = m - 1;
            }
        }
        return __ldg(this->starts + l) <= start && end <= __ldg(this->ends + l) ? l : -1;
    }

    // Called by all 32 lanes of the warp at once, `idle` when the lane has no walk left in the tile:
    // verifies what the warp queued, and returns whether every lane is idle.
    __device__ __forceinline__ bool settle(bool idle) {
        unsigned busy = __ballot_sync(CHAINS_FULL, !idle);
        __syncwarp();
        int n = *(volatile int*)queued;
        if (n > 0) {
            drain(n < CHAINS_QUEUE ? n : CHAINS_QUEUE);
            if (this->r >= 0 && !this->answered && answeredElsewhere(this->r)) {
                this->answered = true; // stops the lane's walks from later starts of r
                this->at = -1;
            }
        }
        return busy == 0;
    }

    __device__ __forceinline__ void drain(int n) {
        const int lane = threadIdx.x & 31;
        for (int i = 0; i < n; i++) {
            int4 e = queue[i];
            int record = e.z;
            int done = lane == 0 ? (int)answeredElsewhere(record) : 0;
            if (__shfl_sync(CHAINS_FULL, done, 0) != 0) {
                continue;
            }
            int2 b = bounds(record);
            for (int k = __ldg(table.anchorChains + e.y); k < __ldg(table.anchorChains + e.y + 1); k++) {
                if (verify<true>(table, text, b.x, b.y, __ldg(table.chainIds + k), e.x, e.w)) {
                    if (lane == 0) {
                        ((uint8_t*)this->out)[record] = 1;
                    }
                    break;
                }
            }
        }
        __syncwarp();
        if (lane == 0) {
            *queued = 0;
        }
        __syncwarp();
    }
};

// AnchorIndex.java: the anchors by the hash of their first four bytes (AnchorGrams' hash4) and, for
// those shorter than four, by their first byte; each entry is the anchor's id, its length and its first
// eight bytes as two little-endian words (zero past its end), the bytes past the eighth in `text`.
struct Index {
    const int* __restrict__ bucketStart;   // 2^CHAINS_GRAM_BITS + 1: entries of hash h: entries[bucketStart[h] ..)
    const int* __restrict__ shortStart;    // 257: entries of anchors shorter than four starting with byte b
    const int* __restrict__ anchorBytes;   // anchor a: text[anchorBytes[a] .. anchorBytes[a + 1])
    const int4* __restrict__ entries;      // {id, length, bytes 0-3, bytes 4-7}
    const uint8_t* __restrict__ text;
};

#define CHAINS_INDEX_SHORT (1 + (1 << CHAINS_GRAM_BITS))
#define CHAINS_INDEX_BYTES (CHAINS_INDEX_SHORT + 257)
// AnchorIndex.entriesAt: past the byte offsets, at a 16-byte boundary
#define CHAINS_INDEX_ENTRIES(anchors) ((CHAINS_INDEX_BYTES + (anchors) + 1 + 3) & ~3)

// Bytes at + 0..3 of the tile as a little-endian word: two aligned shared loads where staged (bytes past
// `readable` are garbage there: callers compare no anchor running past it), else one by one.
__device__ __forceinline__ unsigned tileWord(const pfac::Ctx& c, int at, int readable) {
    const int stagedEnd = PFAC_TILE + c.margin;
    if (at + 8 <= stagedEnd) {
        const unsigned* s32 = (const unsigned*)c.sText + (at >> 2);
        return __funnelshift_r(s32[0], s32[1], (at & 3) * 8);
    }
    unsigned w = 0;
    for (int j = 3; j >= 0; j--) {
        int q = at + j;
        w = w << 8 | (q < readable ? (q < stagedEnd ? c.sText[q] : __ldg(c.text + c.tileBase + q)) : 0u);
    }
    return w;
}

// A warp's starts that passed the filter, in a tile: their tile offsets (CHAINS_WARP_STARTS at most,
// all of the warp's), and its lanes' lines (LINES: the line of each lane's first start, and which of its
// bytes are '\n').
#define CHAINS_WARP_STARTS (32 * PFAC_BPT)
struct WarpStarts {
    unsigned short at[CHAINS_WARP_STARTS];
    int line[32];
    unsigned short nl[32];
};

// The warp's part of a tile with the anchor index (the default kernels): the starts that pass the
// filter are gathered from all 32 lanes into one list, and the lanes take them 32 at a time, each
// comparing its start's eight bytes with the anchors its four bytes hash to (and the short ones its
// first byte begins): two masked word compares an entry (one 16-byte load), then any bytes past the
// eighth one by one. After each round the warp verifies what it queued (Cursor::drain). With each lane
// looping over its own starts instead, a warp ran for its busiest lane, with 3 of 32 lanes active in
// the compares and a warp-wide settle at every step (Nsight Compute over the loghub templates, H200).
template <class Cursor>
__device__ __forceinline__ void warpIndexStarts(const pfac::Ctx& c, Cursor& rc, const Index& ix, WarpStarts& ws) {
    const int lane = threadIdx.x & 31;
    const int firstAt = threadIdx.x * PFAC_BPT;
    const int readable = pfac::readableInTile(c);
    unsigned live = rc.filter(c, c.inChunk(0xffffu)) & ~rc.separators();
    // gather: each lane writes its starts after those of the lanes before it
    int n = __popc(live);
    int before = n;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        int v = __shfl_up_sync(CHAINS_FULL, before, d);
        if (lane >= d) {
            before += v;
        }
    }
    const int total = __shfl_sync(CHAINS_FULL, before, 31);
    before -= n;
    for (unsigned m = live; m != 0; m &= m - 1) {
        ws.at[before++] = (unsigned short)(firstAt + __ffs(m) - 1);
    }
    if constexpr (Cursor::LINES_) {
        ws.line[lane] = rc.line;
        ws.nl[lane] = (unsigned short)rc.nl;
    }
    __syncwarp();
    const int warpFirst = firstAt - lane * PFAC_BPT;
    for (int round = 0; round < total; round += 32) {
        if (round + lane < total) {
            const int q = ws.at[round + lane];
            const int start = (int)c.tileBase + q;
            int record;
            if constexpr (Cursor::LINES_) {
                int owner = (q - warpFirst) >> 4;
                record = ws.line[owner] + __popc(ws.nl[owner] & ((1u << (q & (PFAC_BPT - 1))) - 1u));
            } else {
                record = 0; // found per anchor, from its end
            }
            if (!Cursor::LINES_ || !rc.answeredElsewhere(record)) {
                const unsigned w0 = tileWord(c, q, readable);
                // whether entry i's anchor lies at q (queued, or verified alone when the queue is full)
                auto candidate = [&](int i) {
                    int4 e = __ldg(ix.entries + i);
                    int len = e.y;
                    if (q + len > readable) {
                        return;
                    }
                    unsigned m0 = len >= 4 ? 0xffffffffu : (1u << (8 * len)) - 1u;
                    if (((w0 ^ (unsigned)e.z) & m0) != 0) {
                        return;
                    }
                    if (len > 4) {
                        unsigned m1 = len >= 8 ? 0xffffffffu : (1u << (8 * (len - 4))) - 1u;
                        if (((tileWord(c, q + 4, readable) ^ (unsigned)e.w) & m1) != 0) {
                            return;
                        }
                    }
                    if (len > 8) {
                        int from = __ldg(ix.anchorBytes + e.x);
                        for (int j = 8; j < len; j++) {
                            unsigned b = q + j < PFAC_TILE + c.margin ? c.sText[q + j] : __ldg(c.text + c.tileBase + q + j);
                            if (b != __ldg(ix.text + from + j)) {
                                return;
                            }
                        }
                    }
                    int r = record;
                    if constexpr (!Cursor::LINES_) {
                        r = rc.recordHolding(start, start + len);
                        if (r < 0 || rc.answeredElsewhere(r)) {
                            return;
                        }
                    }
                    int slot = atomicAdd(rc.queued, 1);
                    if (slot < CHAINS_QUEUE) {
                        rc.queue[slot] = make_int4(start, e.x, r, start + len);
                    } else {
                        rc.verifyAlone(start, e.x, r, start + len);
                    }
                };
                const unsigned b0 = w0 & 0xffu;
                for (int i = __ldg(ix.shortStart + b0); i < __ldg(ix.shortStart + b0 + 1); i++) {
                    candidate(i);
                }
                if (q + 4 <= readable) {
                    unsigned h = gramHash4(w0);
                    for (int i = __ldg(ix.bucketStart + h); i < __ldg(ix.bucketStart + h + 1); i++) {
                        candidate(i);
                    }
                }
            }
        }
        __syncwarp();
        int queued = *(volatile int*)rc.queued;
        if (queued > 0) {
            rc.drain(queued < CHAINS_QUEUE ? queued : CHAINS_QUEUE);
        }
    }
    __syncwarp(); // the list's last readers are done before the next tile's gather
}

// The per-record pass; INDEX: anchors found by warpIndexStarts, else by PFAC's walk (pfac::threadRecords).
template <bool WARP, bool LINES, bool INDEX>
__device__ __forceinline__ void records(PFAC_PARAMS, const tiles::RecordArgs& args, const Table& table,
        const unsigned* anchorGrams, const int* anchorIndex, int anchorCount, const uint8_t* anchorText) {
    __shared__ int4 queues[PFAC_THREADS / 32][CHAINS_QUEUE];
    __shared__ int queued[PFAC_THREADS / 32];
    __shared__ unsigned sGrams[CHAINS_GRAM_WORDS];
    const int warp = threadIdx.x >> 5;
    if ((threadIdx.x & 31) == 0) {
        queued[warp] = 0;
    }
    __syncwarp();
    if (anchorGrams != nullptr) { // read after the walk's first barrier (pfac::recordsWalk)
        for (int i = threadIdx.x; i < CHAINS_GRAM_WORDS; i += blockDim.x) {
            sGrams[i] = __ldg(anchorGrams + i);
        }
    }
    Cursor<WARP, LINES> rc;
    rc.begin(args);
    rc.table = table;
    rc.text = text;
    rc.limit = (int)readable;
    rc.grams = anchorGrams != nullptr ? sGrams : nullptr;
    rc.queue = queues[warp];
    rc.queued = queued + warp;
    if constexpr (INDEX) {
        __shared__ WarpStarts warpStarts[PFAC_THREADS / 32];
        const Index ix = {anchorIndex, anchorIndex + CHAINS_INDEX_SHORT, anchorIndex + CHAINS_INDEX_BYTES,
                          (const int4*)(anchorIndex + CHAINS_INDEX_ENTRIES(anchorCount)), anchorText};
        pfac::recordsWalk(PFAC_ARGS, rc, [&](const pfac::Ctx& c) { warpIndexStarts(c, rc, ix, warpStarts[warp]); });
    } else {
        pfac::recordsWalk(PFAC_ARGS, rc);
    }
}

}  // namespace chains

// Five blocks a multiprocessor at least, which caps ptxas at 48 registers: left to itself it gave the
// walk kernels 48 registers and spilled in the walk's loop (Nsight Compute on the H200: 60 million
// local-memory requests a 64 MiB chunk); with two blocks as the bound they took 56 and no spill, but
// registers then held four blocks a multiprocessor (50% occupancy, where latency is what bounds the
// kernels). Five take 47-48 registers; the index kernels spill 12-20 bytes at that bound, and still ran
// faster than at four blocks with 56 registers and no spill (69.5 against 68.3 GB/s, H200, session 9).
#define CHAINS_MIN_BLOCKS 5

#define CHAINS_TABLE_PARAMS                                                                             \
    const int *anchorChains, const int *chainIds, const int *chainLits, const int *chainAnchor,         \
        const int *litBytes, const int *chainShift, const uint8_t *bytes, const unsigned *anchorGrams,  \
        const int *anchorIndex, int anchorCount, const uint8_t *anchorText, uint8_t *out
#define CHAINS_TABLE_ARGS                                                                               \
    {anchorChains, chainIds, chainLits, chainAnchor, litBytes, chainShift, bytes}, anchorGrams,         \
        anchorIndex, anchorCount, anchorText

// The kernels by how anchors are found and verified (ChainLauncher.KERNEL_PROPERTY): by the index and
// the warp (the default), by PFAC's walk and the warp (_pfac), by PFAC's walk and the lane (_lane);
// records by their bounds (chains_records*) or as the text's lines (chains_lines*: tileLines,
// tiles.cuh's LinesCursor, which the host need not describe).
#define CHAINS_KERNELS(SUFFIX, WARP, INDEX)                                                             \
    extern "C" __global__ void __launch_bounds__(PFAC_THREADS, CHAINS_MIN_BLOCKS) chains_records##SUFFIX( \
            PFAC_PARAMS, const int* recordStarts, const int* recordEnds, const int* tileFirst,          \
            CHAINS_TABLE_PARAMS) {                                                                      \
        tiles::RecordArgs args = {recordStarts, recordEnds, tileFirst, nullptr, RECORD_ANY, out};        \
        chains::records<WARP, false, INDEX>(PFAC_ARGS, args, CHAINS_TABLE_ARGS);                        \
    }                                                                                                   \
    extern "C" __global__ void __launch_bounds__(PFAC_THREADS, CHAINS_MIN_BLOCKS) chains_lines##SUFFIX(   \
            PFAC_PARAMS, const u64* tileLines, CHAINS_TABLE_PARAMS) {                                   \
        tiles::RecordArgs args = {nullptr, nullptr, nullptr, tileLines, RECORD_ANY, out};               \
        chains::records<WARP, true, INDEX>(PFAC_ARGS, args, CHAINS_TABLE_ARGS);                         \
    }

CHAINS_KERNELS(, true, true)
CHAINS_KERNELS(_pfac, true, false)
CHAINS_KERNELS(_lane, false, false)

// Sets out[r] = 2 for every record r of the chunk holding a byte >= 0x80; a thread takes 16 bytes at a
// time (grid-stride). Bytes between records belong to none.
extern "C" __global__ void __launch_bounds__(256) chains_ascii(const uint8_t* text, long long readable,
        const int* recordStarts, const int* recordEnds, const int* tileFirst, uint8_t* out) {
    long long vectors = (readable + 15) >> 4;
    for (long long v = (long long)blockIdx.x * blockDim.x + threadIdx.x; v < vectors;
         v += (long long)gridDim.x * blockDim.x) {
        uint4 w = __ldg((const uint4*)text + v);
        if (((w.x | w.y | w.z | w.w) & 0x80808080u) == 0) {
            continue;
        }
        long long base = v * 16;
        long long doneTo = -1;  // bytes before this lie in a record already marked
        for (int k = 0; k < 16; k++) {
            long long q = base + k;
            if (q >= readable) {
                break;
            }
            if (q < doneTo || __ldg(text + q) < 0x80) {
                continue;
            }
            long long tile = q / TILE_STARTS;
            int l = __ldg(tileFirst + tile);
            int h = __ldg(tileFirst + tile + 1);
            while (l < h) { // the last record starting at or before q
                int m = (l + h + 1) >> 1;
                if (__ldg(recordStarts + m) <= q) {
                    l = m;
                } else {
                    h = m - 1;
                }
            }
            int end = __ldg(recordEnds + l);
            if (__ldg(recordStarts + l) <= q && q < end) {
                out[l] = 2;
                doneTo = end;
            }
        }
    }
}

// chains_ascii for records as lines: a block a tile (grid-stride), a thread its TILE_BPT bytes, whose
// lines it knows from LinesCursor's count of the '\n's before them (tileLines).
extern "C" __global__ void __launch_bounds__(TILE_THREADS) chains_ascii_lines(const uint8_t* text, long long readable,
        const u64* tileLines, uint8_t* out) {
    __shared__ unsigned warpTotals[TILE_THREADS / 32];
    tiles::RecordArgs args = {nullptr, nullptr, nullptr, tileLines, RECORD_ANY, out};
    tiles::LinesCursor lines;
    lines.begin(args);
    long long tileCount = (readable + TILE_STARTS - 1) / TILE_STARTS;
    for (long long tile = blockIdx.x; tile < tileCount; tile += gridDim.x) {
        long long tileBase = tile * TILE_STARTS;
        long long left = readable - (tileBase + (long long)threadIdx.x * TILE_BPT);
        __syncthreads(); // warpTotals' last readers are done
        lines.countLines(text, tileBase, left, warpTotals);
        __syncthreads();
        lines.enterTile(tile, warpTotals);
        if (left <= 0) {
            continue;
        }
        uint4 w = __ldg((const uint4*)(text + lines.first));
        if (((w.x | w.y | w.z | w.w) & 0x80808080u) == 0) {
            continue;
        }
        unsigned words[4] = {w.x, w.y, w.z, w.w};
        int last = -1;
        for (int k = 0; k < TILE_BPT && k < left; k++) {
            if ((words[k >> 2] >> ((k & 3) * 8)) & 0x80u) {
                int line = lines.lineOf(lines.first + k);
                if (line != last) {
                    out[line] = 2;
                    last = line;
                }
            }
        }
    }
}
