// Probe for issue 23: counting every match with a DFA walk (Aho-Corasick, failures folded into the
// table) instead of PFAC's walk from every start; the production kernel is src/main/cuda/dfa.cu.
// Standalone: nvcc -O3 -std=c++17 -arch=sm_90 dfa_count.cu -o dfa_count &&
//   ./dfa_count data/iliad.txt data/words/english-100k.txt [MiB]      (PROBE_SETS="1K words" picks sets)
// Builds the automaton for ten names and the first 1K, 10K and 100K words, checks it against a naive
// count over one copy of the text and the kernels over the text repeated to MiB (default 512) against
// the host walk, and prints each layout's best kernel-only rate: a thread walks a segment of SEG bytes
// after a warm-up of the longest pattern less one; the first H states' rows (breadth-first) live in
// shared memory, by state (rows) or by class (cols); ALL_HOT skips the test when every row is there;
// STAGED loads each warp's text through shared memory (tried, lost: run11).
// Its logs: docs/results/h200-session17 (run1-run3).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <unordered_set>
#include <algorithm>
#include <fstream>
#include <cstdlib>
#include <sstream>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(2); } } while (0)

struct Dfa {
    int classes = 0;
    int states = 0;
    int maxLen = 0;
    uint8_t cls[256];
    std::vector<uint32_t> next;   // states * classes: next state, bit 31 set when it has outputs
    std::vector<uint32_t> outs;   // per state: patterns ending there (suffix links included)
};

static Dfa build(const std::vector<std::string>& words) {
    Dfa d;
    memset(d.cls, 0, sizeof d.cls);
    int c = 1;
    for (auto& w : words) for (unsigned char b : w) if (!d.cls[b]) d.cls[b] = c++;
    d.classes = c;
    const int C = c;
    std::vector<int32_t> child(C, -1);
    std::vector<uint32_t> term(1, 0);
    int n = 1;
    for (auto& w : words) {
        d.maxLen = std::max<int>(d.maxLen, w.size());
        int s = 0;
        for (unsigned char b : w) {
            int k = d.cls[b];
            if (child[(size_t) s * C + k] < 0) {
                child[(size_t) s * C + k] = n++;
                child.resize((size_t) n * C, -1);
                term.push_back(0);
            }
            s = child[(size_t) s * C + k];
        }
        term[s]++;
    }
    // Breadth-first renumbering: shallow states first.
    std::vector<int> order{0}, id(n, -1);
    id[0] = 0;
    for (size_t i = 0; i < order.size(); i++)
        for (int k = 0; k < C; k++) {
            int t = child[(size_t) order[i] * C + k];
            if (t >= 0) { id[t] = order.size(); order.push_back(t); }
        }
    std::vector<int> fail(n, 0);
    std::vector<uint32_t> out(n, 0);
    std::vector<uint32_t> delta((size_t) n * C, 0);
    for (int i = 0; i < n; i++) {
        int s = order[i];
        out[i] = term[s] + (i ? out[fail[i]] : 0);
        for (int k = 0; k < C; k++) {
            int t = child[(size_t) s * C + k];
            if (t >= 0) {
                int ti = id[t];
                fail[ti] = i == 0 ? 0 : delta[(size_t) fail[i] * C + k];
                delta[(size_t) i * C + k] = ti;
            } else {
                delta[(size_t) i * C + k] = i == 0 ? 0 : delta[(size_t) fail[i] * C + k];
            }
        }
    }
    d.states = n;
    d.outs = out;
    d.next.resize((size_t) n * C);
    for (size_t j = 0; j < delta.size(); j++) d.next[j] = delta[j] | (out[delta[j]] ? 0x80000000u : 0);
    return d;
}

static uint64_t hostCount(const Dfa& d, const uint8_t* t, size_t n) {
    uint64_t c = 0;
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t e = d.next[(size_t) s * d.classes + d.cls[t[i]]];
        s = e & 0x7fffffff;
        c += d.outs[s];
    }
    return c;
}

