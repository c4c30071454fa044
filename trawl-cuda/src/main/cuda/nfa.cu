// String-per-block NFA kernels: does each record of a chunk hold a match of a regex set? The NFA is
// dev.trawl.regex.FlatNfa's int array (epsilon-free: per state a 256-bit byte set and an edge list, each
// edge with the 20-bit mask of the assertion contexts it holds in; see that class for the layout). Host
// side: dev.trawl.cuda.engine.NfaLauncher.
//
// One start position per thread, as in the string-per-block write-up: the threads of a group (a block,
// or a warp when coarsened) take consecutive starts of one record, group-size starts at a time, until a
// start finds a match or the record is done. A start's walk keeps its frontier (the states alive after
// the bytes read so far, each of which accepts the next byte) in two small arrays; a state is only
// added when it accepts the next byte, so most walks die at once. Answers, one byte per record: 1 a
// match, 2 unknown (a frontier overflowed and no match was found: the host verifies the record on the
// CPU), left 0 otherwise (the host clears the slots). A frontier that overflows drops states, which can
// only lose matches, never invent one, so 1 is always exact.
//
// Variants (the same walk, different placement and mapping):
//   nfa_block  a block per record; `sharedWords` words of the NFA's prefix (its hot part: the start
//              table and the states nearest the starts) in shared memory, the rest read through the
//              read-only cache; a record of at most `strCap` bytes staged in shared memory. basic: both
//              0; shared: both set.
//   nfa_warp   block coarsening: a warp per record, so a block takes blockDim / 32 records at once and
//              loads the NFA's prefix once for all of them; a record of at most `strCap` bytes staged in
//              the warp's own slice of shared memory.
//   nfa_queue  a block per record with a shared-memory frontier: the starts of a round seed (state,
//              position) items into a block-wide queue, and every thread expands items of the queue
//              level by level, so the threads whose start died at once help those whose did not.
// Shared memory: the launcher sizes it to the device's default 48 KiB per block and passes the sizes.
#include <stdint.h>

namespace nfa {

#define NFA_THREADS 256
#define NFA_FRONTIER 64
#define NFA_QUEUE 1024
// Bytes one walk may read past its start before it gives up and says "unknown" (the host then verifies
// the record on the CPU): bounds a block's time on a long record whose walks never die (`a.*b`).
#define NFA_MAX_WALK 4096
#define NFA_HEADER 8
#define NFA_START_INDEX 8
#define NFA_START_ENTRIES (8 + 257)
#define NFA_STATE_WORDS 10

// The NFA: the first `sharedWords` words from shared memory, the rest from global memory.
struct View {
    const int* global;
    const int* shared;
    int sharedWords;
    int startMatches;
    int startMatchCount;
    int stateBase;
    int edgeBase;

    __device__ __forceinline__ int w(int i) const {
        return i < sharedWords ? shared[i] : __ldg(global + i);
    }

    __device__ __forceinline__ void init(const int* g, const int* s, int words) {
        global = g;
        shared = s;
        sharedWords = words;
        startMatches = w(1);
        startMatchCount = w(2);
        stateBase = w(3);
        edgeBase = w(4);
    }

    __device__ __forceinline__ bool accepts(int state, unsigned b) const {
        return (w(stateBase + NFA_STATE_WORDS * state + (b >> 5)) >> (b & 31)) & 1;
    }

