// Counting every match with the Aho-Corasick DFA (dev.trawl.automaton.CountingDfa): one step a byte,
// where PFAC's walk from every start costs a step per byte of every walk. gpu:pfac's count-only pass
// (dev.trawl.cuda.engine.DfaCounter, the host side; keep the two in step).
//
// A chunk's count is the matches starting in [0, starts) that end by `readable`: a walk from the root
// over [0, readable) less one over [starts, readable), since a walk from the root at p sees exactly the
// matches starting at p or later. Each walk is cut into segments of `seg` bytes (a multiple of 32), a
// thread each (grid-stride); a segment's walk starts from the root `warm` bytes (the longest pattern less one)
// before it, or at its walk's origin, and counts only the matches ending inside it, so every match is
// counted once. The rows of the first `hot` states (CountingDfa numbers states by how often a walk is
// expected to stand in them) and the byte classes sit in shared memory; the other rows are read
// through the read-only cache. Measured on an H200 over the Iliad at 512 MiB (src/experiments/dfa_count.cu): blocks
// of 1,024 threads with at most 48 KiB of rows (two blocks a multiprocessor) beat fewer threads with
// more rows for every set, 16-bit entries where the states fit 15 bits; segments of 2,048 bytes beat
// 512 by 3-5% (less warm-up), e.g. 1K words 910 against 877 GB/s. DfaCounter picks the segment so that
// a chunk still gives every thread of the grid one.
#include <cstdint>

#define DFA_THREADS 1024

