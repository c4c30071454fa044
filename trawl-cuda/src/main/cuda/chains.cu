// Literal-chain regex sets (L1 .*? L2 .*? ... Lk, greedy, lazy or mixed) per record, anyMatch only.
// Host side: dev.trawl.cuda.engine.ChainLauncher; the table is dev.trawl.cuda.engine.ChainTable, whose
// comment says why the verification is exact; ChainWalk (tests) is this file in Java: keep them in step.
//
// chains_records: pfac.cuh's per-record PFAC walk over the set's distinct anchors (each chain's
// longest literal), with a cursor that, for an anchor found at p inside record r, verifies the chains
// anchored on it around p (the literals after the anchor from its end on, the ones before it from the
// start of p's line on, each at its first occurrence, no gap across a '\n') and sets r's slot to 1 when
// one holds. A thread whose record is answered (by itself or, as it sees before verifying, by another)
// stops walking there.
// chains_ascii, queued after it on the same stream: sets the slot of every record holding a byte of
// 0x80 or more to 2 ("unknown": the host asks the CPU), overwriting a 1 of the walk. The walk treats
// bytes as ASCII, where '.' is any byte but '\n'; over UTF-8 it is a code point, which a stray byte is not.
#include "pfac.cuh"

namespace chains {

struct Table {
    const int* __restrict__ anchorChains;  // chains of anchor a: chainIds[anchorChains[a] .. anchorChains[a + 1])
    const int* __restrict__ chainIds;
    const int* __restrict__ chainLits;     // literals of chain c: [chainLits[c], chainLits[c + 1])
    const int* __restrict__ chainAnchor;   // chain c's anchor, a literal index
    const int* __restrict__ litBytes;      // literal l: bytes[litBytes[l] .. litBytes[l + 1])
    const uint8_t* __restrict__ bytes;
};

// The end of literal l's first occurrence in text[at, limit) with no '\n' before it, or -1.
__device__ __forceinline__ int place(const Table& t, const uint8_t* text, int at, int limit, int l) {
    int from = __ldg(t.litBytes + l);
    int len = __ldg(t.litBytes + l + 1) - from;
    const uint8_t* lit = t.bytes + from;
    uint8_t head = __ldg(lit);
    for (int q = at; q + len <= limit; q++) {
        uint8_t b = __ldg(text + q);
        if (b == '\n') {
            return -1;
        }
        if (b == head) {
            int k = 1;
            while (k < len && __ldg(text + q + k) == __ldg(lit + k)) {
                k++;
            }
            if (k == len) {
                return q + len;
            }
        }
    }
    return -1;
}

// Whether chain c holds with its anchor at [p, end) inside the record [rs, re).
__device__ __forceinline__ bool verify(const Table& t, const uint8_t* text, int rs, int re, int c, int p, int end) {
    int first = __ldg(t.chainLits + c);
    int last = __ldg(t.chainLits + c + 1);
    int anchor = __ldg(t.chainAnchor + c);
    int at = end;
    for (int l = anchor + 1; l < last && at >= 0; l++) {
        at = place(t, text, at, re, l);
    }
    if (at < 0) {
        return false;
    }
    if (anchor > first) {
        int b = p;
        while (b > rs && __ldg(text + b - 1) != '\n') {
            b--;
        }
        at = b;
        for (int l = first; l < anchor && at >= 0; l++) {
            at = place(t, text, at, p, l);
        }
    }
    return at >= 0;
}

// tiles.cuh's BoundsCursor (op RECORD_ANY), a found anchor counting only once a chain on it is verified.
struct Cursor : tiles::BoundsCursor {
    Table table;
    const uint8_t* text;
    int end;  // the end of the anchor occurrence being reported

    // pfac::threadRecords asks this before reporting what ends at `stop`: as BoundsCursor's, noting the end.
    template <class Text>
    __device__ __forceinline__ bool accept(long long start, long long stop, const Text& staged) {
        end = (int)stop;
        return tiles::BoundsCursor::accept(start, stop, staged);
    }

    // pfac::threadRecords calls this for each anchor `anchor` ending at `end`, after accept() has put
    // `start` in record r and checked the anchor ends inside it. Returns whether the walk from `start`
    // should go on (to longer anchors).
    __device__ __forceinline__ bool report(long long start, int anchor) {
        if (((volatile const uint8_t*)out)[r] != 0) { // another thread answered the record
            answered = true;
            at = (int)start;
            return false;
        }
        int p = (int)start;
        int a = __ldg(table.anchorChains + anchor);
        int b = __ldg(table.anchorChains + anchor + 1);
        for (int k = a; k < b; k++) {
            if (verify(table, text, rs, re, __ldg(table.chainIds + k), p, end)) {
                return tiles::BoundsCursor::report(start, anchor);
            }
        }
        return true;
    }
};

}  // namespace chains

extern "C" __global__ void __launch_bounds__(PFAC_THREADS) chains_records(PFAC_PARAMS, const int* recordStarts,
        const int* recordEnds, const int* tileFirst, const int* anchorChains, const int* chainIds,
        const int* chainLits, const int* chainAnchor, const int* litBytes, const uint8_t* bytes, uint8_t* out) {
    tiles::RecordArgs args = {recordStarts, recordEnds, tileFirst, nullptr, RECORD_ANY, out};
    chains::Cursor rc;
    rc.begin(args);
    rc.table = {anchorChains, chainIds, chainLits, chainAnchor, litBytes, bytes};
    rc.text = text;
    pfac::recordsWalk(PFAC_ARGS, rc);
}

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