static uint64_t naiveCount(const std::vector<std::string>& words, const uint8_t* t, size_t n) {
    std::unordered_set<std::string> set(words.begin(), words.end());
    std::vector<int> lens;
    for (auto& w : set) if (std::find(lens.begin(), lens.end(), (int) w.size()) == lens.end()) lens.push_back(w.size());
    uint64_t c = 0;
    std::string key;
    for (size_t i = 0; i < n; i++)
        for (int L : lens)
            if (i + L <= n) { key.assign((const char*) t + i, L); c += set.count(key); }
    return c;
}

template <typename E>
struct Step {
    static constexpr uint32_t FLAG = E(1) << (sizeof(E) * 8 - 1);
    static constexpr uint32_t MASK = FLAG - 1;
};

// One segment's walk with `step` (a byte to its table entry, the state carried inside): the warm-up
// [p, a) in whole 32-byte loads (a is a multiple of 32), then [a, b), counting the matches that end there.
template <typename E, typename StepFn>
__device__ __forceinline__ unsigned long long walkSegment(const uint8_t* __restrict__ text, long long p, long long a,
                                                          long long b, const uint32_t* __restrict__ outs, StepFn& step) {
    const uint32_t FLAG = Step<E>::FLAG, MASK = Step<E>::MASK;
    unsigned long long cnt = 0;
    for (; p < a; p += 32) {
        uint4 v0 = __ldg((const uint4*) (text + p));
        uint4 v1 = __ldg((const uint4*) (text + p + 16));
        uint32_t w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
        for (int k = 0; k < 32; k++) step((w[k >> 2] >> ((k & 3) * 8)) & 0xff);
    }
    for (; p + 32 <= b; p += 32) {
        uint4 v0 = __ldg((const uint4*) (text + p));
        uint4 v1 = __ldg((const uint4*) (text + p + 16));
        uint32_t w[8] = {v0.x, v0.y, v0.z, v0.w, v1.x, v1.y, v1.z, v1.w};
#pragma unroll
        for (int k = 0; k < 32; k++) {
            uint32_t e = step((w[k >> 2] >> ((k & 3) * 8)) & 0xff);
            if (e & FLAG) cnt += __ldg(outs + (e & MASK));
        }
    }
    for (; p < b; p++) {
        uint32_t e = step(text[p]);
        if (e & FLAG) cnt += __ldg(outs + (e & MASK));
    }
    return cnt;
}

// One thread per segment of SEG bytes (grid-stride); H states' rows in shared memory.
template <typename E, int SEG, bool ALL_HOT = false>
__global__ void __launch_bounds__(1024, 2) dfa_count(const uint8_t* __restrict__ text, long long n, const E* __restrict__ gtab,
                          const uint32_t* __restrict__ outs, const uint8_t* __restrict__ gcls, int C, int H,
                          int warm, unsigned long long* total) {
    extern __shared__ __align__(16) uint8_t smem[];
    uint8_t* cls = smem;
    E* tab = (E*) (smem + 256);
    for (int i = threadIdx.x; i < 256; i += blockDim.x) cls[i] = gcls[i];
    for (int i = threadIdx.x; i < H * C; i += blockDim.x) tab[i] = gtab[i];
    __syncthreads();
    const uint32_t MASK = Step<E>::MASK;
    unsigned long long cnt = 0;
    long long segs = (n + SEG - 1) / SEG;
    for (long long seg = (long long) blockIdx.x * blockDim.x + threadIdx.x; seg < segs;
         seg += (long long) gridDim.x * blockDim.x) {
        long long a = seg * SEG;
        long long b = min(a + SEG, n);
        long long p = max(0LL, a - warm) & ~31LL;
        uint32_t s = 0;
        auto step = [&](uint32_t byte) -> uint32_t {
            uint32_t idx = s * C + cls[byte];
            uint32_t e = ALL_HOT || s < (uint32_t) H ? (uint32_t) tab[idx] : (uint32_t) __ldg(gtab + idx);
            s = e & MASK;
            return e;
        };
        cnt += walkSegment<E>(text, p, a, b, outs, step);
    }
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_down_sync(0xffffffffu, cnt, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, cnt);
}