    // The edges of `state` that hold in assertion context c: true at once at an edge to the match
    // (target < 0); before it, add(t) for each target t that accepts the next byte `next` (when there
    // is one: `more`).
    template <class Add>
    __device__ __forceinline__ bool step(int state, int c, bool more, unsigned next, Add&& add) const {
        int at = stateBase + NFA_STATE_WORDS * state;
        int ee = w(at + 9);
        for (int e = w(at + 8); e < ee; e++) {
            if (!((w(edgeBase + 2 * e + 1) >> c) & 1)) {
                continue;
            }
            int t = w(edgeBase + 2 * e);
            if (t < 0) {
                return true;
            }
            if (more && accepts(t, next)) {
                add(t);
            }
        }
        return false;
    }
};

__device__ __forceinline__ bool isWord(unsigned c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The assertion context of position i of s[0, len): before-class * 5 + after-class (FlatNfa.context).
__device__ __forceinline__ int context(const unsigned char* s, int i, int len) {
    int before = 0;
    if (i > 0) {
        unsigned c = s[i - 1];
        before = c == '\n' ? 1 : isWord(c) ? 2 : 3;
    }
    int after = 0;
    if (i < len) {
        unsigned c = s[i];
        after = c == '\n' ? (i == len - 1 ? 2 : 1) : isWord(c) ? 3 : 4;
    }
    return before * 5 + after;
}

// Adds `state` to the frontier unless it is there; sets `overflow` when there is no room.
__device__ __forceinline__ int push(int* front, int size, int state, bool& overflow) {
    for (int k = 0; k < size; k++) {
        if (front[k] == state) {
            return size;
        }
    }
    if (size == NFA_FRONTIER) {
        overflow = true;
        return size;
    }
    front[size] = state;
    return size + 1;
}

// Whether an empty match of the start closure holds at position p.
__device__ __forceinline__ bool emptyMatch(const View& n, int ctx) {
    for (int k = 0; k < n.startMatchCount; k++) {
        if ((n.w(n.startMatches + 2 * k + 1) >> ctx) & 1) {
            return true;
        }
    }
    return false;
}

// Whether a match may start at p: not inside a UTF-8 sequence (dev.trawl.regex.Text.boundary). Non-empty
// matches never could; this keeps empty ones (`\B`, `x*`) at code point boundaries, as the CPU engines do.
__device__ __forceinline__ bool boundary(const unsigned char* s, int p, int len) {
    if (p <= 0 || p >= len || (s[p] & 0xC0) != 0x80) {
        return true;
    }
    for (int k = 1; k <= 3 && p - k >= 0; k++) {
        unsigned b = s[p - k];
        if ((b & 0xC0) != 0x80) {
            int seq = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
            return seq <= k;
        }
    }
    return true;
}

// The walk of one start p (0 <= p <= len): 1 a match starts there, 2 its frontier overflowed and no match
// was found, 0 none.
__device__ int walk(const View& n, const unsigned char* s, int len, int p) {
    if (!boundary(s, p, len)) {
        return 0;
    }
    int ctx = context(s, p, len);
    if (emptyMatch(n, ctx)) {
        return 1;
    }
    if (p >= len) {
        return 0;
    }
    int front[2][NFA_FRONTIER];
    bool overflow = false;
    int size = 0;
    unsigned b = s[p];
    int e1 = n.w(NFA_START_INDEX + b + 1);
    for (int e = n.w(NFA_START_INDEX + b); e < e1; e++) {
        if ((n.w(NFA_START_ENTRIES + 2 * e + 1) >> ctx) & 1) {
            size = push(front[0], size, n.w(NFA_START_ENTRIES + 2 * e), overflow);
        }
    }
    int cur = 0;
    for (int pos = p + 1; size > 0; pos++) {
        if (pos - p > NFA_MAX_WALK) {
            return 2;
        }
        // Every state of the frontier accepts s[pos - 1]: take its edges at position pos.
        int c = context(s, pos, len);
        unsigned next = pos < len ? s[pos] : 0;
        int nextSize = 0;
        for (int k = 0; k < size; k++) {
            if (n.step(front[cur][k], c, pos < len, next,
                       [&](int t) { nextSize = push(front[cur ^ 1], nextSize, t, overflow); })) {
                return 1;
            }
        }
        cur ^= 1;
        size = nextSize;
    }
    return overflow ? 2 : 0;
}

// The NFA `g`, its first `words` words copied into shared memory `sh`; the whole block must call it.
__device__ __forceinline__ View load(const int* g, int* sh, int words) {
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        sh[i] = __ldg(g + i);
    }
    __syncthreads();
    View n;
    n.init(g, sh, words);
    return n;
}

// Record r of the chunk: sets `len` and returns where to read it, in shared memory `shStr` when it fits
// (`strCap` bytes), copied there by the threads `from`, `from + step`, ... of the record's group. The
// caller's barrier ends the copy. (`Step` as the caller has it: unsigned blockDim.x, or int 32, so that
// `i += step` is the arithmetic it was.)
template <class Step>
__device__ __forceinline__ const unsigned char* stageRecord(const unsigned char* text, const int* starts,
                                                            const int* ends, int r, unsigned char* shStr, int strCap,
                                                            int from, Step step, int& len) {
    int rs = starts[r];
    len = ends[r] - rs;
    const unsigned char* s = text + rs;
    if (len <= strCap) {
        for (int i = from; i < len; i += step) {
            shStr[i] = s[i];
        }
        s = shStr;
    }
    return s;
}

// Writes the block's answer for record r: 1 a match, else 2 when a walk gave up, else nothing (0). Every
// thread of the block calls it.
__device__ __forceinline__ void answer(unsigned char* out, int r, int verdict, int unknown) {
    if (__syncthreads_or(unknown) && verdict == 0) {
        verdict = 2;
    }
    if (threadIdx.x == 0 && verdict != 0) {
        out[r] = (unsigned char) verdict;
    }
}

}  // namespace nfa

