// Self-test kernels for the runtime (dev.trawl.cuda.GpuRuntimeTest), small enough to check by hand:
// compiled into the test classes' own fatbin (trawl-test-kernels.fatbin), never into the packaged one.
#include <stdint.h>

// out[i] = i * factor + offset, for i < n.
extern "C" __global__ void trawl_iota(unsigned int* out, long long n, int factor, int offset) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = (unsigned int)(i * factor + offset);
    }
}