// Variant: hot rows stored by class (tab[c * H + s]), so that lanes in different states reading one
// class hit neighbouring banks; cold states through an explicit branch.
template <typename E, int SEG>
__global__ void __launch_bounds__(1024, 2) dfa_count_cols(const uint8_t* __restrict__ text, long long n, const E* __restrict__ gtab,
                          const uint32_t* __restrict__ outs, const uint8_t* __restrict__ gcls, int C, int H,
                          int warm, unsigned long long* total) {
    extern __shared__ __align__(16) uint8_t smem[];
    uint8_t* cls = smem;
    E* tab = (E*) (smem + 256);
    for (int i = threadIdx.x; i < 256; i += blockDim.x) cls[i] = gcls[i];
    for (int i = threadIdx.x; i < H * C; i += blockDim.x) { int st = i / C, c = i % C; tab[c * H + st] = gtab[i]; }
    __syncthreads();
    const uint32_t MASK = Step<E>::MASK;
    unsigned long long cnt = 0;
    long long segs = (n + SEG - 1) / SEG;
    for (long long seg = (long long) blockIdx.x * blockDim.x + threadIdx.x; seg < segs;
         seg += (long long) gridDim.x * blockDim.x) {
        long long a = seg * SEG;
        long long b = min(a + SEG, n);
        long long p = max(0LL, a - warm) & ~31LL;
        uint32_t s = 0;
        auto step = [&](uint32_t byte) -> uint32_t {
            uint32_t c = cls[byte];
            uint32_t e;
            if (s < (uint32_t) H) e = tab[c * H + s]; else e = __ldg(gtab + s * C + c);
            s = e & MASK;
            return e;
        };
        cnt += walkSegment<E>(text, p, a, b, outs, step);
    }
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_down_sync(0xffffffffu, cnt, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, cnt);
}