// The parameters every variant takes: the NFA (`nfaWords` words, the first `sharedWords` of them kept in
// shared memory), the chunk's text, its `count` records' int starts and ends, one answer byte per record,
// and the longest record staged in shared memory.
#define NFA_PARAMS                                                                                         \
    const int *nfaWords, int sharedWords, const unsigned char *text, const int *starts, const int *ends, \
        int count, unsigned char *out, int strCap

// The block-per-record variants (basic, shared). Dynamic shared memory: sharedWords ints (a multiple of
// 4), then strCap bytes.
extern "C" __global__ void __launch_bounds__(NFA_THREADS) nfa_block(NFA_PARAMS) {
    extern __shared__ __align__(16) unsigned char nfaSmem[];
    int* shNfa = reinterpret_cast<int*>(nfaSmem);
    unsigned char* shStr = nfaSmem + 4 * (size_t) sharedWords;
    nfa::View n = nfa::load(nfaWords, shNfa, sharedWords);
    for (int r = blockIdx.x; r < count; r += gridDim.x) {
        int len;
        const unsigned char* s = nfa::stageRecord(text, starts, ends, r, shStr, strCap, threadIdx.x, blockDim.x, len);
        __syncthreads();
        int verdict = 0;
        int unknown = 0;
        for (int base = 0; base <= len; base += blockDim.x) {
            int p = base + threadIdx.x;
            int mine = p <= len ? nfa::walk(n, s, len, p) : 0;
            unknown |= mine == 2;
            // A barrier as well: after it every thread is done reading the staged record.
            if (__syncthreads_or(mine == 1)) {
                verdict = 1;
                break;
            }
        }
        nfa::answer(out, r, verdict, unknown);
    }
}

// Block coarsening: a warp per record. Dynamic shared memory: sharedWords ints, then strCap bytes per warp.
extern "C" __global__ void __launch_bounds__(NFA_THREADS) nfa_warp(NFA_PARAMS) {
    extern __shared__ __align__(16) unsigned char nfaSmem[];
    int* shNfa = reinterpret_cast<int*>(nfaSmem);
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    int warps = blockDim.x >> 5;
    unsigned char* shStr = nfaSmem + 4 * (size_t) sharedWords + (size_t) warp * strCap;
    nfa::View n = nfa::load(nfaWords, shNfa, sharedWords);
    for (int r = blockIdx.x * warps + warp; r < count; r += gridDim.x * warps) {
        int len;
        const unsigned char* s = nfa::stageRecord(text, starts, ends, r, shStr, strCap, lane, 32, len);
        __syncwarp();
        int verdict = 0;
        int unknown = 0;
        for (int base = 0; base <= len; base += 32) {
            int p = base + lane;
            int mine = p <= len ? nfa::walk(n, s, len, p) : 0;
            unknown |= mine == 2;
            if (__any_sync(0xffffffffu, mine == 1)) {
                verdict = 1;
                break;
            }
        }
        if (__any_sync(0xffffffffu, unknown) && verdict == 0) {
            verdict = 2;
        }
        if (lane == 0 && verdict != 0) {
            out[r] = (unsigned char) verdict;
        }
        __syncwarp(); // every lane is done reading the staged record before the next is staged
    }
}