namespace dfa {

// 16 bytes of text, read once. KEEP_IN_L1: through the read-only cache as any load; else not kept in
// L1, which leaves L1 to the table's rows outside shared memory. Measured on an H200 over 512 MiB
// (session 18, alternated with the text kept in L1): it pays only where the rest of the table is small
// enough to live in L1, the 16-bit tables: 1K words (7,041 states, 0.4 MB) 1,001-1,016 against
// 978-982 GB/s. With 32-bit tables it lost (10K words 636-639 against 732-738, 100K 326 against
// 338-343), and with every row in shared memory too (ten names 1,114 against 1,529-1,564).
// DFA_TEXT_IN_L1 keeps every kernel's text in L1 (to measure against).
template <bool KEEP_IN_L1>
__device__ __forceinline__ uint4 loadText(const uint8_t* p) {
#ifndef DFA_TEXT_IN_L1
    if (!KEEP_IN_L1) {
        uint4 v;
        asm("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
            : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
        return v;
    }
#endif
    return __ldg(reinterpret_cast<const uint4*>(p));
}

template <typename E>
struct Entry {
    static constexpr unsigned FLAG = 1u << (sizeof(E) * 8 - 1);
    static constexpr unsigned MASK = FLAG - 1;
};

// The walk of one thread, the state and count carried between calls.
// RESIDENT: every state's row is in shared memory (no test against `hot`).
template <typename E, bool RESIDENT>
struct Walk {
    const uint8_t* cls;
    const E* rows;
    const E* __restrict__ next;
    const unsigned* __restrict__ outputs;
    unsigned classes;
    unsigned hot;
    unsigned s;
    long long n;

    __device__ __forceinline__ void step(unsigned byte, bool counted) {
        unsigned i = s * classes + cls[byte];
        unsigned e = RESIDENT || s < hot ? (unsigned) rows[i] : (unsigned) __ldg(next + i);
        s = e & Entry<E>::MASK;
        if (counted && (e & Entry<E>::FLAG)) {
            n += __ldg(outputs + s);
        }
    }

    // Steps over text[p, end): bytes up to a 32-byte boundary, then 32 at a time in two 16-byte loads.
    template <bool COUNTED>
    __device__ __forceinline__ void run(const uint8_t* __restrict__ text, long long p, long long end) {
        for (; p < end && (reinterpret_cast<uintptr_t>(text + p) & 31) != 0; p++) {
            step(text[p], COUNTED);
        }
        for (; p + 32 <= end; p += 32) {
            uint4 v0 = loadText<RESIDENT || sizeof(E) == 4>(text + p);
            uint4 v1 = loadText<RESIDENT || sizeof(E) == 4>(text + p + 16);
            unsigned w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
            for (int k = 0; k < 32; k++) {
                step((w[k >> 2] >> ((k & 3) * 8)) & 0xff, COUNTED);
            }
        }
        for (; p < end; p++) {
            step(text[p], COUNTED);
        }
    }
};

template <typename E, bool RESIDENT>
__device__ __forceinline__ void count(const uint8_t* __restrict__ text, long long readable, long long starts,
                                      const E* __restrict__ next, const unsigned* __restrict__ outputs,
                                      const int* __restrict__ classOf, int classes, int hot, int warm, int seg,
                                      unsigned long long* total) {
    extern __shared__ __align__(16) uint8_t dfaShared[];
    uint8_t* cls = dfaShared;
    E* rows = reinterpret_cast<E*>(dfaShared + 256);
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        cls[i] = (uint8_t) classOf[i];
    }
    for (int i = threadIdx.x; i < hot * classes; i += blockDim.x) {
        rows[i] = next[i];
    }
    __syncthreads();
    Walk<E, RESIDENT> w{cls, rows, next, outputs, (unsigned) classes, (unsigned) hot, 0, 0};
    long long whole = (readable + seg - 1) / seg;          // segments of [0, readable): added
    long long tail = (readable - starts + seg - 1) / seg;  // of [starts, readable): taken away
    long long mine = 0;
    for (long long k = (long long) blockIdx.x * blockDim.x + threadIdx.x; k < whole + tail;
         k += (long long) gridDim.x * blockDim.x) {
        bool added = k < whole;
        long long origin = added ? 0 : starts;
        long long a = origin + (added ? k : k - whole) * seg;
        long long b = min(a + seg, readable);
        w.s = 0;
        w.n = 0;
        // The warm-up starts on a 32-byte boundary (a little early is as right), so that it runs in
        // whole vector loads: byte loads cost the cache as much as 16-byte ones, and the cache bounds this kernel.
        long long p = a - warm;
        p -= reinterpret_cast<uintptr_t>(text + p) & 31;
        w.template run<false>(text, max(origin, p), a);
        w.template run<true>(text, a, b);
        mine += added ? w.n : -w.n;
    }
    for (int d = 16; d > 0; d >>= 1) {
        mine += __shfl_down_sync(0xffffffffu, mine, d);
    }
    if ((threadIdx.x & 31) == 0 && mine != 0) {
        atomicAdd(total, (unsigned long long) mine);  // two's complement: a negative part subtracts
    }
}

}  // namespace dfa

// *total += the matches starting in [0, starts) of text[0, readable); 16-bit entries.
extern "C" __global__ void __launch_bounds__(DFA_THREADS, 2) dfa_count_narrow(const uint8_t* text, long long readable,
        long long starts, const unsigned short* next, const unsigned* outputs, const int* classOf, int classes,
        int hot, int warm, int seg, unsigned long long* total) {
    dfa::count<unsigned short, false>(text, readable, starts, next, outputs, classOf, classes, hot, warm, seg, total);
}

// The same when every row is in shared memory (hot is the state count): 13% faster for ten names.
extern "C" __global__ void __launch_bounds__(DFA_THREADS, 2) dfa_count_resident(const uint8_t* text,
        long long readable, long long starts, const unsigned short* next, const unsigned* outputs, const int* classOf,
        int classes, int hot, int warm, int seg, unsigned long long* total) {
    dfa::count<unsigned short, true>(text, readable, starts, next, outputs, classOf, classes, hot, warm, seg, total);
}

// 32-bit entries (more than 32,767 states).
extern "C" __global__ void __launch_bounds__(DFA_THREADS, 2) dfa_count_wide(const uint8_t* text, long long readable,
        long long starts, const unsigned* next, const unsigned* outputs, const int* classOf, int classes,
        int hot, int warm, int seg, unsigned long long* total) {
    dfa::count<unsigned, false>(text, readable, starts, next, outputs, classOf, classes, hot, warm, seg, total);
}