// Variant "staged": each warp loads its 32 lanes' next 64 bytes together (8 lanes' segments per 16-byte
// load instruction, half a line each, instead of 32 lines) into shared memory, then each lane reads its
// own 64 bytes back in four 16-byte loads. Segments are SEG bytes; the warm-up is rounded up to 64 bytes
// so every piece is 64-byte aligned. Handles whole segments only; the tail goes bytewise by thread 0.
template <typename E, int SEG, bool ALL_HOT>
__global__ void __launch_bounds__(1024, 2) dfa_count_staged(const uint8_t* __restrict__ text, long long n,
        const E* __restrict__ gtab, const uint32_t* __restrict__ outs, const uint8_t* __restrict__ gcls, int C, int H,
        int warm, unsigned long long* total) {
    extern __shared__ __align__(16) uint8_t smem[];
    uint8_t* cls = smem;
    uint4* stage = (uint4*) (smem + 256);                 // 32 warps x 32 rows x 5 uint4 (80 B a row)
    E* tab = (E*) (smem + 256 + 32 * 32 * 80);
    for (int i = threadIdx.x; i < 256; i += blockDim.x) cls[i] = gcls[i];
    for (int i = threadIdx.x; i < H * C; i += blockDim.x) tab[i] = gtab[i];
    __syncthreads();
    const uint32_t FLAG = Step<E>::FLAG, MASK = Step<E>::MASK;
    const int lane = threadIdx.x & 31;
    uint4* mine = stage + (threadIdx.x >> 5) * 32 * 5;
    const int W = (warm + 63) & ~63;
    unsigned long long cnt = 0;
    long long segs = n / SEG;                               // whole segments
    long long warpsTotal = (long long) gridDim.x * (blockDim.x >> 5);
    long long groups = (segs + 31) / 32;
    for (long long g = (long long) blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5); g < groups; g += warpsTotal) {
        long long seg0 = g * 32;
        long long mySeg = seg0 + lane;
        bool active = mySeg < segs;
        uint32_t s = 0;
        // Relative offsets from -W to SEG in pieces of 64; a lane's bytes before its text start are skipped.
        for (int off = -W; off < SEG; off += 64) {
            // Load: instruction i, lane l -> segment seg0 + 8i + l/4, part l%4.
            __syncwarp();
#pragma unroll
            for (int i = 0; i < 4; i++) {
                int sg = 8 * i + (lane >> 2);
                long long at = (seg0 + sg) * SEG + off + 16 * (lane & 3);
                uint4 v = make_uint4(0, 0, 0, 0);
                if (seg0 + sg < segs && at >= 0) v = __ldg((const uint4*) (text + at));
                mine[sg * 5 + (lane & 3)] = v;
            }
            __syncwarp();
            long long base = mySeg * SEG + off;
            if (active && base >= 0) {
                bool counting = off >= 0;
#pragma unroll 1
                for (int j = 0; j < 4; j++) {
                    uint4 q = mine[lane * 5 + j];
                    uint32_t w[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
                    for (int k = 0; k < 16; k++) {
                        uint32_t byte = (w[k >> 2] >> ((k & 3) * 8)) & 0xff;
                        uint32_t idx = s * C + cls[byte];
                        uint32_t e = ALL_HOT || s < (uint32_t) H ? (uint32_t) tab[idx] : (uint32_t) __ldg(gtab + idx);
                        s = e & MASK;
                        if (counting && (e & FLAG)) cnt += __ldg(outs + s);
                    }
                }
            }
        }
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {             // the tail past the whole segments
        long long a = segs * SEG;
        uint32_t st = 0;
        for (long long p = max(0LL, a - warm); p < n; p++) {
            uint32_t e = (uint32_t) __ldg(gtab + st * C + cls[text[p]]);
            st = e & MASK;
            if (p >= a && (e & FLAG)) cnt += __ldg(outs + st);
        }
    }
    for (int o = 16; o > 0; o >>= 1) cnt += __shfl_down_sync(0xffffffffu, cnt, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(total, cnt);
}

struct DeviceDfa {
    void* tab = nullptr;
    uint32_t* outs = nullptr;
    uint8_t* cls = nullptr;
    bool narrow = false;
};

static DeviceDfa upload(const Dfa& d) {
    DeviceDfa g;
    g.narrow = d.states < 32768;
    size_t cells = d.next.size();
    if (g.narrow) {
        std::vector<uint16_t> t(cells);
        for (size_t i = 0; i < cells; i++) t[i] = (d.next[i] & 0x7fff) | (d.next[i] >> 31 << 15);
        CK(cudaMalloc(&g.tab, cells * 2));
        CK(cudaMemcpy(g.tab, t.data(), cells * 2, cudaMemcpyHostToDevice));
    } else {
        CK(cudaMalloc(&g.tab, cells * 4));
        CK(cudaMemcpy(g.tab, d.next.data(), cells * 4, cudaMemcpyHostToDevice));
    }
    CK(cudaMalloc(&g.outs, d.outs.size() * 4));
    CK(cudaMemcpy(g.outs, d.outs.data(), d.outs.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMalloc(&g.cls, 256));
    CK(cudaMemcpy(g.cls, d.cls, 256, cudaMemcpyHostToDevice));
    return g;
}

template <typename E, int SEG, bool COLS = false, bool ALL_HOT = false, bool STAGED = false>
static double run(const Dfa& d, const DeviceDfa& g, const uint8_t* text, long long n, int block, size_t budget,
                  unsigned long long* dtotal, uint64_t* count, int reps) {
    int C = d.classes;
    size_t fixed = STAGED ? 256 + 32 * 32 * 80 : 256;
    int H = std::min<long long>(d.states, (long long) ((budget - fixed) / (C * sizeof(E))));
    size_t shared = fixed + (size_t) H * C * sizeof(E);
    if (ALL_HOT && H < d.states) return -1;
    auto k = STAGED ? dfa_count_staged<E, SEG, ALL_HOT> : COLS ? dfa_count_cols<E, SEG> : dfa_count<E, SEG, ALL_HOT>;
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shared));
    int perSm = 0, sms = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, k, block, shared));
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    if (perSm == 0) return -1;
    int grid = perSm * sms;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    float best = 1e30f;
    for (int r = 0; r < reps; r++) {
        CK(cudaMemset(dtotal, 0, 8));
        CK(cudaEventRecord(e0));
        k<<<grid, block, shared>>>(text, n, (const E*) g.tab, g.outs, g.cls, C, H, d.maxLen - 1, dtotal);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaGetLastError());
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        best = std::min(best, ms);
    }
    unsigned long long c;
    CK(cudaMemcpy(&c, dtotal, 8, cudaMemcpyDeviceToHost));
    *count = c;
    printf("    %s SEG %4d block %4d shared %6zu B (H %6d of %7d states, %d/SM): %8.1f GB/s\n", STAGED ? "staged" : COLS ? "cols" : "rows", SEG, block, shared, H,
           d.states, perSm, n / (best * 1e6));
    return n / (best * 1e6);
}

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: dfa_count ILIAD WORDS [MiB]\n"); return 2; }
    std::ifstream tf(argv[1], std::ios::binary);
    std::string one((std::istreambuf_iterator<char>(tf)), {});
    std::ifstream wf(argv[2]);
    std::vector<std::string> all;
    for (std::string w; std::getline(wf, w);) if (!w.empty()) all.push_back(w);
    long long n = (argc > 3 ? atoll(argv[3]) : 512) << 20;
    std::vector<uint8_t> big(n);
    for (long long i = 0; i < n; i += one.size()) memcpy(big.data() + i, one.data(), std::min<long long>(one.size(), n - i));
    uint8_t* dtext;
    unsigned long long* dtotal;
    CK(cudaMalloc(&dtext, n + 64));
    CK(cudaMemcpy(dtext, big.data(), n, cudaMemcpyHostToDevice));
    CK(cudaMalloc(&dtotal, 8));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("%s, %d SMs, %zu B shared per block opt-in; text %lld MiB\n", prop.name, prop.multiProcessorCount,
           prop.sharedMemPerBlockOptin, n >> 20);
    std::vector<std::pair<std::string, std::vector<std::string>>> sets = {
        {"10 names", {"Helen", "Achilles", "Ulysses", "Hector", "Andromache", "Patroclus", "Ajax", "Priam", "Agamemnon", "Cassandra"}},
        {"1K words", {all.begin(), all.begin() + 1000}},
        {"10K words", {all.begin(), all.begin() + 10000}},
        {"100K words", {all.begin(), all.begin() + std::min<size_t>(100000, all.size())}},
    };
    bool ok = true;
    const char* only = getenv("PROBE_SETS");
    for (auto& [name, words] : sets) {
        if (only && !strstr(only, name.c_str())) continue;
        Dfa d = build(words);
        uint64_t naive = naiveCount(words, (const uint8_t*) one.data(), one.size());
        uint64_t viaDfa = hostCount(d, (const uint8_t*) one.data(), one.size());
        uint64_t bigWant = hostCount(d, big.data(), n);
        printf("%s: %d states, %d classes, longest %d; one copy: naive %llu, DFA %llu; big text %llu\n", name.c_str(),
               d.states, d.classes, d.maxLen, (unsigned long long) naive, (unsigned long long) viaDfa,
               (unsigned long long) bigWant);
        ok &= naive == viaDfa;
        DeviceDfa g = upload(d);
        double best = 0;
        uint64_t c = 0;
        auto check = [&](double r) {
            if (r > 0 && c != bigWant) { printf("    MISMATCH: kernel %llu\n", (unsigned long long) c); ok = false; }
            best = std::max(best, r);
        };
        for (int rep = 0; rep < 2; rep++) {
            if (g.narrow) {
                check(run<uint16_t, 2048>(d, g, dtext, n, 1024, 48u << 10, dtotal, &c, 20));
                check(run<uint16_t, 2048, false, false, true>(d, g, dtext, n, 1024, 112u << 10, dtotal, &c, 20));
                check(run<uint16_t, 2048, false, false, true>(d, g, dtext, n, 1024, 96u << 10, dtotal, &c, 20));
                check(run<uint16_t, 2048, false, true, true>(d, g, dtext, n, 1024, 112u << 10, dtotal, &c, 20));
                check(run<uint16_t, 2048, false, true>(d, g, dtext, n, 1024, 48u << 10, dtotal, &c, 20));
            } else {
                check(run<uint32_t, 2048>(d, g, dtext, n, 1024, 48u << 10, dtotal, &c, 20));
                check(run<uint32_t, 2048, false, false, true>(d, g, dtext, n, 1024, 112u << 10, dtotal, &c, 20));
                check(run<uint32_t, 2048, false, false, true>(d, g, dtext, n, 1024, 96u << 10, dtotal, &c, 20));
            }
        }
        printf("  %s best: %.1f GB/s\n", name.c_str(), best);
        CK(cudaFree(g.tab));
        CK(cudaFree(g.outs));
        CK(cudaFree(g.cls));
    }
    printf(ok ? "all counts agree\n" : "COUNTS DIFFER\n");
    return ok ? 0 : 1;
}