// The block queue. Dynamic shared memory: sharedWords ints, then 4 counters, two queues of NFA_QUEUE
// (state, position) items, then strCap bytes.
extern "C" __global__ void __launch_bounds__(NFA_THREADS) nfa_queue(NFA_PARAMS) {
    extern __shared__ __align__(16) unsigned char nfaSmem[];
    int* shNfa = reinterpret_cast<int*>(nfaSmem);
    int* counters = shNfa + sharedWords;
    int* qState = counters + 4;            // [2][NFA_QUEUE]
    int* qPos = qState + 2 * NFA_QUEUE;    // [2][NFA_QUEUE]
    unsigned char* shStr = reinterpret_cast<unsigned char*>(qPos + 2 * NFA_QUEUE);
    nfa::View n = nfa::load(nfaWords, shNfa, sharedWords);
    for (int r = blockIdx.x; r < count; r += gridDim.x) {
        int len;
        const unsigned char* s = nfa::stageRecord(text, starts, ends, r, shStr, strCap, threadIdx.x, blockDim.x, len);
        int verdict = 0;
        int unknown = 0;
        for (int base = 0; base <= len && verdict == 0; base += blockDim.x) {
            if (threadIdx.x == 0) {
                counters[0] = 0;
                counters[1] = 0;
                counters[2] = 0;
            }
            __syncthreads(); // counters cleared, record staged, the previous round's reads done
            int found = 0;
            int p = base + threadIdx.x;
            if (p <= len) {
                int ctx = nfa::context(s, p, len);
                found = nfa::emptyMatch(n, ctx);
                if (p < len) {
                    unsigned b = s[p];
                    int e1 = n.w(NFA_START_INDEX + b + 1);
                    for (int e = n.w(NFA_START_INDEX + b); e < e1; e++) {
                        if ((n.w(NFA_START_ENTRIES + 2 * e + 1) >> ctx) & 1) {
                            int at = atomicAdd(&counters[0], 1);
                            if (at < NFA_QUEUE) {
                                qState[at] = n.w(NFA_START_ENTRIES + 2 * e);
                                qPos[at] = p;
                            }
                        }
                    }
                }
            }
            // Level `level` reads queue level % 2 with counter level % 3, fills the other queue with
            // counter (level + 1) % 3, and clears counter (level + 2) % 3, which level - 1 read before
            // this level's barrier and level + 1 fills after the next one.
            for (int level = 0;; level++) {
                int any = __syncthreads_or(found);
                int items = counters[level % 3];
                if (items > NFA_QUEUE) {
                    unknown = 1; // items were dropped: only a match found later is still exact
                    items = NFA_QUEUE;
                }
                if (level > NFA_MAX_WALK && items > 0) {
                    unknown = 1; // as a walk that gives up: drop the rest
                    items = 0;
                }
                if (any || items == 0) {
                    verdict = any ? 1 : 0;
                    break;
                }
                if (threadIdx.x == 0) {
                    counters[(level + 2) % 3] = 0;
                }
                const int* inState = qState + (level & 1) * NFA_QUEUE;
                const int* inPos = qPos + (level & 1) * NFA_QUEUE;
                int* outState = qState + ((level + 1) & 1) * NFA_QUEUE;
                int* outPos = qPos + ((level + 1) & 1) * NFA_QUEUE;
                int* outCount = &counters[(level + 1) % 3];
                for (int i = threadIdx.x; i < items && !found; i += blockDim.x) {
                    int pos = inPos[i] + 1; // the item's state accepts s[pos - 1]
                    int c = nfa::context(s, pos, len);
                    unsigned next = pos < len ? s[pos] : 0;
                    found = n.step(inState[i], c, pos < len, next, [&](int t) {
                        int slot = atomicAdd(outCount, 1);
                        if (slot < NFA_QUEUE) {
                            outState[slot] = t;
                            outPos[slot] = pos;
                        }
                    });
                }
            }
            __syncthreads(); // every thread read the last level's counter before the next round clears it
        }
        nfa::answer(out, r, verdict, unknown);
    }
}
